// SPDX-License-Identifier: GPL-2.0
/* Rows from the three sources: packets, trace events, console lines. */
#include "timeline.h"
#include "printk.h"
#include "trace.h"
#include "util.h"

#include <stdarg.h>
#include <string.h>

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
	struct tl_event *e;
	va_list ap;

	if (tl->n == tl->cap) {
		tl->cap = tl->cap ? tl->cap * 2 : 512;
		tl->v = xrealloc(tl->v, tl->cap * sizeof(*tl->v));
	}
	e = &tl->v[tl->n];
	memset(e, 0, sizeof(*e));
	e->t_us = t_us;
	e->own_us = t_us;
	e->seq = tl->n++;
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
