// SPDX-License-Identifier: GPL-2.0
/*
 * syzkaller-style titles (src/parsers/syz_title.c): the frame syzkaller's
 * pkg/report/linux.go would choose, on real stacks of the golden consoles
 * in tests/data/console, each with its expected title beside it.
 */
#include "golden.h"
#include "hang.h"
#include "lockdep.h"
#include "syz_title.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#define MAX_STACK 40

/*
 * The reliable frames of a "Call Trace:", innermost first, as hang.c
 * extracts them (scheduler frames still in): copied from the console
 * named, with the title a syzkaller dashboard would show.
 */
static const struct {
	const char *from;
	const char *frames[MAX_STACK];
	const char *title;
} stacks[] = {
	/* the cycle through SysRq-W: wait_on_commit skipped ("wait") */
	{ "real-v3-tcp-control-forced.log kworker/u4:3:32",
	  { "__schedule", "schedule", "wait_on_commit", "__nfs_commit_inode",
	    "nfs_wb_page", "nfs_release_folio", "shrink_folio_list",
	    "shrink_lruvec", "shrink_node", "try_to_free_pages",
	    "xs_connect_inject_reclaim", "xs_tcp_setup_socket",
	    "process_one_work", "worker_thread", "kthread", "ret_from_fork" },
	  "INFO: task hung in __nfs_commit_inode" },
	{ "real-v3-udp-control-forced.log kworker/u4:1:25",
	  { "__schedule", "schedule", "wait_on_commit", "__nfs_commit_inode",
	    "nfs_wb_page", "nfs_release_folio", "shrink_folio_list",
	    "shrink_lruvec", "shrink_node", "try_to_free_pages",
	    "xs_connect_inject_reclaim", "xs_udp_setup_socket",
	    "process_one_work", "worker_thread", "kthread", "ret_from_fork" },
	  "INFO: task hung in __nfs_commit_inode" },
	/* rpc_wait_bit_killable, __wait_on_bit, out_of_line_wait_on_bit: "wait" */
	{ "tcp-natural-sk-alloc.log kworker/u4:3:52",
	  { "__schedule", "schedule", "rpc_wait_bit_killable", "__wait_on_bit",
	    "out_of_line_wait_on_bit", "nfs_initiate_commit", "nfs_commit_list",
	    "__nfs_commit_inode", "nfs_wb_page", "nfs_release_folio",
	    "filemap_release_folio", "shrink_folio_list", "shrink_inactive_list",
	    "shrink_lruvec", "shrink_node", "do_try_to_free_pages",
	    "try_to_free_pages", "__alloc_pages_slowpath", "__alloc_pages",
	    "allocate_slab", "___slab_alloc", "kmem_cache_alloc", "sk_prot_alloc",
	    "sk_alloc", "inet_create", "__sock_create", "xs_create_sock",
	    "xs_tcp_setup_socket", "process_one_work", "worker_thread", "kthread",
	    "ret_from_fork" },
	  "INFO: task hung in nfs_initiate_commit" },
	/* __mutex_lock: the locking skip ("^__mutex_", "_lock") */
	{ "release-mutex-printk-caller.log kworker/u4:1:35",
	  { "__schedule", "schedule", "schedule_preempt_disabled", "__mutex_lock",
	    "nfs_release_folio", "filemap_release_folio", "shrink_folio_list",
	    "shrink_inactive_list", "shrink_lruvec", "shrink_node",
	    "do_try_to_free_pages", "try_to_free_pages",
	    "xs_connect_inject_reclaim", "xs_tcp_setup_socket",
	    "process_one_work", "worker_thread", "kthread", "ret_from_fork" },
	  "INFO: task hung in nfs_release_folio" },
	/* io_schedule ("sched"), the folio waits ("wait") */
	{ "udp-forced-crlf.log kworker/u4:0:9",
	  { "__schedule", "schedule", "io_schedule", "folio_wait_bit_common",
	    "folio_wait_writeback", "nfs_wb_page", "nfs_release_folio",
	    "filemap_release_folio", "shrink_folio_list", "shrink_inactive_list",
	    "shrink_lruvec", "shrink_node", "do_try_to_free_pages",
	    "try_to_free_pages", "xs_connect_inject_reclaim",
	    "xs_udp_setup_socket", "process_one_work", "worker_thread",
	    "kthread", "ret_from_fork" },
	  "INFO: task hung in nfs_wb_page" },
	{ "fsync-commit-other-hang.log nfstb-writer:142",
	  { "__schedule", "schedule", "__nfs_commit_inode", "nfs_file_fsync",
	    "__x64_sys_fsync", "do_syscall_64", "entry_SYSCALL_64_after_hwframe" },
	  "INFO: task hung in __nfs_commit_inode" },
	/* SYNTHETIC, the extractor's corners */
	{ "anchor: synchronize_srcu groups as synchronize_rcu",
	  { "__schedule", "schedule", "__synchronize_srcu", "nfs_foo" },
	  "INFO: task hung in synchronize_rcu" },
	{ "anchor: rtnl_lock, even outward of a frame that would do",
	  { "__schedule", "nfs_foo", "rtnl_lock", "ip_foo" },
	  "INFO: task hung in rtnl_lock" },
	{ "mm allocation skipped, a syscall prefix stripped",
	  { "__schedule", "__alloc_pages", "kmalloc_trace", "__x64_sys_fsync" },
	  "INFO: task hung in sys_fsync" },
	{ "every frame skipped", { "__schedule", "schedule", "kthread" }, "" },
};

