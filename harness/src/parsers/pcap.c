// SPDX-License-Identifier: GPL-2.0
/*
 * Packets (pcap.h) after tshark: its lines split into packets.tsv rows
 * (written and read back by packets_tsv.c); and the key=value summary of
 * a run's packets.
 */
#include "pcap.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* tshark's lines split into packets.tsv rows (packets_tsv.h). */

/* A field's comma-separated values, split in place. */
struct values {
	char *v[256];
	int n;
};

static void split_values(char *s, struct values *vals)
{
	char *save = NULL;

	vals->n = 0;
	for (char *tok = strtok_r(s, ",", &save); tok && vals->n < 256;
	     tok = strtok_r(NULL, ",", &save))
		vals->v[vals->n++] = tok;
}

static long val_long(const struct values *vals, int i)
{
	return i >= 0 && i < vals->n ? strtol(vals->v[i], NULL, 0) : -1;
}

static bool is_write(const struct pkt_rec *r)
{
	return !strcmp(r->prog, "NFS") && r->vers == 3 && !strcmp(r->proc, "WRITE");
}

int pkt_split_line(const char *line, const struct pcap_names *names,
		   struct pkt_rec *out, int max)
{
	char *copy = xstrdup(line), *cols[TSH_NFIELDS + 1];
	struct values xid, typ, prog, vers, proc, st3, com3, st4, opsn, ops, mainop;
	struct pkt_rec base;
	int ncols, n = 0, i_st3 = 0, i_com3 = 0, i_st4 = 0, i_op = 0, i_cmp = 0;
	char buf[64];

	copy[strcspn(copy, "\r\n")] = '\0';
	ncols = tsv_split(copy, cols, TSH_NFIELDS + 1);
	if (ncols != TSH_NFIELDS || !*cols[TSH_FRAME] ||
	    !parse_time_us(cols[TSH_TIME], &(int64_t){ 0 })) {
		free(copy);
		return -1;
	}
	memset(&base, 0, sizeof(base));
	base.frame = strtol(cols[TSH_FRAME], NULL, 10);
	parse_time_us(cols[TSH_TIME], &base.t_us);
	snprintf(base.src, sizeof(base.src), "%s", cols[TSH_IP_SRC]);
	snprintf(base.dst, sizeof(base.dst), "%s", cols[TSH_IP_DST]);
	base.udp = !*cols[TSH_TCP_SPORT];
	base.sport = strtol(base.udp ? cols[TSH_UDP_SPORT] : cols[TSH_TCP_SPORT], NULL, 10);
	base.dport = strtol(base.udp ? cols[TSH_UDP_DPORT] : cols[TSH_TCP_DPORT], NULL, 10);
	base.flags = base.udp ? 0 : (unsigned)strtoul(cols[TSH_TCP_FLAGS], NULL, 0);
	/* The clock anchors' datagrams are no RPC and no row (pkt_anchor_line). */
	if (base.udp && (base.sport == PCAP_ANCHOR_PORT || base.dport == PCAP_ANCHOR_PORT)) {
		free(copy);
		return 0;
	}

	split_values(cols[TSH_XID], &xid);
	split_values(cols[TSH_MSGTYP], &typ);
	split_values(cols[TSH_PROGRAM], &prog);
	split_values(cols[TSH_VERSION], &vers);
	split_values(cols[TSH_PROCEDURE], &proc);
	split_values(cols[TSH_STABLE3], &st3);
	split_values(cols[TSH_COMMITTED3], &com3);
	split_values(cols[TSH_STABLE4], &st4);
	split_values(cols[TSH_OPS_COUNT], &opsn);
	split_values(cols[TSH_OPCODE], &ops);
	split_values(cols[TSH_MAIN_OPCODE], &mainop);

	/*
	 * tshark prints rpc.programversion twice per message (the header's
	 * and the reply's generated copy), so the step is the ratio.
	 */
	int vstep = xid.n && vers.n >= 2 * xid.n ? 2 : 1;

