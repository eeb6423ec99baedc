// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-classify: golden console logs (data/console/NAME.log ->
 * NAME.expected, discovered) and one unit test per classification rule,
 * for hangs and for lockdep reports.
 */
#include "golden.h"
#include "hang.h"
#include "lockdep.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void test_golden_console(void **state)
{
	const char *path = *state;
	struct hang_reports r;
	struct classification c;
	struct lockdep_info li;
	struct golden_out o;
	struct lines l;

	assert_int_equal(lines_load(path, &l), 0);
	hang_parse(&l, &r);
	classify(&r, &c);
	lockdep_parse(&l, &li);
	classify_print(golden_begin(&o), &c);
	lockdep_print(o.f, &li);
	golden_end(&o, path);
	hang_free(&r);
	lines_free(&l);
}

/* The golden logs: at least the synthetic set, or discovery is broken. */
static const struct golden_set logs = {
	.dir = NFSTB_TEST_DATA "/console", .ext = ".log",
	.prefix = "console", .fn = test_golden_console,
	.min = 6, .what = "logs",
};

/* ---- rule tests on hand-built stacks (innermost frame first) ---- */

#define END NULL
/* A NULL-terminated list of frames, innermost first. */
#define FRAMES(...) ((const char *const[]){ __VA_ARGS__, END })

static const char *const cycle[] = {
	"__schedule", "schedule", "__nfs_commit_inode", "nfs_commit_inode",
	"nfs_wb_page", "nfs_release_folio", "filemap_release_folio",
	"shrink_folio_list", "shrink_node", "try_to_free_pages",
	"xs_tcp_setup_socket", "process_one_work", "kthread", END,
};

/* A task from @frames minus any frame named in @drop (NULL-terminated). */
static void make_task(struct blocked_task *t, const char *const *frames,
		      const char *wq, const char *const *drop,
		      const char *replace_from, const char *replace_to)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->comm, sizeof(t->comm), "kworker/u4:1");
	t->pid = 35;
	t->state = 'D';
	t->time_us = 25000000;
	snprintf(t->wq_fn, sizeof(t->wq_fn), "%s", wq ? wq : "");
	t->frames = calloc(32, sizeof(char *));
	for (size_t i = 0; frames[i]; i++) {
		bool skip = false;

		for (size_t k = 0; drop && drop[k]; k++)
			skip |= !strcmp(frames[i], drop[k]);
		if (skip)
			continue;
		t->frames[t->nframes++] = strdup(
			replace_from && !strcmp(frames[i], replace_from) ?
			replace_to : frames[i]);
	}
}

static enum signature classify_one(struct blocked_task *t,
				   struct classification *c)
{
	struct hang_reports r = { t, 1, 0 };

	classify(&r, c);
	for (size_t i = 0; i < t->nframes; i++)
		free(t->frames[i]);
	free(t->frames);
	return c->sig;
}

static void test_cycle_found(void **state)
{
	struct blocked_task t;
	struct classification c;

	(void)state;
	make_task(&t, cycle, NULL, NULL, NULL, NULL);
	assert_int_equal(classify_one(&t, &c), SIG_RECLAIM_COMMIT_DEADLOCK);
	assert_string_equal(c.title,
		"reclaim-commit-deadlock in xs_tcp_setup_socket via nfs_release_folio -> nfs_commit_inode");
	/* scheduler frames dropped, at most 8 */
	assert_int_equal(c.nframes, 8);
	assert_string_equal(c.frames[0], "__nfs_commit_inode");
}

