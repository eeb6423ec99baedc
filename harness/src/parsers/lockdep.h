/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Find lockdep's reports in a Linux 6.1 console log (kernel/locking/
 * lockdep.c: "WARNING: possible circular locking dependency detected",
 * "WARNING: inconsistent lock state", ...).  The patch series' lockdep map
 * "xprt_connect" is held across the RPC connect workers and primed against
 * "fs_reclaim", so a circular report naming both locks is issue 3's cycle
 * proved without a hang.
 */
#ifndef NFSTB_LOCKDEP_H
#define NFSTB_LOCKDEP_H

#include "lockdep_head.h"
#include "syz_title.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum lockdep_kind {
	LOCKDEP_NONE,			/* no lockdep report */
	LOCKDEP_OTHER,			/* any other lockdep report */
	LOCKDEP_RECLAIM_CONNECT,	/* circular: xprt_connect and fs_reclaim */
};

struct lockdep_info {
	enum lockdep_kind kind;
	char title[256];	/* "none" without a report */
	/* syzkaller's title of the named report (syz_title.h), or "" */
	char syz_title[SYZ_TITLE_LEN];
	char comm[64];		/* task of the named report, or "" */
	int64_t time_us;	/* printk time of its WARNING line */
	size_t reports;		/* lockdep reports in the log */
};

/*
 * A circular report whose lock names (the "(NAME){....}" of its text, up to
 * "stack backtrace:") include xprt_connect and fs_reclaim wins, wherever it
 * is; otherwise the first report names an "other".
 */
void lockdep_parse(const struct lines *log, struct lockdep_info *li);
const char *lockdep_kind_name(enum lockdep_kind k);
/*
 * The "lockdep=", "lockdep_title=" and "lockdep_syz_title=" lines
 * nfstb-classify appends.
 */
void lockdep_print(FILE *f, const struct lockdep_info *li);

/*
 * The lock name of a "... (NAME){+.+.}-{0:0}, at: ..." line, parentheses
 * inside NAME balanced ("((wq_completion)xprtiod)"), "#N"/"/N" class
 * suffixes kept.  False if the line names no lock.
 */
bool lockdep_lock_name(const char *msg, char *name, size_t len);

#endif
