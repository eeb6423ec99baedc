/* nfstb-slabfill: a socket slab cache left without a free object.
 *
 * SLUB serves a new socket from a free object of a partly used slab when
 * there is one; only a cache with none needs a fresh page, and only a page
 * allocation can enter direct reclaim. So the cache is shrunk (empty slabs
 * go back to the page allocator) and the free objects left in partly used
 * slabs are taken by sockets this tool opens and holds. /sys/kernel/slab/
 * <cache>/objects counts the objects in use and total_objects all of them
 * (CONFIG_SLUB_DEBUG); a shrink also flushes the per-CPU slabs, so both are
 * read after one. */
#ifndef NFSTB_SLABFILL_H
#define NFSTB_SLABFILL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "slabfill_opts.h"

struct slab_counts {
	uint64_t objects;	/* in use */
	uint64_t total;		/* in all slabs of the cache */
};

/* The first number of a slab sysfs attribute ("12 N0=12\n"); false if the
 * text does not start with one. */
bool slab_attr_number(const char *text, uint64_t *v);

/* Shrinks the cache and reads its counts; false with one line on @err. */
bool slab_shrink_and_count(const char *dir, struct slab_counts *c, FILE *err);

/* Opens sockets until the cache is full or --max, and again whenever an
 * object is freed within --settle-ms of it being full, then says
 *   nfstb-slabfill: cache=C proto=P sockets=N objects=X total_objects=Y full=0|1
 * on @out, holds them until --hold-file exists or --timeout, and exits.
 * Returns 0 (full), 3 (--max reached first), 1 runtime failure. */
int slabfill_run(const struct slabfill_opts *o, FILE *out, FILE *err);

#endif
