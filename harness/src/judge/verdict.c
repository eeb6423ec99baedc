// SPDX-License-Identifier: GPL-2.0
/*
 * One run's verdict (verdict.h): the rule list of each mode, first match
 * wins; the rules the modes share are in verdict_rules.c.
 */
#include "verdict.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * Modes forced, natural and smoke, first match wins:
 *   (-) client console unreadable: ERROR
 *   (i) a console with two boots, a clock going back, a damaged or
 *       contradictory result line: NO-JUDGEMENT
 *   (d) a wrong or missing byte: DATA-LOSS
 *   (p) PANIC, (k) OOPS, (m) WRONG-RUN
 *   (u) this run's guest says the kernel lacks a knob and the run stopped
 *       there: SKIP (the run went on after it: NO-JUDGEMENT)
 *   (r) the trace or the server's summary not this run's: NO-JUDGEMENT
 *   (f) FLAGS-LEAK
 *   (w) the trace's heartbeat absent, gapped or stopped: NO-JUDGEMENT
 *   (j) natural mode with injected reclaims in the trace: WRONG-RUN
 *   (a) blocked-task report: DEADLOCK (witnesses agree; in natural mode
 *       the trace also shows the worker began direct reclaim),
 *       WITNESS-DISAGREE or OTHER-HANG; (b) watchdog without a report: OTHER-HANG
 *   (z) LOCKDEP-OFF, LOCK-LEAK
 *   (c) not done rc=0: ERROR
 *   (v) a summary or the writer's totals missing: NO-JUDGEMENT
 *   (g) fixed arm, writeback inside a connect worker: BUG-PATH
 *   (e) trace: natural mode needs direct reclaim begun inside a connect
 *       worker, and a fixed arm's skip there (else HAZARD-NOT-REACHED);
 *       fixed arm needs a skip (else NO-JUDGEMENT), control arm a
 *       writeback (else HAZARD-NOT-REACHED), stock arm (the kernel's own
 *       release, 6.12) any release decision in a connect worker (else
 *       HAZARD-NOT-REACHED); smoke needs none
 *   (x) a worker that never exited: WITNESS-DISAGREE
 *   (y) the fixed arm's story incomplete: NO-JUDGEMENT
 *   (n) packets: WITNESS-DISAGREE (a damaged packet summary: NO-JUDGEMENT)
 *   PASS
 */


void verdict_set(struct verdict *v, enum verdict_kind kind, char rule,
		 const char *text, const char *fmt, ...)
{
	va_list ap;

	v->kind = kind;
	v->rule = rule;
	snprintf(v->text, sizeof(v->text), "%s", text);
	va_start(ap, fmt);
	vsnprintf(v->reason, sizeof(v->reason), fmt, ap);
	va_end(ap);
}

bool verdict_run_rules(const verdict_rule *rules, size_t n,
		       const struct verdict_input *in, struct verdict *v)
{
	for (size_t i = 0; i < n; i++)
		if (rules[i](in, v))
			return true;
	return false;
}

#define ENUM_NAME(value, name) [value] = name,
static const char *const rule_set_names[] = { RULE_SETS(ENUM_NAME) };
static const char *const arm_role_names[] = { ARM_ROLES(ENUM_NAME) };
#undef ENUM_NAME

const char *rule_set_name(enum rule_set r)
{
	return enum_name(rule_set_names, ARRAY_SIZE(rule_set_names), r, "?");
}

const char *arm_role_name(enum arm_role r)
{
	return enum_name(arm_role_names, ARRAY_SIZE(arm_role_names), r, "?");
}

static int name_index(const char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return (int)i;
	return -1;
}

int rule_set_parse(const char *name)
{
	return name_index(rule_set_names, ARRAY_SIZE(rule_set_names), name);
}

int arm_role_parse(const char *name)
{
	return name_index(arm_role_names, ARRAY_SIZE(arm_role_names), name);
}

bool rule_done(const struct verdict_input *in, struct verdict *v)
{
	if (!in->client.done) {
		verdict_set(v, VERDICT_ERROR, 'c', "ERROR",
			    "no phase=done marker (last phase=%s%s%s)",
			    markers_last_phase(&in->client),
			    in->outcome ? "; the orchestrator saw: " : "",
			    in->outcome ? in->outcome : "");
		return true;
	}
	if (in->client.done_rc != 0) {
		verdict_set(v, VERDICT_ERROR, 'c', "ERROR", "phase=done rc=%ld",
			    in->client.done_rc);
		return true;
	}
	return false;
}

