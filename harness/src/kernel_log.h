/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own complaints in a console log, each of which makes a run
 * untrustworthy whatever its workload said: a panic; an oops (BUG:, Oops:,
 * general protection fault, WARNING: CPU:); lockdep switching itself off
 * (after which a silent lockdep proves nothing); a lock leaked to user
 * space.  The first line of each kind is kept, as the verdict's reason.
 */
#ifndef NFSTB_KERNEL_LOG_H
#define NFSTB_KERNEL_LOG_H

#include "util.h"

#include <stdint.h>

#define KERNEL_LOG_LINE 160

struct kernel_complaints {
	char panic[KERNEL_LOG_LINE];		/* "" when there is none */
	char oops[KERNEL_LOG_LINE];
	char lockdep_off[KERNEL_LOG_LINE];
	char lock_leak[KERNEL_LOG_LINE];
};

void kernel_log_parse(const struct lines *log, struct kernel_complaints *k);

#endif
