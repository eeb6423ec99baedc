// SPDX-License-Identifier: GPL-2.0
#include "verdict.h"
#include "util.h"
#include "verdict_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* Worst state of one console's summaries, with a reason if not ok. */
static enum data_state side_state(const struct markers *m, const char *side,
				  char *why, size_t len)
{
	if (!m->nsummaries) {
		snprintf(why, len, "%s verify summary missing", side);
		return DATA_MISSING;
	}
	for (size_t i = 0; i < m->nsummaries; i++) {
		const struct verify_summary *s = &m->summaries[i];

		if (s->failed > 0) {
			snprintf(why, len, "%s verify failed=%ld of files=%ld",
				 side, s->failed, s->files);
			return DATA_LOSS;
		}
	}
	return DATA_OK;
}

static enum data_state data_state_why(const struct verdict_input *in,
				      char *why, size_t len)
{
	char cwhy[128], swhy[128];
	enum data_state c = side_state(&in->client, "client", cwhy, sizeof(cwhy));
	enum data_state s = side_state(&in->server, "server", swhy, sizeof(swhy));

	/* Loss outranks missing: a failed byte is worse than no answer. */
	if (c == DATA_LOSS || (c == DATA_MISSING && s != DATA_LOSS)) {
		snprintf(why, len, "%s", cwhy);
		return c;
	}
	if (s != DATA_OK) {
		snprintf(why, len, "%s", swhy);
		return s;
	}
	snprintf(why, len, "data verified");
	return DATA_OK;
}

enum data_state data_state(const struct verdict_input *in)
{
	char why[128];

	if (verdict_is_mode(in, "swap"))
		return swap_data_state(in);
	return data_state_why(in, why, sizeof(why));
}

const char *data_state_name(enum data_state d)
{
	switch (d) {
	case DATA_OK:
		return "ok";
	case DATA_LOSS:
		return "loss";
	default:
		return "missing";
	}
}

bool verdict_is_smoke(const struct verdict_input *in)
{
	return !strcmp(in->mode, "smoke");
}

bool verdict_is_mode(const struct verdict_input *in, const char *mode)
{
	return !strcmp(in->mode, mode);
}

bool rule_hang(const struct verdict_input *in, struct verdict *v)
{
	const struct classification *c = &in->cls;
	char text[64];

	/* (a) */
	if (c->sig != SIG_NONE) {
		if (c->time_us != TIME_NONE &&
		    in->client.reconnect_us != TIME_NONE)
			v->detect_us = c->time_us - in->client.reconnect_us;
		if (c->sig == SIG_RECLAIM_COMMIT_DEADLOCK) {
			snprintf(text, sizeof(text), "DEADLOCK(%s)",
				 signature_name(c->sig));
			verdict_set(v, VERDICT_DEADLOCK, 'a', text, "%s",
				    c->title);
		} else {
			verdict_set(v, VERDICT_OTHER_HANG, 'a', "OTHER-HANG",
				    "%s (%s:%ld)", c->title, c->comm, c->pid);
		}
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

bool rule_done(const struct verdict_input *in, struct verdict *v)
{
	if (!in->client.done) {
		verdict_set(v, VERDICT_ERROR, 'c', "ERROR",
			    "no phase=done marker (last phase=%s)",
			    markers_last_phase(&in->client));
		return true;
	}
	if (in->client.done_rc != 0) {
		verdict_set(v, VERDICT_ERROR, 'c', "ERROR", "phase=done rc=%ld",
			    in->client.done_rc);
		return true;
	}
	return false;
}

bool rule_verify(const struct verdict_input *in, struct verdict *v)
{
	char why[128];

	if (!in->server_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR",
			    "cannot read server console");
		return true;
	}
	if (data_state_why(in, why, sizeof(why)) != DATA_OK) {
		verdict_set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS", "%s", why);
		return true;
	}
	return false;
}

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
	if (rule_hang(in, v) || rule_done(in, v) || rule_verify(in, v))
		return;
	/*
	 * (e) A smoke run (--arm - --mode smoke) has no reconnect and no
	 * protection to prove: done and verified is a pass.
	 */
	if (verdict_is_smoke(in)) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS", "smoke: data verified");
		return;
	}
	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return;
	}
	if (in->trace.skip_in_worker >= 1) {
		verdict_set(v, VERDICT_PASS, 'e', "PASS",
			    "data verified, %ld nfs_release_folio skips in a connect worker",
			    in->trace.skip_in_worker);
		return;
	}
	verdict_set(v, VERDICT_ERROR, 'e', "ERROR",
		    "protection not exercised: no nfs_release_folio skipped inside a connect worker");
}
