/* /proc/vmstat ("key value" lines) through kv_file.h. Pure text in, numbers out,
 * so it is tested against a real sample in tests/data/. */
#ifndef NFSTB_VMSTAT_H
#define NFSTB_VMSTAT_H

#include <stdint.h>

#include "kv_file.h"

/* The swap traffic counters, in pages, since boot. */
struct vmstat_swap {
	uint64_t pswpin;
	uint64_t pswpout;
};

/* pswpin and pswpout, both required: kv_parse() and kv_read() (normally of
 * /proc/vmstat) fill a struct vmstat_swap with it. */
extern const struct kv_format vmstat_swap_format;

#endif