/* A connect worker stuck in the allocator itself, no release, no wait. */
static void test_connect_alloc_stall(void **state)
{
	struct blocked_task t;
	struct classification c;
	const char *const frames[] = {
		"__schedule", "schedule", "schedule_timeout", "reclaim_throttle",
		"do_try_to_free_pages", "try_to_free_pages",
		"__alloc_pages_slowpath", "__alloc_pages", "allocate_slab",
		"kmem_cache_alloc", "sk_prot_alloc", "sk_alloc", "inet_create",
		"__sock_create", "xs_create_sock", "process_one_work", END,
	};

	(void)state;
	make_task(&t, frames, "xs_tcp_setup_socket", NULL, NULL, NULL);
	assert_int_equal(classify_one(&t, &c), SIG_CONNECT_ALLOC_STALL);
	assert_string_equal(c.title,
		"connect-alloc-stall in xs_tcp_setup_socket under do_try_to_free_pages");
	/* not a connect worker: any other hang */
	make_task(&t, frames, "wb_workfn", NULL, NULL, NULL);
	assert_int_equal(classify_one(&t, &c), SIG_OTHER_HANG);
	/* no reclaim frame: any other hang */
	make_task(&t, frames, "xs_tcp_setup_socket",
		  FRAMES("do_try_to_free_pages", "try_to_free_pages", "__alloc_pages_slowpath"),
		  NULL, NULL);
	assert_int_equal(classify_one(&t, &c), SIG_OTHER_HANG);
}

/*
 * Stacks and what classify() makes of them: the cycle with frames dropped
 * or one renamed, or a whole stack of its own (innermost frame first).
 */
static const struct {
	const char *what;
	const char *const *frames;	/* NULL: the cycle */
	const char *wq;			/* the Workqueue: line's function, or NULL */
	const char *const *drop;	/* frames taken out, or NULL */
	const char *from, *to;		/* a frame renamed (NULL: none) */
	enum signature sig;
	const char *title, *wait, *worker;	/* NULL: not checked */
} stacks[] = {
	{ .what = "needs a commit or writeback wait",
	  .drop = FRAMES("__nfs_commit_inode", "nfs_commit_inode", "nfs_wb_page"),
	  .sig = SIG_OTHER_HANG, .title = "task hung in nfs_release_folio" },
	{ .what = "the Workqueue: line names the worker",
	  .wq = "xs_udp_setup_socket", .drop = FRAMES("xs_tcp_setup_socket"),
	  .sig = SIG_RECLAIM_COMMIT_DEADLOCK, .worker = "xs_udp_setup_socket" },
	{ .what = "NFSv4 state reclaim is not memory reclaim",
	  .drop = FRAMES("shrink_folio_list", "shrink_node", "try_to_free_pages"),
	  .from = "filemap_release_folio", .to = "nfs4_reclaim_open_state",
	  .sig = SIG_OTHER_HANG },
	{ .what = "nfs_release_page (before folios) and a local socket's connect worker",
	  .frames = FRAMES("schedule", "nfs_commit_inode", "nfs_release_page",
			   "__perform_reclaim", "xs_local_setup_socket"),
	  .sig = SIG_RECLAIM_COMMIT_DEADLOCK,
	  .title = "reclaim-commit-deadlock in xs_local_setup_socket via nfs_release_page -> nfs_commit_inode" },
	{ .what = "the fault-injection frame xs_connect_inject_reclaim is reclaim",
	  .frames = FRAMES("folio_wait_writeback", "nfs_wb_folio", "nfs_release_folio",
			   "xs_connect_inject_reclaim", "xs_tcp_setup_socket"),
	  .sig = SIG_RECLAIM_COMMIT_DEADLOCK, .wait = "nfs_wb_folio" },
	{ .what = "reclaim is matched on real function names, not on the word \"reclaim\"",
	  .frames = FRAMES("folio_wait_writeback", "nfs_wb_folio", "nfs_release_folio",
			   "foo_reclaim_bar", "xs_inject_reclaim", "xs_tcp_setup_socket"),
	  .sig = SIG_OTHER_HANG },
	{ .what = "the commit wait outside (below) the release is not the cycle: order matters",
	  .frames = FRAMES("schedule", "nfs_release_folio", "shrink_folio_list",
			   "try_to_free_pages", "nfs_commit_inode", "xs_tcp_setup_socket"),
	  .sig = SIG_OTHER_HANG },
};

