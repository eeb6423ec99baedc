/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest init's markers ("nfstb: phase=NAME ...", "nfstb: phase=done
 * rc=N") and the workloads' result lines ("nfstb-writer:", "nfstb-verify:
 * summary ...", "nfstb-reconnect:", "nfstb-memhog:"), all written to
 * /dev/kmsg so they carry printk times on the console.
 */
#ifndef NFSTB_MARKERS_H
#define NFSTB_MARKERS_H

#include "lines.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MARKERS_MAX_PHASES 64
#define MARKERS_MAX_SUMMARIES 8

struct phase_mark {
	char name[32];
	int64_t time_us;
};

struct verify_summary {
	long files, ok, failed, bytes;
	int64_t time_us;
};

struct markers {
	struct phase_mark phases[MARKERS_MAX_PHASES];
	size_t nphases;
	int64_t reconnect_us;		/* first timestamped phase=reconnect */
	bool done;
	long done_rc;			/* valid if done */
	int64_t done_us;
	struct verify_summary summaries[MARKERS_MAX_SUMMARIES];
	size_t nsummaries;
	/* Workload lines, verbatim (text after the tag), last one kept. */
	char writer_ready[160];
	char writer_committed[160];
	char reconnect_line[160];
	bool reconnect_done;
	char memhog_last[160];
	size_t memhog_lines;
};

void markers_parse(const struct lines *log, struct markers *m);
/* Name of the last phase seen, or "none". */
const char *markers_last_phase(const struct markers *m);

#endif
