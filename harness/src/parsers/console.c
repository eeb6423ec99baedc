// SPDX-License-Identifier: GPL-2.0
/*
 * A run's facts in a console log (console.h): markers and workload lines,
 * the kernel's complaints, the swap scenario's facts.
 */
#include "console.h"
#include "util.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The guest init's markers and the workloads' result lines. */

#define BOOT_FIELD(f) { #f, offsetof(struct boot_marker, f), \
			sizeof(((struct boot_marker *)0)->f) }

static void parse_booted(struct boot_marker *b, const char *msg)
{
	/* the keys the verdict ties the run to */
	static const struct { const char *key; size_t off, len; } fields[] = {
		BOOT_FIELD(scenario), BOOT_FIELD(arm), BOOT_FIELD(mode),
		BOOT_FIELD(run), BOOT_FIELD(seed), BOOT_FIELD(proto),
		BOOT_FIELD(boot), BOOT_FIELD(nonce),
	};

	b->seen = true;
	for (size_t i = 0; i < ARRAY_SIZE(fields); i++)
		kv_get(msg, fields[i].key, (char *)b + fields[i].off,
		       fields[i].len);
}

static void parse_nfstb(struct markers *m, const char *msg, int64_t t)
{
	char phase[32], what[32];
	long rc;

	if (!kv_get(msg, "phase", phase, sizeof(phase)) || !phase[0])
		return;
	if (m->nphases < MARKERS_MAX_PHASES) {
		snprintf(m->phases[m->nphases].name,
			 sizeof(m->phases[0].name), "%s", phase);
		m->phases[m->nphases++].time_us = t;
	}
	if (!strcmp(phase, "booted") && !m->booted.seen)
		parse_booted(&m->booted, msg);
	if (!strcmp(phase, "error") && m->booted.seen && !m->missing_knob[0] &&
	    kv_get(msg, "what", what, sizeof(what)) &&
	    !strcmp(what, "missing-knob") &&
	    kv_get(msg, "knob", m->missing_knob, sizeof(m->missing_knob))) {
		if (m->missing_knob[0]) {
			m->missing_knob_us = t;
			m->missing_knob_phase = m->nphases - 1;
		}
	}
	if (!strcmp(phase, "server-booted") && !m->server_boots++)
		kv_get(msg, "nonce", m->server_nonce, sizeof(m->server_nonce));
	if (!strcmp(phase, "reconnect") && m->reconnect_us == TIME_NONE)
		m->reconnect_us = t;
	if (!strcmp(phase, "tracing")) {
		m->tracing_us = t;
		m->tracing_announced =
			kv_get_long(msg, "heartbeat_ms", &m->heartbeat_ms) &&
			m->heartbeat_ms > 0 && m->heartbeat_ms <= 60000;
		if (!m->tracing_announced)
			m->heartbeat_ms = 0;
	}
	if (!strcmp(phase, "done")) {
		m->done = true;
		/* A done marker without a readable rc cannot count as success. */
		m->done_rc = kv_get_long(msg, "rc", &rc) ? rc : -1;
		m->done_us = t;
	}
}

static void malformed(struct markers *m, const char *why, const char *msg)
{
	if (!m->malformed_summaries++)
		snprintf(m->malformed_summary, sizeof(m->malformed_summary),
			 "%s: %s", why, msg);
}

/*
 * Every key once, every count a number >= 0, files = ok + failed and at
 * least one file: a summary that breaks this was damaged on its way to
 * the console, and judges nothing.
 */
static bool summary_well_formed(struct markers *m, const char *msg,
				struct verify_summary *s)
{
	static const char *const keys[] = { "files", "ok", "failed", "bytes" };
	long *vals[] = { &s->files, &s->ok, &s->failed, &s->bytes };
	char manifest[32];

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		if (kv_count(msg, keys[i]) != 1 ||
		    !kv_get_long(msg, keys[i], vals[i]) || *vals[i] < 0) {
			malformed(m, keys[i], msg);
			return false;
		}
	}
	if (s->files != s->ok + s->failed || s->files < 1) {
		malformed(m, "files", msg);
		return false;
	}
	if (kv_count(msg, "manifest") > 1) {
		malformed(m, "manifest", msg);
		return false;
	}
	s->manifest_truncated = kv_get(msg, "manifest", manifest,
				       sizeof(manifest)) &&
				strcmp(manifest, "complete");
	return true;
}