/*
 * The cycle without one of its parts is any other hang, named for its
 * innermost frame.
 */
static const char *const *const parts[] = {
	FRAMES("xs_tcp_setup_socket"),					/* the connect worker */
	FRAMES("shrink_folio_list", "shrink_node", "try_to_free_pages"),	/* reclaim */
	FRAMES("nfs_release_folio"),	/* filemap_release_folio alone is not enough */
};

static void test_cycle_needs_every_part(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(parts); i++) {
		struct blocked_task t;
		struct classification c;

		make_task(&t, cycle, NULL, parts[i], NULL, NULL);
		assert_int_equal(classify_one(&t, &c), SIG_OTHER_HANG);
		assert_string_equal(c.title, "task hung in __nfs_commit_inode");
	}
}

static void test_stacks(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(stacks); i++) {
		struct blocked_task t;
		struct classification c;

		print_message("%s\n", stacks[i].what);
		make_task(&t, stacks[i].frames ? stacks[i].frames : cycle, stacks[i].wq,
			  stacks[i].drop, stacks[i].from, stacks[i].to);
		assert_int_equal(classify_one(&t, &c), stacks[i].sig);
		if (stacks[i].title)
			assert_string_equal(c.title, stacks[i].title);
		if (stacks[i].wait)
			assert_string_equal(c.wait, stacks[i].wait);
		if (stacks[i].worker)
			assert_string_equal(c.worker, stacks[i].worker);
	}
}

static void test_cycle_wins_over_earlier_hang(void **state)
{
	struct blocked_task t[2];
	struct hang_reports r = { t, 2, 0 };
	struct classification c;
	const char *const other[] = { "schedule", "folio_wait_writeback",
				      "nfs_file_fsync", END };

	(void)state;
	make_task(&t[0], other, NULL, NULL, NULL, NULL);
	t[0].time_us = 20000000;
	make_task(&t[1], cycle, NULL, NULL, NULL, NULL);
	t[1].time_us = 30000000;
	classify(&r, &c);
	assert_int_equal(c.sig, SIG_RECLAIM_COMMIT_DEADLOCK);
	assert_int_equal(c.time_us, 30000000);
	assert_int_equal(c.first_hang_us, 20000000);
	assert_int_equal(c.blocked, 2);
	for (int k = 0; k < 2; k++) {
		for (size_t i = 0; i < t[k].nframes; i++)
			free(t[k].frames[i]);
		free(t[k].frames);
	}
}

static void test_no_reports(void **state)
{
	struct hang_reports r = { NULL, 0, 0 };
	struct classification c;
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	classify(&r, &c);
	assert_int_equal(c.sig, SIG_NONE);
	f = open_memstream(&out, &len);
	classify_print(f, &c);
	fclose(f);
	assert_string_equal(out, "signature=none\ntitle=none\nsyz_title=none\ntask=none pid=none\n"
			    "time=none\nframes=none\n");
	free(out);
}

/* ---- lockdep reports ---- */

static void lockdep_text(const char *text, struct lockdep_info *li)
{
	struct lines l;

	lines_split(text, &l);
	lockdep_parse(&l, li);
	lines_free(&l);
}

#define CIRCULAR_HEAD \
	"[   12.340000] ======================================================\n" \
	"[   12.340000] WARNING: possible circular locking dependency detected\n" \
	"[   12.340000] 6.1.192 #1 Not tainted\n" \
	"[   12.340000] ------------------------------------------------------\n" \
	"[   12.340000] kworker/u4:0/9 is trying to acquire lock:\n"

static void test_lockdep_lock_name(void **state)
{
	char name[64];

	(void)state;
	assert_true(lockdep_lock_name(" #0: ffff888003c4a948 ((wq_completion)xprtiod){+.+.}-{0:0}, at: x+0x1/0x2",
				      name, sizeof(name)));
	assert_string_equal(name, "(wq_completion)xprtiod");
	assert_true(lockdep_lock_name("-> #1 (xprt_connect#2/1){+.+.}-{0:0}:",
				      name, sizeof(name)));
	assert_string_equal(name, "xprt_connect#2/1");
	assert_false(lockdep_lock_name("  lock(xprt_connect);", name, sizeof(name)));
	assert_false(lockdep_lock_name("  fs_reclaim_acquire+0x9b/0xd0 (x)", name,
				       sizeof(name)));
}