	for (int m = 0; m < xid.n && n < max; m++) {
		struct pkt_rec *r = &out[n++];
		long p = val_long(&prog, m), v = val_long(&vers, m * vstep);

		*r = base;
		snprintf(r->xid, sizeof(r->xid), "%s", xid.v[m]);
		r->reply = val_long(&typ, m) == 1;
		snprintf(r->prog, sizeof(r->prog), "%s", pcap_program_name(p, buf, sizeof(buf)));
		r->vers = v;
		snprintf(r->proc, sizeof(r->proc), "%s",
			 pcap_proc_name(names, p, v, val_long(&proc, m), buf, sizeof(buf)));
		/*
		 * Repeated NFS fields appear only in the messages that have
		 * them, in message order: the k-th WRITE call owns the k-th
		 * nfs.write.stable, the k-th COMPOUND the k-th nfs.ops.count.
		 */
		if (is_write(r) && !r->reply && i_st3 < st3.n)
			pcap_stable_name(names, val_long(&st3, i_st3++), r->stable, sizeof(r->stable));
		if (is_write(r) && r->reply && i_com3 < com3.n)
			pcap_stable_name(names, val_long(&com3, i_com3++), r->committed, sizeof(r->committed));
		if (!strcmp(r->prog, "NFS") && v == 4 && !strcmp(r->proc, "COMPOUND")) {
			long cnt = val_long(&opsn, i_cmp);
			size_t used = 0;

			if (i_cmp < mainop.n)
				snprintf(r->proc, sizeof(r->proc), "%s",
					 pcap_op_name(names, val_long(&mainop, i_cmp), buf, sizeof(buf)));
			i_cmp++;
			for (long k = 0; k < cnt && i_op < ops.n; k++) {
				long op = val_long(&ops, i_op++);
				const char *name = pcap_op_name(names, op, buf, sizeof(buf));

				used += snprintf(r->ops + used, used < sizeof(r->ops) ? sizeof(r->ops) - used : 0,
						 "%s%s", k ? "," : "", name);
				if (used >= sizeof(r->ops))
					used = sizeof(r->ops) - 1;
				/* WRITE4args.stable / WRITE4resok.committed */
				if (op == 38 && i_st4 < st4.n)
					pcap_stable_name(names, val_long(&st4, i_st4++),
							 r->reply ? r->committed : r->stable, 16);
			}
		}
	}
	/* A frame without RPC matters only as a TCP SYN, FIN or RST. */
	if (n == 0 && (base.flags & (TCPF_SYN | TCPF_FIN | TCPF_RST)) && max > 0)
		out[n++] = base;
	free(copy);
	return n;
}

/* The clock anchors: "nfstb-anchor run=R seq=K" datagrams. */

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool run_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

bool pcap_anchor_payload(const char *hex, char *run, size_t runlen, long *seq)
{
	static const char head[] = "nfstb-anchor run=";
	char text[sizeof(head) + PCAP_ANCHOR_RUN_MAX + 32];
	size_t n = 0, r = 0;
	const char *p;
	long k = 0;

	/* hex pairs, optionally ':'-separated, into text */
	for (p = hex; *p; ) {
		int hi = hex_digit(p[0]), lo = hi < 0 ? -1 : hex_digit(p[1]);

		if (lo < 0 || n == sizeof(text) - 1)
			return false;
		text[n++] = (char)(hi << 4 | lo);
		p += 2;
		if (*p == ':' && p[1])
			p++;
	}
	text[n] = '\0';
	if (strlen(text) != n || strncmp(text, head, sizeof(head) - 1))
		return false;
	p = text + sizeof(head) - 1;
	while (run_char(p[r]))
		r++;
	if (r == 0 || r > PCAP_ANCHOR_RUN_MAX || r >= runlen || strncmp(p + r, " seq=", 5))
		return false;
	memcpy(run, p, r);
	run[r] = '\0';
	p += r + 5;
	if (*p < '1' || *p > '9')	/* K >= 1, no sign, no leading zero */
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (k > 99999999)	/* more digits than any count */
			return false;
		k = k * 10 + (*p - '0');
	}
	if (*p == '\n')
		p++;
	if (*p)
		return false;
	*seq = k;
	return true;
}