static void test_hang_stacks(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(stacks); i++) {
		char *frames[MAX_STACK], title[SYZ_TITLE_LEN];
		size_t n = 0;

		while (n < MAX_STACK && stacks[i].frames[n]) {
			frames[n] = (char *)stacks[i].frames[n];
			n++;
		}
		syz_hang_title(frames, n, title, sizeof(title));
		if (strcmp(title, stacks[i].title))
			fail_msg("%s: got '%s', expected '%s'", stacks[i].from,
				 title, stacks[i].title);
	}
}

/*
 * The golden consoles end to end: the named task's title (and what showed
 * it) from classify(), the named lockdep report's from lockdep_parse().
 */
static const struct {
	const char *log;
	const char *hang;	/* "" without a named task */
	enum hang_source source;
	const char *lockdep;	/* "" without a report */
} consoles[] = {
	{ "real-v3-tcp-control-forced.log", "INFO: task hung in __nfs_commit_inode",
	  HANG_SHOW_STATE, "" },
	{ "real-v42-tcp-control-forced.log", "INFO: task hung in __nfs_commit_inode",
	  HANG_SHOW_STATE, "" },
	{ "real-v3-udp-control-forced.log", "INFO: task hung in __nfs_commit_inode",
	  HANG_SHOW_STATE, "" },
	{ "real-v3-tcp-fixed-forced.log", "", HANG_HUNG_TASK, "" },
	/* kmem_cache_alloc_lru (the first "at:") is mm allocation: the held lock's */
	{ "real-lockdep-v3-control.log", "", HANG_HUNG_TASK,
	  "possible deadlock in xs_connect_scope_enter" },
	{ "real-lockdep-v3-fixed.log", "", HANG_HUNG_TASK, "" },
	{ "tcp-forced-hung-task.log", "INFO: task hung in __nfs_commit_inode",
	  HANG_HUNG_TASK, "" },
	{ "tcp-sysrq-w-only.log", "INFO: task hung in __nfs_commit_inode",
	  HANG_SHOW_STATE, "" },
	{ "tcp-natural-sk-alloc.log", "INFO: task hung in nfs_initiate_commit",
	  HANG_SHOW_STATE, "" },
	{ "udp-forced-crlf.log", "INFO: task hung in nfs_wb_page", HANG_HUNG_TASK, "" },
	{ "lockdep-control-reclaim-connect.log", "", HANG_HUNG_TASK,
	  "possible deadlock in xs_connect_scope_enter" },
	/* dump_stack_lvl, mark_lock, __lock_acquire, _raw_spin_lock skipped */
	{ "lockdep-other-inconsistent.log", "", HANG_HUNG_TASK,
	  "inconsistent lock state in xs_tcp_state_change" },
};

static void test_golden_consoles(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(consoles); i++) {
		char path[512];
		struct lines l;
		struct hang_reports r;
		struct classification c;
		struct lockdep_info li;

		snprintf(path, sizeof(path), NFSTB_TEST_DATA "/console/%s",
			 consoles[i].log);
		assert_int_equal(lines_load(path, &l), 0);
		hang_parse(&l, &r);
		classify(&r, &c);
		lockdep_parse(&l, &li);
		if (strcmp(c.syz_title, consoles[i].hang) ||
		    strcmp(li.syz_title, consoles[i].lockdep))
			fail_msg("%s: got '%s' / '%s'", consoles[i].log,
				 c.syz_title, li.syz_title);
		if (c.sig != SIG_NONE)
			assert_int_equal(c.source, consoles[i].source);
		hang_free(&r);
		lines_free(&l);
	}
}

