// SPDX-License-Identifier: GPL-2.0
#include "lockdep.h"
#include "util.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The first "(name){" in @msg, by the position of its '(': one pass with a
 * stack of open parentheses, so a hostile line of many '(' stays linear.
 */
bool lockdep_lock_name(const char *msg, char *name, size_t len)
{
	size_t n = strlen(msg), depth = 0, best_open = SIZE_MAX, best_close = 0;
	size_t *open = xmalloc((n + 1) * sizeof(*open));

	for (size_t i = 0; i < n; i++) {
		if (msg[i] == '(') {
			open[depth++] = i;
		} else if (msg[i] == ')' && depth) {
			size_t o = open[--depth];

			if (msg[i + 1] == '{' && i > o + 1 && o < best_open) {
				best_open = o;
				best_close = i;
			}
		}
	}
	free(open);
	if (best_open == SIZE_MAX)
		return false;
	n = best_close - best_open - 1;
	if (n >= len)
		n = len - 1;
	memcpy(name, msg + best_open + 1, n);
	name[n] = '\0';
	return true;
}

/* Skip "CHAR<digits>" at @s, if there. */
static const char *skip_suffix(const char *s, char ch)
{
	if (*s != ch || !isdigit((unsigned char)s[1]))
		return s;
	for (s++; isdigit((unsigned char)*s); s++)
		;
	return s;
}

/* "xprt_connect#2/1" is of the class xprt_connect: "#N" and "/N" dropped. */
static bool same_class(const char *name, const char *class)
{
	size_t n = strlen(class);

	if (strncmp(name, class, n))
		return false;
	return !*skip_suffix(skip_suffix(name + n, '#'), '/');
}

/* "kworker/u4:2/40" -> "kworker/u4:2"; trailing ':' or '.' dropped first. */
static void task_name(char *dst, size_t len, const char *src, size_t n)
{
	char *slash;

	if (n && (src[n - 1] == ':' || src[n - 1] == '.'))
		n--;
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	slash = strrchr(dst, '/');
	if (slash && slash[1] && strspn(slash + 1, "0123456789") ==
	    strlen(slash + 1))
		*slash = '\0';
}

struct report {
	char summary[96];
	char first[96];		/* first lock named: the one being taken */
	char held[96];		/* after "but task is already holding lock:" */
	char comm[64];
	bool circular, xprt_connect, fs_reclaim, want_held;
	int64_t time_us;
};

static void scan_line(struct report *r, const char *msg)
{
	const char *m = skip_spaces(msg), *p;
	char name[96];

	if (!r->comm[0] && ((p = strstr(m, " is trying to ")) ||
			    (p = strstr(m, " [HC"))))
		task_name(r->comm, sizeof(r->comm), m, p - m);
	else if (!r->comm[0] && (p = strstr(m, " held by ")))
		task_name(r->comm, sizeof(r->comm), p + 9, strlen(p + 9));
	if (starts_with(m, "but task is already holding lock:")) {
		r->want_held = true;
		return;
	}
	if (!lockdep_lock_name(m, name, sizeof(name)))
		return;
	r->xprt_connect |= same_class(name, "xprt_connect");
	r->fs_reclaim |= same_class(name, "fs_reclaim");
	if (!r->first[0])
		snprintf(r->first, sizeof(r->first), "%s", name);
	if (r->want_held) {
		snprintf(r->held, sizeof(r->held), "%s", name);
		r->want_held = false;
	}
}

/*
 * "WARNING: possible circular locking dependency detected" -> "possible
 * circular locking dependency"; the task of "X/N still has ..." is kept.
 */
static void summarise(struct report *r, const char *head)
{
	size_t n;

	head = strchr(head, ':') + 2;
	n = strlen(head);
	while (n && (head[n - 1] == '!' || head[n - 1] == '.'))
		n--;
	if (n > 9 && !strncmp(head + n - 9, " detected", 9))
		n -= 9;
	snprintf(r->summary, sizeof(r->summary), "%.*s", (int)n, head);
	if (ends_with(head, " still has locks held!"))
		task_name(r->comm, sizeof(r->comm), head,
			  strlen(head) - strlen(" still has locks held!"));
}

/* Parse the report whose head is line @i; returns the line after it. */
static size_t parse_report(const struct lines *log, size_t i,
			   struct report *r)
{
	int64_t t;
	const char *msg = printk_split(log->v[i], &t);

	memset(r, 0, sizeof(*r));
	r->time_us = t;
	r->circular = strstr(msg, "circular") != NULL;
	summarise(r, msg);
	for (i++; i < log->n; i++) {
		msg = printk_split(log->v[i], &t);
		if (lockdep_is_head(msg))
			return i;
		if (starts_with(skip_spaces(msg), "stack backtrace:"))
			return i + 1;
		scan_line(r, msg);
	}
	return i;
}

static void name_report(struct lockdep_info *li, const struct report *r,
			const struct lines *log, size_t head)
{
	syz_lockdep_title(log, head, li->syz_title, sizeof(li->syz_title));
	int n = snprintf(li->title, sizeof(li->title), "%s", r->summary);

	if (r->first[0] && r->held[0] && strcmp(r->first, r->held))
		n += snprintf(li->title + n, sizeof(li->title) - n,
			      ": %s -> %s", r->held, r->first);
	else if (r->first[0])
		n += snprintf(li->title + n, sizeof(li->title) - n, ": %s",
			      r->first);
	if (r->comm[0] && (size_t)n < sizeof(li->title))
		snprintf(li->title + n, sizeof(li->title) - n, " in %s",
			 r->comm);
	snprintf(li->comm, sizeof(li->comm), "%s", r->comm);
	li->time_us = r->time_us;
}

void lockdep_parse(const struct lines *log, struct lockdep_info *li)
{
	struct report r;
	size_t i = 0, head;

	memset(li, 0, sizeof(*li));
	li->kind = LOCKDEP_NONE;
	li->time_us = TIME_NONE;
	snprintf(li->title, sizeof(li->title), "none");
	while (i < log->n) {
		if (!lockdep_is_head(printk_msg(log->v[i]))) {
			i++;
			continue;
		}
		head = i;
		i = parse_report(log, i, &r);
		li->reports++;
		if (li->kind == LOCKDEP_RECLAIM_CONNECT)
			continue;
		if (r.circular && r.xprt_connect && r.fs_reclaim) {
			li->kind = LOCKDEP_RECLAIM_CONNECT;
			name_report(li, &r, log, head);
		} else if (li->kind == LOCKDEP_NONE) {
			li->kind = LOCKDEP_OTHER;
			name_report(li, &r, log, head);
		}
	}
}

const char *lockdep_kind_name(enum lockdep_kind k)
{
	static const char *const names[] = {
		[LOCKDEP_OTHER] = "other",
		[LOCKDEP_RECLAIM_CONNECT] = "reclaim-connect",
	};

	return enum_name(names, ARRAY_SIZE(names), k, "none");
}

void lockdep_print(FILE *f, const struct lockdep_info *li)
{
	fprintf(f, "lockdep=%s\n", lockdep_kind_name(li->kind));
	fprintf(f, "lockdep_title=%s\n", li->title);
	fprintf(f, "lockdep_syz_title=%s\n", li->syz_title[0] ? li->syz_title : "none");
}
