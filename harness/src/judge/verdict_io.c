// SPDX-License-Identifier: GPL-2.0
/*
 * A run's verdict in and out (verdict_io.h): the facts gathered from the
 * run's files, and the verdict written out.
 */
#include "verdict_io.h"
#include "hang.h"
#include "packet_check.h"
#include "util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The facts of a run, gathered from its files. */

void gather_facts(struct verdict_input *in, const struct report_paths *p)
{
	struct hang_reports reports;
	struct lines l;

	/* Parse empty input for unreadable files so every fact is defined. */
	in->console_read = lines_load(p->console, &l) == 0;
	hang_parse(&l, &reports);
	classify(&reports, &in->cls);
	markers_parse(&l, &in->client);
	kernel_log_parse(&l, &in->kernel);
	lockdep_parse(&l, &in->lockdep);
	swap_parse(&l, &in->swap);
	hang_free(&reports);
	lines_free(&l);

	in->server_read = lines_load(p->server_console, &l) == 0;
	markers_parse(&l, &in->server);
	lines_free(&l);

	in->trace_read = lines_load(p->trace, &l) == 0;
	trace_resolve_comms(&l);
	trace_count(&l, &in->trace);
	/* The blocked task's own story, the deadlock's second witness. */
	trace_witness(&l, in->cls.pid, in->cls.comm, &in->witness);
	/* The fixed arm's story, the pass's witness. */
	trace_story(&l, in->client.reconnect_us,
		    in->rules == RULES_RECONNECT_INJECTED, &in->story);
	trace_after_reconnect(&l, in->client.reconnect_us, &in->after);
	trace_starved_worker(&l, in->client.reconnect_us, in->swap.oom_us,
			     &in->starved);
	lines_free(&l);

	in->pcap_given = p->pcap_summary != NULL;
	in->pcap_summary = NULL;
	if (in->pcap_given)
		in->pcap_summary = read_whole_file(p->pcap_summary);
	/* CRLF and stray CRs must not hide a key's value */
	if (in->pcap_summary) {
		char *w = (char *)in->pcap_summary;

		for (const char *r = in->pcap_summary; *r; r++)
			if (*r != '\r')
				*w++ = *r;
		*w = '\0';
	}
	/* whole and of this run's transport? packets_unreadable() */
	in->pcap_read = in->pcap_summary != NULL;
	packet_clock_map(in->pcap_summary, &in->client, &in->pclock);
}

void gather_free(struct verdict_input *in)
{
	markers_free(&in->client);
	markers_free(&in->server);
	free((char *)in->pcap_summary);
	in->pcap_summary = NULL;
}

/* The verdict written out: one line, a verdict.tsv row, run.json. */

static const char *dash_time(int64_t us, char *buf, size_t len)
{
	if (us == TIME_NONE)
		return "-";
	return format_time_us(us, buf, len);
}

static const char *dash_detect(const struct verdict *v, char *buf, size_t len)
{
	if (v->detect_us == TIME_NONE)
		return "-";
	return format_secs_ms(v->detect_us, buf, len);
}

void report_line(FILE *f, const struct verdict_input *in,
		 const struct verdict *v)
{
	char d[32];

	fprintf(f, "VERDICT %s %s %s %s signature=%s detect_s=%s reason=%s\n",
		in->scenario, in->arm, in->mode, v->text,
		signature_name(in->cls.sig), dash_detect(v, d, sizeof(d)),
		v->reason);
}

void report_tsv(FILE *f, const struct verdict_input *in,
		const struct verdict *v)
{
	char d[32], r[32], h[32];

	fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t",
		in->scenario, in->arm, in->mode, v->text,
		signature_name(in->cls.sig), dash_detect(v, d, sizeof(d)),
		dash_time(in->client.reconnect_us, r, sizeof(r)),
		dash_time(in->cls.time_us, h, sizeof(h)));
	if (in->trace_read)
		fprintf(f, "%ld", in->trace.skip_in_worker);
	else
		fputs("-", f);
	fprintf(f, "\t%s\t", data_state_name(data_state(in)));
	/* Direct reclaims begun inside a connect worker: natural mode's
	 * evidence that memory pressure reached the reconnect. */
	if (in->trace_read)
		fprintf(f, "%ld", in->trace.reclaim_in_worker);
	else
		fputs("-", f);
	fprintf(f, "\t%s\n", v->deadlock_us == TIME_NONE ? "-" :
		format_secs_ms(v->deadlock_us, d, sizeof(d)));
}

