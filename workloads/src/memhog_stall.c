#include "memhog_stall.h"

#define STALL_WINDOW_MB 128
#define STALL_MIN_CHUNKS 8

void stall_init(struct stall_detector *sd, uint64_t start_available_kb,
		uint64_t chunk_mb)
{
	uint64_t limit = STALL_WINDOW_MB / chunk_mb;

	sd->best_kb = start_available_kb;
	sd->min_drop_kb = chunk_mb * 1024 / 4;
	sd->misses = 0;
	sd->limit = limit < STALL_MIN_CHUNKS ? STALL_MIN_CHUNKS : (unsigned)limit;
}

bool stall_update(struct stall_detector *sd, uint64_t available_kb)
{
	if (available_kb + sd->min_drop_kb <= sd->best_kb) {
		sd->best_kb = available_kb;
		sd->misses = 0;
		return false;
	}
	return ++sd->misses >= sd->limit;
}
