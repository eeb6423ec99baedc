/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest init's markers ("nfstb: phase=NAME ...", "nfstb: phase=done
 * rc=N") and the workloads' result lines ("nfstb-writer:", "nfstb-verify:
 * summary ...", "nfstb-reconnect:", "nfstb-memhog:"), all written to
 * /dev/kmsg so they carry printk times on the console.
 */
#ifndef NFSTB_MARKERS_H
#define NFSTB_MARKERS_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MARKERS_MAX_PHASES 64

struct phase_mark {
	char name[32];
	int64_t time_us;
};

struct verify_summary {
	long files, ok, failed, bytes;
	int64_t time_us;
	/* manifest=truncated: the verifier found no trailer, or a wrong count */
	bool manifest_truncated;
};

/*
 * "nfstb: phase=booted scenario=S workload=W ... arm=A mode=M run=R
 * seed=N": which run the guest says it is.  An absent field stays "".
 */
struct boot_marker {
	bool seen;
	char scenario[64], arm[16], mode[16], run[96], seed[32];
};

struct markers {
	struct phase_mark phases[MARKERS_MAX_PHASES];
	size_t nphases;
	int64_t reconnect_us;		/* first timestamped phase=reconnect */
	bool done;
	long done_rc;			/* valid if done */
	int64_t done_us;
	struct boot_marker booted;	/* the first phase=booted */
	/* Every "nfstb-verify: summary" line, in order (malloc'ed). */
	struct verify_summary *summaries;
	size_t nsummaries;
	/* "nfstb-writer: committed files=N bytes=N": what the writer wrote */
	bool writer_totals;
	long writer_files, writer_bytes;
	/* Workload lines, verbatim (text after the tag), last one kept. */
	char writer_ready[160];
	char writer_committed[160];
	char reconnect_line[160];
	bool reconnect_done;
	char memhog_last[160];
	size_t memhog_lines;
};

/* Fills @m from scratch (no free of what it held: see markers_free). */
void markers_parse(const struct lines *log, struct markers *m);
void markers_free(struct markers *m);
/* Name of the last phase seen, or "none". */
const char *markers_last_phase(const struct markers *m);

#endif
