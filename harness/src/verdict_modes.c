// SPDX-License-Identifier: GPL-2.0
/*
 * The rule lists of modes lockdep and swap, first match wins (the letters
 * are those of verdict.c):
 *   lockdep: (d) (p) (k) (m) (f), (a) (b) hang, (c) done, (l) a lockdep
 *            report: LOCKDEP(reclaim-connect) or OTHER-LOCKDEP, (z) lockdep
 *            off or a leaked lock (after (l): the report switches lockdep
 *            off), (v) summaries, (g) bug path, (x) (n), PASS
 *   swap:    (d) nfstb-swapfill's FAIL line: DATA-LOSS, (p) (k) (m) (f),
 *            (a) (b) hang, (o) nfstb-swapfill OOM-killed: OOM, (z), (c)
 *            done, (s) verified ok=1 and swap traffic both ways, (t) trace:
 *            in the fixed arm a connect worker with PF_MEMALLOC, (g) (x)
 *            (n), PASS
 */
#include "util.h"
#include "verdict_rules.h"

#include <stdio.h>
#include <string.h>

static bool rule_lockdep_report(const struct verdict_input *in,
				struct verdict *v)
{
	const struct lockdep_info *l = &in->lockdep;
	char text[64];

	if (l->kind == LOCKDEP_RECLAIM_CONNECT) {
		snprintf(text, sizeof(text), "LOCKDEP(%s)",
			 lockdep_kind_name(l->kind));
		verdict_set(v, VERDICT_LOCKDEP, 'l', text, "%s", l->title);
		return true;
	}
	if (l->kind == LOCKDEP_OTHER) {
		verdict_set(v, VERDICT_OTHER_LOCKDEP, 'l', "OTHER-LOCKDEP", "%s",
			    l->title);
		return true;
	}
	return false;
}

static const verdict_rule lockdep_rules[] = {
	rule_data_loss, rule_panic, rule_oops, rule_wrong_run, rule_flags_leak,
	rule_hang, rule_done, rule_lockdep_report, rule_kernel_locks,
	rule_verify_complete, rule_bug_path, rule_unexited, rule_packets,
};

void verdict_decide_lockdep(const struct verdict_input *in, struct verdict *v)
{
	if (verdict_run_rules(lockdep_rules, ARRAY_SIZE(lockdep_rules), in, v))
		return;
	verdict_set(v, VERDICT_PASS, 'e', "PASS",
		    "no lockdep report, files=%ld bytes=%ld verified on client and server",
		    in->client.writer_files, in->client.writer_bytes);
}

enum data_state swap_data_state(const struct verdict_input *in)
{
	if (in->swap.fail)
		return DATA_LOSS;
	if (in->swap.verified && in->swap.ok == 1)
		return DATA_OK;
	return DATA_MISSING;
}

/* A count, or "none" when the line did not have it (-1). */
static const char *count(long n, char *buf, size_t len)
{
	if (n < 0)
		return "none";
	snprintf(buf, len, "%ld", n);
	return buf;
}

static bool rule_swapfill(const struct verdict_input *in, struct verdict *v)
{
	const struct swap_facts *s = &in->swap;
	char o[32], i[32];

	if (!s->verified) {
		verdict_set(v, VERDICT_ERROR, 's', "ERROR",
			    "no 'nfstb-swapfill: verified' line");
		return true;
	}
	if (s->ok != 1) {
		verdict_set(v, VERDICT_ERROR, 's', "ERROR",
			    "nfstb-swapfill: verified without ok=1: %s",
			    s->verified_line);
		return true;
	}
	if (s->out_pages <= 0 || s->in_pages <= 0) {
		verdict_set(v, VERDICT_ERROR, 's', "ERROR",
			    "no swap traffic (swapped_out_pages=%s swapped_in_pages=%s)",
			    count(s->out_pages, o, sizeof(o)),
			    count(s->in_pages, i, sizeof(i)));
		return true;
	}
	return false;
}

static bool rule_swap_trace(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (!strcmp(in->arm, "fixed") && t->memalloc_in_worker == 0) {
		verdict_set(v, VERDICT_ERROR, 't', "ERROR",
			    "no connect worker ran with PF_MEMALLOC (no reconnect on the swap transport?)");
		return true;
	}
	return false;
}

static bool rule_swap_oom(const struct verdict_input *in, struct verdict *v)
{
	if (!in->swap.oom)
		return false;
	verdict_set(v, VERDICT_OOM, 'o', "OOM", "nfstb-swapfill OOM-killed: %s",
		    in->swap.oom_line);
	return true;
}

static const verdict_rule swap_rules[] = {
	rule_data_loss, rule_panic, rule_oops, rule_wrong_run, rule_flags_leak,
	rule_hang, rule_swap_oom, rule_kernel_locks, rule_done, rule_swapfill,
	rule_swap_trace, rule_bug_path, rule_unexited, rule_packets,
};

void verdict_decide_swap(const struct verdict_input *in, struct verdict *v)
{
	const struct swap_facts *s = &in->swap;

	if (verdict_run_rules(swap_rules, ARRAY_SIZE(swap_rules), in, v))
		return;
	verdict_set(v, VERDICT_PASS, 'e', "PASS",
		    "swap verified: mb=%ld swapped_out_pages=%ld swapped_in_pages=%ld, %ld connect worker(s) with PF_MEMALLOC",
		    s->mb, s->out_pages, s->in_pages,
		    in->trace.memalloc_in_worker);
}
