// SPDX-License-Identifier: GPL-2.0
/*
 * The rules the modes share (verdict.h), in three parts: the data
 * witnesses; what the kernel and the guest say about the run itself; and
 * the witnesses of a hang and of a pass beside the console.
 */
#include "verdict.h"
#include "packet_check.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/*
 * The data witnesses: every "nfstb-verify: summary" of the client and the
 * server against what the writer says it committed
 * ("nfstb-writer: committed files=N bytes=N").  A failed file, a manifest
 * the verifier found cut short, or a summary that verified other counts
 * than the writer's is a wrong or missing byte: DATA-LOSS.  A missing
 * summary is not: the run cannot be judged (NO-JUDGEMENT).
 */

/* Why one summary shows loss, or false. */
static bool summary_loss(const struct verify_summary *s, const char *side,
			 const struct markers *writer, char *why, size_t len)
{
	if (s->failed > 0) {
		snprintf(why, len, "%s verify failed=%ld of files=%ld", side,
			 s->failed, s->files);
		return true;
	}
	if (s->manifest_truncated) {
		snprintf(why, len, "%s verify found the manifest cut short (manifest=truncated, files=%ld)",
			 side, s->files);
		return true;
	}
	if (writer->writer_totals &&
	    (s->files != writer->writer_files || s->ok != writer->writer_files ||
	     s->bytes != writer->writer_bytes)) {
		snprintf(why, len, "%s verified files=%ld ok=%ld bytes=%ld, the writer committed files=%ld bytes=%ld",
			 side, s->files, s->ok, s->bytes, writer->writer_files,
			 writer->writer_bytes);
		return true;
	}
	return false;
}

static bool side_loss(const struct markers *m, const char *side,
		      const struct markers *writer, char *why, size_t len)
{
	/* Every summary: one that failed after eight good ones still counts. */
	for (size_t i = 0; i < m->nsummaries; i++)
		if (summary_loss(&m->summaries[i], side, writer, why, len))
			return true;
	return false;
}

static bool loss_why(const struct verdict_input *in, char *why, size_t len)
{
	return side_loss(&in->client, "client", &in->client, why, len) ||
	       (in->server_read &&
		side_loss(&in->server, "server", &in->client, why, len));
}

bool rule_data_loss(const struct verdict_input *in, struct verdict *v)
{
	char why[256];

	if (in->rules == RULES_SWAP) {
		if (!in->swap.fail)
			return false;
		verdict_set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS",
			    "nfstb-swapfill: %s", in->swap.fail_line);
		return true;
	}
	if (!loss_why(in, why, sizeof(why)))
		return false;
	verdict_set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS", "%s", why);
	return true;
}

bool rule_verify_complete(const struct verdict_input *in, struct verdict *v)
{
	if (!in->server_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR",
			    "cannot read server console");
		return true;
	}
	if (!in->client.nsummaries || !in->server.nsummaries) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'v', "NO-JUDGEMENT",
			    "%s verify summary missing",
			    in->client.nsummaries ? "server" : "client");
		return true;
	}
	if (!in->client.writer_totals) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'v', "NO-JUDGEMENT",
			    "no 'nfstb-writer: committed files= bytes=' line: what was written is unknown");
		return true;
	}
	return false;
}

enum data_state data_state(const struct verdict_input *in)
{
	char why[256];

	if (in->rules == RULES_SWAP)
		return swap_data_state(in);
	if (loss_why(in, why, sizeof(why)))
		return DATA_LOSS;
	if (!in->client.nsummaries || !in->server.nsummaries)
		return DATA_MISSING;
	return DATA_OK;
}

const char *data_state_name(enum data_state d)
{
	static const char *const names[] = {
		[DATA_OK] = "ok",
		[DATA_LOSS] = "loss",
	};

	return enum_name(names, ARRAY_SIZE(names), d, "missing");
}

/*
 * Rules on what the kernel and the guest say about the run itself: a
 * panic, an oops, a boot marker naming another run, a connect worker that
 * did not restore its task flags, lockdep switched off, a leaked lock.
 * Each makes the rest of the evidence untrustworthy, so each is a verdict
 * of its own, in every mode and arm.
 */

/* The verdict of a console line that alone decides the run ("" if none). */
static bool console_line(const char *line, struct verdict *v,
			 enum verdict_kind kind, char rule, const char *text)
{
	if (!line[0])
		return false;
	verdict_set(v, kind, rule, text, "client console: %s", line);
	return true;
}

