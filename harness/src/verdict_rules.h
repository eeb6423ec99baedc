/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rules every mode shares (verdict.c), for the mode-specific rule
 * lists of verdict_modes.c.  Each returns true when it decided @v.
 */
#ifndef NFSTB_VERDICT_RULES_H
#define NFSTB_VERDICT_RULES_H

#include "verdict.h"

#include <stddef.h>

void verdict_set(struct verdict *v, enum verdict_kind kind, char rule,
		 const char *text, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* (a) a blocked-task report, (b) the watchdog without one */
bool rule_hang(const struct verdict_input *in, struct verdict *v);
/* (c) no "nfstb: phase=done rc=0" */
bool rule_done(const struct verdict_input *in, struct verdict *v);
/* (d) the client's and the server's verify summaries */
bool rule_verify(const struct verdict_input *in, struct verdict *v);

void verdict_decide_lockdep(const struct verdict_input *in, struct verdict *v);
void verdict_decide_swap(const struct verdict_input *in, struct verdict *v);
/* swap mode's data column: the swapfill's own read-back check */
enum data_state swap_data_state(const struct verdict_input *in);

#endif
