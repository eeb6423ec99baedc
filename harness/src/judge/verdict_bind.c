// SPDX-License-Identifier: GPL-2.0
/*
 * The rules on the evidence itself (verdict.h): is each witness whole,
 * and is it this run's?  A console holds one boot whose printk clock
 * does not go back, and result lines that are whole and agree with each
 * other; the trace opens with the run's own record (run, seed, boot id),
 * runs on the console's clock and beats its heartbeat from the start of
 * tracing to the console's end; the server names the run it verified;
 * the packet summary is complete, its keys once each, for the run's
 * transport, from a capture that dropped nothing.  Evidence that fails
 * any of this judges nothing: NO-JUDGEMENT, naming what is wrong.
 */
#include "packet_check.h"
#include "verdict.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool no_judgement(struct verdict *v, char rule, const char *why)
{
	verdict_set(v, VERDICT_NO_JUDGEMENT, rule, "NO-JUDGEMENT", "%s", why);
	return true;
}

/* The facts of one console that make it unusable, or NULL. */
static const char *console_damage(const struct markers *m, const char *side,
				  char *why, size_t len)
{
	bool loss_said = false;

	if (m->banners > 1) {
		snprintf(why, len, "%s console holds %ld boots (Linux version banners): one console, one boot",
			 side, m->banners);
		return why;
	}
	if (m->time_back_us > PRINTK_BACK_SLACK_US) {
		snprintf(why, len, "%s console's printk time goes back by more than %d ms (%s)",
			 side, PRINTK_BACK_SLACK_US / 1000, m->time_back_at);
		return why;
	}
	if (m->malformed_summaries) {
		snprintf(why, len, "%s verify summary damaged (%s)", side,
			 m->malformed_summary);
		return why;
	}
	for (size_t i = 0; i < m->nsummaries; i++)
		loss_said |= m->summaries[i].failed > 0 ||
			     m->summaries[i].manifest_truncated;
	if (m->verify_fail_lines && !loss_said) {
		snprintf(why, len, "%s console has %ld 'nfstb-verify: FAIL' line(s) (%s), but every summary says failed=0",
			 side, m->verify_fail_lines, m->verify_fail);
		return why;
	}
	if (m->writer_totals &&
	    (m->writer_files < 1 || m->writer_bytes < 1)) {
		snprintf(why, len, "%s writer committed files=%ld bytes=%ld: nothing to verify",
			 side, m->writer_files, m->writer_bytes);
		return why;
	}
	return NULL;
}

/* (i) each console whole: one boot, a clock that does not go back, result
 * lines that are whole and agree. */
bool rule_console_sound(const struct verdict_input *in, struct verdict *v)
{
	char why[400];

	if (console_damage(&in->client, "client", why, sizeof(why)) ||
	    (in->server_read &&
	     console_damage(&in->server, "server", why, sizeof(why))))
		return no_judgement(v, 'i', why);
	return false;
}

/* (r) the trace and the server's summaries are this run's. */
bool rule_bound(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;
	const struct boot_marker *b = &in->client.booted;
	char why[1024], a[32], c[32];

	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (!t->run_records)
		return no_judgement(v, 'r', "the trace has no 'nfstb-run' record: it cannot be tied to this run");
	if (t->run_records > 1 || !t->run_record_first)
		return no_judgement(v, 'r', "the trace's 'nfstb-run' record is not its one first record: two traces, or one cut and spliced");
	if (strcmp(t->run_run, b->run) || strcmp(t->run_seed, b->seed) ||
	    strcmp(t->run_boot, b->boot) || strcmp(t->run_nonce, b->nonce)) {
		snprintf(why, sizeof(why),
			 "the trace is of run=%s seed=%s nonce=%s boot=%s, the console of run=%s seed=%s nonce=%s boot=%s",
			 t->run_run, t->run_seed, t->run_nonce, t->run_boot,
			 b->run, b->seed, b->nonce, b->boot);
		return no_judgement(v, 'r', why);
	}
	if (in->client.tracing_us == TIME_NONE ||
	    llabs(t->run_us - in->client.tracing_us) > TRACE_CLOCK_SLACK_US) {
		snprintf(why, sizeof(why),
			 "the trace's clock is not the console's: its 'nfstb-run' record at %s s, the console's phase=tracing at %s s (at most %d ms apart)",
			 format_time_us(t->run_us, a, sizeof(a)),
			 format_time_us(in->client.tracing_us, c, sizeof(c)),
			 TRACE_CLOCK_SLACK_US / 1000);
		return no_judgement(v, 'r', why);
	}
	if (t->unknown_comm) {
		snprintf(why, sizeof(why),
			 "the trace names no task for %ld witness event(s) (comm <...>, first %s)",
			 t->unknown_comm, t->first_unknown_comm);
		return no_judgement(v, 'r', why);
	}
	if (in->server_read &&
	    (in->server.server_boots != 1 ||
	     strcmp(in->server.server_nonce, b->nonce))) {
		snprintf(why, sizeof(why),
			 "the server console has %ld boot marker(s), nonce '%s'; the client's run has nonce '%s'",
			 in->server.server_boots, in->server.server_nonce,
			 b->nonce);
		return no_judgement(v, 'r', why);
	}
	for (size_t i = 0; in->server_read && i < in->server.nsummaries; i++) {
		if (!strcmp(in->server.summaries[i].run, b->run))
			continue;
		snprintf(why, sizeof(why),
			 "the server's verify summary is of run '%s', the console's run is '%s'",
			 in->server.summaries[i].run, b->run);
		return no_judgement(v, 'r', why);
	}
	return false;
}

