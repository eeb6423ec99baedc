// SPDX-License-Identifier: GPL-2.0
#include "lines.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void push(struct lines *l, size_t *cap, const char *s, size_t len)
{
	char *line = xmalloc(len + 1);
	size_t k = 0;

	/* Drop every CR, not just a trailing one: consoles emit "\r\r\n". */
	for (size_t i = 0; i < len; i++)
		if (s[i] != '\r')
			line[k++] = s[i];
	line[k] = '\0';
	if (l->n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		l->v = xrealloc(l->v, *cap * sizeof(*l->v));
	}
	l->v[l->n++] = line;
}

int lines_load(const char *path, struct lines *out)
{
	FILE *f = fopen_regular(path);
	char *buf = NULL;
	size_t bufcap = 0, cap = 0;
	ssize_t len;
	int err;

	out->v = NULL;
	out->n = 0;
	if (!f)
		return -1;
	errno = 0;
	while ((len = getline(&buf, &bufcap, f)) >= 0) {
		if (len && buf[len - 1] == '\n')
			len--;
		push(out, &cap, buf, len);
	}
	/* keep getline's reason (EISDIR for a directory) when there is one */
	err = ferror(f) ? (errno ? errno : EIO) : 0;
	free(buf);
	fclose(f);
	if (err) {
		lines_free(out);
		errno = err;
		return -1;
	}
	return 0;
}

void lines_split(const char *text, struct lines *out)
{
	size_t cap = 0;

	out->v = NULL;
	out->n = 0;
	while (*text) {
		size_t len = strcspn(text, "\n");

		push(out, &cap, text, len);
		text += len;
		if (*text == '\n')
			text++;
	}
}

void lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}
