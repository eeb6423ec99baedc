/* Decides when MemAvailable has "stopped dropping" while nfstb-memhog
 * allocates: without swap the kernel may keep MemAvailable up (e.g. it is
 * dominated by unreclaimable memory or zram/swap takes the anon pages), and
 * allocating on until the OOM killer comes is not what the harness asked
 * for. Pure logic, unit-tested. */
#ifndef NFSTB_MEMHOG_STALL_H
#define NFSTB_MEMHOG_STALL_H

#include <stdbool.h>
#include <stdint.h>

struct stall_detector {
	uint64_t best_kb;     /* lowest MemAvailable seen so far */
	uint64_t min_drop_kb; /* a new low must beat best_kb by this much */
	unsigned misses;      /* chunks in a row without a new low */
	unsigned limit;       /* misses that count as a stall */
};

/* Stalled after enough chunks to total >= 128 MiB (at least 8 chunks)
 * without MemAvailable dropping by a quarter chunk. */
void stall_init(struct stall_detector *sd, uint64_t start_available_kb,
		uint64_t chunk_mb);

/* Feeds MemAvailable after one more chunk; true once stalled. */
bool stall_update(struct stall_detector *sd, uint64_t available_kb);

#endif
