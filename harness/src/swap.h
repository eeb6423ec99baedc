/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The swap scenario's console facts: nfstb-swapfill's result lines
 * ("filled", "ready", "verified ... ok=1", "FAIL offset=..", "child killed
 * by signal N") and the kernel's OOM-killer lines ("Out of memory: Killed
 * process N (comm)", "oom-kill:...,task=comm,...").
 */
#ifndef NFSTB_SWAP_H
#define NFSTB_SWAP_H

#include "util.h"

#include <stdbool.h>
#include <stdint.h>

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
	long kernel_oom_kills;		/* "Killed process" of any task */
};

void swap_parse(const struct lines *log, struct swap_facts *s);

#endif
