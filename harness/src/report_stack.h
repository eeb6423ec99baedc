/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The console's blocked-task reports and lockdep reports as the kernel
 * printed them (every line, timestamps kept, no frame dropped), for the
 * run's report.  classify.c names the hang; this only cuts the text out.
 */
#ifndef NFSTB_REPORT_STACK_H
#define NFSTB_REPORT_STACK_H

#include "classify.h"
#include "lines.h"

#include <stdbool.h>
#include <stddef.h>

#define REPORT_MAX_BLOCKS 32
#define REPORT_BLOCK_MAX_LINES 400

struct report_block {
	char title[256];	/* the block's first line, printk prefix removed */
	bool named;		/* the task nfstb-classify names (comm and pid) */
	char **lines;		/* whole console lines */
	enum frame_role *roles;	/* per line: the cycle part of a reliable frame */
	size_t n;
};

struct report_blocks {
	struct report_block v[REPORT_MAX_BLOCKS];
	size_t n;
};

/*
 * Blocked-task reports: a hung-task "INFO: task C:P blocked for more than"
 * line with the task block after it, or a "task:C state:D" block of SysRq-w
 * or -t.  A block ends after its "</TASK>" line, at the next report or
 * lockdep head, or after REPORT_BLOCK_MAX_LINES lines.  Task blocks in
 * other states are skipped.  @cls marks the named task's block.
 */
void report_stacks_find(const struct lines *log, const struct classification *cls,
			struct report_blocks *out);
/*
 * Lockdep reports: from a lockdep head line (lockdep.h) to the "</TASK>"
 * that closes the trace after "stack backtrace:", the next head or
 * REPORT_BLOCK_MAX_LINES lines.
 */
void report_lockdep_find(const struct lines *log, struct report_blocks *out);
void report_blocks_free(struct report_blocks *b);

#endif