bool rule_panic(const struct verdict_input *in, struct verdict *v)
{
	return console_line(in->kernel.first[COMPLAINT_PANIC], v,
			    VERDICT_PANIC, 'p', "PANIC");
}

/*
 * (k) Every complaint of the table's oops class; a lockdep report head
 * too, except in the rule set that judges lockdep reports (rule l).
 */
bool rule_oops(const struct verdict_input *in, struct verdict *v)
{
	const struct complaint_entry *e = in->kernel.entry[COMPLAINT_LOCKDEP];

	if (console_line(in->kernel.first[COMPLAINT_OOPS], v, VERDICT_OOPS,
			 'k', "OOPS"))
		return true;
	if (!e || (in->rules == RULES_LOCKDEP &&
		   (e->expected_in & EXPECTED_IN_LOCKDEP)))
		return false;
	return console_line(in->kernel.first[COMPLAINT_LOCKDEP], v,
			    VERDICT_OOPS, 'k', "OOPS");
}

/* One field of the boot marker against what is judged; true if it differs. */
static bool marker_differs(const char *key, const char *said,
			   const char *judged, struct verdict *v)
{
	if (!strcmp(said, judged))
		return false;
	if (!said[0])
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "boot marker has no %s= (judged %s=%s)", key, key,
			    judged);
	else
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "boot marker says %s=%s, judged %s=%s", key, said,
			    key, judged);
	return true;
}

bool rule_wrong_run(const struct verdict_input *in, struct verdict *v)
{
	const struct boot_marker *b = &in->client.booted;

	if (!b->seen) {
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "no 'nfstb: phase=booted' marker in the client console");
		return true;
	}
	if (!b->boot[0] || !b->nonce[0]) {
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "boot marker has no %s= (what every witness is tied to)",
			    b->boot[0] ? "nonce" : "boot");
		return true;
	}
	return marker_differs("scenario", b->scenario, in->scenario, v) ||
	       marker_differs("arm", b->arm, in->arm, v) ||
	       marker_differs("mode", b->mode, in->mode, v) ||
	       (in->seed && marker_differs("seed", b->seed, in->seed, v)) ||
	       (in->run && marker_differs("run", b->run, in->run, v)) ||
	       (in->nonce && marker_differs("nonce", b->nonce, in->nonce, v));
}

/*
 * (u) The cell cannot run on this tree: the guest init could not set one
 * of the arm's test switches or a fault-injection capability, and said so
 * ("nfstb: phase=error what=missing-knob knob=NAME").  Only that marker of
 * this run counts: the parser keeps it only after the console's boot
 * marker, which rule (m) has tied to this run's nonce and boot before this
 * rule runs.  The init sets knobs before its workload and arms the trigger
 * before the reconnect, and stops at the first one missing: so it is a
 * clean SKIP only when the run got no further than that, and stopped
 * there: no phase=reconnect, verify summary or writer commit anywhere, no
 * phase=done before the marker, and after it only "phase=done" with a
 * non-zero rc.  Anything else contradicts the marker: NO-JUDGEMENT, naming
 * what.  A hang report, the watchdog, or no phase=done at all is left to
 * the later rules (the run did not end as a skip ends).
 */
static bool knob_went_on(const struct markers *m, char *why, size_t len)
{
	char t[32];

	for (size_t i = 0; i < m->nphases; i++) {
		const struct phase_mark *p = &m->phases[i];

		if (i < m->missing_knob_phase && !strcmp(p->name, "done")) {
			snprintf(why, len, "phase=done at %s s, before it",
				 format_time_us(p->time_us, t, sizeof(t)));
			return true;
		}
		if (i > m->missing_knob_phase && strcmp(p->name, "done")) {
			snprintf(why, len, "phase=%s at %s s", p->name,
				 format_time_us(p->time_us, t, sizeof(t)));
			return true;
		}
	}
	if (m->reconnect_us != TIME_NONE) {
		snprintf(why, len, "phase=reconnect at %s s",
			 format_time_us(m->reconnect_us, t, sizeof(t)));
		return true;
	}
	if (m->done_rc == 0) {
		snprintf(why, len, "phase=done rc=0");
		return true;
	}
	if (m->nsummaries) {
		snprintf(why, len, "a verify summary at %s s",
			 format_time_us(m->summaries[0].time_us, t, sizeof(t)));
		return true;
	}
	if (m->writer_us != TIME_NONE) {
		snprintf(why, len, "the writer committed at %s s",
			 format_time_us(m->writer_us, t, sizeof(t)));
		return true;
	}
	return false;
}

