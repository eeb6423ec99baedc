// SPDX-License-Identifier: GPL-2.0
/*
 * One run's timeline (timeline.h), in four parts: the anchor pairs between
 * the capture's clock and the client guest's; rows from the three sources;
 * timeline.tsv sorting, writing and reading back; and the packet check
 * (do the packets agree with the verdict?).
 */
#include "timeline.h"
#include "trace.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The anchor pairs between the capture's clock and the client guest's. */

/* Port of "ADDR:PORT" ending a value, or -1. */
static long addr_port(const char *v)
{
	const char *c = strrchr(v, ':');

	return c && c[1] ? strtol(c + 1, NULL, 10) : -1;
}

/* Is this trace event a connect to port 2049, by preference @rank? */
static bool trace_is_nfs_connect(const struct trace_event *ev, int rank)
{
	static const char *const names[] = {
		"xs_connect_worker_enter", "rpc_socket_connect", "xprt_connect",
	};
	static const char *const keys[] = { "dst", "dstaddr", "peer" };
	char v[96];

	return !strcmp(ev->name, names[rank]) && kv_get(ev->fields, keys[rank], v, sizeof(v)) &&
	       addr_port(v) == 2049;
}

/* Earliest @name event to port 2049 from source port @sport after @after. */
static int64_t trace_port_event(const struct lines *trace, const char *name, long sport,
				int64_t after)
{
	struct trace_event ev;
	int64_t best = TIME_NONE;
	char src[96], dst[96];

	for (size_t i = 0; trace && i < trace->n; i++)
		if (trace_line_parse(trace->v[i], &ev) && !strcmp(ev.name, name) &&
		    kv_get(ev.fields, "srcaddr", src, sizeof(src)) &&
		    kv_get(ev.fields, "dstaddr", dst, sizeof(dst)) &&
		    addr_port(src) == sport && addr_port(dst) == 2049 &&
		    (after == TIME_NONE || ev.ts_us >= after) && (best == TIME_NONE || ev.ts_us < best))
			best = ev.ts_us;
	return best;
}

static void add_pair(struct tl_anchor *a, const struct pkt_rec *r, int64_t guest, const char *what)
{
	if (a->n == TL_MAX_PAIRS)
		return;
	a->p[a->n].pkt_us = r->t_us;
	a->p[a->n].guest_us = guest;
	a->p[a->n].frame = r->frame;
	snprintf(a->p[a->n].what, sizeof(a->p[0].what), "%s", what);
	a->n++;
}

void tl_find_anchor(const struct pcap_recs *rs, const struct lines *trace,
		    const char *server, struct tl_anchor *a)
{
	const struct pkt_rec *first = NULL;
	struct trace_event ev;
	char what[96];

	memset(a, 0, sizeof(*a));
	/* port-matched pairs: every client SYN and first FIN/RST per port */
	int64_t last_guest = TIME_NONE;
	long closed[64];
	size_t nclosed = 0;

	for (size_t i = 0; i < rs->n; i++) {
		const struct pkt_rec *r = &rs->v[i];
		bool syn = (r->flags & TCPF_SYN) && !(r->flags & TCPF_ACK);
		bool fin = r->flags & (TCPF_FIN | TCPF_RST);
		int64_t g;
		size_t k;

		if (r->udp || strcmp(r->dst, server) || r->dport != 2049 || (!syn && !fin))
			continue;
		if (i && rs->v[i - 1].frame == r->frame)
			continue;
		if (!first && syn)
			first = r;
		for (k = 0; k < nclosed && closed[k] != r->sport; k++)
			;
		if (fin && k < nclosed)
			continue;
		g = trace_port_event(trace, syn ? "rpc_socket_connect" : "rpc_socket_close",
				     r->sport, last_guest);
		if (g == TIME_NONE)
			continue;
		snprintf(what, sizeof(what), "%s sport %ld = %s", syn ? "SYN" : "FIN/RST", r->sport,
			 syn ? "rpc_socket_connect" : "rpc_socket_close");
		add_pair(a, r, g, what);
		last_guest = g;
		if (fin && nclosed < ARRAY_SIZE(closed))
			closed[nclosed++] = r->sport;
	}
	if (a->n) {
		a->found = true;
		return;
	}

	/* No port-matched pair: the documented single anchor. */
	for (size_t i = 0; i < rs->n && !first; i++) {
		const struct pkt_rec *r = &rs->v[i];

		if (r->udp && r->xid[0] && !r->reply && !strcmp(r->dst, server) && r->dport == 2049)
			first = r;
	}
	if (!first) {
		snprintf(a->why, sizeof(a->why), "no client SYN or call to %s:2049 in the capture", server);
		return;
	}
	/*
	 * Preference: the patch's worker-enter event, then the socket's
	 * connect, then the transport's.  Earliest of that kind, not first
	 * line: trace_pipe interleaves CPUs.
	 */
	for (int rank = 0; rank < 3 && !a->found; rank++) {
		int64_t best = TIME_NONE;

		for (size_t i = 0; trace && i < trace->n; i++)
			if (trace_line_parse(trace->v[i], &ev) && trace_is_nfs_connect(&ev, rank) &&
			    (best == TIME_NONE || ev.ts_us < best)) {
				best = ev.ts_us;
				snprintf(what, sizeof(what), "first %s = %s", first->udp ? "call" : "SYN", ev.name);
			}
		if (best != TIME_NONE) {
			add_pair(a, first, best, what);
			a->found = true;
		}
	}
	if (!a->found)
		snprintf(a->why, sizeof(a->why), "no connect event to port 2049 in the trace");
}

