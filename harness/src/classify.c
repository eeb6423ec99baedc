// SPDX-License-Identifier: GPL-2.0
#include "classify.h"
#include "util.h"

#include <string.h>

static const char *const connect_workers[] = {
	"xs_tcp_setup_socket", "xs_udp_setup_socket", "xs_local_setup_socket",
};

/*
 * Direct reclaim by its real function names (Linux 6.1), plus the patch
 * series' injection points: reclaim_inject_alloc() (mm's reclaim injection,
 * the forced trigger) and the older xs_connect_inject_reclaim(), both of
 * which call try_to_free_pages().  Exact names only: a
 * frame such as foo_reclaim_bar, or NFSv4 state "reclaim" (nfs4_reclaim_*),
 * is not memory reclaim.
 */
static const char *const reclaim_fns[] = {
	"try_to_free_pages", "do_try_to_free_pages", "shrink_folio_list",
	"shrink_node", "shrink_lruvec", "shrink_inactive_list",
	"__alloc_pages_slowpath", "__perform_reclaim",
	"__alloc_pages_direct_reclaim", "xs_connect_inject_reclaim",
	"reclaim_inject_alloc",
};

static const char *const release_fns[] = {
	"nfs_release_folio", "nfs_release_page",
};

/*
 * Ordered by how much they say: a COMMIT wait names the cycle best, a bare
 * writeback wait least.  The title uses the first one present.
 */
static const char *const wait_fns[] = {
	"nfs_commit_inode", "__nfs_commit_inode", "wait_on_commit",
	"nfs_wb_folio", "nfs_wb_page", "nfs_writepage_locked",
	"folio_wait_writeback", "wait_on_page_writeback",
};

static bool in_list(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

static bool is_reclaim(const char *name)
{
	return in_list(name, reclaim_fns, ARRAY_SIZE(reclaim_fns));
}

/*
 * Frames are innermost first, so the cycle reads: wait < release < reclaim
 * < worker by index.  The worker may instead come from the Workqueue: line
 * (its frame can be missing when the work function tail-calls).
 */
static bool match_cycle(const struct blocked_task *t, struct classification *c)
{
	size_t rel = t->nframes, i;
	const char *worker = NULL, *wait = NULL;
	bool reclaim = false;

	for (i = 0; i < t->nframes; i++)
		if (in_list(t->frames[i], release_fns, ARRAY_SIZE(release_fns))) {
			rel = i;
			break;
		}
	if (rel == t->nframes)
		return false;
	for (size_t w = 0; w < ARRAY_SIZE(wait_fns) && !wait; w++)
		for (i = 0; i < rel; i++)
			if (!strcmp(t->frames[i], wait_fns[w])) {
				wait = wait_fns[w];
				break;
			}
	for (i = rel + 1; i < t->nframes; i++) {
		if (is_reclaim(t->frames[i]))
			reclaim = true;
		else if (reclaim && !worker &&
			 in_list(t->frames[i], connect_workers,
				 ARRAY_SIZE(connect_workers)))
			worker = t->frames[i];
	}
	if (!worker && in_list(t->wq_fn, connect_workers,
			       ARRAY_SIZE(connect_workers)))
		worker = t->wq_fn;
	if (wait && worker && !reclaim && !c->near_miss[0])
		snprintf(c->near_miss, sizeof(c->near_miss),
			 "%s:%ld waits in %s under %s in %s, but no direct-reclaim frame (by name) between them",
			 t->comm, t->pid, wait, t->frames[rel], worker);
	if (!wait || !reclaim || !worker)
		return false;
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

static void name_task(const struct blocked_task *t, struct classification *c)
{
	snprintf(c->comm, sizeof(c->comm), "%s", t->comm);
	c->pid = t->pid;
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

enum frame_role frame_role(const char *name)
{
	if (in_list(name, wait_fns, ARRAY_SIZE(wait_fns)))
		return FRAME_WAIT;
	if (in_list(name, release_fns, ARRAY_SIZE(release_fns)))
		return FRAME_RELEASE;
	if (is_reclaim(name))
		return FRAME_RECLAIM;
	if (in_list(name, connect_workers, ARRAY_SIZE(connect_workers)))
		return FRAME_WORKER;
	return FRAME_OTHER;
}

const char *frame_role_name(enum frame_role role)
{
	static const char *const names[] = {
		[FRAME_OTHER] = "other", [FRAME_WAIT] = "wait",
		[FRAME_RELEASE] = "release", [FRAME_RECLAIM] = "reclaim",
		[FRAME_WORKER] = "worker",
	};

	return names[role];
}

const char *signature_name(enum signature sig)
{
	static const char *const names[] = {
		[SIG_OTHER_HANG] = "other-hang",
		[SIG_RECLAIM_COMMIT_DEADLOCK] = "reclaim-commit-deadlock",
	};

	return enum_name(names, ARRAY_SIZE(names), sig, "none");
}

void classify(const struct hang_reports *r, struct classification *c)
{
	memset(c, 0, sizeof(*c));
	c->sig = SIG_NONE;
	c->pid = -1;
	c->time_us = TIME_NONE;
	c->first_hang_us = r->n ? r->v[0].time_us : TIME_NONE;
	c->blocked = r->n;
	snprintf(c->title, sizeof(c->title), "none");

	/* The cycle wins over any other blocked task, whatever the order. */
	for (size_t i = 0; i < r->n; i++) {
		if (!match_cycle(&r->v[i], c))
			continue;
		c->sig = SIG_RECLAIM_COMMIT_DEADLOCK;
		name_task(&r->v[i], c);
		snprintf(c->title, sizeof(c->title),
			 "reclaim-commit-deadlock in %s via %s -> %s",
			 c->worker, c->release, c->wait);
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
		fputs("task=none pid=none\ntime=none\nframes=none\n", f);
		return;
	}
	fprintf(f, "task=%s pid=%ld\n", c->comm, c->pid);
	fprintf(f, "time=%s\n", format_time_us(c->time_us, tbuf, sizeof(tbuf)));
	fputs("frames=", f);
	for (size_t i = 0; i < c->nframes; i++)
		fprintf(f, "%s%s", i ? "," : "", c->frames[i]);
	fputs("\n", f);
}