bool rule_missing_knob(const struct verdict_input *in, struct verdict *v)
{
	const struct markers *m = &in->client;
	char why[128];

	if (!m->missing_knob[0])
		return false;
	if (in->cls.sig != SIG_NONE || in->kernel.first[COMPLAINT_HUNG_TASK][0] ||
	    in->watchdog || !m->done)
		return false;
	if (knob_went_on(m, why, sizeof(why))) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'u', "NO-JUDGEMENT",
			    "the guest says the kernel lacks %s, but the run went on: %s",
			    m->missing_knob, why);
		return true;
	}
	verdict_set(v, VERDICT_SKIP, 'u', "SKIP",
		    "the kernel lacks %s (the tree cannot run this cell)",
		    m->missing_knob);
	return true;
}

bool rule_flags_leak(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (!in->trace_read || (!t->exits_mismatched && !t->entries_dirty))
		return false;
	if (t->exits_mismatched)
		verdict_set(v, VERDICT_FLAGS_LEAK, 'f', "FLAGS-LEAK",
			    "%ld of %ld connect worker exits did not restore the task flags: %s",
			    t->exits_mismatched, t->exits_checked,
			    t->first_mismatch);
	else
		verdict_set(v, VERDICT_FLAGS_LEAK, 'f', "FLAGS-LEAK",
			    "%ld connect worker(s) started in a kworker that already had a scope set: %s (an earlier work item never left its scope)",
			    t->entries_dirty, t->first_dirty_entry);
	return true;
}

/*
 * (j) Natural mode has no trigger: an injected reclaim in its trace means
 * the forced one was armed, and the run is not what it says it is.
 */
bool rule_natural_uninjected(const struct verdict_input *in, struct verdict *v)
{
	if (in->rules != RULES_RECONNECT_DIRECT || !in->trace_read ||
	    !in->trace.inject_reclaim)
		return false;
	verdict_set(v, VERDICT_WRONG_RUN, 'j', "WRONG-RUN",
		    "natural mode, but the trace has %ld injected reclaim(s) (mm_vmscan_reclaim_inject): a trigger was armed",
		    in->trace.inject_reclaim);
	return true;
}

bool rule_kernel_locks(const struct verdict_input *in, struct verdict *v)
{
	const char *off = in->kernel.first[COMPLAINT_LOCKDEP_OFF];
	const char *leak = in->kernel.first[COMPLAINT_LOCK_LEAK];

	if (off[0]) {
		verdict_set(v, VERDICT_LOCKDEP_OFF, 'z', "LOCKDEP-OFF",
			    "lockdep switched itself off: %s", off);
		return true;
	}
	if (leak[0]) {
		verdict_set(v, VERDICT_LOCK_LEAK, 'z', "LOCK-LEAK",
			    "client console: %s", leak);
		return true;
	}
	return false;
}

/*
 * The witnesses of a hang and of a pass beside the console: the trace and
 * the packets.  DEADLOCK needs all three to tell the same story (the stack:
 * a connect worker in direct reclaim waiting on a COMMIT; the trace: that
 * worker's writeback decision, with no nfs_release_folio_done and no
 * xs_connect_worker_exit after it; over TCP the packets: no reconnect SYN
 * and no COMMIT after the close).  When they do not, the run is
 * WITNESS-DISAGREE, naming who said what.
 */

#define DEADLOCK_TEXT "DEADLOCK(reclaim-commit-deadlock)"

