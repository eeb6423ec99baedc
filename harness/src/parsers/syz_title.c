// SPDX-License-Identifier: GPL-2.0
/*
 * syzkaller-style titles (syz_title.h).  Everything here is taken from
 * syzkaller's pkg/report/linux.go and pkg/report/report.go (google/
 * syzkaller, master of 2026-08): the title formats of its linuxOopses, the
 * entries of linuxStackParams.skipPatterns that can occur in this
 * testbed's stacks (stack dumping, locking, mm allocation, waits and
 * workqueues, atomics, memory and string helpers), its stripFramePrefixes,
 * and linuxHangTaskFrameExtractor.  A pattern is matched as syzkaller
 * matches it: an unanchored regular expression, anywhere in the name.
 * syzkaller has no entry for reclaim itself (shrink_*, try_to_free_pages),
 * and neither has this list: a title here must be the one syzkaller
 * would give the same stack.
 */
#include "syz_title.h"
#include "frame_roles.h"
#include "lockdep_head.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A list of patterns, compiled once into one alternation. */
struct pattern_set {
	const char *const *pats;
	size_t n;
	regex_t re;
	bool compiled;
};

static bool set_matches(struct pattern_set *s, const char *name)
{
	if (!s->compiled) {
		size_t len = 1;
		char *alt;

		for (size_t i = 0; i < s->n; i++)
			len += strlen(s->pats[i]) + 3;
		alt = xmalloc(len);
		alt[0] = '\0';
		for (size_t i = 0; i < s->n; i++) {
			strcat(alt, i ? "|(" : "(");
			strcat(alt, s->pats[i]);
			strcat(alt, ")");
		}
		if (regcomp(&s->re, alt, REG_EXTENDED | REG_NOSUB))
			abort();	/* the tables below are constant */
		free(alt);
		s->compiled = true;
	}
	return regexec(&s->re, name, 0, NULL, 0) == 0;
}