/* (e) what the trace must show in each arm of a reconnect scenario */
static bool rule_protection(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (in->rules == RULES_SMOKE)
		return false;
	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	/*
	 * A release decision in a connect worker is made by reclaim in that
	 * worker: a trace with the one and not the other contradicts itself
	 * (lines lost or forged), and says nothing about the hazard.
	 */
	if (t->skip_in_worker + t->writeback_in_worker + t->async_in_worker > 0 &&
	    (in->rules == RULES_RECONNECT_DIRECT ? t->reclaim_in_worker :
	     t->inject_in_worker + t->reclaim_in_worker) < 1) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'e', "NO-JUDGEMENT",
			    "the trace contradicts itself: %ld release decision(s) in a connect worker, but no reclaim inside one",
			    t->skip_in_worker + t->writeback_in_worker +
			    t->async_in_worker);
		return true;
	}
	/* Natural mode: the pressure must reach the reconnect itself. */
	if (in->rules == RULES_RECONNECT_DIRECT && t->reclaim_in_worker < 1) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'e',
			    "HAZARD-NOT-REACHED",
			    "natural mode: no connect worker entered direct reclaim (%ld page allocation(s) that may reclaim in one, %ld direct reclaims elsewhere)",
			    t->page_alloc_in_worker, t->direct_reclaim_begin);
		return true;
	}
	if (in->rules == RULES_RECONNECT_DIRECT && in->role == ROLE_FIXED &&
	    t->skip_in_worker < 1) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'e',
			    "HAZARD-NOT-REACHED",
			    "natural mode: %ld direct reclaim(s) in a connect worker, but none met an unstable folio (no nfs_release_folio skipped there)",
			    t->reclaim_in_worker);
		return true;
	}
	if (in->role == ROLE_FIXED && t->skip_in_worker < 1) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'e', "NO-JUDGEMENT",
			    "protection not exercised: no nfs_release_folio skipped inside a connect worker");
		return true;
	}
	if (in->role == ROLE_CONTROL && t->writeback_in_worker < 1) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'e',
			    "HAZARD-NOT-REACHED",
			    "no nfs_release_folio decision=writeback inside a connect worker");
		return true;
	}
	/* A kernel's own release (arm stock): it must have been reached. */
	if (in->role == ROLE_STOCK &&
	    t->async_in_worker + t->writeback_in_worker + t->skip_in_worker < 1) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'e',
			    "HAZARD-NOT-REACHED",
			    "no nfs_release_folio decision inside a connect worker");
		return true;
	}
	return false;
}

/*
 * (y) The fixed arm's PASS rests on its whole story, told by one worker
 * in order on the console's clock (trace_story): the reconnect began, a
 * connect worker entered, reclaim ran inside it (injected in forced mode,
 * direct in natural), it skipped an unstable folio after that, and it
 * exited with the flags it entered with.
 */
static bool rule_story(const struct verdict_input *in, struct verdict *v)
{
	const struct story *s = &in->story;

	if (in->role != ROLE_FIXED || in->rules == RULES_SMOKE)
		return false;
	if (in->client.reconnect_us == TIME_NONE) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'y', "NO-JUDGEMENT",
			    "the console has no phase=reconnect: the fixed arm's story has no start");
		return true;
	}
	if (s->step == STORY_EXITED)
		return false;
	verdict_set(v, VERDICT_NO_JUDGEMENT, 'y', "NO-JUDGEMENT",
		    "the fixed arm's story is incomplete: %s%s%s",
		    story_step_missing(s->step), s->worker[0] ? " (" : "",
		    s->worker[0] ? s->worker : "");
	if (s->worker[0])
		strncat(v->reason, ")", sizeof(v->reason) - strlen(v->reason) - 1);
	return true;
}

