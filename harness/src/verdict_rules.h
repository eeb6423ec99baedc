/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rules the modes share, for the rule lists of verdict.c and
 * verdict_modes.c.  Each returns true when it decided @v; a rule that does
 * not apply to the run's mode or arm returns false.
 */
#ifndef NFSTB_VERDICT_RULES_H
#define NFSTB_VERDICT_RULES_H

#include "verdict.h"

#include <stddef.h>

typedef bool (*verdict_rule)(const struct verdict_input *in,
			     struct verdict *v);

void verdict_set(struct verdict *v, enum verdict_kind kind, char rule,
		 const char *text, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Runs @rules in order; true when one of them decided. */
bool verdict_run_rules(const verdict_rule *rules, size_t n,
		       const struct verdict_input *in, struct verdict *v);

/* (d) a wrong or missing byte, any verifier (verdict_data.c) */
bool rule_data_loss(const struct verdict_input *in, struct verdict *v);
/* (v) both summaries and the writer's totals present */
bool rule_verify_complete(const struct verdict_input *in, struct verdict *v);

/* (p) panic, (k) oops, (m) boot marker, (f) flags (verdict_kernel.c) */
bool rule_panic(const struct verdict_input *in, struct verdict *v);
bool rule_oops(const struct verdict_input *in, struct verdict *v);
bool rule_wrong_run(const struct verdict_input *in, struct verdict *v);
bool rule_flags_leak(const struct verdict_input *in, struct verdict *v);
/* (z) lockdep switched off, a lock leaked to user space */
bool rule_kernel_locks(const struct verdict_input *in, struct verdict *v);
/* (c) no "nfstb: phase=done rc=0" */
bool rule_done(const struct verdict_input *in, struct verdict *v);

/* (a) a blocked-task report with its witnesses, (b) the watchdog
 * (verdict_witness.c) */
bool rule_hang(const struct verdict_input *in, struct verdict *v);
/* (g) fixed arm: decision=writeback inside a connect worker */
bool rule_bug_path(const struct verdict_input *in, struct verdict *v);
/* (x) a connect worker entered and never exited */
bool rule_unexited(const struct verdict_input *in, struct verdict *v);
/* (n) the packet check */
bool rule_packets(const struct verdict_input *in, struct verdict *v);

void verdict_decide_lockdep(const struct verdict_input *in, struct verdict *v);
void verdict_decide_swap(const struct verdict_input *in, struct verdict *v);
/* swap mode's data column: the swapfill's own read-back check */
enum data_state swap_data_state(const struct verdict_input *in);

#endif
