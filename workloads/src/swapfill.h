#ifndef NFSTB_SWAPFILL_H
#define NFSTB_SWAPFILL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pattern.h"
#include "supervise.h"
#include "swapfill_opts.h"

/* Exit code when the filling child was killed (OOM killer or other). */
#define SWAPFILL_EXIT_CHILD_KILLED SUPERVISE_EXIT_CHILD_KILLED

/* Progress is reported every this many MiB filled (or checked). */
#define SWAPFILL_REPORT_MB 64

/* Called after every SWAPFILL_REPORT_MB MiB with the MiB done so far. */
typedef void (*swapfill_progress_fn)(uint64_t done_mb, void *ctx);

/* Writes the pattern of (seed, file index 0) into region[0, bytes), one
 * page at a time, so each page is touched (and may be swapped out) before
 * the next. progress may be NULL. */
void swapfill_fill(uint8_t *region, uint64_t bytes, uint64_t seed,
		   swapfill_progress_fn progress, void *ctx);

/* Checks region[0, bytes) against the pattern page by page (reading a
 * swapped-out page swaps it in). Returns true, or false with the first
 * mismatch in *bad. progress may be NULL. */
bool swapfill_check(const uint8_t *region, uint64_t bytes, uint64_t seed,
		    struct pattern_mismatch *bad,
		    swapfill_progress_fn progress, void *ctx);

/* Runs the whole tool in a supervised child (supervise.h): fill, "ready",
 * hold, verify passes. Result lines go to out, error lines to err.
 * Returns the process exit code (0 ok, 1 failure or mismatch, 3 child
 * killed). */
int swapfill_run(const struct swapfill_opts *o, FILE *out, FILE *err);

#endif
