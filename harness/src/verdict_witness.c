// SPDX-License-Identifier: GPL-2.0
/*
 * The witnesses of a hang and of a pass beside the console: the trace and
 * the packets.  DEADLOCK needs all three to tell the same story (the stack:
 * a connect worker in direct reclaim waiting on a COMMIT; the trace: that
 * worker's writeback decision, with no nfs_release_folio_done and no
 * xs_connect_worker_exit after it; over TCP the packets: no reconnect SYN
 * and no COMMIT after the close).  When they do not, the run is
 * WITNESS-DISAGREE, naming who said what.
 */
#include "timeline.h"
#include "util.h"
#include "verdict_rules.h"

#include <stdio.h>
#include <string.h>

#define DEADLOCK_TEXT "DEADLOCK(reclaim-commit-deadlock)"

static bool packets_unreadable(const struct verdict_input *in,
			       struct verdict *v)
{
	if (!in->pcap_given || in->pcap_read)
		return false;
	verdict_set(v, VERDICT_ERROR, '-', "ERROR",
		    in->pcap_summary ? "packet capture cut short (capture=truncated)" :
				       "cannot read packet summary");
	return true;
}

/* The packet check's reason when it disagrees with @verdict, else NULL. */
static const char *packets_disagree(const struct verdict_input *in,
				    const char *verdict, char *out, size_t len)
{
	const char *prefix = "packet_check=disagree reason=";

	if (!in->pcap_given)
		return NULL;
	packet_check(in->pcap_summary, verdict, out, len);
	if (!starts_with(out, prefix))
		return NULL;
	return out + strlen(prefix);
}

static bool trace_disagrees(const struct verdict_input *in, char *why,
			    size_t len)
{
	const struct worker_witness *w = &in->witness;
	char t[32];

	if (!w->writeback)
		snprintf(why, len, "no decision=writeback by pid %ld in a connect worker",
			 w->pid);
	else if (w->release_done)
		snprintf(why, len, "nfs_release_folio_done by pid %ld after its writeback decision",
			 w->pid);
	else if (w->exited)
		snprintf(why, len, "xs_connect_worker_exit by pid %ld at %s",
			 w->pid, format_time_us(w->exit_us, t, sizeof(t)));
	else
		return false;
	return true;
}

static bool deadlock_witnesses(const struct verdict_input *in,
			       struct verdict *v)
{
	const struct classification *c = &in->cls;
	char why[256], check[512];
	const char *pkt;

	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (trace_disagrees(in, why, sizeof(why))) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says %s:%ld is blocked in %s under reclaim in %s, trace says %s",
			    c->comm, c->pid, c->wait, c->worker, why);
		return true;
	}
	/*
	 * Trace and printk share the guest's local clock: the latency from
	 * the worker's blocking event (its writeback decision) to the stack
	 * that confirms it is the detection time, not the reconnect's.
	 */
	if (c->time_us != TIME_NONE && in->witness.writeback_us <= c->time_us)
		v->detect_us = c->time_us - in->witness.writeback_us;
	if (packets_unreadable(in, v))
		return true;
	pkt = packets_disagree(in, DEADLOCK_TEXT, check, sizeof(check));
	if (pkt) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack and trace say %s:%ld deadlocked, packets say: %s",
			    c->comm, c->pid, pkt);
		return true;
	}
	verdict_set(v, VERDICT_DEADLOCK, 'a', DEADLOCK_TEXT, "%s", c->title);
	return true;
}

bool rule_hang(const struct verdict_input *in, struct verdict *v)
{
	const struct classification *c = &in->cls;

	/* (a) */
	if (c->sig != SIG_NONE) {
		if (c->time_us != TIME_NONE &&
		    in->client.reconnect_us != TIME_NONE)
			v->detect_us = c->time_us - in->client.reconnect_us;
		if (c->sig == SIG_RECLAIM_COMMIT_DEADLOCK)
			return deadlock_witnesses(in, v);
		verdict_set(v, VERDICT_OTHER_HANG, 'a', "OTHER-HANG",
			    "%s (%s:%ld)%s%s", c->title, c->comm, c->pid,
			    c->near_miss[0] ? "; not the cycle: " : "",
			    c->near_miss);
		return true;
	}
	/* (b) */
	if (in->watchdog) {
		verdict_set(v, VERDICT_OTHER_HANG, 'b', "OTHER-HANG",
			    "no progress and no blocked-task report");
		return true;
	}
	return false;
}

bool rule_bug_path(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;
	char ts[32];

	if (!verdict_is_arm(in, "fixed") || !in->trace_read)
		return false;
	/* A hole in the scope shows even when that reclaim met no NFS folio */
	if (t->inject_fs_in_worker && !t->writeback_in_worker) {
		verdict_set(v, VERDICT_BUG_PATH, 'g', "BUG-PATH",
			    "fixed arm: %ld injected reclaim(s) with __GFP_FS inside a connect worker, first %s: that allocation is outside the NOFS scope",
			    t->inject_fs_in_worker, t->first_fs_inject);
		return true;
	}
	if (!t->writeback_in_worker)
		return false;
	verdict_set(v, VERDICT_BUG_PATH, 'g', "BUG-PATH",
		    "fixed arm took the bug path: %ld nfs_release_folio decision=writeback inside a connect worker (first at %s)",
		    t->writeback_in_worker,
		    format_time_us(t->first_writeback_us, ts, sizeof(ts)));
	return true;
}

bool rule_unexited(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (!in->trace_read || !t->workers_unexited)
		return false;
	verdict_set(v, VERDICT_WITNESS_DISAGREE, 'x', "WITNESS-DISAGREE",
		    "console says the run finished, trace says %ld connect worker(s) never exited: %s",
		    t->workers_unexited, t->first_unexited);
	return true;
}

bool rule_packets(const struct verdict_input *in, struct verdict *v)
{
	char check[512];
	const char *pkt;

	if (packets_unreadable(in, v))
		return true;
	pkt = packets_disagree(in, "PASS", check, sizeof(check));
	if (!pkt)
		return false;
	verdict_set(v, VERDICT_WITNESS_DISAGREE, 'n', "WITNESS-DISAGREE",
		    "console and trace say the run passed, packets say: %s", pkt);
	return true;
}
