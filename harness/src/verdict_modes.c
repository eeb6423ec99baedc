// SPDX-License-Identifier: GPL-2.0
/*
 * The rule lists of modes lockdep and swap, first match wins:
 *   lockdep: (a) (b) hang, (c) done, (l) a lockdep report:
 *            LOCKDEP(reclaim-connect) or OTHER-LOCKDEP, (d) verify, PASS
 *   swap:    (a) (b) hang, (o) nfstb-swapfill OOM-killed: OOM, (d) its FAIL
 *            line: DATA-LOSS, (c) done, (s) verified ok=1 and swap traffic
 *            both ways, (t) trace: flags restored, and in the fixed arm a
 *            connect worker with PF_MEMALLOC, PASS
 */
#include "util.h"
#include "verdict_rules.h"

#include <stdio.h>
#include <string.h>

void verdict_decide_lockdep(const struct verdict_input *in, struct verdict *v)
{
	const struct lockdep_info *l = &in->lockdep;
	char text[64];

	if (rule_hang(in, v) || rule_done(in, v))
		return;
	if (l->kind == LOCKDEP_RECLAIM_CONNECT) {
		snprintf(text, sizeof(text), "LOCKDEP(%s)",
			 lockdep_kind_name(l->kind));
		verdict_set(v, VERDICT_LOCKDEP, 'l', text, "%s", l->title);
		return;
	}
	if (l->kind == LOCKDEP_OTHER) {
		verdict_set(v, VERDICT_OTHER_LOCKDEP, 'l', "OTHER-LOCKDEP", "%s",
			    l->title);
		return;
	}
	if (rule_verify(in, v))
		return;
	verdict_set(v, VERDICT_PASS, 'e', "PASS",
		    "no lockdep report, data verified");
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
	if (!strcmp(trace_flags_restored(t), "mismatch")) {
		verdict_set(v, VERDICT_ERROR, 't', "ERROR",
			    "task flags not restored by the connect worker");
		return true;
	}
	if (!strcmp(in->arm, "fixed") && t->memalloc_in_worker == 0) {
		verdict_set(v, VERDICT_ERROR, 't', "ERROR",
			    "no connect worker ran with PF_MEMALLOC (no reconnect on the swap transport?)");
		return true;
	}
	return false;
}

void verdict_decide_swap(const struct verdict_input *in, struct verdict *v)
{
	const struct swap_facts *s = &in->swap;

	if (rule_hang(in, v))
		return;
	if (s->oom) {
		verdict_set(v, VERDICT_OOM, 'o', "OOM",
			    "nfstb-swapfill OOM-killed: %s", s->oom_line);
		return;
	}
	if (s->fail) {
		verdict_set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS",
			    "nfstb-swapfill: %s", s->fail_line);
		return;
	}
	if (rule_done(in, v) || rule_swapfill(in, v) ||
	    rule_swap_trace(in, v))
		return;
	verdict_set(v, VERDICT_PASS, 'e', "PASS",
		    "swap verified: mb=%ld swapped_out_pages=%ld swapped_in_pages=%ld, %ld connect worker(s) with PF_MEMALLOC",
		    s->mb, s->out_pages, s->in_pages,
		    in->trace.memalloc_in_worker);
}
