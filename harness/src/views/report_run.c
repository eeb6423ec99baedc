// SPDX-License-Identifier: GPL-2.0
/*
 * Loading one run's report (report_run.h): the run's record, the files of
 * the run directory, the console's blocked-task and lockdep reports cut out
 * whole, and the RPC procedures of each connection of packets.tsv.
 */
#include "report_run.h"
/*
 * For display only: where a lockdep report starts, and the cycle's part a
 * frame line plays, to mark the console text shown; the rows of
 * packets.tsv and timeline.tsv.  No fact of the report comes from these:
 * those are the record's.
 */
#include "frame_roles.h"
#include "lockdep_head.h"
#include "packets_tsv.h"
#include "record.h"
#include "timeline_tsv.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The files of the run directory, gathered for the report. */

const char *const report_raw_files[] = {
	RECORD_FILE, "client-console.log", "server-console.log",
	"client-trace.txt", "capture.pcap", "packets.tsv", "pcap-summary.txt",
	"timeline.tsv", NULL,
};

static bool exists(const struct report_run *r, const char *name)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", r->dir, name);
	return stat(path, &st) == 0;
}

void report_raw_links(FILE *f, const struct report_run *r, const char *line)
{
	for (size_t i = 0; report_raw_files[i]; i++)
		if (exists(r, report_raw_files[i]))
			fprintf(f, line, report_raw_files[i], report_raw_files[i]);
}

/* "nfstb: phase=NAME ... MemAvailable: N kB" (or MemAvailable=N). */
static void mem_points(struct report_run *r, const struct lines *log)
{
	for (size_t i = 0; i < log->n && r->nmem < REPORT_MAX_MEM; i++) {
		int64_t t;
		const char *msg = printk_split(log->v[i], &t), *m;

		if (t == TIME_NONE || !starts_with(msg, "nfstb") || !(m = strstr(msg, "MemAvailable")))
			continue;
		m += strlen("MemAvailable");
		m += strspn(m, ":= ");
		char *end;
		long kb = strtol(m, &end, 10);
		if (end == m)
			continue;
		r->mem[r->nmem].t_us = t;
		r->mem[r->nmem++].kb = kb;
	}
}

static void mark_shown_rows(struct report_run *r);

void report_run_load(const char *dir, struct report_run *r)
{
	char path[4096];
	const char *base = strrchr(dir, '/');
	struct lines log;

	memset(r, 0, sizeof(*r));
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	/* the run's name is the directory's, even with a trailing slash */
	snprintf(r->name, sizeof(r->name), "%s", base && base[1] ? base + 1 : dir);
	r->name[strcspn(r->name, "/")] = '\0';

	snprintf(path, sizeof(path), "%s/" RECORD_FILE, dir);
	r->have_verdict = record_load(path, &r->rec, r->record_err,
				      sizeof(r->record_err)) == 0;
	if (r->have_verdict)
		r->record_err[0] = '\0';

	snprintf(path, sizeof(path), "%s/client-console.log", dir);
	if (lines_load(path, &log) == 0) {
		const struct run_record *rec = &r->rec;

		r->have_console = true;
		report_stacks_find(&log, r->have_verdict && rec->has_task ? rec->task : NULL,
				   rec->pid, &r->stacks);
		report_lockdep_find(&log, &r->lockdeps);
		mem_points(r, &log);
		lines_free(&log);
	}

	snprintf(path, sizeof(path), "%s/pcap-summary.txt", dir);
	r->summary = read_whole_file(path);
	char server[48] = "";
	const char *sv = r->summary ? strstr(r->summary, "\nserver=") : NULL;
	if (sv)
		snprintf(server, sizeof(server), "%.*s", (int)strcspn(sv + 8, "\n"), sv + 8);
	snprintf(path, sizeof(path), "%s/packets.tsv", dir);
	report_conns_load(path, server, &r->conns);
	snprintf(path, sizeof(path), "%s/timeline.tsv", dir);
	tl_load(path, &r->tl, r->anchor, sizeof(r->anchor));
	mark_shown_rows(r);
}

void report_run_free(struct report_run *r)
{
	free(r->summary);
	tl_free(&r->tl);
	free(r->shown);
	report_blocks_free(&r->stacks);
	report_blocks_free(&r->lockdeps);
}

/* At most this many rows of one key kind (skip rows can be hundreds). */
#define REPORT_ROWS_PER_KEY 6

bool report_row_shown(const struct report_run *r, size_t i)
{
	return r->shown && i < r->tl.n && r->shown[i];
}

/* A key kind and how many of its rows are listed so far. */
struct key_count {
	const char *key;
	size_t listed;
};