/* A 300 KB line of '(' took the old per-'(' scan 31 s: now one pass. */
static void test_lockdep_lock_name_is_linear(void **state)
{
	size_t n = 300 * 1024;
	char *line = malloc(n + 16), name[64];
	clock_t start;

	(void)state;
	assert_non_null(line);
	memset(line, '(', n);
	strcpy(line + n, "x){+.+.}");
	start = clock();
	assert_true(lockdep_lock_name(line, name, sizeof(name)));
	assert_string_equal(name, "x");
	assert_true(clock() - start < CLOCKS_PER_SEC);
	free(line);
}

/* xprt_connect with another lock; fs_reclaim only as a frame: other. */
static void test_lockdep_needs_both_locks(void **state)
{
	struct lockdep_info li;

	(void)state;
	lockdep_text(CIRCULAR_HEAD
		"[   12.340000] ffff888004a3c1d8 (&xprt->transport_lock){+.+.}-{2:2}, at: xs_tcp_state_change+0x4c/0x2d0\n"
		"[   12.340000] but task is already holding lock:\n"
		"[   12.340000] ffffffff82c3f4e0 (xprt_connect){+.+.}-{0:0}, at: xs_connect_scope_enter+0x5a/0xa0\n"
		"[   12.340000] -> #1 (xprt_connect){+.+.}-{0:0}:\n"
		"[   12.340000]        fs_reclaim_acquire+0x9b/0xd0\n"
		"[   12.340000]   lock(fs_reclaim_x);\n"
		"[   12.340000] stack backtrace:\n"
		"[   12.340000] Showing all locks held in the system:\n"
		"[   12.340000]  #0: ffffffff82a5b7a0 (fs_reclaim){+.+.}-{0:0}, at: x+0x1/0x2\n",
		&li);
	assert_int_equal(li.kind, LOCKDEP_OTHER);
	assert_string_equal(li.title,
		"possible circular locking dependency: xprt_connect -> &xprt->transport_lock in kworker/u4:0");
	assert_string_equal(li.comm, "kworker/u4:0");
	assert_int_equal(li.time_us, 12340000);
	assert_int_equal(li.reports, 1);
}

/* The cycle wins over an earlier report; "#N/N" class suffixes count. */
static void test_lockdep_reclaim_connect_wins(void **state)
{
	struct lockdep_info li;

	(void)state;
	lockdep_text("[    3.000000] WARNING: possible recursive locking detected\n"
		"[    3.000000] mount.nfs/52 is trying to acquire lock:\n"
		"[    3.000000] ffff8880 (&xprt->transport_lock){+.+.}-{2:2}, at: x+0x1/0x2\n"
		"[    3.000000] but task is already holding lock:\n"
		"[    3.000000] ffff8880 (&xprt->transport_lock){+.+.}-{2:2}, at: x+0x1/0x2\n"
		CIRCULAR_HEAD
		"[   12.340000] ffffffff82a5b7a0 (fs_reclaim){+.+.}-{0:0}, at: x+0x1/0x2\n"
		"[   12.340000] but task is already holding lock:\n"
		"[   12.340000] ffffffff82c3f4e0 (xprt_connect#2/1){+.+.}-{0:0}, at: x+0x1/0x2\n",
		&li);
	assert_int_equal(li.kind, LOCKDEP_RECLAIM_CONNECT);
	assert_int_equal(li.reports, 2);
	assert_string_equal(li.title,
		"possible circular locking dependency: xprt_connect#2/1 -> fs_reclaim in kworker/u4:0");

	/* alone, the recursive report names one lock */
	lockdep_text("[    3.000000] WARNING: possible recursive locking detected\n"
		"[    3.000000] mount.nfs/52 is trying to acquire lock:\n"
		"[    3.000000] ffff8880 (&xprt->transport_lock){+.+.}-{2:2}, at: x+0x1/0x2\n"
		"[    3.000000] but task is already holding lock:\n"
		"[    3.000000] ffff8880 (&xprt->transport_lock){+.+.}-{2:2}, at: x+0x1/0x2\n",
		&li);
	assert_int_equal(li.kind, LOCKDEP_OTHER);
	assert_string_equal(li.title,
		"possible recursive locking: &xprt->transport_lock in mount.nfs");
}