int pkt_anchor_line(const char *line, struct pcap_anchor *a)
{
	char *copy = xstrdup(line), *cols[TSH_NFIELDS + 1];
	int ncols, rc = -1;

	copy[strcspn(copy, "\r\n")] = '\0';
	ncols = tsv_split(copy, cols, TSH_NFIELDS + 1);
	if (ncols != TSH_NFIELDS || !*cols[TSH_FRAME])
		goto out;
	memset(a, 0, sizeof(*a));
	if (!parse_time_us(cols[TSH_TIME], &a->t_us))
		goto out;
	rc = 0;
	if (*cols[TSH_TCP_SPORT] || !*cols[TSH_UDP_DPORT] ||
	    strtol(cols[TSH_UDP_DPORT], NULL, 10) != PCAP_ANCHOR_PORT ||
	    !pcap_anchor_payload(cols[TSH_DATA], a->run, sizeof(a->run), &a->seq))
		goto out;
	a->frame = strtol(cols[TSH_FRAME], NULL, 10);
	snprintf(a->src, sizeof(a->src), "%s", cols[TSH_IP_SRC]);
	snprintf(a->dst, sizeof(a->dst), "%s", cols[TSH_IP_DST]);
	a->sport = strtol(cols[TSH_UDP_SPORT], NULL, 10);
	a->dport = PCAP_ANCHOR_PORT;
	rc = 1;
out:
	free(copy);
	return rc;
}

/*
 * The add and free of a doubling array, struct NAME { ELEM *v; size_t n,
 * cap; } (pcap_anchors, pcap_recs), whose first allocation holds FIRST.
 */
#define DEFINE_PCAP_ARRAY(name, elem, first)				\
	void name##_add(struct name *a, const elem *x)			\
	{								\
		if (a->n == a->cap) {					\
			a->cap = a->cap ? a->cap * 2 : (first);		\
			a->v = xrealloc(a->v, a->cap * sizeof(*a->v));	\
		}							\
		a->v[a->n++] = *x;					\
	}								\
									\
	void name##_free(struct name *a)				\
	{								\
		free(a->v);						\
		a->v = NULL;						\
		a->n = a->cap = 0;					\
	}

DEFINE_PCAP_ARRAY(pcap_anchors, struct pcap_anchor, 16)

static int cmp_anchor_seq(const void *a, const void *b)
{
	const struct pcap_anchor *x = *(const struct pcap_anchor *const *)a;
	const struct pcap_anchor *y = *(const struct pcap_anchor *const *)b;

	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	/* the same seq twice: capture order, the first one wins */
	return x < y ? -1 : x > y;
}

/*
 * anchors=N (datagrams from the client to the server's anchor port),
 * anchor_run= (the one run they name, "mixed", or "-"), then anchor.K=
 * per seq K in order, the capture time of K's first datagram.
 */
static void write_anchors(FILE *f, const struct pcap_anchors *as, const char *server)
{
	const struct pcap_anchor **v = xcalloc(as && as->n ? as->n : 1, sizeof(*v));
	const char *run = NULL;
	size_t n = 0;
	char t[32];

	for (size_t i = 0; as && i < as->n; i++) {
		const struct pcap_anchor *a = &as->v[i];

		if (a->dport != PCAP_ANCHOR_PORT || strcmp(a->dst, server) ||
		    !strcmp(a->src, server))
			continue;
		v[n++] = a;
		if (!run)
			run = a->run;
		else if (strcmp(run, a->run))
			run = "mixed";
	}
	qsort(v, n, sizeof(*v), cmp_anchor_seq);
	fprintf(f, "anchors=%zu\n", n);
	fprintf(f, "anchor_run=%s\n", run ? run : "-");
	for (size_t i = 0; i < n; i++)
		if (i == 0 || v[i]->seq != v[i - 1]->seq)
			fprintf(f, "anchor.%ld=%s\n", v[i]->seq,
				format_time_us(v[i]->t_us, t, sizeof(t)));
	free(v);
}