#define PATTERN_SET(name, ...)						\
	static const char *const name##_pats[] = { __VA_ARGS__ };	\
	static struct pattern_set name = { .pats = name##_pats, .n = ARRAY_SIZE(name##_pats) }

/*
 * linuxStackParams.skipPatterns, the entries taken (in its order, as POSIX
 * EREs: "(?:" written "(").
 */
PATTERN_SET(global_skip,
	/* reporting and stack dumping */
	"panic", "report_bug", "print_report", "print_usage_bug",
	"show_stack", "dump_stack", "walk_stack", "dump_backtrace",
	"warn_slowpath", "warn_alloc", "__warn",
	/* mm allocation */
	"alloc_page", "k?v?(m|z|c)alloc", "krealloc", "kmem_cache",
	"allocate_slab", "__alloc_frozen_pages_noprof", "folio_(alloc|unlock)",
	"filemap_alloc_folio", "__filemap_get_folio", "find_or_create_page",
	"pagecache_get_page", "grab_cache_page_write_begin", "slab_",
	"__might_fault",
	/* locking and lockdep */
	"lockdep", "bh_enable", "bh_disable", "lock_acquire", "lock_release",
	"lock_class", "mark_lock", "(reacquire|mark)_held_locks",
	"raw_spin_rq", "spin_lock", "spin_trylock", "spin_unlock",
	"read_lock", "read_trylock", "write_lock", "write_trylock",
	"read_unlock", "write_unlock", "^down$", "down_read", "down_write",
	"down_trylock", "up_read", "up_write", "^mutex_", "^__mutex_",
	"^rt_mutex_", "owner_on_cpu", "osq_lock", "osq_unlock",
	/* atomics and references */
	"atomic(64)?_(dec|inc|read|set|or|xor|and|add|sub|fetch|xchg|cmpxchg|try)",
	"(set|clear|change|test)_bit", "__wake_up", "^refcount_", "^kref_",
	/* memory, strings, user copies, lists */
	"memcpy", "memcmp", "memset", "memmove", "strcmp", "strlen",
	"strscpy", "copy_to_user", "copy_from_user", "copy_to_iter",
	"copy_from_iter", "copy_page_to_iter", "copy_page_from_iter",
	"copy_folio_to_iter", "might_fault", "might_sleep", "list_add",
	"list_del", "_indirect_thunk_", "printk",
	/* workqueues, waits, timers */
	"flush_work", "__cancel_work_timer", "cancel_work_sync",
	"try_to_grab_pending", "flush_workqueue", "drain_workqueue",
	"destroy_workqueue", "queue_work", "finish_wait", "kthread_stop",
	"^complete$", "wait_for_completion", "^kv?free$", "__might_resched",
	"^iput$", "^iput_final$", "(trace|lockdep)_(hard|soft)irq",
	"^(un)?lock_page", "stack_trace_consume_entry", "arch_stack_walk",
	"stack_trace_save", "insert_work", "__queue_delayed_work",
	"queue_delayed_work_on", "lock_timer_base", "__mod_timer",
	"fast_dput", "dput");

bool syz_frame_skipped(const char *name)
{
	return set_matches(&global_skip, name);
}

/* linuxStackParams.stripFramePrefixes: the shortest name left wins. */
static const char *strip_prefixes(const char *name)
{
	static const char *const prefixes[] = {
		"SYSC_", "SyS_", "sys_", "__x64_", "__ia32_", "__arm64_",
		"____sys_", "___sys_", "__sys_", "__se_", "__se_sys_",
		"__do_sys_", "compat_SYSC_", "compat_SyS_", "ksys_",
	};
	const char *best = name;

	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (starts_with(name, prefixes[i]) &&
		    strlen(name + strlen(prefixes[i])) < strlen(best))
			best = name + strlen(prefixes[i]);
	return best;
}

/* linuxHangTaskFrameExtractor: anchors first, then its own skip list. */
static const char *hang_frame(char *const *frames, size_t n)
{
	static const struct { const char *anchor, *as; } anchors[] = {
		{ "rtnl_lock", NULL },
		{ "synchronize_rcu", "synchronize_rcu" },
		{ "synchronize_srcu", "synchronize_rcu" },
		{ "synchronize_net", "synchronize_rcu" },
		{ "synchronize_sched", "synchronize_rcu" },
	};
	static const char *const skip[] = {
		"sched", "_lock", "_slowlock", "down", "rwsem", "completion",
		"kthread", "wait", "synchronize", "context_switch",
		"__switch_to", "cancel_delayed_work", "rcu_barrier",
	};

	for (size_t i = 0; i < n; i++)
		for (size_t a = 0; a < ARRAY_SIZE(anchors); a++)
			if (strstr(frames[i], anchors[a].anchor))
				return anchors[a].as ? anchors[a].as : frames[i];
	for (size_t i = 0; i < n; i++) {
		size_t s = 0;

		while (s < ARRAY_SIZE(skip) && !strstr(frames[i], skip[s]))
			s++;
		if (s == ARRAY_SIZE(skip))
			return frames[i];
	}
	return NULL;
}

void syz_hang_title(char *const *frames, size_t nframes, char *out, size_t len)
{
	char **kept = xcalloc(nframes ? nframes : 1, sizeof(*kept));
	const char *frame;
	size_t n = 0;

	/* "INFO: task .* blocked for more than": linuxCallTrace, parseStackTrace */
	for (size_t i = 0; i < nframes; i++)
		if (!syz_frame_skipped(frames[i]))
			kept[n++] = (char *)strip_prefixes(frames[i]);
	frame = hang_frame(kept, n);
	if (frame)
		snprintf(out, len, "INFO: task hung in %s", frame);
	else if (len)
		out[0] = '\0';
	free(kept);
}

/* ---- lockdep ---- */

/*
 * {{FUNC}} after "at: " and an optional {{PC}} ("[<ffffffff81234567>] "):
 * [a-zA-Z0-9_]+ followed by '.' or '+'.
 */
static bool func_at(const char *msg, char *name, size_t len)
{
	const char *p = strstr(msg, "at: "), *s;

	if (!p)
		return false;
	p += 4;
	if (*p == '[') {
		p = strchr(p, ']');
		if (!p)
			return false;
		p = skip_spaces(p + 1);
	}
	for (s = p; isalnum((unsigned char)*s) || *s == '_'; s++)
		;
	if (s == p || (*s != '.' && *s != '+') || (size_t)(s - p) >= len)
		return false;
	snprintf(name, len, "%.*s", (int)(s - p), p);
	return true;
}

/* linuxStackParams.stackStartRes (those of a Linux console): a new stack. */
static bool stack_start(const char *msg)
{
	const char *b = strstr(msg, " backtrace:");

	return strstr(msg, "Call Trace") || strstr(msg, "Call trace") ||
	       strstr(msg, "Backtrace:") || (b && b > msg && b[-1] != 'k');
}

/* How a kind of report finds its frame (the parts of its stackFmt). */
enum syz_how {
	AT_AFTER,	/* report: "ANCHOR(?:.*\n)+?.*at: FUNC", no skipping */
	AT_AT_CHAIN,	/* circular: two "at: FUNC", then the chain's frames */
	FRAMES_AFTER,	/* ANCHOR's line, then parseStackTrace */
};

static const struct lockdep_title_fmt {
	const char *head;	/* the report's first line starts so */
	const char *fmt;	/* syzkaller's, "%s" its frame */
	enum syz_how how;
	const char *anchor;
	const char *const *skip;	/* the stackFmt's own skip, or NULL */
	size_t nskip;
} lockdep_fmts[] = {
#define SKIP(...) (const char *const[]){ __VA_ARGS__ },			\
	ARRAY_SIZE(((const char *const[]){ __VA_ARGS__ }))
	/* "these workqueue functions take locks associated with work items" */
	{ "WARNING: possible circular locking dependency detected",
	  "possible deadlock in %s", AT_AT_CHAIN, NULL,
	  SKIP("process_one_work", "flush_workqueue", "drain_workqueue",
	       "destroy_workqueue") },
	{ "WARNING: possible recursive locking detected",
	  "possible deadlock in %s", AT_AFTER, "is trying to acquire lock", NULL, 0 },
	{ "WARNING: possible irq lock inversion dependency detected",
	  "possible deadlock in %s", AT_AFTER, "just changed the state of lock", NULL, 0 },
	/* "WARNING: .*-safe -> .*-unsafe lock order detected" */
	{ "WARNING: ", "possible deadlock in %s", FRAMES_AFTER, "which became ",
	  NULL, 0 },
	/* "inconsistent lock state in %[2]v": the Call Trace's frame */
	{ "WARNING: inconsistent lock state", "inconsistent lock state in %s",
	  FRAMES_AFTER, "Call Trace", SKIP("rcu", "kmem", "slab") },
	{ "WARNING: held lock freed!", "WARNING: held lock freed in %s",
	  AT_AFTER, "held lock freed!", NULL, 0 },
	/* "WARNING: .*still has locks held!" */
	{ "WARNING: ", "WARNING: still has locks held in %s", AT_AFTER,
	  "still has locks held!", NULL, 0 },
	{ "WARNING: lock held when returning to user space",
	  "WARNING: lock held when returning to user space in %s", AT_AFTER,
	  "leaving the kernel with locks still held", NULL, 0 },
	{ "INFO: trying to register non-static key",
	  "INFO: trying to register non-static key in %s", FRAMES_AFTER,
	  "Call Trace", SKIP("stack", "lock", "IRQ") },
#undef SKIP
};

/* The format for the report whose first line is @msg, or NULL. */
static const struct lockdep_title_fmt *lockdep_fmt(const char *msg)
{
	for (size_t i = 0; i < ARRAY_SIZE(lockdep_fmts); i++) {
		const struct lockdep_title_fmt *f = &lockdep_fmts[i];

		if (!starts_with(msg, f->head))
			continue;
		if (!strcmp(f->anchor ? f->anchor : "", "which became ") &&
		    !ends_with(msg, "-unsafe lock order detected"))
			continue;
		if (!strcmp(f->anchor ? f->anchor : "", "still has locks held!") &&
		    !ends_with(msg, "still has locks held!"))
			continue;
		return f;
	}
	return NULL;
}

static bool frame_kept(const struct lockdep_title_fmt *f, const char *name)
{
	if (syz_frame_skipped(name))
		return false;
	for (size_t i = 0; i < f->nskip; i++)
		if (strstr(name, f->skip[i]))
			return false;
	return true;
}

void syz_lockdep_title(const struct lines *log, size_t head, char *out,
		       size_t len)
{
	const struct lockdep_title_fmt *f;
	char name[128], frame[128] = "";
	size_t i = head + 1, ats = 0;
	bool anchored, reliable;

	if (len)
		out[0] = '\0';
	if (head >= log->n || !(f = lockdep_fmt(printk_msg(log->v[head]))))
		return;
	/* the anchor may be the first line itself ("held lock freed!") */
	anchored = f->how == AT_AT_CHAIN ||
		   strstr(printk_msg(log->v[head]), f->anchor);
	for (; i < log->n && !frame[0]; i++) {
		const char *msg = printk_msg(log->v[i]);

		if (lockdep_is_head(msg))
			break;
		if (!anchored) {
			/* the frames start on the line after the anchor's */
			anchored = strstr(msg, f->anchor) != NULL;
			continue;
		}
		if (f->how == AT_AFTER || (f->how == AT_AT_CHAIN && ats < 2)) {
			if (!func_at(msg, name, sizeof(name)))
				continue;
			ats++;
			if (f->how == AT_AFTER || frame_kept(f, name))
				snprintf(frame, sizeof(frame), "%s", name);
			continue;
		}
		/* parseStackTrace: reliable frames up to the next stack */
		if (stack_start(msg))
			break;
		if (frame_parse(msg, name, sizeof(name), &reliable) &&
		    reliable && frame_kept(f, name))
			snprintf(frame, sizeof(frame), "%s", name);
	}
	if (frame[0])
		snprintf(out, len, f->fmt, strip_prefixes(frame));
}
