/* /proc/meminfo ("Key:   <n> kB" lines) through kv_file.h. Pure text in, numbers
 * out, so it is tested against a real sample in tests/data/. */
#ifndef NFSTB_MEMINFO_H
#define NFSTB_MEMINFO_H

#include <stdint.h>

#include "kv_file.h"

struct meminfo {
	uint64_t mem_total_kb;
	uint64_t mem_free_kb;
	uint64_t mem_available_kb;
};

/* MemTotal, MemFree and MemAvailable, all three required (MemAvailable
 * exists since Linux 3.14): kv_parse() and kv_read() (normally of
 * /proc/meminfo) fill a struct meminfo with it. */
extern const struct kv_format meminfo_format;

#endif
