// SPDX-License-Identifier: GPL-2.0
/* The anchor pairs between the capture's clock and the client guest's. */
#include "timeline.h"
#include "trace.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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