static void parse_summary(struct markers *m, const char *msg, int64_t t,
			  bool cut)
{
	struct verify_summary s = { .time_us = t };

	if (cut) {
		malformed(m, "cut by the end of the log", msg);
		return;
	}
	if (!summary_well_formed(m, msg, &s))
		return;
	snprintf(s.run, sizeof(s.run), "%s", m->verify_run);
	/* All of them: a ninth summary that failed must not go unseen. */
	m->summaries = xrealloc(m->summaries,
				(m->nsummaries + 1) * sizeof(*m->summaries));
	m->summaries[m->nsummaries++] = s;
}

static void parse_writer_totals(struct markers *m, const char *msg)
{
	long files, bytes;

	if (kv_count(msg, "files") == 1 && kv_count(msg, "bytes") == 1 &&
	    kv_get_long(msg, "files", &files) &&
	    kv_get_long(msg, "bytes", &bytes)) {
		m->writer_totals = true;
		m->writer_files = files;
		m->writer_bytes = bytes;
	}
	if (kv_count(msg, "retried") != 1 ||
	    !kv_get_long(msg, "retried", &m->writer_retried))
		m->writer_retried = -1;
}

static void keep(char *dst, size_t len, const char *text)
{
	snprintf(dst, len, "%s", skip_spaces(text));
}

static void parse_anchor(struct markers *m, const char *msg, int64_t t)
{
	char run[160];
	long seq;

	if (!kv_get(msg, "run", run, sizeof(run)) ||
	    !kv_get_long(msg, "seq", &seq) || seq < 1 ||
	    seq > MARKERS_MAX_ANCHORS || m->anchor_us[seq] != TIME_NONE)
		return;
	if (!m->anchor_run[0])
		snprintf(m->anchor_run, sizeof(m->anchor_run), "%s", run);
	else if (strcmp(m->anchor_run, run))
		snprintf(m->anchor_run, sizeof(m->anchor_run), "mixed");
	m->anchor_us[seq] = t;
}

/* One printk record's message (NUL-terminated copy) at time @t. */
static void parse_record(struct markers *m, const char *msg, int64_t t,
			 bool cut)
{
	if (starts_with(msg, "Linux version "))
		m->banners++;
	if (starts_with(msg, "nfstb: anchor ")) {
		parse_anchor(m, msg, t);
	} else if (starts_with(msg, "nfstb: server-verify ")) {
		if (!kv_get(msg, "run", m->verify_run, sizeof(m->verify_run)))
			m->verify_run[0] = '\0';
	} else if (starts_with(msg, "nfstb: ")) {
		parse_nfstb(m, msg, t);
	} else if (starts_with(msg, "nfstb-verify: summary")) {
		parse_summary(m, msg, t, cut);
	} else if (starts_with(msg, "nfstb-verify: FAIL")) {
		if (!m->verify_fail_lines++)
			keep(m->verify_fail, sizeof(m->verify_fail), msg);
	} else if (starts_with(msg, "nfstb-writer: ready")) {
		keep(m->writer_ready, sizeof(m->writer_ready), msg + 13);
	} else if (starts_with(msg, "nfstb-writer: fsync-error ")) {
		if (!m->writer_fsync_errors++)
			keep(m->writer_fsync_error,
			     sizeof(m->writer_fsync_error), msg + 26);
	} else if (starts_with(msg, "nfstb-writer: committed")) {
		keep(m->writer_committed, sizeof(m->writer_committed),
		     msg + 13);
		parse_writer_totals(m, msg);
		m->writer_us = t;
	} else if (starts_with(msg, "nfstb-reconnect:")) {
		keep(m->reconnect_line, sizeof(m->reconnect_line), msg + 16);
		size_t n = strlen(msg);
		if (n >= 5 && !strcmp(msg + n - 5, " done"))
			m->reconnect_done = true;
	} else if (starts_with(msg, "nfstb-memhog:")) {
		keep(m->memhog_last, sizeof(m->memhog_last), msg + 13);
		m->memhog_lines++;
	}
}

