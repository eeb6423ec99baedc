/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A hang in a console log, in two parts: the blocked-task reports
 * extracted, and the hang they name (the 2012 cycle or another).  Both in
 * hang.c.
 */
#ifndef NFSTB_HANG_H
#define NFSTB_HANG_H

#include "frame_roles.h"
#include "syz_title.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Extract blocked-task reports from a Linux 6.1 console log: the hung task
 * detector's "INFO: task X:N blocked for more than S seconds." and the
 * "task:... state:D" blocks of SysRq-w/-t (show_state_filter), each with its
 * "Workqueue:" line and the reliable frames of its "Call Trace:".
 */

enum hang_source {
	HANG_HUNG_TASK,		/* khungtaskd "INFO: task ... blocked" */
	HANG_SHOW_STATE,	/* SysRq-w/-t task dump, state D */
};

struct blocked_task {
	char comm[64];
	long pid;
	char state;
	int64_t time_us;	/* printk time of the report's first line */
	enum hang_source source;
	char wq_fn[128];	/* "Workqueue: <wq> <fn>", or "" */
	char **frames;		/* reliable frames, innermost first */
	size_t nframes;
};

struct hang_reports {
	struct blocked_task *v;
	size_t n;
	size_t dumps;	/* "sysrq: Show Blocked State" lines: SysRq-W dumps */
};

void hang_parse(const struct lines *log, struct hang_reports *out);
void hang_free(struct hang_reports *r);

/* __schedule, schedule_timeout, io_schedule, ...: never a hang's "where". */
bool frame_is_scheduler(const char *name);

/*
 * Name a hang from its blocked-task reports.  The 2012 cycle is one task
 * whose stack holds, innermost first: a writeback/commit wait, under
 * nfs_release_folio, under direct reclaim, under an RPC connect worker.
 */

enum signature {
	SIG_NONE,
	SIG_OTHER_HANG,
	SIG_RECLAIM_COMMIT_DEADLOCK,
	/*
	 * A connect worker blocked in the allocator's direct reclaim with no
	 * release frame: the socket it creates cannot get memory.  In swap
	 * over NFS that is the hazard PF_MEMALLOC exists for.
	 */
	SIG_CONNECT_ALLOC_STALL,
};

#define CLASSIFY_MAX_FRAMES 8

struct classification {
	enum signature sig;
	char title[512];
	/*
	 * syzkaller's title of the named task's stack ("INFO: task hung in
	 * F", syz_title.h), "" without a task or when every frame is skipped;
	 * and what showed that task (a SysRq-W/-T dump gets the same form).
	 */
	char syz_title[SYZ_TITLE_LEN];
	enum hang_source source;
	char comm[64];
	long pid;
	int64_t time_us;	/* report time of the task named below */
	int64_t first_hang_us;	/* report time of the first blocked task */
	size_t blocked;		/* blocked-task reports in the log */
	char frames[CLASSIFY_MAX_FRAMES][128];
	size_t nframes;
	/*
	 * The cycle's parts, set for SIG_RECLAIM_COMMIT_DEADLOCK; for
	 * SIG_CONNECT_ALLOC_STALL worker and wait (the innermost reclaim
	 * frame) only.
	 */
	char worker[128];
	char release[128];
	char wait[128];
	/*
	 * other-hang only: why the first task that had the cycle's wait,
	 * release and worker frames is not the cycle, or "".
	 */
	char near_miss[640];
	/* another blocked task's comm under the named task's pid, or "" */
	char pid_shared[64];
	/*
	 * Stack samples: the SysRq-W dumps in the log, and in how many of them the named task was blocked with
	 * a stack of the same named hang (a named hang only).
	 */
	size_t dumps;
	size_t samples_matched;
};

const char *signature_name(enum signature sig);
/* "hung-task" or "show-state" (run.json's classify.hang_source) */
const char *hang_source_name(enum hang_source src);
void classify(const struct hang_reports *r, struct classification *c);
/* Prints exactly what nfstb-classify prints (golden files compare it). */
void classify_print(FILE *f, const struct classification *c);

#endif
