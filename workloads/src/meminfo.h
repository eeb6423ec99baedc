/* /proc/meminfo ("Key:   <n> kB" lines) through kv_file.h. Pure text in, numbers
 * out, so it is tested against a real sample in tests/data/. */
#ifndef NFSTB_MEMINFO_H
#define NFSTB_MEMINFO_H

#include <stddef.h>
#include <stdint.h>

struct meminfo {
	uint64_t mem_total_kb;
	uint64_t mem_free_kb;
	uint64_t mem_available_kb;
};

/* Extracts MemTotal, MemFree and MemAvailable; all three are required
 * (MemAvailable exists since Linux 3.14). Returns 0 or -1 with err set. */
int meminfo_parse(const char *text, struct meminfo *mi, char *err,
		  size_t errlen);

/* Reads and parses a meminfo file (normally /proc/meminfo). */
int meminfo_read(const char *path, struct meminfo *mi, char *err,
		 size_t errlen);

#endif