static void pass(const struct verdict_input *in, struct verdict *v)
{
	const struct markers *c = &in->client;

	if (in->rules == RULES_SMOKE) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "smoke: files=%ld bytes=%ld verified on client and server",
			    c->writer_files, c->writer_bytes);
	} else if (in->role == ROLE_FIXED && in->rules == RULES_RECONNECT_DIRECT) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "files=%ld bytes=%ld verified on client and server, memory pressure put a connect worker into direct reclaim %ld time(s), where it skipped %ld unstable folio(s)",
			    c->writer_files, c->writer_bytes,
			    in->trace.reclaim_in_worker,
			    in->trace.skip_in_worker);
	} else if (in->role == ROLE_FIXED) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "files=%ld bytes=%ld verified on client and server, %ld nfs_release_folio skips in a connect worker",
			    c->writer_files, c->writer_bytes,
			    in->trace.skip_in_worker);
	} else if (in->role == ROLE_STOCK) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "files=%ld bytes=%ld verified on client and server, the kernel's own release in a connect worker: %ld async_writeback, %ld writeback, %ld skip_nofs, no hang",
			    c->writer_files, c->writer_bytes,
			    in->trace.async_in_worker,
			    in->trace.writeback_in_worker,
			    in->trace.skip_in_worker);
	} else {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "files=%ld bytes=%ld verified on client and server, %ld writebacks in a connect worker did not deadlock",
			    c->writer_files, c->writer_bytes,
			    in->trace.writeback_in_worker);
	}
}

static const verdict_rule reconnect_rules[] = {
	rule_console_sound, rule_data_loss, rule_panic, rule_oops,
	rule_wrong_run, rule_missing_knob, rule_bound, rule_flags_leak, rule_witness_alive,
	rule_natural_uninjected, rule_hang, rule_kernel_locks, rule_done,
	rule_verify_complete, rule_bug_path, rule_protection, rule_unexited,
	rule_story, rule_packets,
};

void verdict_decide(const struct verdict_input *in, struct verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->detect_us = TIME_NONE;
	v->deadlock_us = TIME_NONE;

	if (!in->console_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR",
			    "cannot read client console");
		return;
	}
	if (in->rules == RULES_LOCKDEP) {
		verdict_decide_lockdep(in, v);
		return;
	}
	if (in->rules == RULES_SWAP) {
		verdict_decide_swap(in, v);
		return;
	}
	if (in->rules == RULES_CONNECT_ERROR) {
		verdict_decide_connect_error(in, v);
		return;
	}
	if (!verdict_run_rules(reconnect_rules, ARRAY_SIZE(reconnect_rules),
			       in, v))
		pass(in, v);
}

/*
 * The rule lists of modes lockdep and swap, first match wins (the letters
 * are those of verdict.c):
 *   lockdep: (i) (d) (p) (k) (m) (u) (r) (f) (w), (a) (b) hang, (c) done, (l) a lockdep
 *            report: LOCKDEP(reclaim-connect) or OTHER-LOCKDEP, (z) lockdep
 *            off or a leaked lock (after (l): the report switches lockdep
 *            off), (v) summaries, (g) bug path, (x) (n), PASS
 *   swap:    (i), (d) nfstb-swapfill's FAIL line: DATA-LOSS, (p) (k) (m) (u) (r) (f)
 *            (w), (a) (b) hang (a connect worker blocked in the
 *            allocator, with the trace and packets agreeing:
 *            DEADLOCK(swap-connect-starved)), (a) the same starvation
 *            ended by the OOM kill of nfstb-swapfill (trace, kill, packets:
 *            DEADLOCK(swap-connect-starved)), (o) nfstb-swapfill
 *            OOM-killed otherwise: OOM, naming who invoked the killer, (z), (c)
 *            done, (s) verified ok=1 and swap traffic both ways, (t) trace:
 *            in the fixed arm a connect worker with PF_MEMALLOC, (g) (x)
 *            (n), PASS
 */

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
	rule_console_sound, rule_data_loss, rule_panic, rule_oops,
	rule_wrong_run, rule_missing_knob, rule_bound, rule_flags_leak, rule_witness_alive,
	rule_hang, rule_done, rule_lockdep_report,
	rule_kernel_locks,
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

/*
 * A squeezed swap run (trigger swapsqueeze: its phase=squeeze line) is
 * about the connect worker taking a fresh page while free is below min.
 * A worker that made no page allocation that may reclaim and no direct
 * reclaim never needed one: a free slab object served its new socket, or
 * the slab's first, high-order attempt (reclaim and reserves both off,
 * so not in the trace's mm_page_alloc filter) found its pages above the
 * watermark. Then neither arm's survival says anything of PF_MEMALLOC.
 */