/* The packet check's reason when it disagrees with @verdict, else NULL. */
static const char *packets_disagree(const struct verdict_input *in,
				    const char *verdict, char *out, size_t len)
{
	const char *prefix = "packet_check=disagree reason=";

	if (!in->pcap_given)
		return NULL;
	packet_check(in->pcap_summary, verdict, in->capture_tcp_flags, out, len);
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

/* Did the run go on after the dump that says it hung?  Why, or false. */
static bool went_on_after(const struct markers *m, int64_t dump_us,
			  char *why, size_t len)
{
	char t[32];

	if (m->done && m->done_us != TIME_NONE && m->done_us > dump_us) {
		snprintf(why, len, "phase=done rc=%ld at %s s", m->done_rc,
			 format_time_us(m->done_us, t, sizeof(t)));
		return true;
	}
	for (size_t i = 0; i < m->nsummaries; i++)
		if (m->summaries[i].time_us > dump_us) {
			snprintf(why, len, "a verify summary at %s s",
				 format_time_us(m->summaries[i].time_us, t,
						sizeof(t)));
			return true;
		}
	if (m->writer_us != TIME_NONE && m->writer_us > dump_us) {
		snprintf(why, len, "the writer committed at %s s",
			 format_time_us(m->writer_us, t, sizeof(t)));
		return true;
	}
	return false;
}

/*
 * The deadlock's story on one clock: the reconnect began, then the
 * blocked worker decided to write a folio back, then the dump showed it
 * blocked, and nothing after the dump says the run went on.
 */
/* Did either guest go on after the hang's first dump?  Says how. */
static bool run_went_on(const struct verdict_input *in, char *why, size_t len)
{
	char a[32];

	if (went_on_after(&in->client, in->cls.first_hang_us, a, sizeof(a)) ||
	    went_on_after(&in->server, in->cls.first_hang_us, a, sizeof(a))) {
		snprintf(why, len, "the run went on after the dump: %s", a);
		return true;
	}
	return false;
}

static bool deadlock_out_of_order(const struct verdict_input *in, char *why,
				  size_t len)
{
	const struct classification *c = &in->cls;
	int64_t wb = in->witness.writeback_us, r = in->client.reconnect_us;
	char a[32], b[32];

	if (r == TIME_NONE) {
		snprintf(why, len, "no phase=reconnect on the console");
		return true;
	}
	if (wb < r) {
		snprintf(why, len, "the writeback decision at %s s came before the reconnect at %s s",
			 format_time_us(wb, a, sizeof(a)),
			 format_time_us(r, b, sizeof(b)));
		return true;
	}
	if (c->time_us == TIME_NONE || c->time_us <= wb) {
		snprintf(why, len, "the dump at %s s came before the writeback decision at %s s",
			 format_time_us(c->time_us, a, sizeof(a)),
			 format_time_us(wb, b, sizeof(b)));
		return true;
	}
	return run_went_on(in, why, len);
}

/*
 * Does the named hang's task stand for one task in both witnesses?  No:
 * a trace that cannot be read, two blocked tasks under its pid, or the
 * trace naming that pid another task.  Every named hang asks this first.
 */
static bool hang_task_unbound(const struct verdict_input *in,
			      struct verdict *v)
{
	const struct classification *c = &in->cls;

	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (c->pid_shared[0]) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'a', "NO-JUDGEMENT",
			    "two blocked tasks with pid %ld (%s and %s): the stack cannot name its task",
			    c->pid, c->comm, c->pid_shared);
		return true;
	}
	if (in->witness.comm_differs) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says pid %ld is %s, trace says pid %ld is %s",
			    c->pid, c->comm, c->pid, in->witness.other_comm);
		return true;
	}
	return false;
}

static bool deadlock_witnesses(const struct verdict_input *in,
			       struct verdict *v)
{
	const struct classification *c = &in->cls;
	char why[256], check[512];
	const char *pkt;

	if (hang_task_unbound(in, v))
		return true;
	if (trace_disagrees(in, why, sizeof(why))) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says %s:%ld is blocked in %s under reclaim in %s, trace says %s",
			    c->comm, c->pid, c->wait, c->worker, why);
		return true;
	}
	/*
	 * Trace and printk share the guest's clock: the latency from
	 * the worker's blocking event (its writeback decision) to the stack
	 * that confirms it is the detection time, not the reconnect's.
	 */
	if (deadlock_out_of_order(in, why, sizeof(why))) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says %s:%ld is blocked in %s, but %s",
			    c->comm, c->pid, c->wait, why);
		return true;
	}
	v->detect_us = c->time_us - in->witness.writeback_us;
	/* Natural mode: the memory pressure, not a trigger, must have put
	 * that worker into reclaim. */
	if (in->rules == RULES_RECONNECT_DIRECT && !in->witness.reclaim) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says %s:%ld is blocked in %s under reclaim in %s, trace says pid %ld began no direct reclaim inside its connect worker",
			    c->comm, c->pid, c->wait, c->worker, in->witness.pid);
		return true;
	}
	/* How long the reconnect ran before it hung (the order is checked). */
	v->deadlock_us = in->witness.writeback_us - in->client.reconnect_us;
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

