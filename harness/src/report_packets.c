// SPDX-License-Identifier: GPL-2.0
#include "report_packets.h"
#include "lines.h"
#include "pcap.h"
#include "report_util.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* An open call, waiting for its reply on its connection. */
struct pending {
	size_t conn, proc;
	char prog[16], xid[16];
};

struct state {
	struct report_conns *c;
	bool open[REPORT_MAX_CONNS];
	struct pending *calls;
	size_t ncalls, cap;
};

static bool is_client(const struct pkt_rec *p, const char *server)
{
	if (server[0])
		return strcmp(p->src, server) != 0;
	if (p->dport == 2049 || p->sport == 2049)
		return p->dport == 2049;
	return p->sport > p->dport;
}

/* The connection of @p; a client SYN on a closed (or unseen) tuple opens a new one. */
static long conn_of(struct state *s, const struct pkt_rec *p, bool client)
{
	const char *ca = client ? p->src : p->dst, *sa = client ? p->dst : p->src;
	long cp = client ? p->sport : p->dport, sp = client ? p->dport : p->sport;
	bool syn = client && (p->flags & TCPF_SYN) && !(p->flags & TCPF_ACK);
	struct report_conns *c = s->c;

	for (size_t i = c->n; i-- > 0;) {
		struct report_conn *k = &c->v[i];

		if (k->udp != p->udp || k->cport != cp || k->sport != sp || strcmp(k->client, ca) ||
		    strcmp(k->server, sa))
			continue;
		if (!syn || s->open[i])
			return (long)i;
		break;
	}
	if (c->n == REPORT_MAX_CONNS)
		return -1;
	struct report_conn *k = &c->v[c->n];
	memset(k, 0, sizeof(*k));
	k->udp = p->udp;
	snprintf(k->client, sizeof(k->client), "%s", ca);
	snprintf(k->server, sizeof(k->server), "%s", sa);
	k->cport = cp;
	k->sport = sp;
	k->first_us = p->t_us;
	s->open[c->n] = true;
	return (long)c->n++;
}

static size_t proc_of(struct report_conn *k, const struct pkt_rec *p)
{
	char name[48];

	if (!strcmp(p->prog, "NFS"))
		snprintf(name, sizeof(name), "%s", p->proc);
	else
		snprintf(name, sizeof(name), "%s.%s", p->prog, p->proc);
	for (size_t i = 0; i < k->nprocs; i++)
		if (!strcmp(k->procs[i].name, name))
			return i;
	if (k->nprocs == REPORT_MAX_PROCS)
		return REPORT_MAX_PROCS - 1;	/* the last row takes the rest */
	snprintf(k->procs[k->nprocs].name, sizeof(k->procs[0].name), "%s", name);
	return k->nprocs++;
}

static void rpc(struct state *s, size_t conn, const struct pkt_rec *p)
{
	struct report_conn *k = &s->c->v[conn];

	if (p->reply) {
		for (size_t i = s->ncalls; i-- > 0;) {
			struct pending *q = &s->calls[i];

			if (q->conn == conn && !strcmp(q->xid, p->xid) && !strcmp(q->prog, p->prog)) {
				k->procs[q->proc].replies++;
				k->procs[q->proc].unanswered--;
				s->calls[i] = s->calls[--s->ncalls];
				return;
			}
		}
		k->procs[proc_of(k, p)].replies++;	/* a reply to a call before the capture */
		return;
	}
	size_t pi = proc_of(k, p);
	k->procs[pi].calls++;
	k->procs[pi].unanswered++;
	if (s->ncalls == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->calls = xrealloc(s->calls, s->cap * sizeof(*s->calls));
	}
	s->calls[s->ncalls++] = (struct pending){ .conn = conn, .proc = pi };
	snprintf(s->calls[s->ncalls - 1].prog, sizeof(s->calls[0].prog), "%s", p->prog);
	snprintf(s->calls[s->ncalls - 1].xid, sizeof(s->calls[0].xid), "%s", p->xid);
}

void report_conns_load(const char *path, const char *server, struct report_conns *c)
{
	struct state s = { .c = c };
	struct lines l;

	memset(c, 0, sizeof(*c));
	if (lines_load(path, &l) < 0)
		return;
	c->loaded = true;
	for (size_t i = 0; i < l.n; i++) {
		struct pkt_rec p;
		long conn;

		if (!pkt_parse(l.v[i], &p))
			continue;
		bool client = is_client(&p, server);
		if ((conn = conn_of(&s, &p, client)) < 0)
			continue;
		struct report_conn *k = &c->v[conn];
		k->last_us = p.t_us;
		k->syn += client && (p.flags & TCPF_SYN) && !(p.flags & TCPF_ACK);
		k->fin += !!(p.flags & TCPF_FIN);
		k->rst += !!(p.flags & TCPF_RST);
		if (p.flags & (TCPF_FIN | TCPF_RST))
			s.open[conn] = false;
		if (p.xid[0])
			rpc(&s, (size_t)conn, &p);
	}
	free(s.calls);
	lines_free(&l);
}

static void conn_title(FILE *f, const struct report_conn *k, size_t i)
{
	char a[32], b[32];

	fprintf(f, "connection %zu: %s %s:%ld -> %s:%ld, %s to %s (capture clock), client SYN %d, FIN %d, RST %d",
		i + 1, k->udp ? "udp" : "tcp", k->client, k->cport, k->server, k->sport,
		format_time_us(k->first_us, a, sizeof(a)), format_time_us(k->last_us, b, sizeof(b)),
		k->syn, k->fin, k->rst);
}

void report_conns_html(FILE *f, const struct report_conns *c)
{
	if (!c->loaded) {
		fprintf(f, "<p>(no packets.tsv)</p>\n");
		return;
	}
	fprintf(f, "<table class=\"procs\" id=\"procs\">\n<tr><th>connection</th><th>procedure</th>"
		   "<th>calls</th><th>replies</th><th>unanswered</th></tr>\n");
	for (size_t i = 0; i < c->n; i++) {
		const struct report_conn *k = &c->v[i];

		fprintf(f, "<tr class=\"conn\"><th colspan=\"5\">");
		conn_title(f, k, i);
		fprintf(f, "</th></tr>\n");
		for (size_t j = 0; j < k->nprocs; j++)
			fprintf(f, "<tr%s><td>%zu</td><td>%s</td><td>%ld</td><td>%ld</td><td>%ld</td></tr>\n",
				k->procs[j].unanswered ? " class=\"unanswered\"" : "", i + 1,
				k->procs[j].name, k->procs[j].calls, k->procs[j].replies, k->procs[j].unanswered);
	}
	fprintf(f, "</table>\n");
}

void report_conns_md(FILE *f, const struct report_conns *c)
{
	if (!c->loaded) {
		fprintf(f, "(no packets.tsv)\n\n");
		return;
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct report_conn *k = &c->v[i];

		fprintf(f, "- ");
		conn_title(f, k, i);
		fprintf(f, "\n");
	}
	fprintf(f, "\n| connection | procedure | calls | replies | unanswered |\n| ---: | --- | ---: | ---: | ---: |\n");
	for (size_t i = 0; i < c->n; i++)
		for (size_t j = 0; j < c->v[i].nprocs; j++)
			fprintf(f, "| %zu | %s | %ld | %ld | %ld |\n", i + 1, c->v[i].procs[j].name,
				c->v[i].procs[j].calls, c->v[i].procs[j].replies, c->v[i].procs[j].unanswered);
	fprintf(f, "\n");
}