static bool swap_squeeze_missed(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (in->swap.squeeze_free < 0 || !t->page_alloc_events ||
	    t->page_alloc_in_worker > 0 || t->reclaim_in_worker > 0)
		return false;
	verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 't', "HAZARD-NOT-REACHED",
		    "squeezed from free_pages=%ld min_pages=%ld (min_free_kbytes=%s), but %ld connect worker(s) made no page allocation that may reclaim and no direct reclaim: the new socket needed no page below min",
		    in->swap.squeeze_free, in->swap.squeeze_min,
		    in->swap.squeeze_band[0] ? in->swap.squeeze_band : "not said",
		    t->worker_enter);
	return true;
}

static bool rule_swap_trace(const struct verdict_input *in, struct verdict *v)
{
	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (in->role != ROLE_FIXED)
		return swap_squeeze_missed(in, v);
	/* A worker of the swap transport without PF_MEMALLOC is a fact
	 * about the kernel; only no worker at all is the testbed's. */
	if (in->after.without_memalloc) {
		verdict_set(v, VERDICT_BUG_PATH, 't', "BUG-PATH",
			    "fixed arm: %ld of %ld connect worker(s) after the reconnect of the swap transport ran without PF_MEMALLOC, first %s",
			    in->after.without_memalloc, in->after.entered,
			    in->after.first_without);
		return true;
	}
	if (!in->after.entered) {
		verdict_set(v, VERDICT_ERROR, 't', "ERROR",
			    "no connect worker ran after the reconnect (no reconnect on the swap transport?)");
		return true;
	}
	return swap_squeeze_missed(in, v);
}

static bool rule_swap_oom(const struct verdict_input *in, struct verdict *v)
{
	if (!in->swap.oom)
		return false;
	verdict_set(v, VERDICT_OOM, 'o', "OOM",
		    "nfstb-swapfill OOM-killed: %s; the OOM killer was invoked by %s%s",
		    in->swap.oom_line,
		    in->swap.oom_invoker[0] ? in->swap.oom_invoker : "an unknown task",
		    in->swap.oom_by_connect_worker ?
		    ", a socket connect worker: its new socket found no memory" : "");
	return true;
}

/*
 * What let a swap run through its reconnect, from the evidence: whether a
 * connect worker had to reclaim, and where free memory stood against the
 * min watermark (below it only PF_MEMALLOC allocations succeed).
 */
static void swap_reconnect_memory(const struct verdict_input *in, char *out,
				  size_t len)
{
	const struct swap_facts *s = &in->swap;
	const struct trace_counts *t = &in->trace;
	int n;

	if (s->reconnect_free < 0 || s->reconnect_min < 0)
		n = snprintf(out, len, "; reconnect memory not logged");
	else
		n = snprintf(out, len,
			     "; at the reconnect free_pages=%ld min_pages=%ld (%s)",
			     s->reconnect_free, s->reconnect_min,
			     s->reconnect_free > s->reconnect_min ?
			     "above min" : "at or below min");
	if (n < 0 || (size_t)n >= len)
		return;
	/* "0 pages" is a claim only when workers ran and allocations were
	 * traced at all (the event and its filter exist on this kernel). */
	if (!t->worker_enter)
		snprintf(out + n, len - n, ", no connect worker in the trace");
	else if (!t->page_alloc_events && !t->reclaim_in_worker)
		snprintf(out + n, len - n,
			 ", page allocations not traced, no direct reclaim inside a connect worker");
	else if (t->reclaim_in_worker)
		snprintf(out + n, len - n,
			 ", %ld page(s) allocated and %ld direct reclaim(s) inside a connect worker, first %s",
			 t->page_alloc_in_worker, t->reclaim_in_worker,
			 t->first_reclaim_in_worker);
	else if (t->page_alloc_in_worker)
		snprintf(out + n, len - n,
			 ", %ld page(s) allocated inside a connect worker and no direct reclaim",
			 t->page_alloc_in_worker);
	else
		snprintf(out + n, len - n,
			 ", 0 pages allocated inside a connect worker and no direct reclaim (free slab objects served the new socket: no reserve needed)");
}