/*
 * Swap over NFS: a connect worker starved creating the socket swap-out
 * waits for.  Without PF_MEMALLOC its allocation, below the min
 * watermark, can only enter direct reclaim, which with GFP_NOFS may not
 * write to a swap file over NFS: it frees nothing, and the allocator
 * neither fails nor calls the OOM killer for it, so the worker loops.
 * The witnesses: the stack (the worker blocked in the allocator, in
 * every SysRq-W sample it shows in), the trace (that worker entered
 * without PF_MEMALLOC, began direct reclaim inside its connect, no round
 * freed a page, and it never exited) and, over TCP, the packets (the
 * close with no reconnect SYN).
 */
#define SWAP_STARVED_TEXT "DEADLOCK(swap-connect-starved)"
/*
 * "Repeated direct reclaim that frees nothing": the worker's last rounds,
 * at least this many one after the other, freed 0 pages (an early round
 * may still free the odd clean page; real starved workers ran 252 to
 * 1,677 rounds).
 */
#define STARVED_EMPTY_ROUNDS 8

static bool swap_starved_trace_disagrees(const struct worker_witness *w,
					 char *why, size_t len)
{
	char t[32];

	if (!w->entered)
		snprintf(why, len, "no xs_connect_worker_enter by pid %ld", w->pid);
	else if (flags_has(w->enter_flags, "MEMALLOC"))
		snprintf(why, len, "its connect worker ran with PF_MEMALLOC (flags=%s)",
			 w->enter_flags);
	else if (!w->reclaim_rounds)
		snprintf(why, len, "no direct reclaim by pid %ld inside its connect worker",
			 w->pid);
	else if (w->reclaim_empty_tail < STARVED_EMPTY_ROUNDS)
		snprintf(why, len, "only its last %ld of %ld direct reclaim round(s) freed nothing (%ld page(s) freed in all), fewer than %d",
			 w->reclaim_empty_tail, w->reclaim_ends, w->reclaimed_pages,
			 STARVED_EMPTY_ROUNDS);
	else if (w->exited_after_reclaim)
		snprintf(why, len, "xs_connect_worker_exit by pid %ld at %s",
			 w->pid, format_time_us(w->reclaim_exit_us, t, sizeof(t)));
	else
		return false;
	return true;
}

/* The starvation's order: reconnect, then reclaim, then the dumps, and
 * nothing of the run after them. */
static bool starved_out_of_order(const struct verdict_input *in, char *why,
				 size_t len)
{
	const struct classification *c = &in->cls;
	int64_t rc = in->witness.first_reclaim_us, r = in->client.reconnect_us;
	char a[32], b[32];

	if (r == TIME_NONE) {
		snprintf(why, len, "no phase=reconnect on the console");
		return true;
	}
	if (rc < r) {
		snprintf(why, len, "its direct reclaim at %s s began before the reconnect at %s s",
			 format_time_us(rc, a, sizeof(a)), format_time_us(r, b, sizeof(b)));
		return true;
	}
	if (c->time_us == TIME_NONE || c->time_us <= rc) {
		snprintf(why, len, "the dump at %s s came before its direct reclaim at %s s",
			 format_time_us(c->time_us, a, sizeof(a)),
			 format_time_us(rc, b, sizeof(b)));
		return true;
	}
	return run_went_on(in, why, len);
}

static bool swap_starved_witnesses(const struct verdict_input *in,
				   struct verdict *v)
{
	const struct classification *c = &in->cls;
	const struct worker_witness *w = &in->witness;
	char why[256], check[512], t1[32], t2[32];
	const char *pkt;

	if (hang_task_unbound(in, v))
		return true;
	if (swap_starved_trace_disagrees(w, why, sizeof(why))) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says %s:%ld is blocked in %s in %s, trace says %s",
			    c->comm, c->pid, c->wait, c->worker, why);
		return true;
	}
	if (starved_out_of_order(in, why, sizeof(why))) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack says %s:%ld is blocked in %s, but %s",
			    c->comm, c->pid, c->wait, why);
		return true;
	}
	v->detect_us = c->time_us - w->first_reclaim_us;
	v->deadlock_us = w->first_reclaim_us - in->client.reconnect_us;
	if (packets_unreadable(in, v))
		return true;
	pkt = packets_disagree(in, SWAP_STARVED_TEXT, check, sizeof(check));
	if (pkt) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "stack and trace say %s:%ld starved in its connect, packets say: %s",
			    c->comm, c->pid, pkt);
		return true;
	}
	verdict_set(v, VERDICT_DEADLOCK, 'a', SWAP_STARVED_TEXT,
		    "%s (%s:%ld, flags=%s), blocked in %zu of %zu SysRq-W sample(s); %ld direct reclaim round(s) from %s to %s, the last %ld freed 0 pages (%ld in all); squeeze from free_pages=%ld min_pages=%ld, min_free_kbytes=%s",
		    c->title, c->comm, c->pid, w->enter_flags, c->samples_matched,
		    c->dumps, w->reclaim_rounds,
		    format_time_us(w->first_reclaim_us, t1, sizeof(t1)),
		    format_time_us(w->last_reclaim_us, t2, sizeof(t2)),
		    w->reclaim_empty_tail, w->reclaimed_pages,
		    in->swap.squeeze_free, in->swap.squeeze_min,
		    in->swap.squeeze_band[0] ? in->swap.squeeze_band : "not said");
	return true;
}

