#define _GNU_SOURCE
#include "memhog_child.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hold_file.h"
#include "meminfo.h"
#include "memhog_stall.h"
#include "supervise.h"
#include "zoneinfo.h"

#define MEMINFO_PATH "/proc/meminfo"
#define ZONEINFO_PATH "/proc/zoneinfo"

/* What the hog drives down and where it stops, in kB: MemAvailable and
 * its target, or (--above-low) the free pages of the zones an ordinary
 * allocation uses and their low watermark plus the margin. Below low
 * kswapd wakes; the hog stops before that, so no reclaim has run yet. */
struct gauge {
	const char *name;	/* "mem_available" or "free" */
	uint64_t value_kb, target_kb;
};

static int gauge_read(const struct memhog_opts *o, uint64_t mem_total_kb,
		      struct gauge *g, char *err, size_t errlen)
{
	struct zone_headroom zh;
	struct meminfo mi;

	if (o->above_low_mb) {
		if (zoneinfo_read(ZONEINFO_PATH, &zh, err, errlen) < 0)
			return -1;
		g->name = "free";
		g->value_kb = zh.free_pages * 4;
		g->target_kb = zh.low_pages * 4 + o->above_low_mb * 1024;
		return 0;
	}
	if (kv_read(MEMINFO_PATH, &meminfo_format, &mi, err, errlen) < 0)
		return -1;
	g->name = "mem_available";
	g->value_kb = mi.mem_available_kb;
	g->target_kb = memhog_target_kb(o, mem_total_kb);
	return 0;
}

struct hog {
	void **chunks;
	size_t count, max;
	size_t chunk_bytes;
};

static bool hog_grow(struct hog *h)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p;

	if (h->count == h->max)
		return false;
	p = mmap(NULL, h->chunk_bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return false;
	/* Write every page: a read would map the shared zero page and cost
	 * nothing. A non-zero value keeps KSM-style merging out of it. */
	for (size_t off = 0; off < h->chunk_bytes; off += (size_t)page)
		p[off] = (char)0x5a;
	h->chunks[h->count++] = p;
	return true;
}

static void hog_release(struct hog *h)
{
	for (size_t i = 0; i < h->count; i++)
		munmap(h->chunks[i], h->chunk_bytes);
	munmap(h->chunks, h->max * sizeof(void *));
	h->count = 0;
}

int memhog_child_main(const struct memhog_opts *o)
{
	struct hog h = { .chunk_bytes = o->chunk_mb << 20 };
	struct meminfo mi;
	struct gauge g;
	char err[160];
	uint64_t chunk_kb = o->chunk_mb * 1024;
	struct stall_detector stall;
	bool reached = false, released_by_file;
	const char *why_stopped = "target";

	if (kv_read(MEMINFO_PATH, &meminfo_format, &mi, err, sizeof(err)) < 0 ||
	    gauge_read(o, mi.mem_total_kb, &g, err, sizeof(err)) < 0) {
		supervise_report('E', "%s: %s", MEMHOG_TOOL, err);
		return 1;
	}
	supervise_report('O', "%s: start mem_total_mb=%" PRIu64 " %s_mb=%" PRIu64
			 " target_mb=%" PRIu64 " chunk_mb=%" PRIu64, MEMHOG_TOOL,
			 mi.mem_total_kb / 1024, g.name, g.value_kb / 1024,
			 g.target_kb / 1024, o->chunk_mb);

	/* The chunk table itself is mmap'ed up front: no malloc under
	 * pressure. Room for all of RAM plus slack. */
	h.max = (size_t)(mi.mem_total_kb / chunk_kb) + 16;
	h.chunks = mmap(NULL, h.max * sizeof(void *), PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h.chunks == MAP_FAILED) {
		supervise_report('E', "%s: cannot map chunk table: %s", MEMHOG_TOOL, strerror(errno));
		return 1;
	}
	stall_init(&stall, g.value_kb, o->chunk_mb);
	while (g.value_kb > g.target_kb) {
		if (!hog_grow(&h)) {
			why_stopped = "allocation-failed";
			break;
		}
		if (gauge_read(o, mi.mem_total_kb, &g, err, sizeof(err)) < 0) {
			supervise_report('E', "%s: %s", MEMHOG_TOOL, err);
			return 1;
		}
		supervise_report('P', "anon_mb_at_last_report=%zu", h.count * o->chunk_mb);
		if (stall_update(&stall, g.value_kb)) {
			why_stopped = "stalled";
			break;
		}
	}
	reached = g.value_kb <= g.target_kb;
	supervise_report('O', "%s: holding anon_mb=%" PRIu64 " %s_mb=%" PRIu64
			 " target_mb=%" PRIu64 " reached=%d%s%s", MEMHOG_TOOL,
			 (uint64_t)h.count * o->chunk_mb, g.name, g.value_kb / 1024,
			 g.target_kb / 1024, reached, reached ? "" : " stopped=",
			 reached ? "" : why_stopped);

	released_by_file = hold_file_wait(o->hold_file, o->timeout_s);
	hog_release(&h);
	supervise_report('O', "%s: released reason=%s", MEMHOG_TOOL,
			 released_by_file ? "hold-file" : "timeout");
	return 0;
}