int64_t tl_to_guest(const struct tl_anchor *a, int64_t t)
{
	size_t i;

	if (!a->found)
		return t;
	if (t <= a->p[0].pkt_us)
		return t - (a->p[0].pkt_us - a->p[0].guest_us);
	for (i = 1; i < a->n; i++)
		if (t <= a->p[i].pkt_us)
			break;
	if (i == a->n)
		return t - (a->p[i - 1].pkt_us - a->p[i - 1].guest_us);
	const struct tl_pair *l = &a->p[i - 1], *h = &a->p[i];
	if (h->pkt_us == l->pkt_us)
		return t - (l->pkt_us - l->guest_us);
	double frac = (double)(t - l->pkt_us) / (double)(h->pkt_us - l->pkt_us);
	return l->guest_us + (int64_t)(frac * (double)(h->guest_us - l->guest_us) + 0.5);
}

/* Rows from the three sources: packets, trace events, console lines. */

/* Per trace event name, rows kept before the rest are counted only. */
#define TL_TRACE_CAP 200
/* Data-path packets kept after the first close (retransmits, resumes). */
#define TL_PKT_AFTER_CLOSE_CAP 200

static struct tl_event *tl_add(struct timeline *tl, int64_t t_us, const char *source,
			       const char *key, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static struct tl_event *tl_add(struct timeline *tl, int64_t t_us, const char *source,
			       const char *key, const char *fmt, ...)
{
	struct tl_event *e = tl_push(tl);
	va_list ap;

	e->t_us = t_us;
	e->own_us = t_us;
	snprintf(e->source, sizeof(e->source), "%s", source);
	snprintf(e->key, sizeof(e->key), "%s", key ? key : "-");
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	va_end(ap);
	/* tabs would break the TSV */
	for (char *p = e->text; *p; p++)
		if (*p == '\t' || *p == '\n')
			*p = ' ';
	return e;
}

void tl_add_packets(struct timeline *tl, const struct pcap_recs *rs,
		    const char *server, const struct tl_anchor *a)
{
	/* Without an anchor, packets are placed relative to the first one. */
	int64_t base = rs->n ? rs->v[0].t_us : 0;
#define GUEST(t) (a->found ? tl_to_guest(a, (t)) : (t) - base)
	bool closed = false, reconnected = false;
	long after_close = 0, omitted = 0;
	int64_t close_t = TIME_NONE;
	char fl[48], key[64];

	for (size_t i = 0; i < rs->n; i++) {
		const struct pkt_rec *r = &rs->v[i];
		bool nfs = r->dport == 2049 || r->sport == 2049;
		bool from_client = !strcmp(r->dst, server);
		int64_t t = GUEST(r->t_us);

		if (pkt_is_control(r) && (i == 0 || rs->v[i - 1].frame != r->frame)) {
			const char *k = "-";

			if (nfs && (r->flags & (TCPF_FIN | TCPF_RST)) && !closed) {
				k = "close";
				closed = true;
				close_t = t;
			} else if (nfs && closed && !reconnected && from_client &&
				   (r->flags & TCPF_SYN) && !(r->flags & TCPF_ACK)) {
				k = "reconnect-syn";
				reconnected = true;
			}
			tl_add(tl, t, "pkt", k, "%s %s %s:%ld -> %s:%ld", from_client ? "client" : "server",
			       pkt_flags_str(r->flags, fl, sizeof(fl)), r->src, r->sport, r->dst, r->dport);
		}
		if (!r->xid[0])
			continue;
		pkt_proc_key(r, key, sizeof(key));
		bool commit = !strcmp(r->proc, "COMMIT");
		if (!commit && !closed)
			continue;	/* the bulk before the close is in the summary */
		if (!commit && ++after_close > TL_PKT_AFTER_CLOSE_CAP) {
			omitted++;
			continue;
		}
		tl_add(tl, t, "pkt", "-", "%s %s xid=%s port=%ld%s%s", key, r->reply ? "reply" : "call",
		       r->xid, from_client ? r->sport : r->dport,
		       r->stable[0] ? " stable=" : r->committed[0] ? " committed=" : "",
		       r->stable[0] ? r->stable : r->committed);
	}
	if (omitted)
		tl_add(tl, GUEST(rs->v[rs->n - 1].t_us), "pkt", "-",
		       "(%ld more RPC messages after the close, see packets.tsv)", omitted);
	if (closed && !reconnected)
		tl_add(tl, GUEST(rs->v[rs->n - 1].t_us), "pkt", "no-reconnect",
		       "capture ends %.3f s after the close: no reconnect SYN from the client",
		       (double)(GUEST(rs->v[rs->n - 1].t_us) - close_t) / 1e6);
#undef GUEST
}

/* The trace events worth a row, and the key of the telling ones. */
static const char *trace_key(const struct trace_event *ev, bool *keep)
{
	static const char *const names[] = {
		"xs_connect_worker_enter", "xs_connect_worker_exit", "xs_connect_inject_reclaim",
		"mm_vmscan_reclaim_inject",
		"nfs_release_folio", "mm_vmscan_direct_reclaim_begin",
		"mm_vmscan_direct_reclaim_end", "nfs_initiate_commit", "nfs_commit_done",
	};
	char v[32];

	*keep = starts_with(ev->name, "rpc_socket_") || starts_with(ev->name, "xprt_");
	for (size_t i = 0; i < ARRAY_SIZE(names) && !*keep; i++)
		*keep = !strcmp(ev->name, names[i]);
	if (!*keep)
		return "-";
	if (starts_with(ev->name, "xs_connect_worker"))
		return "worker";
	if (!strcmp(ev->name, "nfs_release_folio") && kv_get(ev->fields, "decision", v, sizeof(v))) {
		char w[8] = "0";

		kv_get(ev->fields, "connect_worker", w, sizeof(w));
		if (!strcmp(w, "1") && !strcmp(v, "skip_nofs"))
			return "skip";
		if (!strcmp(w, "1") && !strcmp(v, "writeback"))
			return "writeback";
	}
	return "-";
}

void tl_add_trace(struct timeline *tl, const struct lines *trace)
{
	struct { char name[64]; long n; } seen[64];
	size_t nseen = 0;
	struct trace_event ev;

	for (size_t i = 0; trace && i < trace->n; i++) {
		bool keep;
		const char *key;
		size_t k;

		if (!trace_line_parse(trace->v[i], &ev))
			continue;
		key = trace_key(&ev, &keep);
		if (!keep)
			continue;
		for (k = 0; k < nseen && strcmp(seen[k].name, ev.name); k++)
			;
		if (k == nseen && nseen < ARRAY_SIZE(seen)) {
			snprintf(seen[nseen].name, sizeof(seen[0].name), "%s", ev.name);
			seen[nseen++].n = 0;
		}
		/* key rows are never capped: they are the evidence */
		if (k < nseen && ++seen[k].n > TL_TRACE_CAP && !strcmp(key, "-"))
			continue;
		tl_add(tl, ev.ts_us, "trace", key, "%s-%ld %s: %s", ev.comm, ev.pid, ev.name, ev.fields);
	}
	for (size_t k = 0; k < nseen; k++)
		if (seen[k].n > TL_TRACE_CAP)
			tl_add(tl, TIME_NONE, "trace", "-", "(%ld %s events in all, first %d listed)",
			       seen[k].n, seen[k].name, TL_TRACE_CAP);
}

static const char *console_key(const char *msg, bool *keep)
{
	*keep = true;
	if (strstr(msg, "blocked for more than"))
		return "hung";
	if (starts_with(msg, "sysrq:"))
		return "sysrq";
	if (starts_with(msg, "task:") && strstr(msg, "state:D"))
		return "blocked";
	if (starts_with(msg, "nfstb: phase="))
		return "phase";
	if (starts_with(msg, "nfstb-") || strstr(msg, "Kernel panic") ||
	    strstr(msg, "Out of memory") || strstr(msg, "oom-kill") ||
	    starts_with(msg, "nfsd") || starts_with(msg, "NFSD") || starts_with(msg, "nfs:"))
		return "-";
	*keep = false;
	return "-";
}

void tl_add_console(struct timeline *tl, const struct lines *log, const char *source)
{
	bool server = !strcmp(source, "server");

	for (size_t i = 0; log && i < log->n; i++) {
		int64_t t;
		const char *msg = printk_split(log->v[i], &t);
		bool keep;
		const char *key = console_key(msg, &keep);

		if (!keep || t == TIME_NONE)
			continue;
		struct tl_event *e = tl_add(tl, server ? TIME_NONE : t, source, key, "%s", msg);
		e->own_us = t;
	}
}

/* timeline.tsv: sorting and writing (the rows: timeline_tsv.c). */

static int cmp_event(const void *pa, const void *pb)
{
	const struct tl_event *a = pa, *b = pb;
	bool an = a->t_us == TIME_NONE, bn = b->t_us == TIME_NONE;

	if (an != bn)
		return an ? 1 : -1;
	if (!an && a->t_us != b->t_us)
		return a->t_us < b->t_us ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void tl_sort(struct timeline *tl)
{
	if (tl->n)	/* qsort's base may not be NULL, even for no rows */
		qsort(tl->v, tl->n, sizeof(*tl->v), cmp_event);
}

void tl_write(FILE *f, const struct timeline *tl, const struct tl_anchor *a,
	      const char *server)
{
	char t1[32], t2[32];

	fprintf(f, "# nfstb timeline: time_s is seconds since the client guest booted (printk/trace clock)\n");
	if (a->found) {
		fprintf(f, "# anchor=%zu pair(s), packets to %s:2049 = client trace events; linear between pairs, "
			"nearest pair's offset outside (trace resolution can be 10 ms)\n", a->n, server);
		for (size_t i = 0; i < a->n; i++)
			fprintf(f, "# pair frame=%ld epoch=%s guest=%s offset_s=%s %s\n", a->p[i].frame,
				format_time_us(a->p[i].pkt_us, t1, sizeof(t1)),
				format_time_us(a->p[i].guest_us, t2, sizeof(t2)),
				format_time_us(a->p[i].pkt_us - a->p[i].guest_us, (char[32]){ 0 }, 32),
				a->p[i].what);
	} else {
		fprintf(f, "# anchor=none (%s): packet times are seconds since the first packet\n",
			a->why[0] ? a->why : "no capture");
	}
	fprintf(f, "# server rows: the server guest's own clock in the text, time_s '-' (no event ties the two guests' clocks)\n");
	tl_write_rows(f, tl);
}
