// SPDX-License-Identifier: GPL-2.0
#include "verdict.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void set(struct verdict *v, enum verdict_kind kind, char rule,
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

void verdict_decide(const struct verdict_input *in, struct verdict *v)
{
	const struct classification *c = &in->cls;
	char why[128], text[64];

	memset(v, 0, sizeof(*v));
	v->detect_us = TIME_NONE;

	if (!in->console_read) {
		set(v, VERDICT_ERROR, '-', "ERROR", "cannot read client console");
		return;
	}
	/* (a) */
	if (c->sig != SIG_NONE) {
		if (c->time_us != TIME_NONE &&
		    in->client.reconnect_us != TIME_NONE)
			v->detect_us = c->time_us - in->client.reconnect_us;
		if (c->sig == SIG_RECLAIM_COMMIT_DEADLOCK) {
			snprintf(text, sizeof(text), "DEADLOCK(%s)",
				 signature_name(c->sig));
			set(v, VERDICT_DEADLOCK, 'a', text, "%s", c->title);
		} else {
			set(v, VERDICT_OTHER_HANG, 'a', "OTHER-HANG",
			    "%s (%s:%ld)", c->title, c->comm, c->pid);
		}
		return;
	}
	/* (b) */
	if (in->watchdog) {
		set(v, VERDICT_OTHER_HANG, 'b', "OTHER-HANG",
		    "no progress and no blocked-task report");
		return;
	}
	/* (c) */
	if (!in->client.done) {
		set(v, VERDICT_ERROR, 'c', "ERROR",
		    "no phase=done marker (last phase=%s)",
		    markers_last_phase(&in->client));
		return;
	}
	if (in->client.done_rc != 0) {
		set(v, VERDICT_ERROR, 'c', "ERROR", "phase=done rc=%ld",
		    in->client.done_rc);
		return;
	}
	/* (d) */
	if (!in->server_read) {
		set(v, VERDICT_ERROR, '-', "ERROR", "cannot read server console");
		return;
	}
	if (data_state_why(in, why, sizeof(why)) != DATA_OK) {
		set(v, VERDICT_DATA_LOSS, 'd', "DATA-LOSS", "%s", why);
		return;
	}
	/*
	 * (e) A smoke run (--arm - --mode smoke) has no reconnect and no
	 * protection to prove: done and verified is a pass.
	 */
	if (verdict_is_smoke(in)) {
		set(v, VERDICT_PASS, 'e', "PASS", "smoke: data verified");
		return;
	}
	if (!in->trace_read) {
		set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return;
	}
	if (in->trace.skip_in_worker >= 1) {
		set(v, VERDICT_PASS, 'e', "PASS",
		    "data verified, %ld nfs_release_folio skips in a connect worker",
		    in->trace.skip_in_worker);
		return;
	}
	set(v, VERDICT_ERROR, 'e', "ERROR",
	    "protection not exercised: no nfs_release_folio skipped inside a connect worker");
}
