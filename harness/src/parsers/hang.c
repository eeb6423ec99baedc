// SPDX-License-Identifier: GPL-2.0
/*
 * A hang in a console log (hang.h): the blocked-task reports extracted,
 * then named.
 */
#include "hang.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The blocked-task reports of a Linux 6.1 console log. */

bool frame_is_scheduler(const char *name)
{
	static const char *const prefixes[] = {
		"__schedule", "schedule", "io_schedule", "preempt_schedule",
		"_cond_resched", "__cond_resched",
	};

	return starts_with_any(name, prefixes, ARRAY_SIZE(prefixes));
}

/* Parser state: at most one pending INFO header and one open task block. */
struct parser {
	struct hang_reports *out;
	size_t cap;
	/* "INFO: task comm:pid blocked" seen, waiting for its "task:" line */
	bool info_pending;
	char info_comm[64];
	long info_pid;
	int64_t info_time;
	/* open task block */
	struct blocked_task cur;
	bool in_task;
	bool in_trace;
};

static void copy_str(char *dst, size_t len, const char *src, size_t n)
{
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void free_task(struct blocked_task *t)
{
	for (size_t i = 0; i < t->nframes; i++)
		free(t->frames[i]);
	free(t->frames);
	t->frames = NULL;
	t->nframes = 0;
}

/* Close the open block; keep it only if it is a blocked (D) task. */
static void end_task(struct parser *ps)
{
	struct hang_reports *r = ps->out;

	if (!ps->in_task)
		return;
	ps->in_task = false;
	ps->in_trace = false;
	if (ps->cur.state != 'D' && ps->cur.source != HANG_HUNG_TASK) {
		free_task(&ps->cur);
		return;
	}
	if (r->n == ps->cap) {
		ps->cap = ps->cap ? ps->cap * 2 : 8;
		r->v = xrealloc(r->v, ps->cap * sizeof(*r->v));
	}
	r->v[r->n++] = ps->cur;
	memset(&ps->cur, 0, sizeof(ps->cur));
}

/* "INFO: task kworker/u4:1:35 blocked for more than 10 seconds." */
static bool parse_info(struct parser *ps, const char *msg, int64_t t)
{
	const char *p = msg + strlen("INFO: task "), *end, *colon;
	char *num_end;
	long pid;

	end = strstr(p, " blocked for more than");
	if (!end)
		return false;
	colon = end;
	while (colon > p && colon[-1] != ':')
		colon--;
	if (colon <= p + 1)
		return false;
	pid = strtol(colon, &num_end, 10);
	if (num_end != end)
		return false;
	ps->info_pending = true;
	copy_str(ps->info_comm, sizeof(ps->info_comm), p, colon - 1 - p);
	ps->info_pid = pid;
	ps->info_time = t;
	return true;
}

/* "task:kworker/u4:1    state:D stack:0     pid:35    ppid:2 ..." */
static void parse_task(struct parser *ps, const char *msg, int64_t t)
{
	const char *p = msg + strlen("task:");
	const char *st = strstr(p, " state:"), *pidp;
	struct blocked_task *c = &ps->cur;
	size_t n;

	if (!st)
		return;
	memset(c, 0, sizeof(*c));
	n = st - p;
	while (n && p[n - 1] == ' ')
		n--;
	copy_str(c->comm, sizeof(c->comm), p, n);
	c->state = st[strlen(" state:")];
	pidp = strstr(st, " pid:");
	c->pid = pidp ? strtol(pidp + strlen(" pid:"), NULL, 10) : -1;
	c->time_us = t;
	c->source = HANG_SHOW_STATE;
	if (ps->info_pending && ps->info_pid == c->pid) {
		/* The INFO line has the untruncated comm and the report time. */
		c->source = HANG_HUNG_TASK;
		c->time_us = ps->info_time;
		copy_str(c->comm, sizeof(c->comm), ps->info_comm,
			 strlen(ps->info_comm));
	}
	ps->info_pending = false;
	ps->in_task = true;
}

/* "Workqueue: xprtiod xs_tcp_setup_socket [sunrpc] (desc)" */
static void parse_workqueue(struct parser *ps, const char *msg)
{
	const char *p = skip_spaces(msg + strlen("Workqueue:"));
	size_t n;

	p += strcspn(p, " ");		/* workqueue name */
	p = skip_spaces(p);
	n = strcspn(p, " .+");
	copy_str(ps->cur.wq_fn, sizeof(ps->cur.wq_fn), p, n);
}

static void add_frame(struct blocked_task *t, const char *name)
{
	t->frames = xrealloc(t->frames, (t->nframes + 1) * sizeof(*t->frames));
	t->frames[t->nframes++] = xstrdup(name);
}

/* Lines that start some other report: they close an open task block. */
static bool starts_other_report(const char *msg)
{
	static const char *const heads[] = {
		"sysrq:", "Showing all locks held", "------------[ cut here ]",
		"Kernel panic", "NMI backtrace", "BUG:", "WARNING:",
		"Sched Debug Version", "Mem-Info:",
	};

	return starts_with_any(msg, heads, ARRAY_SIZE(heads));
}

static void parse_line(struct parser *ps, const char *line)
{
	int64_t t;
	const char *msg = printk_split(line, &t);
	const char *m = skip_spaces(msg);
	char name[128];
	bool reliable;

	if (starts_with(msg, "INFO: task ")) {
		end_task(ps);
		parse_info(ps, msg, t);
		return;
	}
	if (starts_with(msg, "task:")) {
		end_task(ps);
		parse_task(ps, msg, t);
		return;
	}
	if (starts_other_report(msg)) {
		end_task(ps);
		ps->info_pending = false;
		return;
	}
	if (!ps->in_task)
		return;
	if (starts_with(m, "</TASK>")) {
		end_task(ps);
		return;
	}
	if (starts_with(msg, "Workqueue:") && !ps->in_trace) {
		parse_workqueue(ps, msg);
		return;
	}
	if (starts_with(m, "Call Trace:")) {
		/* A second trace without a new task header is someone else's. */
		if (ps->in_trace)
			end_task(ps);
		else
			ps->in_trace = true;
		return;
	}
	if (ps->in_trace && frame_parse(m, name, sizeof(name), &reliable) &&
	    reliable)
		add_frame(&ps->cur, name);
}

void hang_parse(const struct lines *log, struct hang_reports *out)
{
	struct parser ps;

	memset(&ps, 0, sizeof(ps));
	out->v = NULL;
	out->n = 0;
	out->dumps = 0;
	ps.out = out;
	for (size_t i = 0; i < log->n; i++) {
		int64_t t;

		if (!strcmp(printk_split(log->v[i], &t), "sysrq: Show Blocked State"))
			out->dumps++;
		parse_line(&ps, log->v[i]);
	}
	end_task(&ps);
}

void hang_free(struct hang_reports *r)
{
	for (size_t i = 0; i < r->n; i++)
		free_task(&r->v[i]);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

/* The hang the reports name. */

/*
 * The waits the cycle can block in, each with its signature: the task's
 * innermost frame that is not the scheduler must be one of @innermost,
 * and one of @under must hold it, inside the release.  A task blocked on
 * a mutex, or anything else, somewhere in the commit path is another
 * hang, not this cycle.
 */
static const struct nfs_wait {
	const char *name;
	const char *innermost[4];
	const char *under[2];
} nfs_waits[] = {
	{ "COMMIT wait",
	  { "wait_on_commit", "__nfs_commit_inode", "nfs_commit_inode" },
	  { "__nfs_commit_inode", "nfs_commit_inode" } },
	/* the COMMIT sent synchronously, waiting for its RPC task (seen in
	 * natural mode: tests/data/console/tcp-natural-sk-alloc.log) */
	{ "COMMIT RPC wait",
	  { "rpc_wait_bit_killable", "__rpc_wait_for_completion_task" },
	  { "nfs_initiate_commit", "__nfs_commit_inode" } },
	{ "writeback wait",
	  { "folio_wait_bit_common", "folio_wait_writeback",
	    "wait_on_page_writeback", "folio_wait_bit" },
	  { "nfs_wb_folio", "nfs_wb_page" } },
};

static bool named_wait(const struct blocked_task *t, size_t rel,
		       const char **innermost)
{
	size_t i = 0;

	while (i < rel && frame_is_scheduler(t->frames[i]))
		i++;
	*innermost = i < rel ? t->frames[i] : "nothing";
	for (size_t w = 0; w < ARRAY_SIZE(nfs_waits); w++) {
		const struct nfs_wait *nw = &nfs_waits[w];

		if (i == rel || !equals_any(t->frames[i], nw->innermost,
					    ARRAY_SIZE(nw->innermost)))
			continue;
		for (size_t u = i; u < rel; u++)
			if (equals_any(t->frames[u], nw->under,
				       ARRAY_SIZE(nw->under)))
				return true;
	}
	return false;
}

/*
 * The connect worker a task runs in under direct reclaim: the first
 * connect-worker frame outward of a direct-reclaim frame, looking from
 * frame @from outward, else its Workqueue: line (a tail call can hide the
 * worker's frame).  *@reclaim gets the innermost reclaim frame, or NULL.
 */
static const char *worker_under_reclaim(const struct blocked_task *t,
					size_t from, const char **reclaim)
{
	const char *worker = NULL;

	*reclaim = NULL;
	for (size_t i = from; i < t->nframes; i++) {
		if (!*reclaim && frame_role(t->frames[i]) == FRAME_RECLAIM)
			*reclaim = t->frames[i];
		else if (*reclaim && !worker &&
			 frame_role(t->frames[i]) == FRAME_WORKER)
			worker = t->frames[i];
	}
	if (!worker && frame_role(t->wq_fn) == FRAME_WORKER)
		worker = t->wq_fn;
	return worker;
}

/*
 * Frames are innermost first, so the cycle reads: wait < release < reclaim
 * < worker by index.  The worker may instead come from the Workqueue: line
 * (its frame can be missing when the work function tail-calls).
 */
static bool match_cycle(const struct blocked_task *t, struct classification *c)
{
	size_t rel = t->nframes, i;
	const char *worker, *wait = NULL, *reclaim_frame, *innermost;
	int best = -1;
	bool reclaim;

	for (i = 0; i < t->nframes; i++)
		if (frame_role(t->frames[i]) == FRAME_RELEASE) {
			rel = i;
			break;
		}
	if (rel == t->nframes)
		return false;
	/* the wait that says most names the cycle (frame_wait_rank) */
	for (i = 0; i < rel; i++) {
		int rank = frame_wait_rank(t->frames[i]);

		if (rank >= 0 && (best < 0 || rank < best)) {
			best = rank;
			wait = t->frames[i];
		}
	}
	worker = worker_under_reclaim(t, rel + 1, &reclaim_frame);
	reclaim = reclaim_frame != NULL;
	if (wait && worker && !reclaim && !c->near_miss[0])
		snprintf(c->near_miss, sizeof(c->near_miss),
			 "%s:%ld waits in %s under %s in %s, but no direct-reclaim frame (by name) between them",
			 t->comm, t->pid, wait, t->frames[rel], worker);
	if (!wait || !reclaim || !worker)
		return false;
	if (!named_wait(t, rel, &innermost)) {
		if (!c->near_miss[0])
			snprintf(c->near_miss, sizeof(c->near_miss),
				 "%s:%ld is blocked in %s, not in a COMMIT or writeback wait, under %s in %s",
				 t->comm, t->pid, innermost, t->frames[rel],
				 worker);
		return false;
	}
	snprintf(c->worker, sizeof(c->worker), "%s", worker);
	snprintf(c->release, sizeof(c->release), "%s", t->frames[rel]);
	/*
	 * One title per bug: whether the commit wait shows as
	 * nfs_commit_inode, __nfs_commit_inode or wait_on_commit depends on
	 * tail calls and inlining, so all name it nfs_commit_inode.  frames=
	 * still shows the real stack.
	 */
	if (!strcmp(wait, "__nfs_commit_inode") ||
	    !strcmp(wait, "wait_on_commit"))
		wait = "nfs_commit_inode";
	snprintf(c->wait, sizeof(c->wait), "%s", wait);
	return true;
}

/*
 * A connect worker (by frame or by its Workqueue: line) blocked under a
 * direct-reclaim frame, with no release frame and no writeback or COMMIT
 * wait: the allocation of its new socket itself cannot be served.  @c gets
 * the worker and the innermost reclaim frame.
 */
static bool match_alloc_stall(const struct blocked_task *t,
			      struct classification *c)
{
	const char *worker, *reclaim;

	for (size_t i = 0; i < t->nframes; i++)
		if (frame_role(t->frames[i]) == FRAME_RELEASE ||
		    frame_role(t->frames[i]) == FRAME_WAIT)
			return false;
	worker = worker_under_reclaim(t, 0, &reclaim);
	if (!reclaim || !worker)
		return false;
	snprintf(c->worker, sizeof(c->worker), "%s", worker);
	snprintf(c->wait, sizeof(c->wait), "%s", reclaim);
	return true;
}

static void name_task(const struct blocked_task *t, struct classification *c)
{
	snprintf(c->comm, sizeof(c->comm), "%s", t->comm);
	c->pid = t->pid;
	c->source = t->source;
	syz_hang_title(t->frames, t->nframes, c->syz_title, sizeof(c->syz_title));
	c->time_us = t->time_us;
	c->nframes = 0;
	for (size_t i = 0; i < t->nframes && c->nframes < CLASSIFY_MAX_FRAMES;
	     i++) {
		if (frame_is_scheduler(t->frames[i]))
			continue;
		snprintf(c->frames[c->nframes++], sizeof(c->frames[0]), "%s",
			 t->frames[i]);
	}
}

const char *signature_name(enum signature sig)
{
	static const char *const names[] = {
		[SIG_OTHER_HANG] = "other-hang",
		[SIG_RECLAIM_COMMIT_DEADLOCK] = "reclaim-commit-deadlock",
		[SIG_CONNECT_ALLOC_STALL] = "connect-alloc-stall",
	};

	return enum_name(names, ARRAY_SIZE(names), sig, "none");
}

const char *hang_source_name(enum hang_source src)
{
	return src == HANG_HUNG_TASK ? "hung-task" : "show-state";
}

static const struct {
	bool (*match)(const struct blocked_task *t, struct classification *c);
	enum signature sig;
} named_hangs[] = {
	{ match_cycle, SIG_RECLAIM_COMMIT_DEADLOCK },
	{ match_alloc_stall, SIG_CONNECT_ALLOC_STALL },
};

/* Another blocked task under the same pid: the stack names no one task. */
static void shared_pid(const struct hang_reports *r,
		       const struct blocked_task *t, struct classification *c)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].pid == t->pid && strcmp(r->v[i].comm, t->comm)) {
			snprintf(c->pid_shared, sizeof(c->pid_shared), "%s",
				 r->v[i].comm);
			return;
		}
}

