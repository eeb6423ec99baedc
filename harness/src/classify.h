/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Name a hang from its blocked-task reports.  The 2012 cycle is one task
 * whose stack holds, innermost first: a writeback/commit wait, under
 * nfs_release_folio, under direct reclaim, under an RPC connect worker.
 */
#ifndef NFSTB_CLASSIFY_H
#define NFSTB_CLASSIFY_H

#include "hang.h"

#include <stdint.h>
#include <stdio.h>

enum signature {
	SIG_NONE,
	SIG_OTHER_HANG,
	SIG_RECLAIM_COMMIT_DEADLOCK,
};

#define CLASSIFY_MAX_FRAMES 8

struct classification {
	enum signature sig;
	char title[512];
	char comm[64];
	long pid;
	int64_t time_us;	/* report time of the task named below */
	int64_t first_hang_us;	/* report time of the first blocked task */
	size_t blocked;		/* blocked-task reports in the log */
	char frames[CLASSIFY_MAX_FRAMES][128];
	size_t nframes;
	/* the cycle's parts, set for SIG_RECLAIM_COMMIT_DEADLOCK only */
	char worker[128];
	char release[128];
	char wait[128];
	/*
	 * other-hang only: why the first task that had the cycle's wait,
	 * release and worker frames is not the cycle, or "".
	 */
	char near_miss[640];
};

/* The part of the cycle a frame's bare function name plays, by the tables above. */
enum frame_role {
	FRAME_OTHER,
	FRAME_WAIT,	/* a writeback or COMMIT wait */
	FRAME_RELEASE,	/* nfs_release_folio, nfs_release_page */
	FRAME_RECLAIM,	/* direct reclaim (exact names) or the injection point */
	FRAME_WORKER,	/* an RPC connect worker */
};
enum frame_role frame_role(const char *name);
/* "wait", "release", "reclaim", "worker" or "other". */
const char *frame_role_name(enum frame_role role);

const char *signature_name(enum signature sig);
void classify(const struct hang_reports *r, struct classification *c);
/* Prints exactly what nfstb-classify prints (golden files compare it). */
void classify_print(FILE *f, const struct classification *c);

#endif