/*
 * The same starvation ended by the OOM killer: a task that could run
 * the OOM killer (the filler's fault, the init shell's fork) killed the
 * filler, and the memory that freed let the worker through.  No SysRq
 * sample exists (nothing hung); the witnesses are the trace (the first
 * worker after the reconnect entered without PF_MEMALLOC, began direct
 * reclaim before the kill, its rounds freed nothing, it exited only after
 * the kill), the console (the kill and its time) and, over TCP, the
 * packets (the close, then the reconnect SYN the kill allowed).  Which
 * of the two the wire saw first is not judged (docs/evidence.md: the
 * packet clock is not ordered against the console's).  Any part missing:
 * the rule does not apply, and the kill is judged as an OOM.
 */
bool rule_swap_starved_oom(const struct verdict_input *in, struct verdict *v)
{
	const struct worker_witness *w = &in->starved;
	const struct swap_facts *s = &in->swap;
	char check[512], t1[32], t2[32], t3[32];
	const char *pkt;

	if (in->rules != RULES_SWAP || !s->oom || s->oom_us == TIME_NONE ||
	    !w->entered || flags_has(w->enter_flags, "MEMALLOC") ||
	    w->first_reclaim_us >= s->oom_us ||
	    w->reclaim_empty_tail < STARVED_EMPTY_ROUNDS ||
	    (w->exited_after_reclaim && w->reclaim_exit_us < s->oom_us))
		return false;
	if (packets_unreadable(in, v))
		return true;
	pkt = packets_disagree(in, "PASS", check, sizeof(check));
	if (pkt) {
		verdict_set(v, VERDICT_WITNESS_DISAGREE, 'a', "WITNESS-DISAGREE",
			    "trace says %s-%ld starved in its connect until the OOM kill, packets say: %s",
			    w->comm, w->pid, pkt);
		return true;
	}
	verdict_set(v, VERDICT_DEADLOCK, 'a', SWAP_STARVED_TEXT,
		    "%s-%ld (flags=%s) starved in its connect: %ld direct reclaim round(s) from %s, the last %ld of them freeing 0 pages, until the OOM kill of nfstb-swapfill at %s (invoked by %s); it %s%s; squeeze from free_pages=%ld min_pages=%ld, min_free_kbytes=%s",
		    w->comm, w->pid, w->enter_flags, w->reclaim_rounds,
		    format_time_us(w->first_reclaim_us, t1, sizeof(t1)),
		    w->reclaim_empty_tail,
		    format_time_us(s->oom_us, t2, sizeof(t2)),
		    s->oom_invoker[0] ? s->oom_invoker : "an unknown task",
		    w->exited_after_reclaim ? "exited at " : "never exited",
		    w->exited_after_reclaim ?
		    format_time_us(w->reclaim_exit_us, t3, sizeof(t3)) : "",
		    s->squeeze_free, s->squeeze_min,
		    s->squeeze_band[0] ? s->squeeze_band : "not said");
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
		if (c->sig == SIG_CONNECT_ALLOC_STALL &&
		    in->rules == RULES_SWAP)
			return swap_starved_witnesses(in, v);
		verdict_set(v, VERDICT_OTHER_HANG, 'a', "OTHER-HANG",
			    "%s (%s:%ld)%s%s", c->title, c->comm, c->pid,
			    c->near_miss[0] ? "; not the cycle: " : "",
			    c->near_miss);
		return true;
	}
	/* a hung-task report in a record the stack parser could not read */
	if (in->kernel.first[COMPLAINT_HUNG_TASK][0]) {
		verdict_set(v, VERDICT_OTHER_HANG, 'a', "OTHER-HANG",
			    "client console: %s",
			    in->kernel.first[COMPLAINT_HUNG_TASK]);
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

	if (in->role != ROLE_FIXED || !in->trace_read)
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
