#include "kv_file.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The number after the key, by the file's rules. */
static int kv_number(const char *num, enum kv_style style, uint64_t *value)
{
	char *end;
	unsigned long long v;

	/* vmstat is strict (digit first, nothing after); meminfo lets
	 * strtoull skip the padding and leaves the " kB" unit alone. */
	if (style == KV_SPACE && !isdigit((unsigned char)*num))
		return -1;
	errno = 0;
	v = strtoull(num, &end, 10);
	if (errno || end == num)
		return -1;
	if (style == KV_SPACE && *end != '\n' && *end != '\0')
		return -1;
	*value = v;
	return 0;
}

int kv_get(const char *text, const char *key, enum kv_style style,
	   uint64_t *value)
{
	size_t klen = strlen(key);
	char sep = style == KV_COLON ? ':' : ' ';

	for (const char *line = text; line && *line;) {
		if (!strncmp(line, key, klen) && line[klen] == sep)
			return kv_number(line + klen + 1, style, value);
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return -1;
}

int kv_parse(const char *text, const struct kv_format *fmt, void *out,
	     char *err, size_t errlen)
{
	for (size_t i = 0; i < fmt->nfields; i++) {
		const struct kv_field *f = &fmt->fields[i];

		if (kv_get(text, f->key, fmt->style,
			   (uint64_t *)((char *)out + f->off)) < 0) {
			snprintf(err, errlen, "%s has no readable %s line",
				 fmt->what, f->key);
			return -1;
		}
	}
	return 0;
}

long kv_read_file(const char *path, char *buf, size_t size, char *err,
		  size_t errlen)
{
	size_t total = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	while (total < size - 1) {
		ssize_t n = read(fd, buf + total, size - 1 - total);

		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
		total += (size_t)n;
	}
	close(fd);
	buf[total] = '\0';
	return (long)total;
}

int kv_read(const char *path, const struct kv_format *fmt, void *out,
	    char *err, size_t errlen)
{
	/* A stack buffer: the caller may be the process pushing the machine
	 * into swap. */
	char buf[KV_FILE_MAX];
	long n = kv_read_file(path, buf, sizeof(buf), err, errlen);

	if (n < 0)
		return -1;
	if (n == KV_FILE_MAX - 1) {
		snprintf(err, errlen, "%s is larger than %d bytes", path, KV_FILE_MAX - 1);
		return -1;
	}
	return kv_parse(buf, fmt, out, err, errlen);
}
