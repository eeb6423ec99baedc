#include "meminfo.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int meminfo_get_kb(const char *text, const char *key, uint64_t *kb)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line;) {
		if (!strncmp(line, key, klen) && line[klen] == ':') {
			char *end;
			unsigned long long v;

			errno = 0;
			v = strtoull(line + klen + 1, &end, 10);
			if (errno || end == line + klen + 1)
				return -1;
			*kb = v;
			return 0;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return -1;
}

int meminfo_parse(const char *text, struct meminfo *mi, char *err,
		  size_t errlen)
{
	static const char *const keys[] = { "MemTotal", "MemFree",
					     "MemAvailable" };
	uint64_t *dst[] = { &mi->mem_total_kb, &mi->mem_free_kb,
			    &mi->mem_available_kb };

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (meminfo_get_kb(text, keys[i], dst[i]) < 0) {
			snprintf(err, errlen, "meminfo has no readable %s line",
				 keys[i]);
			return -1;
		}
	}
	return 0;
}

int meminfo_read(const char *path, struct meminfo *mi, char *err,
		 size_t errlen)
{
	/* /proc/meminfo is ~1.5 KiB; read it with one plain read() into a
	 * stack buffer: no stdio, no malloc, which matters when the caller
	 * is the process eating all the memory. */
	char buf[8192];
	ssize_t n, total = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	while ((n = read(fd, buf + total, sizeof(buf) - 1 - total)) > 0)
		total += n;
	close(fd);
	if (n < 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	buf[total] = '\0';
	return meminfo_parse(buf, mi, err, errlen);
}
