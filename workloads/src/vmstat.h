/* /proc/vmstat ("key value" lines) through kv_file.h. Pure text in, numbers out,
 * so it is tested against a real sample in tests/data/. */
#ifndef NFSTB_VMSTAT_H
#define NFSTB_VMSTAT_H

#include <stddef.h>
#include <stdint.h>

/* The swap traffic counters, in pages, since boot. */
struct vmstat_swap {
	uint64_t pswpin;
	uint64_t pswpout;
};

/* Extracts pswpin and pswpout; both are required. Returns 0 or -1 with err
 * set. */
int vmstat_parse(const char *text, struct vmstat_swap *vs, char *err,
		 size_t errlen);

/* Reads and parses a vmstat file (normally /proc/vmstat). */
int vmstat_read(const char *path, struct vmstat_swap *vs, char *err,
		size_t errlen);

#endif