static void test_lockdep_other_heads(void **state)
{
	struct lockdep_info li;

	(void)state;
	lockdep_text("[    1.0] BUG: MAX_LOCKDEP_ENTRIES too low!\n"
		     "[    1.0] turning off the locking correctness validator.\n", &li);
	assert_int_equal(li.kind, LOCKDEP_OTHER);
	assert_string_equal(li.title, "MAX_LOCKDEP_ENTRIES too low");
	lockdep_text("[    1.0] WARNING: kworker/0:1/20 still has locks held!\n"
		     "[    1.0] 1 lock held by kworker/0:1/20:\n"
		     "[    1.0]  #0: ffff8880 (xprt_connect){+.+.}-{0:0}, at: x+0x1/0x2\n", &li);
	assert_string_equal(li.title,
		"kworker/0:1/20 still has locks held: xprt_connect in kworker/0:1");
	lockdep_text("[    1.0] WARNING: suspicious RCU usage\n"
		     "[    1.0] no locks held by mount.nfs/52.\n", &li);
	assert_string_equal(li.title, "suspicious RCU usage in mount.nfs");
}

/* Lockdep's banner, other WARNINGs and hung-task lock dumps are not reports. */
static void test_lockdep_none(void **state)
{
	struct lockdep_info li;
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	lockdep_text("[    0.05] Lock dependency validator: Copyright (c) 2006 Red Hat, Inc., Ingo Molnar\n"
		     "[    0.05] ... MAX_LOCKDEP_KEYS:        8192\n"
		     "[    8.0] WARNING: CPU: 1 PID: 1 at fs/nfs/super.c:1234 nfs_example_warn+0x10/0x20\n"
		     "[    9.0] Showing all locks held in the system:\n"
		     "[    9.0]  #0: ffff8880 (xprt_connect){+.+.}-{0:0}, at: x+0x1/0x2\n"
		     "[    9.0]  #1: ffff8880 (fs_reclaim){+.+.}-{0:0}, at: x+0x1/0x2\n", &li);
	assert_int_equal(li.kind, LOCKDEP_NONE);
	assert_int_equal(li.reports, 0);
	assert_true(li.time_us == TIME_NONE);
	f = open_memstream(&out, &len);
	lockdep_print(f, &li);
	fclose(f);
	assert_string_equal(out, "lockdep=none\nlockdep_title=none\nlockdep_syz_title=none\n");
	free(out);
}

int main(void)
{
	static const struct CMUnitTest units[] = {
		cmocka_unit_test(test_cycle_found),
		cmocka_unit_test(test_cycle_needs_every_part),
		cmocka_unit_test(test_connect_alloc_stall),
		cmocka_unit_test(test_stacks),
		cmocka_unit_test(test_cycle_wins_over_earlier_hang),
		cmocka_unit_test(test_no_reports),
		cmocka_unit_test(test_lockdep_lock_name),
		cmocka_unit_test(test_lockdep_lock_name_is_linear),
		cmocka_unit_test(test_lockdep_needs_both_locks),
		cmocka_unit_test(test_lockdep_reclaim_connect_wins),
		cmocka_unit_test(test_lockdep_other_heads),
		cmocka_unit_test(test_lockdep_none),
	};
	return golden_main("test_classify", units, ARRAY_SIZE(units), &logs);
}
