/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's facts in a console log beside its blocked tasks (hang.h),
 * lockdep's reports (lockdep.h) and the kernel's complaints
 * (complaints.h), in two parts: the guest init's markers and the
 * workloads' result lines; and the swap scenario's facts.  Both in
 * console.c.
 */
#ifndef NFSTB_CONSOLE_H
#define NFSTB_CONSOLE_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The guest init's markers ("nfstb: phase=NAME ...", "nfstb: phase=done
 * rc=N") and the workloads' result lines ("nfstb-writer:", "nfstb-verify:
 * summary ...", "nfstb-reconnect:", "nfstb-memhog:"), all written to
 * /dev/kmsg so they carry printk times on the console.
 */

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
	/* the run the server said it verified ("server-verify run=R" before
	 * the summary), "" on the client */
	char run[96];
};

/*
 * "nfstb: phase=booted scenario=S workload=W ... arm=A mode=M run=R
 * seed=N": which run the guest says it is.  An absent field stays "".
 */
struct boot_marker {
	bool seen;
	char scenario[64], arm[16], mode[16], run[96], seed[32];
	char proto[8];
	char boot[64];		/* /proc/sys/kernel/random/boot_id */
	char nonce[40];		/* the orchestrator's token of this run */
};

struct markers {
	struct phase_mark phases[MARKERS_MAX_PHASES];
	size_t nphases;
	int64_t reconnect_us;		/* first timestamped phase=reconnect */
	bool done;
	long done_rc;			/* valid if done */
	int64_t done_us;
	struct boot_marker booted;	/* the first phase=booted */
	/* phase=tracing's heartbeat_ms: the trace carries a numbered
	 * heartbeat this often (0: not announced) */
	long heartbeat_ms;
	int64_t last_us;		/* the latest timestamp of any line */
	/* Every "nfstb-verify: summary" line, in order (malloc'ed). */
	struct verify_summary *summaries;
	size_t nsummaries;
	/* "nfstb-writer: committed files=N bytes=N": what the writer wrote */
	bool writer_totals;
	long writer_files, writer_bytes;
	int64_t writer_us;
	/* "nfstb-writer: fsync-error file=P errno=N (...)": an error that
	 * reached the writer (--retry-hold-file); the committed line's
	 * retried=N (-1: the line has no such key) */
	long writer_fsync_errors;
	char writer_fsync_error[160];
	long writer_retried;
	/*
	 * The log's own integrity: kernel banners ("Linux version": one boot
	 * per console), the largest step back of printk time (the two vCPUs
	 * interleave by a little, a spliced log by more), "nfstb-verify:
	 * summary" lines that miss a key or were cut by the end of the file,
	 * and the verifier's "FAIL" lines.
	 */
	long banners;
	bool init_seen;			/* the guest init's first marker */
	int64_t time_back_us;		/* ... from that marker on */
	char time_back_at[64];
	long malformed_summaries;
	char malformed_summary[160];
	long verify_fail_lines;
	char verify_fail[160];
	int64_t tracing_us;		/* phase=tracing */
	/*
	 * The clock anchors: "nfstb: anchor run=R seq=K", each written to
	 * the console just before nfstb-anchor sends the datagram the
	 * capture sees (index K, 1..MARKERS_MAX_ANCHORS; TIME_NONE where
	 * absent).  anchor_run is the run they name ("mixed": more than one).
	 */
#define MARKERS_MAX_ANCHORS 16
	int64_t anchor_us[MARKERS_MAX_ANCHORS + 1];
	char anchor_run[160];
	char verify_run[96];		/* the last "server-verify run=" */
	/* the server's "phase=server-booted nonce=N": how many, the first */
	long server_boots;
	char server_nonce[40];
	bool tracing_announced;		/* ... with heartbeat_ms= */
	/* Workload lines, verbatim (text after the tag), last one kept. */
	char writer_ready[160];
	char writer_committed[160];
	char reconnect_line[160];
	bool reconnect_done;
	char memhog_last[160];
	size_t memhog_lines;
	/*
	 * The first "nfstb: phase=error what=missing-knob knob=NAME" after
	 * the first phase=booted (one before it, or without one, is not this
	 * run's and is not kept): the booted kernel lacks a test switch or a
	 * fault-injection capability the arm needs.  missing_knob_phase is
	 * its index in phases[] (what came after it is what the run did next).
	 */
	char missing_knob[64];
	int64_t missing_knob_us;
	size_t missing_knob_phase;
};

/* Fills @m from scratch (no free of what it held: see markers_free). */
void markers_parse(const struct lines *log, struct markers *m);
void markers_free(struct markers *m);
/* Name of the last phase seen, or "none". */
const char *markers_last_phase(const struct markers *m);

/*
 * The swap scenario's console facts: nfstb-swapfill's result lines
 * ("filled", "ready", "verified ... ok=1", "FAIL offset=..", "child killed
 * by signal N") and the kernel's OOM-killer lines ("Out of memory: Killed
 * process N (comm)", "oom-kill:...,task=comm,...").
 */

struct swap_facts {
	bool filled, ready, verified;	/* the lines were seen */
	/* the last "verified" line's values, -1 where absent */
	long mb, ok, pswpin, pswpout, elapsed_ms;
	long out_pages, in_pages;	/* swapped_out_pages, swapped_in_pages */
	char ready_line[160];		/* text after "nfstb-swapfill: " */
	char verified_line[256];
	bool fail;			/* first "FAIL" line kept */
	char fail_line[160];
	bool oom;			/* nfstb-swapfill was OOM-killed */
	char oom_line[256];		/* its first evidence */
	int64_t oom_us;			/* that line's printk time, or TIME_NONE */
	long kernel_oom_kills;		/* "Killed process" of any task */
	/* The first "X invoked oom-killer:", and whether the stack the OOM
	 * report printed for it was a socket connect worker's. */
	char oom_invoker[64];
	bool oom_by_connect_worker;
	/* Free memory at the reconnect (nfstb-reconnect --near-min's
	 * "memory=reached free_pages=F min_pages=M low_pages=L"), -1 where
	 * absent. */
	char reconnect_memory[16];	/* reached, not-reached or "" */
	long reconnect_free, reconnect_min, reconnect_low;
	/* A squeezed run (trigger swapsqueeze): free and min pages when the
	 * squeeze began ("nfstb: phase=squeeze"), -1 where absent, and the
	 * band it sets ("min_free_kbytes=OLD->NEW", or ""). */
	long squeeze_free, squeeze_min;
	char squeeze_band[48];
};

void swap_parse(const struct lines *log, struct swap_facts *s);

#endif