/* The summary of a run's packets: pcap-summary.txt. */

#define NFS_PORT 2049

DEFINE_PCAP_ARRAY(pcap_recs, struct pkt_rec, 1024)

int pcap_recs_load(const char *path, struct pcap_recs *rs)
{
	struct lines l;
	struct pkt_rec r;

	if (lines_load(path, &l) < 0)
		return -1;
	for (size_t i = 0; i < l.n; i++)
		if (pkt_parse(l.v[i], &r))
			pcap_recs_add(rs, &r);
	lines_free(&l);
	return 0;
}

/* A small sorted name -> count map, so key order never depends on input. */
struct counter {
	struct { char name[64]; long n; } v[128];
	size_t n;
};

static void count(struct counter *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].name, name)) {
			c->v[i].n++;
			return;
		}
	if (c->n == ARRAY_SIZE(c->v))
		return;
	snprintf(c->v[c->n].name, sizeof(c->v[0].name), "%s", name);
	c->v[c->n++].n = 1;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

static void print_counter(FILE *f, const char *prefix, struct counter *c)
{
	qsort(c->v, c->n, sizeof(c->v[0]), cmp_name);
	for (size_t i = 0; i < c->n; i++)
		fprintf(f, "%s.%s=%ld\n", prefix, c->v[i].name, c->v[i].n);
}

/* Per (program, xid): calls seen, before/after the first close, replies. */
struct xid_state {
	char prog[16], xid[16], key[64];
	long calls, calls_before, calls_after, replies;
	int64_t last_call_us;
};

static struct xid_state *xid_find(struct xid_state **v, size_t *n, size_t *cap,
				  const struct pkt_rec *r)
{
	for (size_t i = *n; i-- > 0;)
		if (!strcmp((*v)[i].xid, r->xid) && !strcmp((*v)[i].prog, r->prog))
			return &(*v)[i];
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 256;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	struct xid_state *x = &(*v)[(*n)++];
	memset(x, 0, sizeof(*x));
	snprintf(x->prog, sizeof(x->prog), "%s", r->prog);
	snprintf(x->xid, sizeof(x->xid), "%s", r->xid);
	return x;
}

/* The client's port of a segment on the NFS port, or -1. */
static long client_port(const struct pkt_rec *r, const char *server)
{
	if (r->udp)
		return -1;
	if (!strcmp(r->dst, server) && r->dport == NFS_PORT)
		return r->sport;
	if (!strcmp(r->src, server) && r->sport == NFS_PORT)
		return r->dport;
	return -1;
}

struct conn_state {
	long connections, closes;
	long ports[256];	/* client ports whose connection was counted open */
	bool closed[256];
	size_t nports;
	int64_t close_us, syn_us;
	char close_by[8], close_kind[4], client[48];
	long old_sport, new_sport;
};

static long conn_index(struct conn_state *c, long port)
{
	for (size_t i = c->nports; i-- > 0;)
		if (c->ports[i] == port)
			return (long)i;
	return -1;
}

