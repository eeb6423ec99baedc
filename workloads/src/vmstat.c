#include "vmstat.h"

#include <stdio.h>

#include "kv_file.h"

/* /proc/vmstat is ~4 KiB on 6.x (about 190 lines); a full buffer means
 * the file grew past it and is refused rather than cut silently. */
#define VMSTAT_BUF 32768

int vmstat_parse(const char *text, struct vmstat_swap *vs, char *err,
		 size_t errlen)
{
	const struct kv_field f[] = {
		{ "pswpin", &vs->pswpin },
		{ "pswpout", &vs->pswpout },
	};

	return kv_parse(text, KV_SPACE, "vmstat", f, sizeof(f) / sizeof(f[0]),
			err, errlen);
}

int vmstat_read(const char *path, struct vmstat_swap *vs, char *err,
		size_t errlen)
{
	/* A stack buffer: the caller may be the process pushing the machine
	 * into swap. */
	char buf[VMSTAT_BUF];
	long n = kv_read_file(path, buf, sizeof(buf), err, errlen);

	if (n < 0)
		return -1;
	if (n == VMSTAT_BUF - 1) {
		snprintf(err, errlen, "%s is larger than %d bytes", path, VMSTAT_BUF - 1);
		return -1;
	}
	return vmstat_parse(buf, vs, err, errlen);
}