/* ---- JSON: a small hand-written emitter; values are few and flat. ---- */

/* The length of the valid UTF-8 sequence at @s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
		return 0;	/* overlong, surrogate, beyond U+10FFFF */
	return n;
}

/* A JSON string: always valid UTF-8, a byte that is not becomes U+FFFD. */
static void jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		size_t n;

		if (ch >= 0x80) {
			n = utf8_len((const unsigned char *)s);
			if (!n) {
				fputs("\\ufffd", f);
				continue;
			}
			fwrite(s, 1, n, f);
			s += n - 1;
			continue;
		}

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch == '\t')
			fputs("\\t", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void jkey(FILE *f, int indent, const char *key)
{
	fprintf(f, "%*s", indent, "");
	jstr(f, key);
	fputs(": ", f);
}

/* "KEY": "VALUE",<newline> -- the common case of a string member. */
static void jfield_str(FILE *f, int indent, const char *key, const char *val)
{
	jkey(f, indent, key);
	jstr(f, val);
	fputs(",\n", f);
}

/* The same, with null for a NULL @val. */
static void jfield_str_or_null(FILE *f, int indent, const char *key,
			       const char *val)
{
	if (val) {
		jfield_str(f, indent, key, val);
		return;
	}
	jkey(f, indent, key);
	fputs("null,\n", f);
}

static void jtime(FILE *f, int64_t us)
{
	char buf[32];

	if (us == TIME_NONE)
		fputs("null", f);
	else
		fputs(format_time_us(us, buf, sizeof(buf)), f);
}

/* "key": S.UUUUUU (or null), as a field that is not the object's last. */
static void jfield_time(FILE *f, int indent, const char *key, int64_t us)
{
	jkey(f, indent, key);
	jtime(f, us);
	fputs(",\n", f);
}

static void json_summaries(FILE *f, const struct markers *m)
{
	fputs("[", f);
	for (size_t i = 0; i < m->nsummaries; i++) {
		const struct verify_summary *s = &m->summaries[i];

		fprintf(f, "%s{\"files\": %ld, \"ok\": %ld, \"failed\": %ld, "
			"\"bytes\": %ld, \"manifest_truncated\": %s, \"time\": ",
			i ? ", " : "", s->files, s->ok, s->failed, s->bytes,
			s->manifest_truncated ? "true" : "false");
		jtime(f, s->time_us);
		fputs("}", f);
	}
	fputs("]", f);
}

/* "KEY": "VALUE" inside a one-line object */
static void json_inline_str(FILE *f, const char *key, const char *val,
			    bool last)
{
	jstr(f, key);
	fputs(": ", f);
	jstr(f, val);
	if (!last)
		fputs(", ", f);
}

static void json_markers(FILE *f, const char *name, const struct markers *m,
			 bool read, bool last)
{
	jkey(f, 2, name);
	fputs("{\n", f);
	jkey(f, 4, "readable");
	fprintf(f, "%s,\n", read ? "true" : "false");
	jkey(f, 4, "phases");
	fputs("[", f);
	for (size_t i = 0; i < m->nphases; i++) {
		fprintf(f, "%s{\"name\": ", i ? ", " : "");
		jstr(f, m->phases[i].name);
		fputs(", \"time\": ", f);
		jtime(f, m->phases[i].time_us);
		fputs("}", f);
	}
	fputs("],\n", f);
	jkey(f, 4, "booted");
	if (m->booted.seen) {
		fputs("{", f);
		json_inline_str(f, "scenario", m->booted.scenario, false);
		json_inline_str(f, "arm", m->booted.arm, false);
		json_inline_str(f, "mode", m->booted.mode, false);
		json_inline_str(f, "run", m->booted.run, false);
		json_inline_str(f, "seed", m->booted.seed, true);
		fputs("},\n", f);
	} else {
		fputs("null,\n", f);
	}
	jfield_str(f, 4, "last_phase", markers_last_phase(m));
	jfield_time(f, 4, "reconnect_time", m->reconnect_us);
	jkey(f, 4, "done_rc");
	if (m->done)
		fprintf(f, "%ld,\n", m->done_rc);
	else
		fputs("null,\n", f);
	jfield_time(f, 4, "done_time", m->done_us);
	jkey(f, 4, "verify");
	json_summaries(f, m);
	fputs(",\n", f);
	jfield_str(f, 4, "writer_ready", m->writer_ready);
	jfield_str(f, 4, "writer_committed", m->writer_committed);
	jkey(f, 4, "writer_totals");
	if (m->writer_totals)
		fprintf(f, "{\"files\": %ld, \"bytes\": %ld},\n",
			m->writer_files, m->writer_bytes);
	else
		fputs("null,\n", f);
	jfield_str(f, 4, "reconnect", m->reconnect_line);
	jkey(f, 4, "reconnect_done");
	fprintf(f, "%s,\n", m->reconnect_done ? "true" : "false");
	jkey(f, 4, "memhog_lines");
	fprintf(f, "%zu,\n", m->memhog_lines);
	jkey(f, 4, "memhog_last");
	jstr(f, m->memhog_last);
	fprintf(f, "\n  }%s\n", last ? "" : ",");
}

static void json_classify(FILE *f, const struct classification *c)
{
	jkey(f, 2, "classify");
	fputs("{\n", f);
	jfield_str(f, 4, "signature", signature_name(c->sig));
	jfield_str(f, 4, "title", c->title);
	/* syzkaller's title of the named task, and what showed the task */
	jfield_str_or_null(f, 4, "syz_title", c->syz_title[0] ? c->syz_title : NULL);
	jfield_str_or_null(f, 4, "hang_source", c->sig == SIG_NONE ? NULL :
			   hang_source_name(c->source));
	jkey(f, 4, "task");
	if (c->sig == SIG_NONE)
		fputs("null,\n", f);
	else {
		jstr(f, c->comm);
		fputs(",\n", f);
	}
	jkey(f, 4, "pid");
	if (c->sig == SIG_NONE)
		fputs("null,\n", f);
	else
		fprintf(f, "%ld,\n", c->pid);
	jfield_time(f, 4, "time", c->time_us);
	jfield_time(f, 4, "first_hang_time", c->first_hang_us);
	jkey(f, 4, "blocked_reports");
	fprintf(f, "%zu,\n", c->blocked);
	jkey(f, 4, "frames");
	fputs("[", f);
	for (size_t i = 0; i < c->nframes; i++) {
		fputs(i ? ", " : "", f);
		jstr(f, c->frames[i]);
	}
	fputs("]\n  },\n", f);
}

static void jcount(FILE *f, const char *key, long n, bool last)
{
	jkey(f, 4, key);
	fprintf(f, "%ld%s\n", n, last ? "" : ",");
}

/* The trace's counts in run.json: key and member, in the record's order. */
#define TRACE_COUNT(key, member) { key, offsetof(struct trace_counts, member) }
static const struct { const char *key; size_t off; } trace_json_counts[] = {
	TRACE_COUNT("events", events),
	TRACE_COUNT("worker_enter", worker_enter),
	TRACE_COUNT("worker_exit", worker_exit),
	TRACE_COUNT("inject_reclaim", inject_reclaim),
	TRACE_COUNT("inject_in_worker", inject_in_worker),
	TRACE_COUNT("release_skip_in_worker", skip_in_worker),
	TRACE_COUNT("release_writeback_in_worker", writeback_in_worker),
	TRACE_COUNT("release_skip_elsewhere", skip_elsewhere),
	TRACE_COUNT("release_writeback_elsewhere", writeback_elsewhere),
	TRACE_COUNT("release_async_in_worker", async_in_worker),
	TRACE_COUNT("release_async_elsewhere", async_elsewhere),
	TRACE_COUNT("release_other", release_other),
	TRACE_COUNT("nofs_in_worker", nofs_in_worker),
	TRACE_COUNT("memalloc_in_worker", memalloc_in_worker),
	TRACE_COUNT("direct_reclaim_begin", direct_reclaim_begin),
	TRACE_COUNT("reclaim_in_worker", reclaim_in_worker),
	TRACE_COUNT("page_alloc_in_worker", page_alloc_in_worker),
	TRACE_COUNT("page_alloc_events", page_alloc_events),
	TRACE_COUNT("commits_initiated", commits_initiated),
	TRACE_COUNT("error_exits", error_exits),
	TRACE_COUNT("error_exits_fatal", error_exits_fatal),
	TRACE_COUNT("entries_dirty", entries_dirty),
	TRACE_COUNT("connects", connects),
	TRACE_COUNT("sockets_reused", sockets_reused),
};

static void json_trace(FILE *f, const struct verdict_input *in)
{
	const struct trace_counts *t = &in->trace;

	jkey(f, 2, "trace");
	fputs("{\n", f);
	jkey(f, 4, "readable");
	fprintf(f, "%s,\n", in->trace_read ? "true" : "false");
	for (size_t i = 0; i < ARRAY_SIZE(trace_json_counts); i++)
		jcount(f, trace_json_counts[i].key,
		       *(const long *)((const char *)t +
				       trace_json_counts[i].off), false);
	jfield_str(f, 4, "flags_restored", trace_flags_restored(t));
	jfield_str(f, 4, "first_reclaim_in_worker", t->first_reclaim_in_worker);
	jfield_time(f, 4, "first_skip_time", t->first_skip_us);
	jfield_time(f, 4, "first_writeback_time", t->first_writeback_us);
	jfield_str(f, 4, "first_flags_mismatch", t->first_mismatch);
	jcount(f, "workers_unexited", t->workers_unexited, false);
	jfield_str(f, 4, "first_unexited", t->first_unexited);
	jfield_str(f, 4, "first_error_exit", t->first_error_exit);
	jfield_str(f, 4, "first_dirty_entry", t->first_dirty_entry);
	jcount(f, "workers_after_reconnect", in->after.entered, false);
	jcount(f, "workers_after_reconnect_without_memalloc",
	       in->after.without_memalloc, false);
	jfield_str(f, 4, "first_without_memalloc", in->after.first_without);
	jcount(f, "heartbeat_ms", in->client.heartbeat_ms, false);
	jcount(f, "heartbeats", t->heartbeats, false);
	jcount(f, "heartbeat_last_seq", t->heartbeat_last_seq, false);
	jfield_time(f, 4, "heartbeat_last_time", t->heartbeat_last_us);
	jcount(f, "heartbeats_missing", t->heartbeat_missing, false);
	jcount(f, "lost_events", t->lost_events, false);
	jfield_time(f, 4, "console_last_time", in->client.last_us);
	jkey(f, 4, "blocked_task");
	fprintf(f, "{\"pid\": %ld, \"entered\": %s, \"writeback\": %s, "
		"\"release_done\": %s, \"exited\": %s}\n  },\n",
		in->witness.pid, in->witness.entered ? "true" : "false",
		in->witness.writeback ? "true" : "false",
		in->witness.release_done ? "true" : "false",
		in->witness.exited ? "true" : "false");
}

static void json_kernel(FILE *f, const struct kernel_complaints *k)
{
	jkey(f, 2, "kernel");
	fputs("{\n", f);
	for (int c = 0; c < COMPLAINT_CLASSES; c++) {
		jkey(f, 4, complaint_class_name(c));
		if (k->entry[c]) {
			fputs("{\"entry\": ", f);
			jstr(f, k->entry[c]->name);
			fputs(", \"line\": ", f);
			jstr(f, k->first[c]);
			fputs("}", f);
		} else {
			fputs("null", f);
		}
		fputs(c + 1 < COMPLAINT_CLASSES ? ",\n" : "\n", f);
	}
	fputs("  },\n", f);
}

/* What ties the witnesses to the run, and the fixed arm's story. */
static void json_binding(FILE *f, const struct verdict_input *in)
{
	const struct trace_counts *t = &in->trace;
	const struct markers *m = &in->client;

	jkey(f, 2, "binding");
	fputs("{\n", f);
	jfield_str(f, 4, "boot", m->booted.boot);
	jfield_str(f, 4, "nonce", m->booted.nonce);
	jfield_str(f, 4, "server_nonce", in->server.server_nonce);
	jkey(f, 4, "trace_run_record");
	if (t->run_records) {
		fputs("{", f);
		json_inline_str(f, "run", t->run_run, false);
		json_inline_str(f, "seed", t->run_seed, false);
		json_inline_str(f, "boot", t->run_boot, false);
		json_inline_str(f, "nonce", t->run_nonce, false);
		fprintf(f, "\"count\": %ld, \"first\": %s, \"time\": ",
			t->run_records, t->run_record_first ? "true" : "false");
		jtime(f, t->run_us);
		fputs("},\n", f);
	} else {
		fputs("null,\n", f);
	}
	jfield_time(f, 4, "tracing_time", m->tracing_us);
	jfield_time(f, 4, "trace_first_time", t->first_us);
	jfield_time(f, 4, "trace_last_time", t->last_us);
	jfield_time(f, 4, "console_last_time", m->last_us);
	jcount(f, "console_banners", m->banners, false);
	jkey(f, 4, "console_time_back_s");
	fprintf(f, "%.6f,\n", m->time_back_us / 1e6);
	jcount(f, "unknown_comm_events", t->unknown_comm, false);
	jkey(f, 4, "packet_clock");
	fprintf(f, "{\"anchors\": %ld, \"run\": ", in->pclock.matched);
	jstr(f, in->pclock.run);
	fputs(", \"offset_s\": ", f);
	if (in->pclock.offset_us == TIME_NONE)
		fputs("null", f);
	else
		fprintf(f, "%.6f", in->pclock.offset_us / 1e6);
	fprintf(f, ", \"residual_ms\": %.3f},\n", in->pclock.residual_us / 1e3);
	jcount(f, "heartbeat_disorder", t->heartbeat_disorder, false);
	jkey(f, 4, "story");
	fputs("{\"reached\": ", f);
	jstr(f, story_step_name(in->story.step));
	fputs(", \"worker\": ", f);
	jstr(f, in->story.worker);
	fprintf(f, ", \"skips\": %ld}\n  },\n", in->story.skips);
}

static void jtext(FILE *f, const char *key, const char *s, bool last)
{
	jkey(f, 4, key);
	jstr(f, s);
	fputs(last ? "\n" : ",\n", f);
}

static void json_lockdep(FILE *f, const struct lockdep_info *l)
{
	jkey(f, 2, "lockdep");
	fputs("{\n", f);
	jtext(f, "kind", lockdep_kind_name(l->kind), false);
	jtext(f, "title", l->title, false);
	jfield_str_or_null(f, 4, "syz_title", l->syz_title[0] ? l->syz_title : NULL);
	jtext(f, "task", l->comm, false);
	jfield_time(f, 4, "time", l->time_us);
	jcount(f, "reports", (long)l->reports, true);
	fputs("  },\n", f);
}

/* -1 (absent from the line) is null. */
static void jcount_or_null(FILE *f, const char *key, long n)
{
	jkey(f, 4, key);
	if (n < 0)
		fputs("null,\n", f);
	else
		fprintf(f, "%ld,\n", n);
}

static void json_swap(FILE *f, const struct swap_facts *s)
{
	jkey(f, 2, "swap");
	fputs("{\n", f);
	jkey(f, 4, "verified");
	fprintf(f, "%s,\n", s->verified ? "true" : "false");
	jcount_or_null(f, "swapped_out_pages", s->out_pages);
	jcount_or_null(f, "swapped_in_pages", s->in_pages);
	jcount_or_null(f, "mb", s->mb);
	jcount_or_null(f, "ok", s->ok);
	jcount_or_null(f, "pswpin", s->pswpin);
	jcount_or_null(f, "pswpout", s->pswpout);
	jcount_or_null(f, "elapsed_ms", s->elapsed_ms);
	jkey(f, 4, "filled");
	fprintf(f, "%s,\n", s->filled ? "true" : "false");
	jtext(f, "ready", s->ready_line, false);
	jtext(f, "verified_line", s->verified_line, false);
	jtext(f, "fail", s->fail_line, false);
	jkey(f, 4, "oom");
	fprintf(f, "%s,\n", s->oom ? "true" : "false");
	jtext(f, "oom_line", s->oom_line, false);
	jtext(f, "oom_invoker", s->oom_invoker, false);
	jkey(f, 4, "oom_by_connect_worker");
	fprintf(f, "%s,\n", s->oom_by_connect_worker ? "true" : "false");
	jtext(f, "reconnect_memory", s->reconnect_memory, false);
	jcount_or_null(f, "reconnect_free_pages", s->reconnect_free);
	jcount_or_null(f, "reconnect_min_pages", s->reconnect_min);
	jcount_or_null(f, "reconnect_low_pages", s->reconnect_low);
	jcount(f, "kernel_oom_kills", s->kernel_oom_kills, true);
	fputs("  },\n", f);
}

/*
 * Did the run reach the hazard it is about?  "null" where the mode has no
 * hazard to reach (smoke, lockdep); otherwise from the trace: the fixed
 * arm's story up to the skip, a control arm's writeback in a connect
 * worker, a stock arm's release decision there, a swap run's connect
 * worker with PF_MEMALLOC.  HAZARD-NOT-REACHED is always false.
 */
static const char *reached_name(const struct verdict_input *in,
				const struct verdict *v)
{
	const struct trace_counts *t = &in->trace;
	bool r;

	if (in->rules == RULES_SMOKE || in->rules == RULES_LOCKDEP)
		return "null";
	if (v->kind == VERDICT_HAZARD_NOT_REACHED || !in->trace_read)
		return v->kind == VERDICT_HAZARD_NOT_REACHED ? "false" : "null";
	if (in->rules == RULES_SWAP)
		r = t->memalloc_in_worker > 0;
	else if (in->rules == RULES_CONNECT_ERROR)
		r = t->error_exits > 0 &&
		    (!t->error_exits_fatal || in->client.writer_fsync_errors > 0);
	else if (in->role == ROLE_FIXED)
		r = in->story.step >= STORY_SKIP;
	else if (in->role == ROLE_CONTROL)
		r = t->writeback_in_worker > 0;
	else
		r = t->async_in_worker + t->writeback_in_worker +
		    t->skip_in_worker > 0;
	return r ? "true" : "false";
}

void report_json(FILE *f, const struct verdict_input *in,
		 const struct verdict *v, const struct report_paths *paths)
{
	char d[32];

	fputs("{\n", f);
	jfield_str(f, 2, "schema", RUN_RECORD_SCHEMA);
	jfield_str_or_null(f, 2, "run", in->run);
	jfield_str(f, 2, "scenario", in->scenario);
	jfield_str(f, 2, "arm", in->arm);
	jfield_str(f, 2, "mode", in->mode);
	jkey(f, 2, "watchdog");
	fprintf(f, "%d,\n", in->watchdog);
	jfield_str(f, 2, "verdict", v->text);
	jkey(f, 2, "rule");
	fprintf(f, "\"%c\",\n", v->rule);
	jfield_str(f, 2, "reason", v->reason);
	jkey(f, 2, "detect_s");
	fprintf(f, "%s,\n", v->detect_us == TIME_NONE ? "null" :
		format_secs_ms(v->detect_us, d, sizeof(d)));
	jkey(f, 2, "deadlock_s");
	fprintf(f, "%s,\n", v->deadlock_us == TIME_NONE ? "null" :
		format_secs_ms(v->deadlock_us, d, sizeof(d)));
	jfield_str(f, 2, "data", data_state_name(data_state(in)));
	jkey(f, 2, "reached");
	fprintf(f, "%s,\n", reached_name(in, v));
	jfield_str_or_null(f, 2, "seed", in->seed);
	jfield_str_or_null(f, 2, "orchestrator", in->outcome);
	jkey(f, 2, "packets");
	if (in->pcap_given) {
		char check[512];

		packet_check(in->pcap_summary, v->text, in->capture_tcp_flags,
			     check, sizeof(check));
		jstr(f, check);
	} else {
		fputs("null", f);
	}
	fputs(",\n", f);
	jkey(f, 2, "inputs");
	fputs("{", f);
	jstr(f, "console");
	fputs(": ", f);
	jstr(f, paths->console);
	fputs(", ", f);
	jstr(f, "trace");
	fputs(": ", f);
	jstr(f, paths->trace);
	fputs(", ", f);
	jstr(f, "server_console");
	fputs(": ", f);
	jstr(f, paths->server_console);
	fputs(", ", f);
	jstr(f, "pcap_summary");
	fputs(": ", f);
	if (paths->pcap_summary)
		jstr(f, paths->pcap_summary);
	else
		fputs("null", f);
	fputs("},\n", f);
	json_classify(f, &in->cls);
	json_trace(f, in);
	json_kernel(f, &in->kernel);
	json_binding(f, in);
	json_lockdep(f, &in->lockdep);
	json_swap(f, &in->swap);
	json_markers(f, "client", &in->client, in->console_read, false);
	json_markers(f, "server", &in->server, in->server_read, true);
	fputs("}\n", f);
}
