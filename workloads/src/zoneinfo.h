/* /proc/zoneinfo: free pages and the min and low watermarks, summed over the
 * zones an ordinary GFP_KERNEL allocation draws from. Pure text in, numbers
 * out, so it is tested against a real sample in tests/data/. */
#ifndef NFSTB_ZONEINFO_H
#define NFSTB_ZONEINFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct zone_headroom {
	uint64_t free_pages;
	uint64_t min_pages;
	uint64_t low_pages;
	unsigned zones;		/* zones summed */
};

/* Sums "pages free", "min" and "low" of every zone but DMA (lowmem_reserve
 * keeps it from such allocations) and the empty ones ("managed 0"). Returns
 * 0, or -1 with err set when no zone with all four lines was found. */
int zoneinfo_parse(const char *text, struct zone_headroom *h, char *err,
		   size_t errlen);

/* Reads and parses a zoneinfo file (normally /proc/zoneinfo). */
int zoneinfo_read(const char *path, struct zone_headroom *h, char *err,
		  size_t errlen);

/* Free memory in the lower half of the min..low band: kswapd is behind and
 * the next allocations that may reclaim are about to. */
bool zone_near_min(const struct zone_headroom *h);

#endif
