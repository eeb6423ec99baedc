// SPDX-License-Identifier: GPL-2.0
#include "trace.h"
#include "util.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Find the "[001]" CPU column; everything before it is "comm-pid". */
static const char *find_cpu_field(const char *line)
{
	for (const char *p = strchr(line, '['); p; p = strchr(p + 1, '[')) {
		const char *q = p + 1;

		if (p == line || p[-1] != ' ' || !isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q == ']')
			return p;
	}
	return NULL;
}

static bool parse_task_field(const char *line, const char *cpu,
			     struct trace_event *ev)
{
	const char *end = cpu, *dash, *start = skip_spaces(line);
	char *num_end;

	while (end > start && end[-1] == ' ')
		end--;
	/* Optional tgid column "(  123)" or "(-------)". */
	if (end > start && end[-1] == ')') {
		while (end > start && *--end != '(')
			;
		while (end > start && end[-1] == ' ')
			end--;
	}
	/* The comm may itself contain '-': the pid follows the last one. */
	for (dash = end; dash > start && dash[-1] != '-'; dash--)
		;
	if (dash == start || dash == end || !isdigit((unsigned char)*dash))
		return false;
	ev->pid = strtol(dash, &num_end, 10);
	if (num_end != end)
		return false;
	snprintf(ev->comm, sizeof(ev->comm), "%.*s",
		 (int)(dash - 1 - start), start);
	return true;
}

bool trace_line_parse(const char *line, struct trace_event *ev)
{
	const char *cpu = find_cpu_field(line), *p, *t, *colon;

	memset(ev, 0, sizeof(*ev));
	if (!cpu || !parse_task_field(line, cpu, ev))
		return false;
	p = strchr(cpu, ']') + 1;
	/* Skip the irq-flags column (absent in old formats): up to 2 tokens. */
	for (int tok = 0; tok < 3; tok++) {
		p = skip_spaces(p);
		t = parse_time_us(p, &ev->ts_us);
		if (t && *t == ':')
			break;
		t = NULL;
		p += strcspn(p, " ");
	}
	if (!t)
		return false;
	p = skip_spaces(t + 1);
	colon = strchr(p, ':');
	if (!colon || colon == p || (size_t)(colon - p) >= sizeof(ev->name) ||
	    memchr(p, ' ', colon - p))
		return false;
	snprintf(ev->name, sizeof(ev->name), "%.*s", (int)(colon - p), p);
	ev->fields = skip_spaces(colon + 1);
	return true;
}

/* One pid's comm as the named lines of the trace give it. */
struct pid_comm {
	long pid;
	char comm[64];
	bool conflict;		/* two named lines disagree */
};

static struct pid_comm *pid_comm_of(struct pid_comm **v, size_t *n, long pid)
{
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i].pid == pid)
			return &(*v)[i];
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	memset(&(*v)[*n], 0, sizeof(**v));
	(*v)[*n].pid = pid;
	return &(*v)[(*n)++];
}

