// SPDX-License-Identifier: GPL-2.0
#include "hang.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

bool frame_parse(const char *text, char *name, size_t len, bool *reliable)
{
	const char *p = skip_spaces(text), *start, *end, *q;

	*reliable = true;
	if (p[0] == '?' && p[1] == ' ') {
		*reliable = false;
		p += 2;
	}
	start = p;
	while (isalnum((unsigned char)*p) || *p == '_' || *p == '.' ||
	       *p == '$')
		p++;
	if (p == start || !starts_with(p, "+0x"))
		return false;
	q = p + 3;
	if (!isxdigit((unsigned char)*q))
		return false;
	while (isxdigit((unsigned char)*q))
		q++;
	if (!starts_with(q, "/0x"))
		return false;
	end = memchr(start, '.', p - start);
	if (!end)
		end = p;
	if (end == start || (size_t)(end - start) >= len)
		return false;
	memcpy(name, start, end - start);
	name[end - start] = '\0';
	return true;
}

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
	ps.out = out;
	for (size_t i = 0; i < log->n; i++)
		parse_line(&ps, log->v[i]);
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
