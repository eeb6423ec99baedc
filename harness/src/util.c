// SPDX-License-Identifier: GPL-2.0
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