void trace_resolve_comms(struct lines *trace)
{
	struct pid_comm *v = NULL, *pc;
	struct trace_event ev;
	size_t n = 0;

	for (size_t i = 0; i < trace->n; i++) {
		if (!trace_line_parse(trace->v[i], &ev) ||
		    !strcmp(ev.comm, "<...>"))
			continue;
		pc = pid_comm_of(&v, &n, ev.pid);
		if (!pc->comm[0])
			snprintf(pc->comm, sizeof(pc->comm), "%s", ev.comm);
		else if (strcmp(pc->comm, ev.comm))
			pc->conflict = true;
	}
	for (size_t i = 0; i < trace->n; i++) {
		char *at = strstr(trace->v[i], "<...>-"), *line;

		if (!at || !trace_line_parse(trace->v[i], &ev) ||
		    strcmp(ev.comm, "<...>"))
			continue;
		pc = pid_comm_of(&v, &n, ev.pid);
		if (!pc->comm[0] || pc->conflict)
			continue;
		line = xmalloc(strlen(trace->v[i]) + strlen(pc->comm) + 1);
		sprintf(line, "%.*s%s%s", (int)(at - trace->v[i]),
			trace->v[i], pc->comm, at + 5);
		free(trace->v[i]);
		trace->v[i] = line;
	}
	free(v);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the '|'-separated names so that comparison ignores order. */
static void flags_canonical(const char *in, char *out, size_t len)
{
	char buf[256], *parts[32], *save = NULL, *tok;
	size_t n = 0, used = 0;

	snprintf(buf, sizeof(buf), "%s", in);
	for (tok = strtok_r(buf, "|", &save); tok && n < ARRAY_SIZE(parts);
	     tok = strtok_r(NULL, "|", &save))
		parts[n++] = tok;
	qsort(parts, n, sizeof(parts[0]), cmp_str);
	out[0] = '\0';
	for (size_t i = 0; i < n; i++)
		used += snprintf(out + used, used < len ? len - used : 0,
				 "%s%s", i ? "|" : "", parts[i]);
}

bool flags_equal(const char *a, const char *b)
{
	char ca[256], cb[256];

	flags_canonical(a, ca, sizeof(ca));
	flags_canonical(b, cb, sizeof(cb));
	return !strcmp(ca, cb);
}

bool flags_has(const char *flags, const char *flag)
{
	size_t n = strlen(flag);

	for (const char *p = flags; *p; ) {
		size_t len = strcspn(p, "|");

		if (len == n && !strncmp(p, flag, n))
			return true;
		p += len;
		if (*p == '|')
			p++;
	}
	return false;
}

/*
 * The names show_gfp_flags() prints whose bits include __GFP_FS, in 6.1's
 * include/trace/events/mmflags.h. Any other name (GFP_NOFS, GFP_NOIO,
 * GFP_ATOMIC, GFP_NOWAIT, the single __GFP_* bits) does not add it.
 */
static const char *const gfp_fs_names[] = {
	"GFP_TRANSHUGE", "GFP_TRANSHUGE_LIGHT", "GFP_HIGHUSER_MOVABLE",
	"GFP_HIGHUSER", "GFP_USER", "GFP_KERNEL_ACCOUNT", "GFP_KERNEL",
	"__GFP_FS",
};

bool gfp_has_fs(const char *gfp)
{
	for (size_t i = 0; i < sizeof(gfp_fs_names) / sizeof(gfp_fs_names[0]); i++)
		if (flags_has(gfp, gfp_fs_names[i]))
			return true;
	return false;
}

/* Per-pid connect-worker state, to pair exits with their enter. */
struct worker_state {
	long pid;
	bool inside;
	char comm[64];
	int64_t enter_us;
	char entry_flags[128];
};

/* The last socket each destination connected, to see one reused. */
#define TRACE_MAX_DESTS 16
struct dest_socket {
	char dst[64];
	char socket[32];
};

struct counter {
	struct trace_counts *c;
	struct worker_state *w;
	size_t nw;
	struct dest_socket dests[TRACE_MAX_DESTS];
	size_t ndests;
};

static struct worker_state *worker_of(struct counter *k, long pid, bool add)
{
	for (size_t i = 0; i < k->nw; i++)
		if (k->w[i].pid == pid)
			return &k->w[i];
	if (!add)
		return NULL;
	k->w = xrealloc(k->w, (k->nw + 1) * sizeof(*k->w));
	memset(&k->w[k->nw], 0, sizeof(k->w[0]));
	k->w[k->nw].pid = pid;
	return &k->w[k->nw++];
}

static void on_worker_enter(struct counter *k, const struct trace_event *ev)
{
	struct worker_state *w = worker_of(k, ev->pid, true);
	char flags[128] = "", proto[16];

	k->c->worker_enter++;
	w->inside = true;
	w->enter_us = ev->ts_us;
	snprintf(w->comm, sizeof(w->comm), "%s", ev->comm);
	if (!kv_get(ev->fields, "entry_flags", w->entry_flags,
		    sizeof(w->entry_flags)))
		w->entry_flags[0] = '\0';
	/* AF_LOCAL connects run in the caller, which may be in a scope */
	if (starts_with(ev->comm, "kworker/") && w->entry_flags[0] &&
	    strcmp(w->entry_flags, "0") &&
	    kv_get(ev->fields, "proto", proto, sizeof(proto)) &&
	    (!strcmp(proto, "tcp") || !strcmp(proto, "udp")) &&
	    !k->c->entries_dirty++) {
		char t[32];

		snprintf(k->c->first_dirty_entry,
			 sizeof(k->c->first_dirty_entry),
			 "%s-%ld entered with entry_flags=%s at %s", ev->comm,
			 ev->pid, w->entry_flags,
			 format_time_us(ev->ts_us, t, sizeof(t)));
	}
	if (kv_get(ev->fields, "flags", flags, sizeof(flags))) {
		if (flags_has(flags, "MEMALLOC_NOFS"))
			k->c->nofs_in_worker++;
		if (flags_has(flags, "MEMALLOC"))
			k->c->memalloc_in_worker++;
	}
}

/* 0: connected (UDP); -EINPROGRESS: SYN sent; -EALREADY: in progress */
#define STATUS_EINPROGRESS (-115)
#define STATUS_EALREADY (-114)

/*
 * The connect statuses net/sunrpc/clnt.c's call_connect_status() retries
 * on a hard mount (v6.1 and v6.12): ECONNREFUSED, ECONNRESET,
 * ECONNABORTED, ENETDOWN, ENETUNREACH, EHOSTUNREACH, EPIPE, EPROTO,
 * EADDRINUSE, ENOTCONN, EAGAIN, ETIMEDOUT, ENOBUFS. Any other fails the
 * RPC with that error.
 */
static bool status_retried(long status)
{
	static const long retried[] = {
		-111, -104, -103, -100, -101, -113, -32, -71, -98, -107, -11,
		-110, -105,
	};

	for (size_t i = 0; i < ARRAY_SIZE(retried); i++)
		if (status == retried[i])
			return true;
	return false;
}

static void note_error_exit(struct trace_counts *c,
			    const struct trace_event *ev)
{
	char proto[16], t[32];
	long status;

	if (!kv_get_long(ev->fields, "status", &status) || status == 0 ||
	    status == STATUS_EINPROGRESS || status == STATUS_EALREADY)
		return;
	if (!status_retried(status))
		c->error_exits_fatal++;
	if (c->error_exits++)
		return;
	if (!kv_get(ev->fields, "proto", proto, sizeof(proto)))
		snprintf(proto, sizeof(proto), "?");
	snprintf(c->first_error_exit, sizeof(c->first_error_exit),
		 "%s-%ld proto=%s status=%ld at %s", ev->comm, ev->pid, proto,
		 status, format_time_us(ev->ts_us, t, sizeof(t)));
}

/* "... socket:[6224] ... dstaddr=10.0.0.1:2049 ..." */
static void on_socket_connect(struct counter *k, const struct trace_event *ev)
{
	const char *s = strstr(ev->fields, "socket:[");
	char sock[32], dst[64];
	size_t i, n;

	k->c->connects++;
	if (!s || !kv_get(ev->fields, "dstaddr", dst, sizeof(dst)))
		return;
	n = strcspn(s, " ");
	snprintf(sock, sizeof(sock), "%.*s", (int)n, s);
	for (i = 0; i < k->ndests; i++)
		if (!strcmp(k->dests[i].dst, dst))
			break;
	if (i == k->ndests) {
		if (k->ndests == TRACE_MAX_DESTS)
			return;
		snprintf(k->dests[k->ndests++].dst, sizeof(dst), "%s", dst);
	} else if (!strcmp(k->dests[i].socket, sock)) {
		k->c->sockets_reused++;
	}
	snprintf(k->dests[i].socket, sizeof(k->dests[i].socket), "%s", sock);
}

static void on_worker_exit(struct counter *k, const struct trace_event *ev)
{
	struct worker_state *w = worker_of(k, ev->pid, false);
	char flags[128], entry[128];
	const char *want = NULL;

	k->c->worker_exit++;
	note_error_exit(k->c, ev);
	if (w && w->inside)
		want = w->entry_flags;
	else if (kv_get(ev->fields, "entry_flags", entry, sizeof(entry)))
		want = entry;	/* enter lost (trace started mid-worker) */
	if (w)
		w->inside = false;
	if (!want || !kv_get(ev->fields, "flags", flags, sizeof(flags)))
		return;
	k->c->exits_checked++;
	if (flags_equal(flags, want))
		return;
	if (!k->c->exits_mismatched++)
		snprintf(k->c->first_mismatch, sizeof(k->c->first_mismatch),
			 "%s-%ld exited with flags=%s, entered with entry_flags=%s",
			 ev->comm, ev->pid, flags[0] ? flags : "0",
			 want[0] ? want : "0");
}

/* Workers still inside at the end of the trace: an enter with no exit. */
static void count_unexited(struct counter *k)
{
	char t[32];

	for (size_t i = 0; i < k->nw; i++) {
		if (!k->w[i].inside)
			continue;
		if (!k->c->workers_unexited++)
			snprintf(k->c->first_unexited,
				 sizeof(k->c->first_unexited),
				 "%s-%ld entered at %s", k->w[i].comm,
				 k->w[i].pid,
				 format_time_us(k->w[i].enter_us, t, sizeof(t)));
	}
}

/* "sock_alloc_inode+0x19/0x80" -> "sock_alloc_inode" */
static void site_name(const char *caller, char *out, size_t n)
{
	size_t len = strcspn(caller, "+ ");

	snprintf(out, n, "%.*s", (int)len, caller);
}

static void add_site(struct trace_counts *c, const char *site)
{
	const char *p = c->inject_site_list;
	size_t n = strlen(site), used;

	if (!*site)
		return;
	while (*p) {
		size_t len = strcspn(p, ",");

		if (len == n && !strncmp(p, site, n))
			return;
		p += len;
		if (*p == ',')
			p++;
	}
	c->inject_sites++;
	used = strlen(c->inject_site_list);
	snprintf(c->inject_site_list + used, sizeof(c->inject_site_list) - used,
		 "%s%s", used ? "," : "", site);
}

/*
 * The forced trigger: reclaim injected before an allocation, with that
 * allocation's effective gfp. Inside a connect worker of the fixed arm the
 * gfp must lack __GFP_FS, whether or not this reclaim met an NFS folio.
 */
static void on_reclaim_inject(struct counter *k, const struct trace_event *ev)
{
	struct worker_state *w = worker_of(k, ev->pid, false);
	char gfp[256] = "", caller[128] = "", site[128];

	k->c->inject_reclaim++;
	if (!w || !w->inside)
		return;
	k->c->inject_in_worker++;
	if (!kv_get(ev->fields, "gfp_flags", gfp, sizeof(gfp)))
		kv_get(ev->fields, "gfp", gfp, sizeof(gfp));
	if (!kv_get(ev->fields, "caller", caller, sizeof(caller)))
		snprintf(caller, sizeof(caller), "%s", ev->name);
	site_name(caller, site, sizeof(site));
	add_site(k->c, site);
	if (!gfp_has_fs(gfp))
		return;
	if (!k->c->inject_fs_in_worker++)
		snprintf(k->c->first_fs_inject, sizeof(k->c->first_fs_inject),
			 "%s-%ld at %s gfp=%s", ev->comm, ev->pid, site, gfp);
}

/* Direct reclaim entered by a connect worker, between its enter and exit. */
static void on_direct_reclaim(struct counter *k, const struct trace_event *ev)
{
	struct worker_state *w = worker_of(k, ev->pid, false);
	char t[32];

	k->c->direct_reclaim_begin++;
	if (!w || !w->inside)
		return;
	if (!k->c->reclaim_in_worker++)
		snprintf(k->c->first_reclaim_in_worker,
			 sizeof(k->c->first_reclaim_in_worker), "%s-%ld at %s",
			 ev->comm, ev->pid,
			 format_time_us(ev->ts_us, t, sizeof(t)));
}

/* A page from the page allocator for a connect worker (not a slab object). */
static void on_page_alloc(struct counter *k, const struct trace_event *ev)
{
	struct worker_state *w = worker_of(k, ev->pid, false);

	k->c->page_alloc_events++;
	if (w && w->inside)
		k->c->page_alloc_in_worker++;
}

static void first_time(int64_t *slot, int64_t ts)
{
	/* trace_pipe merges per-CPU buffers: take the minimum, not the first. */
	if (*slot == TIME_NONE || ts < *slot)
		*slot = ts;
}

/* One release decision, in a connect worker (its earliest kept) or not. */
static void count_decision(bool in_worker, int64_t ts, long *inside,
			   long *elsewhere, int64_t *first)
{
	if (!in_worker) {
		(*elsewhere)++;
		return;
	}
	(*inside)++;
	first_time(first, ts);
}

static void on_release_folio(struct counter *k, const struct trace_event *ev)
{
	struct worker_state *w = worker_of(k, ev->pid, false);
	char decision[32] = "";
	long cw;
	bool in_worker;

	if (kv_get_long(ev->fields, "connect_worker", &cw))
		in_worker = cw != 0;
	else
		in_worker = w && w->inside;
	kv_get(ev->fields, "decision", decision, sizeof(decision));
	if (!strcmp(decision, "skip_nofs"))
		count_decision(in_worker, ev->ts_us, &k->c->skip_in_worker,
			       &k->c->skip_elsewhere, &k->c->first_skip_us);
	else if (!strcmp(decision, "writeback"))
		count_decision(in_worker, ev->ts_us, &k->c->writeback_in_worker,
			       &k->c->writeback_elsewhere,
			       &k->c->first_writeback_us);
	else if (!strcmp(decision, "async_writeback")) {
		if (in_worker)
			k->c->async_in_worker++;
		else
			k->c->async_elsewhere++;
	} else {
		k->c->release_other++;
	}
}

/* The events a verdict rests on: their task must be named. */
static bool is_witness_event(const char *name)
{
	static const char *const names[] = {
		"xs_connect_worker_enter", "xs_connect_worker_exit",
		"mm_vmscan_reclaim_inject", "xs_connect_inject_reclaim",
		"nfs_release_folio", "nfs_release_folio_done",
		"mm_vmscan_direct_reclaim_begin", "mm_vmscan_direct_reclaim_end",
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* trace_pipe's "CPU:1 [LOST 12 EVENTS]": the ring buffer overran. */
static void count_lost(struct trace_counts *c, const char *line)
{
	const char *p = strstr(line, "[LOST ");
	char *end;
	long n;

	if (!p)
		return;
	n = strtol(p + 6, &end, 10);
	if (end != p + 6 && starts_with(end, " EVENTS]") && n > 0)
		c->lost_events += n;
}

/* "nfstb-run run=R seed=N boot=B": the trace's first record. */
static void on_run_record(struct trace_counts *c, const struct trace_event *ev)
{
	if (c->run_records++)
		return;
	c->run_record_first = c->events == 0 && c->heartbeats == 0;
	kv_get(ev->fields, "run", c->run_run, sizeof(c->run_run));
	kv_get(ev->fields, "seed", c->run_seed, sizeof(c->run_seed));
	kv_get(ev->fields, "boot", c->run_boot, sizeof(c->run_boot));
	kv_get(ev->fields, "nonce", c->run_nonce, sizeof(c->run_nonce));
	c->run_us = ev->ts_us;
}

/* "nfstb-heartbeat seq=N": the client's marker every heartbeat_ms. */
static void on_heartbeat(struct trace_counts *c, const struct trace_event *ev)
{
	long seq, want = c->heartbeats ? c->heartbeat_prev_seq + 1 : 1;
	char t[32];

	if (starts_with(ev->fields, "nfstb-run ")) {
		on_run_record(c, ev);
		return;
	}
	if (!starts_with(ev->fields, "nfstb-heartbeat ") ||
	    !kv_get_long(ev->fields, "seq", &seq) || seq <= 0)
		return;
	/* One writer, one beat after the other: any other seq is a gap, a
	 * duplicate or a pump that started again. */
	if (seq != want && !c->heartbeat_disorder++)
		snprintf(c->first_disorder, sizeof(c->first_disorder),
			 "seq=%ld where seq=%ld was due, at %s", seq, want,
			 format_time_us(ev->ts_us, t, sizeof(t)));
	c->heartbeat_prev_seq = seq;
	if (!c->heartbeats)
		c->heartbeat_first_us = ev->ts_us;
	c->heartbeats++;
	if (seq > c->heartbeat_last_seq)
		c->heartbeat_last_seq = seq;
	if (c->heartbeat_last_us == TIME_NONE || ev->ts_us > c->heartbeat_last_us)
		c->heartbeat_last_us = ev->ts_us;
}

void trace_count(const struct lines *trace, struct trace_counts *c)
{
	struct counter k = { .c = c };
	struct trace_event ev, *unknown = NULL;
	size_t nunknown = 0;

	memset(c, 0, sizeof(*c));
	c->first_skip_us = TIME_NONE;
	c->first_writeback_us = TIME_NONE;
	c->heartbeat_last_us = TIME_NONE;
	c->heartbeat_first_us = TIME_NONE;
	c->run_us = c->first_us = c->last_us = TIME_NONE;
	for (size_t i = 0; i < trace->n; i++) {
		if (!trace_line_parse(trace->v[i], &ev)) {
			count_lost(c, trace->v[i]);
			continue;
		}
		if (c->first_us == TIME_NONE || ev.ts_us < c->first_us)
			c->first_us = ev.ts_us;
		if (c->last_us == TIME_NONE || ev.ts_us > c->last_us)
			c->last_us = ev.ts_us;
		if (!strcmp(ev.name, "tracing_mark_write")) {
			on_heartbeat(c, &ev);
			continue;
		}
		if (is_witness_event(ev.name) && !strcmp(ev.comm, "<...>")) {
			unknown = xrealloc(unknown, (nunknown + 1) * sizeof(*unknown));
			unknown[nunknown++] = ev;
		}
		c->events++;
		if (!strcmp(ev.name, "xs_connect_worker_enter"))
			on_worker_enter(&k, &ev);
		else if (!strcmp(ev.name, "xs_connect_worker_exit"))
			on_worker_exit(&k, &ev);
		else if (!strcmp(ev.name, "mm_vmscan_reclaim_inject") ||
			 !strcmp(ev.name, "xs_connect_inject_reclaim"))
			on_reclaim_inject(&k, &ev);
		else if (!strcmp(ev.name, "nfs_release_folio"))
			on_release_folio(&k, &ev);
		else if (!strcmp(ev.name, "mm_vmscan_direct_reclaim_begin"))
			on_direct_reclaim(&k, &ev);
		else if (!strcmp(ev.name, "mm_page_alloc"))
			on_page_alloc(&k, &ev);
		else if (!strcmp(ev.name, "nfs_initiate_commit"))
			c->commits_initiated++;
		else if (!strcmp(ev.name, "rpc_socket_connect"))
			on_socket_connect(&k, &ev);
	}
	count_unexited(&k);
	/* A task the trace cannot name matters where the verdict rests on
	 * it: a connect worker's own events, or any event of a pid that ran
	 * one (a reclaim by a task that never entered one judges nothing). */
	for (size_t i = 0; i < nunknown; i++) {
		if (strncmp(unknown[i].name, "xs_connect_", 11) &&
		    !worker_of(&k, unknown[i].pid, false))
			continue;
		if (!c->unknown_comm++)
			snprintf(c->first_unknown_comm,
				 sizeof(c->first_unknown_comm), "%s by pid %ld",
				 unknown[i].name, unknown[i].pid);
	}
	free(unknown);
	free(k.w);
	/* Seqs start at 1: every one up to the last should be there. */
	if (c->heartbeat_last_seq > c->heartbeats)
		c->heartbeat_missing = c->heartbeat_last_seq - c->heartbeats;
}

/*
 * The blocked task's story in the trace.  Its writeback decision counts
 * only when the tracepoint says it ran in a connect worker
 * (connect_worker=1) and the task is between an enter and an exit of its
 * own; an exit after that decision is the worker going on, whatever
 * enter comes later.
 */
static void witness_event(struct worker_witness *w, const struct trace_event *ev,
			  bool *inside)
{
	char decision[32] = "";
	long cw = 0;

	if (strcmp(ev->comm, w->comm) && !w->comm_differs) {
		w->comm_differs = true;
		snprintf(w->other_comm, sizeof(w->other_comm), "%s", ev->comm);
	}
	if (!strcmp(ev->name, "xs_connect_worker_enter")) {
		w->entered = true;
		*inside = true;
		if (!kv_get(ev->fields, "flags", w->enter_flags,
			    sizeof(w->enter_flags)))
			w->enter_flags[0] = '\0';
		w->reclaim_rounds = w->reclaim_ends = w->reclaimed_pages = 0;
		w->reclaim_empty_tail = 0;
		w->first_reclaim_us = w->last_reclaim_us = TIME_NONE;
		w->exited_after_reclaim = false;
		w->reclaim_exit_us = TIME_NONE;
	} else if (!strcmp(ev->name, "xs_connect_worker_exit")) {
		if (*inside && w->reclaim_rounds && !w->exited_after_reclaim) {
			w->exited_after_reclaim = true;
			w->reclaim_exit_us = ev->ts_us;
		}
		*inside = false;
		if (w->writeback && ev->ts_us >= w->writeback_us && !w->exited) {
			w->exited = true;
			w->exit_us = ev->ts_us;
		}
	} else if (!strcmp(ev->name, "nfs_release_folio")) {
		kv_get(ev->fields, "decision", decision, sizeof(decision));
		if (strcmp(decision, "writeback") ||
		    !kv_get_long(ev->fields, "connect_worker", &cw) || cw != 1 ||
		    !*inside)
			return;
		if (!w->writeback || ev->ts_us > w->writeback_us) {
			w->writeback = true;
			w->writeback_us = ev->ts_us;
			w->release_done = false;
			w->exited = false;
		}
	} else if (!strcmp(ev->name, "mm_vmscan_direct_reclaim_begin")) {
		if (!*inside)
			return;
		w->reclaim = true;
		if (!w->reclaim_rounds++)
			w->first_reclaim_us = ev->ts_us;
		w->last_reclaim_us = ev->ts_us;
	} else if (!strcmp(ev->name, "mm_vmscan_direct_reclaim_end")) {
		long n;

		if (!*inside || !w->reclaim_rounds)
			return;
		w->reclaim_ends++;
		/* a round whose count cannot be read counts as reclaiming */
		if (!kv_get_long(ev->fields, "nr_reclaimed", &n) || n < 0)
			n = 1;
		w->reclaimed_pages += n;
		w->reclaim_empty_tail = n ? 0 : w->reclaim_empty_tail + 1;
	} else if (!strcmp(ev->name, "nfs_release_folio_done")) {
		if (w->writeback && ev->ts_us >= w->writeback_us)
			w->release_done = true;
	}
}

void trace_witness(const struct lines *trace, long pid, const char *comm,
		   struct worker_witness *w)
{
	struct trace_event ev;
	bool inside = false;

	memset(w, 0, sizeof(*w));
	w->pid = pid;
	snprintf(w->comm, sizeof(w->comm), "%s", comm ? comm : "");
	w->writeback_us = TIME_NONE;
	w->exit_us = TIME_NONE;
	w->first_reclaim_us = w->last_reclaim_us = TIME_NONE;
	w->reclaim_exit_us = TIME_NONE;
	for (size_t i = 0; i < trace->n; i++)
		if (trace_line_parse(trace->v[i], &ev) && ev.pid == pid)
			witness_event(w, &ev, &inside);
}

/* One connect worker's run, enter to exit, for the story. */
struct story_worker {
	long pid;
	char comm[64];
	int64_t enter_us, reclaim_us;
	char entry_flags[128];
	long skips;
	enum story_step step;
};

static void story_event(struct story_worker *w, const struct trace_event *ev,
			bool injected, struct story *s)
{
	char v[128] = "", t[32];
	long cw = 1;

	if (!strcmp(ev->name, "xs_connect_worker_exit")) {
		kv_get(ev->fields, "flags", v, sizeof(v));
		if (w->step == STORY_SKIP && flags_equal(v, w->entry_flags))
			w->step = STORY_EXITED;
	} else if (w->step == STORY_ENTERED &&
		   (injected ? !strcmp(ev->name, "mm_vmscan_reclaim_inject") ||
			       !strcmp(ev->name, "xs_connect_inject_reclaim") :
			       !strcmp(ev->name, "mm_vmscan_direct_reclaim_begin"))) {
		w->step = STORY_RECLAIM;
		w->reclaim_us = ev->ts_us;
	} else if (w->step >= STORY_RECLAIM && w->step < STORY_EXITED &&
		   !strcmp(ev->name, "nfs_release_folio") &&
		   kv_get(ev->fields, "decision", v, sizeof(v)) &&
		   !strcmp(v, "skip_nofs") && ev->ts_us >= w->reclaim_us &&
		   (!kv_count(ev->fields, "connect_worker") ||
		    (kv_get_long(ev->fields, "connect_worker", &cw) && cw == 1))) {
		w->step = STORY_SKIP;
		w->skips++;
	} else {
		return;
	}
	if (w->step < s->step || (w->step == s->step && w->skips <= s->skips))
		return;
	s->step = w->step;
	s->skips = w->skips;
	snprintf(s->worker, sizeof(s->worker), "%s-%ld entered at %s", w->comm,
		 w->pid, format_time_us(w->enter_us, t, sizeof(t)));
}

/* One connect worker's run from its enter at line @from: its reclaim
 * rounds until its exit (trace_starved_worker). */
static void starved_run(const struct lines *trace, size_t from,
			const struct trace_event *enter, int64_t until_us,
			struct worker_witness *w)
{
	struct trace_event ev;
	bool counted = false;	/* the open round began before @until_us */
	long n;

	memset(w, 0, sizeof(*w));
	w->pid = enter->pid;
	snprintf(w->comm, sizeof(w->comm), "%s", enter->comm);
	w->entered = true;
	if (!kv_get(enter->fields, "flags", w->enter_flags, sizeof(w->enter_flags)))
		w->enter_flags[0] = '\0';
	w->writeback_us = w->exit_us = TIME_NONE;
	w->first_reclaim_us = w->last_reclaim_us = w->reclaim_exit_us = TIME_NONE;
	for (size_t i = from + 1; i < trace->n; i++) {
		if (!trace_line_parse(trace->v[i], &ev) || ev.pid != w->pid)
			continue;
		if (!strcmp(ev.name, "xs_connect_worker_enter"))
			return;	/* another run, its exit never seen */
		if (!strcmp(ev.name, "xs_connect_worker_exit")) {
			w->exited = true;
			w->exit_us = ev.ts_us;
			if (w->reclaim_rounds) {
				w->exited_after_reclaim = true;
				w->reclaim_exit_us = ev.ts_us;
			}
			return;
		}
		if (!strcmp(ev.name, "mm_vmscan_direct_reclaim_begin")) {
			counted = until_us == TIME_NONE || ev.ts_us < until_us;
			if (!counted)
				continue;
			w->reclaim = true;
			if (!w->reclaim_rounds++)
				w->first_reclaim_us = ev.ts_us;
			w->last_reclaim_us = ev.ts_us;
		} else if (!strcmp(ev.name, "mm_vmscan_direct_reclaim_end") &&
			   counted) {
			w->reclaim_ends++;
			if (!kv_get_long(ev.fields, "nr_reclaimed", &n) || n < 0)
				n = 1;
			w->reclaimed_pages += n;
			w->reclaim_empty_tail = n ? 0 : w->reclaim_empty_tail + 1;
		}
	}
}

void trace_starved_worker(const struct lines *trace, int64_t reconnect_us,
			  int64_t until_us, struct worker_witness *w)
{
	struct trace_event ev;
	char flags[128];

	memset(w, 0, sizeof(*w));
	w->pid = -1;
	w->writeback_us = w->exit_us = TIME_NONE;
	w->first_reclaim_us = w->last_reclaim_us = w->reclaim_exit_us = TIME_NONE;
	if (reconnect_us == TIME_NONE)
		return;
	for (size_t i = 0; i < trace->n; i++) {
		if (!trace_line_parse(trace->v[i], &ev) ||
		    strcmp(ev.name, "xs_connect_worker_enter") ||
		    ev.ts_us < reconnect_us ||
		    (kv_get(ev.fields, "flags", flags, sizeof(flags)) &&
		     flags_has(flags, "MEMALLOC")))
			continue;
		starved_run(trace, i, &ev, until_us, w);
		if (w->reclaim_rounds)
			return;
	}
	memset(w, 0, sizeof(*w));
	w->pid = -1;
	w->writeback_us = w->exit_us = TIME_NONE;
	w->first_reclaim_us = w->last_reclaim_us = w->reclaim_exit_us = TIME_NONE;
}

void trace_after_reconnect(const struct lines *trace, int64_t reconnect_us,
			   struct after_reconnect *a)
{
	struct trace_event ev;
	char flags[128], dst[64], t[32];

	memset(a, 0, sizeof(*a));
	if (reconnect_us == TIME_NONE)
		return;
	for (size_t i = 0; i < trace->n; i++) {
		if (!trace_line_parse(trace->v[i], &ev) ||
		    strcmp(ev.name, "xs_connect_worker_enter") ||
		    ev.ts_us < reconnect_us)
			continue;
		a->entered++;
		if (!kv_get(ev.fields, "flags", flags, sizeof(flags)))
			flags[0] = '\0';
		if (flags_has(flags, "MEMALLOC") || a->without_memalloc++)
			continue;
		if (!kv_get(ev.fields, "dst", dst, sizeof(dst)))
			snprintf(dst, sizeof(dst), "?");
		snprintf(a->first_without, sizeof(a->first_without),
			 "%s-%ld dst=%s flags=%s at %s", ev.comm, ev.pid, dst,
			 flags[0] ? flags : "0",
			 format_time_us(ev.ts_us, t, sizeof(t)));
	}
}

void trace_story(const struct lines *trace, int64_t reconnect_us,
		 bool injected, struct story *s)
{
	struct story_worker *w = NULL, *cur;
	size_t nw = 0;
	struct trace_event ev;
	char t[32];

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < trace->n; i++) {
		if (!trace_line_parse(trace->v[i], &ev) ||
		    !strcmp(ev.comm, "<...>"))
			continue;
		cur = NULL;
		for (size_t k = 0; k < nw; k++)
			if (w[k].pid == ev.pid && !strcmp(w[k].comm, ev.comm))
				cur = &w[k];
		if (!strcmp(ev.name, "xs_connect_worker_enter")) {
			if (reconnect_us == TIME_NONE || ev.ts_us < reconnect_us)
				continue;
			if (!cur) {
				w = xrealloc(w, (nw + 1) * sizeof(*w));
				cur = &w[nw++];
			}
			memset(cur, 0, sizeof(*cur));
			cur->pid = ev.pid;
			snprintf(cur->comm, sizeof(cur->comm), "%s", ev.comm);
			cur->enter_us = ev.ts_us;
			cur->step = STORY_ENTERED;
			kv_get(ev.fields, "entry_flags", cur->entry_flags,
			       sizeof(cur->entry_flags));
			if (s->step < STORY_ENTERED) {
				s->step = STORY_ENTERED;
				snprintf(s->worker, sizeof(s->worker),
					 "%s-%ld entered at %s", ev.comm, ev.pid,
					 format_time_us(ev.ts_us, t, sizeof(t)));
			}
			continue;
		}
		if (cur && cur->step >= STORY_ENTERED &&
		    cur->step < STORY_EXITED) {
			story_event(cur, &ev, injected, s);
			if (!strcmp(ev.name, "xs_connect_worker_exit") &&
			    cur->step < STORY_EXITED)
				cur->step = STORY_NONE;	/* left unfinished */
		}
	}
	free(w);
}

/* Each step's name in run.json, and what is missing when it is the last. */
static const struct {
	const char *name, *missing;
} story_steps[] = {
	[STORY_NONE] = { "none",
			 "no connect worker entered after the reconnect began" },
	[STORY_ENTERED] = { "entered",
			    "no reclaim inside a connect worker that entered after the reconnect" },
	[STORY_RECLAIM] = { "reclaim",
			    "no decision=skip_nofs by that worker after its reclaim began" },
	[STORY_SKIP] = { "skip",
			 "that worker never exited with the flags it entered with" },
	[STORY_EXITED] = { "exited", "nothing" },
};

const char *story_step_name(enum story_step reached)
{
	return (size_t)reached < ARRAY_SIZE(story_steps) ?
	       story_steps[reached].name : "?";
}

const char *story_step_missing(enum story_step reached)
{
	return (size_t)reached < ARRAY_SIZE(story_steps) ?
	       story_steps[reached].missing : "?";
}

const char *trace_flags_restored(const struct trace_counts *c)
{
	if (!c->exits_checked)
		return "n/a";
	return c->exits_mismatched ? "mismatch" : "ok";
}

/*
 * What nfstb-tracecheck prints, in its order: a count, a time, a text
 * ("none" when empty) or the flags' verdict (trace_flags_restored).
 */
enum print_kind { PRINT_COUNT, PRINT_TIME, PRINT_TEXT, PRINT_FLAGS };

#define PRINT(key, kind, member) { key, kind, offsetof(struct trace_counts, member) }
static const struct {
	const char *key;
	enum print_kind kind;
	size_t off;
} print_fields[] = {
	PRINT("worker_enter", PRINT_COUNT, worker_enter),
	PRINT("worker_exit", PRINT_COUNT, worker_exit),
	PRINT("inject_reclaim", PRINT_COUNT, inject_reclaim),
	PRINT("inject_in_worker", PRINT_COUNT, inject_in_worker),
	PRINT("inject_fs_in_worker", PRINT_COUNT, inject_fs_in_worker),
	PRINT("inject_sites", PRINT_TEXT, inject_site_list),
	PRINT("release_skip_in_worker", PRINT_COUNT, skip_in_worker),
	PRINT("release_writeback_in_worker", PRINT_COUNT, writeback_in_worker),
	PRINT("release_skip_elsewhere", PRINT_COUNT, skip_elsewhere),
	PRINT("release_writeback_elsewhere", PRINT_COUNT, writeback_elsewhere),
	PRINT("release_async_in_worker", PRINT_COUNT, async_in_worker),
	PRINT("release_async_elsewhere", PRINT_COUNT, async_elsewhere),
	PRINT("flags_restored", PRINT_FLAGS, exits_checked),
	PRINT("workers_unexited", PRINT_COUNT, workers_unexited),
	PRINT("nofs_in_worker", PRINT_COUNT, nofs_in_worker),
	PRINT("memalloc_in_worker", PRINT_COUNT, memalloc_in_worker),
	PRINT("reclaim_in_worker", PRINT_COUNT, reclaim_in_worker),
	PRINT("page_alloc_in_worker", PRINT_COUNT, page_alloc_in_worker),
	PRINT("first_reclaim_in_worker", PRINT_TEXT, first_reclaim_in_worker),
	PRINT("first_skip_time", PRINT_TIME, first_skip_us),
	PRINT("first_writeback_time", PRINT_TIME, first_writeback_us),
};

void trace_print(FILE *f, const struct trace_counts *c)
{
	for (size_t i = 0; i < ARRAY_SIZE(print_fields); i++) {
		const char *at = (const char *)c + print_fields[i].off;
		char t[32];

		fprintf(f, "%s=", print_fields[i].key);
		if (print_fields[i].kind == PRINT_FLAGS)
			fputs(trace_flags_restored(c), f);
		else if (print_fields[i].kind == PRINT_COUNT)
			fprintf(f, "%ld", *(const long *)at);
		else if (print_fields[i].kind == PRINT_TIME)
			fputs(format_time_us(*(const int64_t *)at, t, sizeof(t)), f);
		else
			fputs(*at ? at : "none", f);
		fputc('\n', f);
	}
}