static const verdict_rule swap_rules[] = {
	rule_console_sound, rule_data_loss, rule_panic, rule_oops,
	rule_wrong_run, rule_missing_knob, rule_bound, rule_flags_leak, rule_witness_alive,
	rule_hang, rule_swap_starved_oom, rule_swap_oom, rule_kernel_locks,
	rule_done, rule_swapfill,
	rule_swap_trace, rule_bug_path, rule_unexited, rule_packets,
};

/*
 * connect-error: (q) the error path taken and handled: a connect worker
 * left through an error exit, the error reached the writer's fsync, the
 * retried fsync succeeded (the verify summaries then say the bytes are
 * on the server).
 */
static bool rule_error_path(const struct verdict_input *in,
			    struct verdict *v)
{
	const struct trace_counts *t = &in->trace;
	const struct markers *c = &in->client;

	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (!t->error_exits) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'q',
			    "HAZARD-NOT-REACHED",
			    "no connect worker left through an error exit (%ld exits, all connected or in progress): the fault never hit a connect",
			    t->worker_exit);
		return true;
	}
	/* An error the RPC layer retries must not reach the writer */
	if (!t->error_exits_fatal) {
		if (c->writer_fsync_errors) {
			verdict_set(v, VERDICT_WITNESS_DISAGREE, 'q',
				    "WITNESS-DISAGREE",
				    "every error exit has a status the RPC layer retries (first %s), but the writer's fsync failed: %s",
				    t->first_error_exit, c->writer_fsync_error);
			return true;
		}
		return false;
	}
	if (!c->writer_fsync_errors) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'q',
			    "HAZARD-NOT-REACHED",
			    "a connect worker left through an error exit the RPC layer does not retry (%ld of %ld, first %s), but no error reached the writer's fsync",
			    t->error_exits_fatal, t->error_exits,
			    t->first_error_exit);
		return true;
	}
	if (c->writer_retried < 1) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'q', "NO-JUDGEMENT",
			    "the writer saw an fsync error but its committed line has no retried=N of at least 1");
		return true;
	}
	return false;
}

static const verdict_rule connect_error_rules[] = {
	rule_console_sound, rule_data_loss, rule_panic, rule_oops,
	rule_wrong_run, rule_missing_knob, rule_bound, rule_flags_leak, rule_witness_alive,
	rule_hang, rule_kernel_locks, rule_done, rule_verify_complete,
	rule_bug_path, rule_unexited, rule_error_path, rule_packets,
};

void verdict_decide_connect_error(const struct verdict_input *in,
				  struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (verdict_run_rules(connect_error_rules,
			      ARRAY_SIZE(connect_error_rules), in, v))
		return;
	if (!t->error_exits_fatal) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "%ld connect worker error exit(s), first %s, all with a status the RPC layer retries: no error at the writer, its fsync committed once the fault was gone; files=%ld bytes=%ld verified on client and server; %ld of %ld exits restored the task flags, %ld socket(s) reused",
			    t->error_exits, t->first_error_exit,
			    in->client.writer_files, in->client.writer_bytes,
			    t->exits_checked, t->worker_exit, t->sockets_reused);
		return;
	}
	verdict_set(v, VERDICT_PASS, 'e', "PASS",
		    "%ld connect worker error exit(s), first %s; the error reached the writer (%s), %ld file(s) written again and committed; files=%ld bytes=%ld verified on client and server; %ld of %ld exits restored the task flags, %ld socket(s) reused",
		    t->error_exits, t->first_error_exit,
		    in->client.writer_fsync_error, in->client.writer_retried,
		    in->client.writer_files, in->client.writer_bytes,
		    t->exits_checked, t->worker_exit, t->sockets_reused);
}

void verdict_decide_swap(const struct verdict_input *in, struct verdict *v)
{
	const struct swap_facts *s = &in->swap;
	char memory[256];

	if (verdict_run_rules(swap_rules, ARRAY_SIZE(swap_rules), in, v))
		return;
	swap_reconnect_memory(in, memory, sizeof(memory));
	verdict_set(v, VERDICT_PASS, 'e', "PASS",
		    "swap verified: mb=%ld swapped_out_pages=%ld swapped_in_pages=%ld, %ld connect worker(s) with PF_MEMALLOC%s",
		    s->mb, s->out_pages, s->in_pages,
		    in->trace.memalloc_in_worker, memory);
}
