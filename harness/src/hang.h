/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Extract blocked-task reports from a Linux 6.1 console log: the hung task
 * detector's "INFO: task X:N blocked for more than S seconds." and the
 * "task:... state:D" blocks of SysRq-w/-t (show_state_filter), each with its
 * "Workqueue:" line and the reliable frames of its "Call Trace:".
 */
#ifndef NFSTB_HANG_H
#define NFSTB_HANG_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
};

void hang_parse(const struct lines *log, struct hang_reports *out);
void hang_free(struct hang_reports *r);

/*
 * Parse one stack line "  [? ]name[.suffix]+0xoff/0xlen [mod]" into the
 * bare function name (compiler clone suffixes such as ".isra.0" or
 * ".constprop.0" dropped so matching is stable across builds).
 */
bool frame_parse(const char *text, char *name, size_t len, bool *reliable);

/* __schedule, schedule_timeout, io_schedule, ...: never a hang's "where". */
bool frame_is_scheduler(const char *name);

#endif