/* SYNTHETIC lockdep reports in 6.1's formats, one per kind syzkaller names. */
static const struct {
	const char *text;
	const char *title;
} reports[] = {
	{ "[ 1.0] WARNING: possible recursive locking detected\n"
	  "[ 1.0] kworker/u4:1/24 is trying to acquire lock:\n"
	  "[ 1.0] ffff (&xprt->transport_lock){+.+.}-{2:2}, at: xprt_conditional_disconnect+0x1c/0x90\n"
	  "[ 1.0] but task is already holding lock:\n"
	  "[ 1.0] ffff (&xprt->transport_lock){+.+.}-{2:2}, at: xs_tcp_state_change+0x4c/0x2d0\n",
	  "possible deadlock in xprt_conditional_disconnect" },
	{ "[ 1.0] WARNING: possible irq lock inversion dependency detected\n"
	  "[ 1.0] swapper/0/0 just changed the state of lock:\n"
	  "[ 1.0] ffff (&xprt->transport_lock){..-.}-{2:2}, at: xs_tcp_state_change+0x4c/0x2d0\n",
	  "possible deadlock in xs_tcp_state_change" },
	{ "[ 1.0] WARNING: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected\n"
	  "[ 1.0] which became SOFTIRQ-irq-safe at:\n"
	  "[ 1.0]   lock_acquire+0xc8/0x2e0\n"
	  "[ 1.0]   _raw_spin_lock+0x2f/0x40\n"
	  "[ 1.0]   xs_tcp_state_change+0x4c/0x2d0\n",
	  "possible deadlock in xs_tcp_state_change" },
	{ "[ 1.0] WARNING: held lock freed!\n"
	  "[ 1.0] kworker/0:1/12 is freeing memory ffff-ffff, with a lock still held there!\n"
	  "[ 1.0] ffff (&x->lock){+.+.}-{3:3}, at: rpc_free_client+0x2a/0x90\n",
	  "WARNING: held lock freed in rpc_free_client" },
	{ "[ 1.0] WARNING: kworker/0:1/12 still has locks held!\n"
	  "[ 1.0] 1 lock held by kworker/0:1/12:\n"
	  "[ 1.0]  #0: ffff (&x->lock){+.+.}-{3:3}, at: nfs_foo+0x2a/0x90\n",
	  "WARNING: still has locks held in nfs_foo" },
	/* syzkaller gives no frame to these: no title */
	{ "[ 1.0] BUG: MAX_LOCKDEP_ENTRIES too low!\n", "" },
	{ "[ 1.0] WARNING: suspicious RCU usage\n", "" },
};

static void test_lockdep_reports(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(reports); i++) {
		char title[SYZ_TITLE_LEN];
		struct lines l;

		lines_split(reports[i].text, &l);
		syz_lockdep_title(&l, 0, title, sizeof(title));
		if (strcmp(title, reports[i].title))
			fail_msg("report %zu: got '%s', expected '%s'", i, title,
				 reports[i].title);
		lines_free(&l);
	}
}

/* The skip list: anchored entries stay anchored, unanchored ones match anywhere. */
static void test_skip_list(void **state)
{
	(void)state;
	assert_true(syz_frame_skipped("kmem_cache_alloc_lru"));
	assert_true(syz_frame_skipped("__alloc_pages_slowpath"));
	assert_true(syz_frame_skipped("_raw_spin_lock_irqsave"));
	assert_true(syz_frame_skipped("down"));
	assert_true(syz_frame_skipped("down_read"));
	assert_false(syz_frame_skipped("xs_tcp_down"));
	assert_false(syz_frame_skipped("shrink_folio_list"));
	assert_false(syz_frame_skipped("fs_reclaim_acquire"));
	assert_false(syz_frame_skipped("nfs_mutex_foo"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hang_stacks),
		cmocka_unit_test(test_golden_consoles),
		cmocka_unit_test(test_lockdep_reports),
		cmocka_unit_test(test_skip_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
