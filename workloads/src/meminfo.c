#include "meminfo.h"

#include "kv_file.h"

int meminfo_parse(const char *text, struct meminfo *mi, char *err,
		  size_t errlen)
{
	const struct kv_field f[] = {
		{ "MemTotal", &mi->mem_total_kb },
		{ "MemFree", &mi->mem_free_kb },
		{ "MemAvailable", &mi->mem_available_kb },
	};

	return kv_parse(text, KV_COLON, "meminfo", f, sizeof(f) / sizeof(f[0]),
			err, errlen);
}

int meminfo_read(const char *path, struct meminfo *mi, char *err,
		 size_t errlen)
{
	/* /proc/meminfo is ~1.5 KiB; the stack buffer keeps the reader free
	 * of malloc while this process eats the memory. */
	char buf[8192];

	if (kv_read_file(path, buf, sizeof(buf), err, errlen) < 0)
		return -1;
	return meminfo_parse(buf, mi, err, errlen);
}
