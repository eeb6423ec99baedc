#define _GNU_SOURCE
#include "swapfill.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hold_file.h"
#include "vmstat.h"

#define VMSTAT_PATH "/proc/vmstat"
#define MIB (1ULL << 20)

static size_t page_size(void)
{
	long page = sysconf(_SC_PAGESIZE);

	return page > 0 ? (size_t)page : 4096;
}

/* Reports after each full SWAPFILL_REPORT_MB; 'end' is the offset just
 * past the page that was processed. */
static void maybe_progress(uint64_t end, swapfill_progress_fn progress,
			   void *ctx)
{
	if (progress && end % (SWAPFILL_REPORT_MB * MIB) == 0)
		progress(end / MIB, ctx);
}

void swapfill_fill(uint8_t *region, uint64_t bytes, uint64_t seed,
		   swapfill_progress_fn progress, void *ctx)
{
	size_t page = page_size();

	for (uint64_t off = 0; off < bytes; off += page) {
		size_t len = bytes - off < page ? (size_t)(bytes - off) : page;

		pattern_fill(region + off, len, seed, 0, off);
		maybe_progress(off + len, progress, ctx);
	}
}

bool swapfill_check(const uint8_t *region, uint64_t bytes, uint64_t seed,
		    struct pattern_mismatch *bad,
		    swapfill_progress_fn progress, void *ctx)
{
	size_t page = page_size();

	for (uint64_t off = 0; off < bytes; off += page) {
		size_t len = bytes - off < page ? (size_t)(bytes - off) : page;

		if (!pattern_check(region + off, len, seed, 0, off, bad))
			return false;
		maybe_progress(off + len, progress, ctx);
	}
	return true;
}

/* --- the supervised child --- */

static int read_swap_counters(struct vmstat_swap *vs)
{
	char err[160];

	if (kv_read(VMSTAT_PATH, &vmstat_swap_format, vs, err, sizeof(err)) < 0) {
		supervise_report('E', "%s: %s", SWAPFILL_TOOL, err);
		return -1;
	}
	return 0;
}

struct child_state {
	const struct swapfill_opts *o;
	uint64_t pass;  /* 0 while filling */
	int vmstat_rc;  /* -1 once a progress read of /proc/vmstat failed */
};

static void fill_progress(uint64_t done_mb, void *ctx)
{
	struct child_state *st = ctx;
	struct vmstat_swap vs;

	supervise_report('P', "phase=fill mb_at_last_report=%" PRIu64, done_mb);
	if (st->vmstat_rc < 0)
		return;
	if (read_swap_counters(&vs) < 0) {
		st->vmstat_rc = -1;
		return;
	}
	supervise_report('O', "%s: filled mb=%" PRIu64 " pswpout=%" PRIu64,
			 SWAPFILL_TOOL, done_mb, vs.pswpout);
}

static void check_progress(uint64_t done_mb, void *ctx)
{
	struct child_state *st = ctx;

	supervise_report('P', "phase=verify pass=%" PRIu64 " mb_at_last_report=%" PRIu64,
			 st->pass, done_mb);
	/*
	 * Swapping back in over NFS is slow under TCG: say how far the check
	 * is, so the harness's no-progress watchdog sees it moving.
	 */
	if (done_mb)
		supervise_report('O', "%s: checked mb=%" PRIu64 " pass=%" PRIu64,
				 SWAPFILL_TOOL, done_mb, st->pass);
}

static uint64_t delta(uint64_t now, uint64_t then)
{
	return now > then ? now - then : 0;
}

static int verify_passes(const struct swapfill_opts *o, const uint8_t *region,
			 const struct vmstat_swap *start, struct child_state *st)
{
	uint64_t bytes = o->size_mb * MIB;
	struct pattern_mismatch bad;
	struct vmstat_swap vs;

	for (st->pass = 1; st->pass <= o->passes; st->pass++) {
		uint64_t t0 = monotonic_ms();

		check_progress(0, st);
		if (!swapfill_check(region, bytes, o->seed, &bad, check_progress, st)) {
			supervise_report('O', "%s: FAIL offset=%" PRIu64
					 " expected=0x%02x got=0x%02x", SWAPFILL_TOOL,
					 bad.offset, bad.expected, bad.got);
			return 1;
		}
		uint64_t elapsed = monotonic_ms() - t0;

		if (read_swap_counters(&vs) < 0)
			return 1;
		supervise_report('O', "%s: verified mb=%" PRIu64 " ok=1 pswpin=%" PRIu64
				 " pswpout=%" PRIu64 " elapsed_ms=%" PRIu64
				 " swapped_out_pages=%" PRIu64 " swapped_in_pages=%" PRIu64
				 " pass=%" PRIu64, SWAPFILL_TOOL, o->size_mb,
				 vs.pswpin, vs.pswpout, elapsed,
				 delta(vs.pswpout, start->pswpout),
				 delta(vs.pswpin, start->pswpin), st->pass);
	}
	return 0;
}

static int swapfill_child(void *arg)
{
	struct child_state st = { .o = arg };
	const struct swapfill_opts *o = st.o;
	uint64_t bytes = o->size_mb * MIB;
	struct vmstat_swap start, vs;
	uint8_t *region;
	int rc;

	if (read_swap_counters(&start) < 0)
		return 1;
	region = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (region == MAP_FAILED) {
		supervise_report('E', "%s: cannot map %" PRIu64 " MiB of anonymous memory: %s",
				 SWAPFILL_TOOL, o->size_mb, strerror(errno));
		return 1;
	}
	/* Base pages only, so swap-out and swap-in go page by page; fails
	 * harmlessly (EINVAL) without CONFIG_TRANSPARENT_HUGEPAGE. */
	(void)madvise(region, bytes, MADV_NOHUGEPAGE);

	supervise_report('P', "phase=fill mb_at_last_report=0");
	swapfill_fill(region, bytes, o->seed, fill_progress, &st);
	if (st.vmstat_rc < 0 || read_swap_counters(&vs) < 0)
		return 1;
	supervise_report('O', "%s: ready mb=%" PRIu64 " pswpin=%" PRIu64
			 " pswpout=%" PRIu64, SWAPFILL_TOOL, o->size_mb,
			 vs.pswpin, vs.pswpout);
	supervise_report('P', "phase=hold mb_at_last_report=%" PRIu64, o->size_mb);

	if (o->hold_file && !hold_file_wait(o->hold_file, o->timeout_s)) {
		supervise_report('E', "%s: timed out after %" PRIu64
				 " s waiting for hold file %s", SWAPFILL_TOOL,
				 o->timeout_s, o->hold_file);
		return 1;
	}
	rc = verify_passes(o, region, &start, &st);
	munmap(region, bytes);
	return rc;
}

int swapfill_run(const struct swapfill_opts *o, FILE *out, FILE *err)
{
	return supervise_run(SWAPFILL_TOOL, swapfill_child, (void *)o,
			     "phase=start mb_at_last_report=0", out, err);
}