static void note_time(struct markers *m, int64_t t)
{
	char a[32], b[32];

	if (m->last_us != TIME_NONE && m->last_us - t > m->time_back_us) {
		m->time_back_us = m->last_us - t;
		snprintf(m->time_back_at, sizeof(m->time_back_at),
			 "%s s after %s s", format_time_us(t, a, sizeof(a)),
			 format_time_us(m->last_us, b, sizeof(b)));
	}
	if (m->last_us == TIME_NONE || t > m->last_us)
		m->last_us = t;
}

/*
 * Every printk record of the line, wherever its stamp starts (a marker
 * can follow the shell prompt); a line without one is user space's own
 * output on the serial console and says nothing.
 */
static void parse_line(struct markers *m, const char *line, bool cut)
{
	struct printk_record rec[PRINTK_RECORDS_MAX];
	size_t n = printk_records(line, rec, ARRAY_SIZE(rec));

	for (size_t r = 0; r < n; r++) {
		char *msg = xstrndup(rec[r].msg, rec[r].len);
		char *end = msg + strlen(msg);

		while (end > msg && end[-1] == ' ')
			*--end = '\0';
		/* From the guest init's first marker on: before it, a
		 * secondary CPU's boot records carry its own clock, not yet
		 * synchronised (0.47 s, then 0.028 s: measured). */
		if (starts_with(skip_spaces(msg), "nfstb: "))
			m->init_seen = true;
		if (m->init_seen)
			note_time(m, rec[r].time_us);
		else if (m->last_us == TIME_NONE || rec[r].time_us > m->last_us)
			m->last_us = rec[r].time_us;
		parse_record(m, skip_spaces(msg), rec[r].time_us,
			     cut && r == n - 1);
		free(msg);
	}
}

void markers_parse(const struct lines *log, struct markers *m)
{
	memset(m, 0, sizeof(*m));
	m->reconnect_us = TIME_NONE;
	m->done_us = TIME_NONE;
	m->last_us = TIME_NONE;
	m->tracing_us = TIME_NONE;
	m->writer_us = TIME_NONE;
	m->missing_knob_us = TIME_NONE;
	m->writer_retried = -1;
	for (size_t i = 0; i <= MARKERS_MAX_ANCHORS; i++)
		m->anchor_us[i] = TIME_NONE;
	for (size_t i = 0; i < log->n; i++)
		parse_line(m, log->v[i],
			   log->last_unterminated && i + 1 == log->n);
}

void markers_free(struct markers *m)
{
	free(m->summaries);
	m->summaries = NULL;
	m->nsummaries = 0;
}

const char *markers_last_phase(const struct markers *m)
{
	return m->nphases ? m->phases[m->nphases - 1].name : "none";
}

/* The swap scenario: nfstb-swapfill's lines and the OOM killer's. */

#define TAG "nfstb-swapfill: "

static void swap_keep(char *dst, size_t len, const char *text)
{
	snprintf(dst, len, "%s", text);
}

/* KEY=N of the verified line, or -1 where it is absent or not a number. */
static long field(const char *msg, const char *key)
{
	long v;

	return kv_get_long(msg, key, &v) ? v : -1;
}

static void parse_verified(struct swap_facts *s, const char *msg)
{
	s->verified = true;
	swap_keep(s->verified_line, sizeof(s->verified_line), msg);
	s->mb = field(msg, "mb");
	s->ok = field(msg, "ok");
	s->pswpin = field(msg, "pswpin");
	s->pswpout = field(msg, "pswpout");
	s->elapsed_ms = field(msg, "elapsed_ms");
	s->out_pages = field(msg, "swapped_out_pages");
	s->in_pages = field(msg, "swapped_in_pages");
}

