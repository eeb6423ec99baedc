// SPDX-License-Identifier: GPL-2.0
/*
 * Modes forced, natural and smoke, first match wins:
 *   (-) client console unreadable: ERROR
 *   (d) a wrong or missing byte: DATA-LOSS
 *   (p) PANIC, (k) OOPS, (m) WRONG-RUN, (f) FLAGS-LEAK
 *   (a) blocked-task report: DEADLOCK (witnesses agree), WITNESS-DISAGREE
 *       or OTHER-HANG; (b) watchdog without a report: OTHER-HANG
 *   (z) LOCKDEP-OFF, LOCK-LEAK
 *   (c) not done rc=0: ERROR
 *   (v) a summary or the writer's totals missing: NO-JUDGEMENT
 *   (g) fixed arm, writeback inside a connect worker: BUG-PATH
 *   (e) trace: fixed arm needs a skip (else NO-JUDGEMENT), control arm a
 *       writeback (else HAZARD-NOT-REACHED); smoke needs neither
 *   (x) a worker that never exited, (n) packets: WITNESS-DISAGREE
 *   PASS
 */
#include "verdict.h"
#include "util.h"
#include "verdict_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const plain_names[] = {
	"PASS", "OTHER-HANG", "DATA-LOSS", "ERROR", "OTHER-LOCKDEP", "OOM",
	"PANIC", "OOPS", "WRONG-RUN", "FLAGS-LEAK", "WITNESS-DISAGREE",
	"LOCKDEP-OFF", "LOCK-LEAK", "BUG-PATH", "NO-JUDGEMENT",
	"HAZARD-NOT-REACHED",
};

/* "NAME(x)" with something inside the parentheses */
static bool is_call(const char *v, const char *name)
{
	size_t n = strlen(v), k = strlen(name);

	return starts_with(v, name) && v[k] == '(' && n > k + 2 &&
	       v[n - 1] == ')';
}

bool verdict_text_valid(const char *text)
{
	for (size_t i = 0; i < ARRAY_SIZE(plain_names); i++)
		if (!strcmp(text, plain_names[i]))
			return true;
	return is_call(text, "DEADLOCK") || is_call(text, "LOCKDEP");
}

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

bool verdict_is_smoke(const struct verdict_input *in)
{
	return !strcmp(in->mode, "smoke");
}

bool verdict_is_mode(const struct verdict_input *in, const char *mode)
{
	return !strcmp(in->mode, mode);
}

bool verdict_is_arm(const struct verdict_input *in, const char *arm)
{
	return !strcmp(in->arm, arm);
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

	if (verdict_is_smoke(in))
		return false;
	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (verdict_is_arm(in, "fixed") && t->skip_in_worker < 1) {
		verdict_set(v, VERDICT_NO_JUDGEMENT, 'e', "NO-JUDGEMENT",
			    "protection not exercised: no nfs_release_folio skipped inside a connect worker");
		return true;
	}
	if (verdict_is_arm(in, "control") && t->writeback_in_worker < 1) {
		verdict_set(v, VERDICT_HAZARD_NOT_REACHED, 'e',
			    "HAZARD-NOT-REACHED",
			    "no nfs_release_folio decision=writeback inside a connect worker");
		return true;
	}
	return false;
}

static void pass(const struct verdict_input *in, struct verdict *v)
{
	const struct markers *c = &in->client;

	if (verdict_is_smoke(in)) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "smoke: files=%ld bytes=%ld verified on client and server",
			    c->writer_files, c->writer_bytes);
	} else if (verdict_is_arm(in, "fixed")) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "files=%ld bytes=%ld verified on client and server, %ld nfs_release_folio skips in a connect worker",
			    c->writer_files, c->writer_bytes,
			    in->trace.skip_in_worker);
	} else {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "files=%ld bytes=%ld verified on client and server, %ld writebacks in a connect worker did not deadlock",
			    c->writer_files, c->writer_bytes,
			    in->trace.writeback_in_worker);
	}
}

static const verdict_rule reconnect_rules[] = {
	rule_data_loss, rule_panic, rule_oops, rule_wrong_run, rule_flags_leak,
	rule_hang, rule_kernel_locks, rule_done, rule_verify_complete,
	rule_bug_path, rule_protection, rule_unexited, rule_packets,
};

void verdict_decide(const struct verdict_input *in, struct verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->detect_us = TIME_NONE;

	if (!in->console_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR",
			    "cannot read client console");
		return;
	}
	if (verdict_is_mode(in, "lockdep")) {
		verdict_decide_lockdep(in, v);
		return;
	}
	if (verdict_is_mode(in, "swap")) {
		verdict_decide_swap(in, v);
		return;
	}
	if (!verdict_run_rules(reconnect_rules, ARRAY_SIZE(reconnect_rules),
			       in, v))
		pass(in, v);
}