/*
 * (w) The trace is a witness only while it streams: the console announces
 * the heartbeat (phase=tracing heartbeat_ms=N), and the trace carries
 * seq 1, 2, 3, ... without a gap, a repeat or trace_pipe's "[LOST n
 * EVENTS]", from the start of tracing until the console's last line
 * (within three beats, at least 2 s: the stream's own lag).
 */
bool rule_witness_alive(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;
	int64_t ms = in->client.heartbeat_ms;
	int64_t slack_us = ms * 3000 > 2000000 ? ms * 3000 : 2000000;
	char why[1024], last[32], end[32];

	if (!in->client.tracing_announced)
		return no_judgement(v, 'w', "the console never announced the trace heartbeat (phase=tracing heartbeat_ms=N)");
	if (!in->trace_read) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR", "cannot read trace");
		return true;
	}
	if (!t->heartbeats)
		return no_judgement(v, 'w', "the trace carries no heartbeat: the stream never worked");
	if (t->heartbeat_disorder || t->heartbeat_missing || t->lost_events) {
		snprintf(why, sizeof(why),
			 "the trace lost events: %ld of %ld heartbeats missing, %ld out of order%s%s, %ld events reported lost",
			 t->heartbeat_missing, t->heartbeat_last_seq,
			 t->heartbeat_disorder, t->heartbeat_disorder ? ", first " : "",
			 t->first_disorder, t->lost_events);
		return no_judgement(v, 'w', why);
	}
	if (in->client.tracing_us != TIME_NONE &&
	    t->heartbeat_first_us - in->client.tracing_us > slack_us) {
		snprintf(why, sizeof(why),
			 "the trace's heartbeat began at %s s, the tracing at %s s",
			 format_time_us(t->heartbeat_first_us, last, sizeof(last)),
			 format_time_us(in->client.tracing_us, end, sizeof(end)));
		return no_judgement(v, 'w', why);
	}
	if (in->client.last_us != TIME_NONE &&
	    in->client.last_us - t->heartbeat_last_us > slack_us) {
		snprintf(why, sizeof(why),
			 "the trace witness stopped at %s s (heartbeat seq=%ld); the console went on to %s s",
			 format_time_us(t->heartbeat_last_us, last, sizeof(last)),
			 t->heartbeat_last_seq,
			 format_time_us(in->client.last_us, end, sizeof(end)));
		return no_judgement(v, 'w', why);
	}
	return false;
}

/* One "key=value" line's key, or false for a line that is not one. */
static bool summary_key(const char *line, char *key, size_t len)
{
	size_t n = strcspn(line, "=");

	if (!line[n] || !n || n >= len)
		return false;
	memcpy(key, line, n);
	key[n] = '\0';
	return true;
}

/*
 * A count of the summary, or -1 when absent or not a number.  Keys are
 * read with the packet check's own kv_file_get (packet_check.c); the
 * summary's keys are unique (pcap_damage refuses a second one).
 */
static long summary_count(const char *text, const char *key)
{
	char v[32], *end;
	long n;

	if (!kv_file_get(text, key, v, sizeof(v)) || !v[0])
		return -1;
	n = strtol(v, &end, 10);
	return *end || n < 0 ? -1 : n;
}

