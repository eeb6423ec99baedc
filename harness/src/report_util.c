// SPDX-License-Identifier: GPL-2.0
#include "report_util.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

char *read_whole_file(const char *path)
{
	FILE *f = fopen_regular(path);
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = xrealloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

void html_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

void xml_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		/* XML 1.0 forbids most control characters even escaped */
		if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
			continue;
		if (*s == '\'')
			fputs("&apos;", f);
		else
			html_escape(f, (char[]){ *s, 0 });
	}
}

void md_cell(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
}

const char *json_string(const char *json, const char *key, char *buf, size_t len)
{
	char pat[96];
	const char *p;
	size_t n = 0;

	snprintf(pat, sizeof(pat), "\n  \"%s\": \"", key);
	p = json ? strstr(json, pat) : NULL;
	if (!p)
		return NULL;
	for (p += strlen(pat); *p && *p != '"' && n + 1 < len; p++) {
		if (*p == '\\' && p[1])
			p++;
		buf[n++] = *p;
	}
	buf[n] = '\0';
	return buf;
}