static void mark_shown_rows(struct report_run *r)
{
	/* Keys are a short fixed vocabulary (timeline.c); no more kinds than rows. */
	struct key_count *seen = xcalloc(r->tl.n + 1, sizeof(*seen));
	size_t nseen = 0;

	r->shown = xcalloc(r->tl.n + 1, sizeof(*r->shown));
	for (size_t i = 0; i < r->tl.n; i++) {
		const struct tl_event *e = &r->tl.v[i];
		size_t k = 0;

		if (!strcmp(e->key, "-") || e->t_us == TIME_NONE)
			continue;
		while (k < nseen && strcmp(seen[k].key, e->key))
			k++;
		if (k == nseen)
			seen[nseen++].key = e->key;
		r->shown[i] = seen[k].listed++ < REPORT_ROWS_PER_KEY;
	}
	free(seen);
}

/*
 * The console's blocked-task and lockdep reports, cut out whole (no frame
 * dropped); hang.c names the hang.
 */

static struct report_block *open_block(struct report_blocks *b, const char *msg)
{
	struct report_block *k;

	if (b->n == REPORT_MAX_BLOCKS)
		return NULL;
	k = &b->v[b->n++];
	memset(k, 0, sizeof(*k));
	snprintf(k->title, sizeof(k->title), "%s", msg);
	k->lines = xcalloc(REPORT_BLOCK_MAX_LINES, sizeof(*k->lines));
	k->roles = xcalloc(REPORT_BLOCK_MAX_LINES, sizeof(*k->roles));
	return k;
}

/* Appends @line; false when the block is full. */
static bool add_line(struct report_block *k, const char *line, const char *msg)
{
	enum frame_role role = FRAME_OTHER;
	char name[128];
	bool reliable;

	if (k->n == REPORT_BLOCK_MAX_LINES)
		return false;
	if (frame_parse(msg, name, sizeof(name), &reliable) && reliable)
		role = frame_role(name);
	k->roles[k->n] = role == FRAME_OTHER ? NULL : frame_role_name(role);
	k->lines[k->n++] = xstrdup(line);
	return true;
}

static bool is_info(const char *msg)
{
	return starts_with(msg, "INFO: task ") && strstr(msg, " blocked for more than");
}

static bool is_task(const char *msg)
{
	return starts_with(msg, "task:") && strstr(msg, " state:");
}

static bool task_matches(const char *msg, const char *task, long pid)
{
	char want[96];
	const char *p = strstr(msg, " pid:");

	if (!task)
		return false;
	snprintf(want, sizeof(want), "task:%s ", task);
	return starts_with(msg, want) && p &&
	       strtol(p + strlen(" pid:"), NULL, 10) == pid;
}

void report_stacks_find(const struct lines *log, const char *task, long pid,
			struct report_blocks *out)
{
	struct report_block *k = NULL;
	bool has_task = false;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < log->n; i++) {
		const char *msg = printk_msg(log->v[i]);

		if (is_info(msg) || lockdep_is_head(msg) || (is_task(msg) && (!k || has_task))) {
			k = NULL;
			if (lockdep_is_head(msg) || (is_task(msg) && !strstr(msg, " state:D")))
				continue;
			k = open_block(out, msg);
			has_task = false;
		}
		if (!k)
			continue;
		if (is_task(msg)) {
			has_task = true;
			k->named = k->named || task_matches(msg, task, pid);
		}
		if (!add_line(k, log->v[i], msg) || !strcmp(skip_spaces(msg), "</TASK>"))
			k = NULL;
	}
}

void report_lockdep_find(const struct lines *log, struct report_blocks *out)
{
	struct report_block *k = NULL;
	bool backtrace = false;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < log->n; i++) {
		const char *msg = printk_msg(log->v[i]);

		if (lockdep_is_head(msg)) {
			k = open_block(out, msg);
			backtrace = false;
		}
		if (!k)
			continue;
		backtrace = backtrace || starts_with(skip_spaces(msg), "stack backtrace:");
		if (!add_line(k, log->v[i], msg) ||
		    (backtrace && !strcmp(skip_spaces(msg), "</TASK>")))
			k = NULL;
	}
}

void report_blocks_free(struct report_blocks *b)
{
	for (size_t i = 0; i < b->n; i++) {
		for (size_t j = 0; j < b->v[i].n; j++)
			free(b->v[i].lines[j]);
		free(b->v[i].lines);
		free(b->v[i].roles);
	}
	b->n = 0;
}

/* The RPC procedures of each connection of packets.tsv. */

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

	pkt_proc_key(p, name, sizeof(name));
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