void classify(const struct hang_reports *r, struct classification *c)
{
	memset(c, 0, sizeof(*c));
	c->sig = SIG_NONE;
	c->pid = -1;
	c->time_us = TIME_NONE;
	c->first_hang_us = r->n ? r->v[0].time_us : TIME_NONE;
	c->blocked = r->n;
	c->dumps = r->dumps;
	snprintf(c->title, sizeof(c->title), "none");

	/*
	 * The named hangs in rank order: the cycle wins over any other blocked
	 * task, whatever the order of the reports, then a stalled connect.
	 */
	for (size_t k = 0; k < ARRAY_SIZE(named_hangs); k++)
		for (size_t i = 0; i < r->n; i++) {
			if (!named_hangs[k].match(&r->v[i], c))
				continue;
			c->sig = named_hangs[k].sig;
			name_task(&r->v[i], c);
			shared_pid(r, &r->v[i], c);
			for (size_t j = 0; j < r->n; j++) {
				struct classification again;

				if (r->v[j].pid == r->v[i].pid &&
				    !strcmp(r->v[j].comm, r->v[i].comm) &&
				    named_hangs[k].match(&r->v[j], &again))
					c->samples_matched++;
			}
			if (c->sig == SIG_RECLAIM_COMMIT_DEADLOCK)
				snprintf(c->title, sizeof(c->title),
					 "reclaim-commit-deadlock in %s via %s -> %s",
					 c->worker, c->release, c->wait);
			else
				snprintf(c->title, sizeof(c->title),
					 "connect-alloc-stall in %s under %s",
					 c->worker, c->wait);
			return;
		}
	if (!r->n)
		return;
	c->sig = SIG_OTHER_HANG;
	name_task(&r->v[0], c);
	snprintf(c->title, sizeof(c->title), "task hung in %s",
		 c->nframes ? c->frames[0] : "unknown");
}

void classify_print(FILE *f, const struct classification *c)
{
	char tbuf[32];

	fprintf(f, "signature=%s\n", signature_name(c->sig));
	fprintf(f, "title=%s\n", c->title);
	if (c->sig == SIG_NONE) {
		fputs("syz_title=none\ntask=none pid=none\ntime=none\nframes=none\n", f);
		return;
	}
	fprintf(f, "syz_title=%s (%s)\n", c->syz_title[0] ? c->syz_title : "none",
		hang_source_name(c->source));
	fprintf(f, "task=%s pid=%ld\n", c->comm, c->pid);
	fprintf(f, "time=%s\n", format_time_us(c->time_us, tbuf, sizeof(tbuf)));
	fputs("frames=", f);
	for (size_t i = 0; i < c->nframes; i++)
		fprintf(f, "%s%s", i ? "," : "", c->frames[i]);
	fputs("\n", f);
}