static void conn_track(struct conn_state *c, const struct pkt_rec *r, const char *server)
{
	long port = client_port(r, server), i;
	bool from_client = !strcmp(r->dst, server);

	if (port < 0 || !pkt_is_control(r))
		return;
	i = conn_index(c, port);
	if ((r->flags & TCPF_SYN) && !(r->flags & TCPF_ACK) && from_client) {
		/* A retransmitted SYN on a connection not yet closed is not new. */
		if (i >= 0 && !c->closed[i])
			return;
		if (c->nports == ARRAY_SIZE(c->ports))
			return;
		c->ports[c->nports] = port;
		c->closed[c->nports++] = false;
		c->connections++;
		if (c->close_us != TIME_NONE && c->syn_us == TIME_NONE) {
			c->syn_us = r->t_us;
			c->new_sport = port;
		}
		return;
	}
	if (!(r->flags & (TCPF_FIN | TCPF_RST)))
		return;
	if (i >= 0 && c->closed[i])
		return;	/* the other side's FIN, or a RST after a FIN */
	if (i >= 0)
		c->closed[i] = true;
	else if (c->nports < ARRAY_SIZE(c->ports)) {
		/* opened before the capture started */
		c->ports[c->nports] = port;
		c->closed[c->nports++] = true;
	}
	c->closes++;
	if (c->close_us == TIME_NONE) {
		c->close_us = r->t_us;
		snprintf(c->close_by, sizeof(c->close_by), "%s", from_client ? "client" : "server");
		snprintf(c->close_kind, sizeof(c->close_kind), "%s",
			 (r->flags & TCPF_RST) ? "RST" : "FIN");
		c->old_sport = port;
	}
}

/* A COMMIT call: NFSv3's procedure, or an NFSv4 COMPOUND carrying one. */
static bool is_commit(const struct pkt_rec *r)
{
	char copy[256], *save = NULL;

	if (!strcmp(r->proc, "COMMIT"))
		return true;
	snprintf(copy, sizeof(copy), "%s", r->ops);
	for (char *op = strtok_r(copy, ",", &save); op; op = strtok_r(NULL, ",", &save))
		if (!strcmp(op, "COMMIT"))
			return true;
	return false;
}

