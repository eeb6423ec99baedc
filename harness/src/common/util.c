// SPDX-License-Identifier: GPL-2.0
/*
 * Small helpers shared by the analysers (util.h): allocation, strings and
 * times; a text file as lines; printk lines; whole files, escaping and
 * JSON keys.
 */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Allocation, strings and times. */

static void out_of_memory(void)
{
	fputs("nfstb: out of memory\n", stderr);
	exit(1);
}

FILE *fopen_regular(const char *path)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f)
		close(fd);
	return f;
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		out_of_memory();
	return p;
}

bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

const char *enum_name(const char *const *names, size_t n, int v,
		      const char *fallback)
{
	if (v < 0 || (size_t)v >= n || !names[v])
		return fallback;
	return names[v];
}

bool starts_with_any(const char *s, const char *const *prefixes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (starts_with(s, prefixes[i]))
			return true;
	return false;
}

bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

bool equals_any(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] && !strcmp(s, list[i]))
			return true;
	return false;
}

const char *skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

const char *parse_time_us(const char *s, int64_t *us)
{
	int64_t secs = 0, frac = 0;
	int digits = 0, fdigits = 0;

	while (*s >= '0' && *s <= '9') {
		if (secs > INT64_MAX / 100 / 1000000)
			return NULL;
		secs = secs * 10 + (*s++ - '0');
		digits++;
	}
	if (!digits || *s != '.')
		return NULL;
	s++;
	while (*s >= '0' && *s <= '9') {
		/* Digits beyond microseconds carry no information we use. */
		if (fdigits < 6)
			frac = frac * 10 + (*s - '0');
		fdigits++;
		s++;
	}
	if (!fdigits)
		return NULL;
	for (int i = fdigits; i < 6; i++)
		frac *= 10;
	*us = secs * 1000000 + frac;
	return s;
}

const char *format_time_us(int64_t us, char *buf, size_t len)
{
	if (us == TIME_NONE)
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%s%lld.%06lld", us < 0 ? "-" : "",
			 (long long)(llabs(us) / 1000000),
			 (long long)(llabs(us) % 1000000));
	return buf;
}

const char *format_secs_ms(int64_t us, char *buf, size_t len)
{
	/* Round half away from zero to whole milliseconds. */
	long long ms = (llabs(us) + 500) / 1000;

	snprintf(buf, len, "%s%lld.%03lld", us < 0 && ms ? "-" : "",
		 ms / 1000, ms % 1000);
	return buf;
}

bool kv_get(const char *s, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key);

	for (const char *p = s; (p = strstr(p, key)); p += klen) {
		const char *v, *end;

		if (p != s && p[-1] != ' ' && p[-1] != '\t')
			continue;
		if (p[klen] != '=')
			continue;
		v = p + klen + 1;
		end = v + strcspn(v, " \t");
		if ((size_t)(end - v) >= len)
			return false;
		memcpy(out, v, end - v);
		out[end - v] = '\0';
		return true;
	}
	return false;
}

size_t kv_count(const char *s, const char *key)
{
	size_t klen = strlen(key), n = 0;

	for (const char *p = s; (p = strstr(p, key)); p += klen)
		if ((p == s || p[-1] == ' ' || p[-1] == '\t') && p[klen] == '=')
			n++;
	return n;
}

bool kv_get_long(const char *s, const char *key, long *out)
{
	char buf[32], *end;
	long v;

	if (!kv_get(s, key, buf, sizeof(buf)) || !buf[0])
		return false;
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

void tsv_column(const char *line, int n, char *out, size_t len)
{
	const char *p = line;
	size_t l;

	for (int i = 0; p && i < n; i++) {
		p = strchr(p, '\t');
		p = p ? p + 1 : NULL;
	}
	l = p ? strcspn(p, "\t\n") : 0;
	if (l >= len)
		l = len - 1;
	if (p)
		memcpy(out, p, l);
	out[l] = '\0';
}

int tsv_split(char *line, char **cols, int max)
{
	int n = 0;

	cols[n++] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t') {
			*p = '\0';
			cols[n++] = p + 1;
		}
	return n;
}

/* A text file as an array of lines. */

static void push(struct lines *l, size_t *cap, const char *s, size_t len)
{
	char *line = xmalloc(len + 1);
	size_t k = 0;

	/*
	 * Drop every CR, not just a trailing one: consoles emit "\r\r\n".
	 * A NUL byte (serial noise) would end the C string and hide the rest
	 * of the line from every parser: it becomes a space.
	 */
	for (size_t i = 0; i < len; i++)
		if (s[i] != '\r')
			line[k++] = s[i] ? s[i] : ' ';
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
	out->last_unterminated = false;
	if (!f)
		return -1;
	errno = 0;
	while ((len = getline(&buf, &bufcap, f)) >= 0) {
		out->last_unterminated = !len || buf[len - 1] != '\n';
		if (!out->last_unterminated)
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
	out->last_unterminated = false;
	while (*text) {
		size_t len = strcspn(text, "\n");

		push(out, &cap, text, len);
		text += len;
		out->last_unterminated = *text != '\n';
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

/* A console line's printk timestamp and message. */

/* Past CONFIG_PRINTK_CALLER's caller id, "[  T35]" or "[   C1]", if @p has one. */
static const char *skip_caller_id(const char *p)
{
	const char *q;

	if (*p != '[')
		return p;
	q = skip_spaces(p + 1);
	if (*q != 'T' && *q != 'C')
		return p;
	q++;
	while (isdigit((unsigned char)*q))
		q++;
	return *q == ']' ? q + 1 : p;
}

const char *printk_split(const char *line, int64_t *t_us)
{
	const char *p = skip_spaces(line);

	*t_us = TIME_NONE;
	if (*p == '<') {
		const char *q = p + 1;

		while (isdigit((unsigned char)*q))
			q++;
		if (q > p + 1 && *q == '>')
			p = q + 1;
	}
	if (*p != '[')
		return line;
	p = parse_time_us(skip_spaces(p + 1), t_us);
	if (!p || *p != ']') {
		*t_us = TIME_NONE;
		return line;
	}
	p = skip_caller_id(p + 1);
	/* printk puts exactly one space after the prefix; keep indentation. */
	if (*p == ' ')
		p++;
	return p;
}

/* "[   25.123456]" at @p: its time and the text after it, or NULL. */
static const char *stamp_at(const char *p, int64_t *t_us)
{
	const char *q;

	if (*p != '[')
		return NULL;
	q = parse_time_us(skip_spaces(p + 1), t_us);
	if (!q || *q != ']' || q == skip_spaces(p + 1))
		return NULL;
	return q + 1;
}

size_t printk_records(const char *line, struct printk_record *out,
		      size_t max)
{
	size_t n = 0;
	int64_t t;

	for (const char *p = strchr(line, '['); p && n < max;
	     p = strchr(p + 1, '[')) {
		const char *msg = stamp_at(p, &t);

		if (!msg)
			continue;
		msg = skip_caller_id(msg);
		if (n)
			out[n - 1].len = (size_t)(p - out[n - 1].msg);
		out[n].time_us = t;
		out[n].msg = msg;
		out[n].len = strlen(msg);
		out[n].at_start = p == skip_spaces(line) ||
				  (p > line && p[-1] == '>' && line[0] == '<');
		n++;
		p = msg - 1;
	}
	return n;
}

const char *printk_msg(const char *line)
{
	int64_t t;

	return printk_split(line, &t);
}

/* Whole files, escaping, JSON keys: for the writers. */

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
