#include "vmstat.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* /proc/vmstat is ~4 KiB on 6.x (about 190 lines); a full buffer means
 * the file grew past it and is refused rather than cut silently. */
#define VMSTAT_BUF 32768

int vmstat_get(const char *text, const char *key, uint64_t *value)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line;) {
		if (!strncmp(line, key, klen) && line[klen] == ' ') {
			const char *num = line + klen + 1;
			char *end;
			unsigned long long v;

			if (!isdigit((unsigned char)*num))
				return -1;
			errno = 0;
			v = strtoull(num, &end, 10);
			if (errno || (*end != '\n' && *end != '\0'))
				return -1;
			*value = v;
			return 0;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return -1;
}

int vmstat_parse(const char *text, struct vmstat_swap *vs, char *err,
		 size_t errlen)
{
	if (vmstat_get(text, "pswpin", &vs->pswpin) < 0) {
		snprintf(err, errlen, "vmstat has no readable pswpin line");
		return -1;
	}
	if (vmstat_get(text, "pswpout", &vs->pswpout) < 0) {
		snprintf(err, errlen, "vmstat has no readable pswpout line");
		return -1;
	}
	return 0;
}

int vmstat_read(const char *path, struct vmstat_swap *vs, char *err,
		size_t errlen)
{
	/* One read() loop into a stack buffer: no stdio, no malloc, since the
	 * caller may be the process pushing the machine into swap. */
	char buf[VMSTAT_BUF];
	ssize_t n, total = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (total == (ssize_t)sizeof(buf) - 1) {
			snprintf(err, errlen, "%s is larger than %d bytes", path,
				 VMSTAT_BUF - 1);
			close(fd);
			return -1;
		}
		n = read(fd, buf + total, sizeof(buf) - 1 - (size_t)total);
		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
		total += n;
	}
	close(fd);
	buf[total] = '\0';
	return vmstat_parse(buf, vs, err, errlen);
}