void pcap_summary_write(FILE *f, const struct pcap_recs *rs,
			const struct pcap_anchors *anchors, const char *server,
			const char *capture)
{
	struct counter calls = { 0 }, replies = { 0 }, writes = { 0 }, committed = { 0 },
		       ops = { 0 }, unanswered = { 0 };
	struct conn_state c = { .close_us = TIME_NONE, .syn_us = TIME_NONE,
				.old_sport = -1, .new_sport = -1 };
	struct xid_state *xs = NULL;
	size_t nx = 0, capx = 0;
	long ncalls = 0, nreplies = 0, tcp_nfs = 0, udp_nfs = 0, after_syn = 0;
	long commits_after_close = 0;
	long prev_frame = -1;
	char key[64], t[32], client[48] = "";

	for (size_t i = 0; i < rs->n; i++) {
		const struct pkt_rec *r = &rs->v[i];

		if (r->frame != prev_frame)	/* flags once per frame */
			conn_track(&c, r, server);
		prev_frame = r->frame;
		if (r->dport == NFS_PORT || r->sport == NFS_PORT)
			*(r->udp ? &udp_nfs : &tcp_nfs) += 1;
		if (!r->xid[0])
			continue;
		if (!client[0])
			snprintf(client, sizeof(client), "%s",
				 strcmp(r->src, server) ? r->src : r->dst);
		pkt_proc_key(r, key, sizeof(key));
		struct xid_state *x = xid_find(&xs, &nx, &capx, r);
		snprintf(x->key, sizeof(x->key), "%s", key);
		if (r->reply) {
			nreplies++;
			count(&replies, key);
			if (r->committed[0])
				count(&committed, r->committed);
			x->replies++;
			if (c.syn_us != TIME_NONE)
				after_syn++;
			continue;
		}
		ncalls++;
		count(&calls, key);
		if (r->stable[0])
			count(&writes, r->stable);
		if (r->ops[0]) {
			char copy[256], *save = NULL;

			snprintf(copy, sizeof(copy), "%s", r->ops);
			for (char *op = strtok_r(copy, ",", &save); op; op = strtok_r(NULL, ",", &save))
				count(&ops, op);
		}
		if (c.close_us != TIME_NONE && is_commit(r))
			commits_after_close++;
		x->calls++;
		*(c.close_us == TIME_NONE ? &x->calls_before : &x->calls_after) += 1;
		x->last_call_us = r->t_us;
	}

	long retrans = 0, nunans = 0;
	char list[512] = "";
	size_t used = 0;

	for (size_t i = 0; i < nx; i++) {
		/* sent again after the close, or (no close) sent more than once */
		if (c.close_us != TIME_NONE ? xs[i].calls_before && xs[i].calls_after
					    : xs[i].calls > 1)
			retrans++;
		if (xs[i].calls && !xs[i].replies) {
			nunans++;
			count(&unanswered, xs[i].key);
			if (nunans <= 16 && used < sizeof(list))
				used += snprintf(list + used, sizeof(list) - used, "%s%s:%s",
						 used ? "," : "", xs[i].xid, xs[i].key);
		}
	}

	const char *transport = tcp_nfs ? "tcp" : udp_nfs ? "udp" : "none";
	bool tcp = !strcmp(transport, "tcp");

	fprintf(f, "capture=%s\n", capture);
	fprintf(f, "transport=%s\n", transport);
	fprintf(f, "server=%s\n", server);
	fprintf(f, "client=%s\n", client[0] ? client : "-");
	fprintf(f, "rows=%zu\n", rs->n);
	fprintf(f, "first_time=%s\n", rs->n ? format_time_us(rs->v[0].t_us, t, sizeof(t)) : "-");
	fprintf(f, "last_time=%s\n", rs->n ? format_time_us(rs->v[rs->n - 1].t_us, t, sizeof(t)) : "-");
	fprintf(f, "rpc_calls=%ld\n", ncalls);
	fprintf(f, "rpc_replies=%ld\n", nreplies);
	print_counter(f, "calls", &calls);
	print_counter(f, "replies", &replies);
	print_counter(f, "ops", &ops);
	print_counter(f, "writes", &writes);
	print_counter(f, "committed", &committed);
	if (tcp) {
		fprintf(f, "connections=%ld\n", c.connections);
		fprintf(f, "closes=%ld\n", c.closes);
		fprintf(f, "first_close_time=%s\n",
			c.close_us != TIME_NONE ? format_time_us(c.close_us, t, sizeof(t)) : "-");
		fprintf(f, "first_close_by=%s\n", c.close_us != TIME_NONE ? c.close_by : "-");
		fprintf(f, "first_close_kind=%s\n", c.close_us != TIME_NONE ? c.close_kind : "-");
		if (c.old_sport >= 0)
			fprintf(f, "old_sport=%ld\n", c.old_sport);
		else
			fprintf(f, "old_sport=-\n");
		fprintf(f, "reconnect_syn=%d\n", c.syn_us != TIME_NONE);
		fprintf(f, "reconnect_time=%s\n",
			c.syn_us != TIME_NONE ? format_time_us(c.syn_us, t, sizeof(t)) : "-");
		if (c.new_sport >= 0)
			fprintf(f, "new_sport=%ld\n", c.new_sport);
		else
			fprintf(f, "new_sport=-\n");
		if (c.syn_us != TIME_NONE)
			fprintf(f, "reset_to_syn_s=%s\n", format_secs_ms(c.syn_us - c.close_us, t, sizeof(t)));
		else
			fprintf(f, "reset_to_syn_s=-\n");
		fprintf(f, "replies_after_reconnect=%ld\n", after_syn);
		fprintf(f, "commits_after_close=%ld\n", commits_after_close);
	}
	fprintf(f, "retransmitted_xids=%ld\n", retrans);
	fprintf(f, "unanswered_calls=%ld\n", nunans);
	print_counter(f, "unanswered", &unanswered);
	fprintf(f, "unanswered_xids=%s\n", list[0] ? list : "-");
	write_anchors(f, anchors, server);
	free(xs);
}