static void oom(struct swap_facts *s, const char *msg, int64_t t)
{
	if (s->oom)
		return;
	s->oom = true;
	s->oom_us = t;
	swap_keep(s->oom_line, sizeof(s->oom_line), msg);
}

/*
 * The kernel's "Out of memory: Killed process 212 (nfstb-swapfill) ..."
 * (or "Memory cgroup out of memory: ...") and "oom-kill:...,task=...,".
 */
static void parse_kernel(struct swap_facts *s, const char *msg, int64_t t,
			 bool *in_oom_report)
{
	const char *p = strstr(msg, " invoked oom-killer:");

	if (p && !s->oom_invoker[0]) {
		snprintf(s->oom_invoker, sizeof(s->oom_invoker), "%.*s",
			 (int)(p - msg), msg);
		*in_oom_report = true;
	} else if (*in_oom_report && (strstr(msg, "xs_tcp_setup_socket") ||
					strstr(msg, "xs_udp_setup_socket"))) {
		/* its "Workqueue: xprtiod xs_tcp_setup_socket" or a frame */
		s->oom_by_connect_worker = true;
	}
	if (strstr(msg, "out of memory: Killed process ") ||
	    strstr(msg, "Out of memory: Killed process ")) {
		*in_oom_report = false;	/* the report ends here */
		s->kernel_oom_kills++;
		if (strstr(msg, " (nfstb-swapfill)"))
			oom(s, msg, t);
	} else if (starts_with(msg, "oom-kill:") &&
		   strstr(msg, ",task=nfstb-swapfill,")) {
		oom(s, msg, t);
	}
}

static void swap_parse_line(struct swap_facts *s, const char *line,
			    bool *in_oom_report)
{
	int64_t t;
	const char *msg = printk_split(line, &t), *m;

	if (starts_with(msg, "nfstb-reconnect: method=")) {
		kv_get(msg, "memory", s->reconnect_memory,
		       sizeof(s->reconnect_memory));
		s->reconnect_free = field(msg, "free_pages");
		s->reconnect_min = field(msg, "min_pages");
		s->reconnect_low = field(msg, "low_pages");
		return;
	}
	if (starts_with(msg, "nfstb: phase=squeeze ")) {
		s->squeeze_free = field(msg, "free_pages");
		s->squeeze_min = field(msg, "min_pages");
		kv_get(msg, "min_free_kbytes", s->squeeze_band, sizeof(s->squeeze_band));
		return;
	}
	if (!starts_with(msg, TAG)) {
		parse_kernel(s, msg, t, in_oom_report);
		return;
	}
	m = msg + strlen(TAG);
	if (starts_with(m, "filled")) {
		s->filled = true;
	} else if (starts_with(m, "ready")) {
		s->ready = true;
		swap_keep(s->ready_line, sizeof(s->ready_line), m);
	} else if (starts_with(m, "verified")) {
		parse_verified(s, m);
	} else if (starts_with(m, "FAIL") && !s->fail) {
		s->fail = true;
		swap_keep(s->fail_line, sizeof(s->fail_line), m);
	} else if (starts_with(m, "child killed by signal")) {
		oom(s, msg, t);
	}
}

void swap_parse(const struct lines *log, struct swap_facts *s)
{
	bool in_oom_report = false;

	memset(s, 0, sizeof(*s));
	s->mb = s->ok = s->pswpin = s->pswpout = s->elapsed_ms = -1;
	s->out_pages = s->in_pages = -1;
	s->reconnect_free = s->reconnect_min = s->reconnect_low = -1;
	s->squeeze_free = s->squeeze_min = -1;
	s->oom_us = TIME_NONE;
	for (size_t i = 0; i < log->n; i++)
		swap_parse_line(s, log->v[i], &in_oom_report);
}