/* Why the packet summary cannot vouch for the run, or false. */
static bool pcap_damage(const struct verdict_input *in, const struct lines *l,
			const char *text, char *why, size_t len)
{
	static const char *const counts[] = {
		"rpc_calls", "rpc_replies", "unanswered_calls", "capture_dropped",
	};
	char k[64], k2[64], val[64];
	const char *proto = in->client.booted.proto;

	for (size_t i = 0; i < l->n; i++) {
		if (!summary_key(l->v[i], k, sizeof(k))) {
			snprintf(why, len, "packet summary line %zu is not key=value", i + 1);
			return true;
		}
		for (size_t j = i + 1; j < l->n; j++)
			if (summary_key(l->v[j], k2, sizeof(k2)) && !strcmp(k, k2)) {
				snprintf(why, len, "packet summary has %s= twice", k);
				return true;
			}
	}
	if (!kv_file_get(text, "capture", val, sizeof(val)) || strcmp(val, "ok")) {
		snprintf(why, len, "packet capture=%s: the planned capture is missing or cut short",
			 kv_file_get(text, "capture", val, sizeof(val)) ? val : "(none given)");
		return true;
	}
	for (size_t i = 0; i < ARRAY_SIZE(counts); i++)
		if (summary_count(text, counts[i]) < 0) {
			snprintf(why, len, "packet summary has no count %s=", counts[i]);
			return true;
		}
	/*
	 * No "calls = replies + unanswered": nfstb-pcapsum misses calls it
	 * cannot dissect (a large WRITE across segments) while it sees their
	 * small replies (a real smoke run of 2026-12-06: more replies than
	 * calls). An unanswered call is what a PASS cannot have.
	 */
	if (summary_count(text, "capture_dropped") > 0) {
		snprintf(why, len, "the capture dropped %ld packet(s): its unanswered calls prove nothing",
			 summary_count(text, "capture_dropped"));
		return true;
	}
	if (!kv_file_get(text, "transport", val, sizeof(val)) ||
	    (proto[0] && strcmp(val, proto))) {
		snprintf(why, len, "packet summary's transport=%s, the run mounted proto=%s",
			 kv_file_get(text, "transport", val, sizeof(val)) ? val : "(none)",
			 proto[0] ? proto : "(unknown)");
		return true;
	}
	return false;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

void packet_clock_map(const char *summary, const struct markers *console,
		      struct packet_clock *pc)
{
	int64_t off[MARKERS_MAX_ANCHORS];
	char key[32], val[64];

	memset(pc, 0, sizeof(*pc));
	pc->offset_us = TIME_NONE;
	if (!summary)
		return;
	if (!kv_file_get(summary, "anchor_run", pc->run, sizeof(pc->run)))
		pc->run[0] = '\0';
	for (int k = 1; k <= MARKERS_MAX_ANCHORS; k++) {
		int64_t wire;
		const char *end;

		snprintf(key, sizeof(key), "anchor.%d", k);
		if (console->anchor_us[k] == TIME_NONE ||
		    !kv_file_get(summary, key, val, sizeof(val)))
			continue;
		end = parse_time_us(val, &wire);
		if (!end || *end)
			continue;
		off[pc->matched++] = wire - console->anchor_us[k];
	}
	if (!pc->matched)
		return;
	/*
	 * Each datagram leaves after its console record: offset = the true
	 * offset plus that anchor's delay.  The least delayed one is the best
	 * estimate (as NTP's clock filter takes the sample of least delay);
	 * how closely the two least delayed agree is the mapping's residual.
	 */
	qsort(off, pc->matched, sizeof(off[0]), cmp_i64);
	pc->offset_us = off[0];
	pc->residual_us = pc->matched > 1 ? off[1] - off[0] : 0;
}

/* Is the capture this run's, and on the console's clock?  Why not, or false. */
static bool packet_clock_damage(const struct verdict_input *in, char *why,
				size_t len)
{
	const struct packet_clock *pc = &in->pclock;
	char run[160];

	/* the anchors name the run and its nonce: "RUN.NONCE" */
	snprintf(run, sizeof(run), "%s.%s", in->client.booted.run,
		 in->client.booted.nonce);
	if (strcmp(pc->run, run)) {
		snprintf(why, len, "the capture's clock anchors name run '%s', the console's run is '%s'",
			 pc->run[0] ? pc->run : "(none)", run);
		return true;
	}
	if (pc->matched < PACKET_CLOCK_MIN_ANCHORS) {
		snprintf(why, len, "%ld clock anchor(s) both on the console and in the capture, at least %d needed",
			 pc->matched, PACKET_CLOCK_MIN_ANCHORS);
		return true;
	}
	if (pc->residual_us > PACKET_CLOCK_RESIDUAL_US) {
		snprintf(why, len, "the capture's clock maps onto the console's with a residual of %.1f ms (at most %d ms)",
			 pc->residual_us / 1000.0, PACKET_CLOCK_RESIDUAL_US / 1000);
		return true;
	}
	return false;
}

bool packets_unreadable(const struct verdict_input *in, struct verdict *v)
{
	struct lines l;
	char why[512];
	bool bad;

	if (!in->pcap_given)
		return false;
	if (!in->pcap_summary) {
		verdict_set(v, VERDICT_ERROR, '-', "ERROR",
			    "cannot read packet summary");
		return true;
	}
	lines_split(in->pcap_summary, &l);
	bad = pcap_damage(in, &l, in->pcap_summary, why, sizeof(why)) ||
	      packet_clock_damage(in, why, sizeof(why));
	lines_free(&l);
	return bad && no_judgement(v, 'n', why);
}
