// SPDX-License-Identifier: GPL-2.0
/* Unit tests: frames and blocked-task report extraction. */
#include "golden.h"
#include "hang.h"
#include "util.h"

#include <string.h>

static void test_frame_parse(void **state)
{
	char name[64];
	bool rel;

	(void)state;
	assert_true(frame_parse(" __schedule+0x2a5/0x830", name, sizeof(name), &rel));
	assert_string_equal(name, "__schedule");
	assert_true(rel);
	assert_true(frame_parse(" ? kthread+0xe6/0x110", name, sizeof(name), &rel));
	assert_string_equal(name, "kthread");
	assert_false(rel);
	assert_true(frame_parse("__alloc_pages_slowpath.constprop.0+0x3a4/0xd70",
				name, sizeof(name), &rel));
	assert_string_equal(name, "__alloc_pages_slowpath");
	assert_true(frame_parse(" nfs_wb_page+0xda/0x1c0 [nfs]", name,
				sizeof(name), &rel));
	assert_string_equal(name, "nfs_wb_page");
	assert_false(frame_parse(" <TASK>", name, sizeof(name), &rel));
	assert_false(frame_parse("RIP: 0033:0x7f3c2b8e1b5a", name, sizeof(name), &rel));
	assert_false(frame_parse("RAX: ffffffffffffffda RBX: 0", name, sizeof(name), &rel));
	assert_false(frame_parse("Call Trace:", name, sizeof(name), &rel));
	assert_false(frame_parse("foo+0x10", name, sizeof(name), &rel));
}

static void test_frame_is_scheduler(void **state)
{
	(void)state;
	assert_true(frame_is_scheduler("__schedule"));
	assert_true(frame_is_scheduler("schedule"));
	assert_true(frame_is_scheduler("schedule_timeout"));
	assert_true(frame_is_scheduler("io_schedule"));
	assert_true(frame_is_scheduler("schedule_preempt_disabled"));
	assert_false(frame_is_scheduler("rpc_wait_bit_killable"));
	assert_false(frame_is_scheduler("nfs_commit_inode"));
}

/* The excerpt held exactly one blocked task: @comm, found by @source at @us. */
static void one_report(const struct hang_reports *r, const char *comm,
		       enum hang_source source, int64_t us)
{
	assert_int_equal(r->n, 1);
	assert_string_equal(r->v[0].comm, comm);
	assert_int_equal(r->v[0].source, source);
	assert_int_equal(r->v[0].time_us, us);
}

static void test_hung_task_report(void **state)
{
	struct hang_reports r;

	(void)state;
	parse_text(hang_parse,
		   "[   25.000000] INFO: task kworker/u4:1:35 blocked for more than 10 seconds.\n"
		   "[   25.000001]       Not tainted 6.1.192 #1\n"
		   "[   25.000002] task:kworker/u4:1    state:D stack:0     pid:35    ppid:2      flags:0x00004000\n"
		   "[   25.000003] Workqueue: xprtiod xs_tcp_setup_socket (xprtiod)\n"
		   "[   25.000004] Call Trace:\n"
		   "[   25.000005]  <TASK>\n"
		   "[   25.000006]  __schedule+0x2a5/0x830\n"
		   "[   25.000007]  ? foo+0x1/0x2\n"
		   "[   25.000008]  process_one_work+0x1c4/0x380\n"
		   "[   25.000009]  </TASK>\n"
		   "[   25.000010]  bar+0x1/0x2\n", &r);
	one_report(&r, "kworker/u4:1", HANG_HUNG_TASK, 25000000);
	assert_int_equal(r.v[0].pid, 35);
	assert_string_equal(r.v[0].wq_fn, "xs_tcp_setup_socket");
	assert_int_equal(r.v[0].nframes, 2);
	assert_string_equal(r.v[0].frames[0], "__schedule");
	assert_string_equal(r.v[0].frames[1], "process_one_work");
	hang_free(&r);
}

static void test_show_state_keeps_only_d(void **state)
{
	struct hang_reports r;

	(void)state;
	parse_text(hang_parse,
		   "[   30.000000] sysrq: Show State\n"
		   "[   30.000001] task:bash            state:S stack:0     pid:100   ppid:1      flags:0x00000000\n"
		   "[   30.000002] Call Trace:\n"
		   "[   30.000003]  schedule+0x5d/0xd0\n"
		   "[   30.000004] task:nfstb-writer    state:D stack:0     pid:141   ppid:1      flags:0x00000000\n"
		   "[   30.000005] Call Trace:\n"
		   "[   30.000006]  folio_wait_writeback+0x28/0x80\n"
		   "[   30.000007] task:kworker/0:1H    state:I stack:0     pid:61    ppid:2      flags:0x00004000\n"
		   "[   30.000008] Call Trace:\n"
		   "[   30.000009]  worker_thread+0xb9/0x380\n", &r);
	one_report(&r, "nfstb-writer", HANG_SHOW_STATE, 30000004);
	assert_int_equal(r.v[0].nframes, 1);
	hang_free(&r);
}

static void test_foreign_trace_not_merged(void **state)
{
	struct hang_reports r;

	(void)state;
	/* A WARNING's Call Trace right after a task block without </TASK>. */
	parse_text(hang_parse,
		   "[   30.000000] task:a               state:D stack:0     pid:1     ppid:0      flags:0x0\n"
		   "[   30.000001] Call Trace:\n"
		   "[   30.000002]  one+0x1/0x2\n"
		   "[   30.000003] Call Trace:\n"
		   "[   30.000004]  two+0x1/0x2\n"
		   "[   31.000000] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2\n"
		   "[   31.000001] Call Trace:\n"
		   "[   31.000002]  three+0x1/0x2\n", &r);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.v[0].nframes, 1);
	assert_string_equal(r.v[0].frames[0], "one");
	hang_free(&r);
}

static void test_info_without_task_line_is_dropped(void **state)
{
	struct hang_reports r;

	(void)state;
	/* INFO for pid 35, but the task: line is pid 36: no pairing. */
	parse_text(hang_parse,
		   "[   25.000000] INFO: task a:35 blocked for more than 10 seconds.\n"
		   "[   26.000000] task:b               state:D stack:0     pid:36    ppid:2      flags:0x0\n"
		   "[   26.000001] Call Trace:\n"
		   "[   26.000002]  x+0x1/0x2\n", &r);
	one_report(&r, "b", HANG_SHOW_STATE, 26000000);
	hang_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_frame_parse),
		cmocka_unit_test(test_frame_is_scheduler),
		cmocka_unit_test(test_hung_task_report),
		cmocka_unit_test(test_show_state_keeps_only_d),
		cmocka_unit_test(test_foreign_trace_not_merged),
		cmocka_unit_test(test_info_without_task_line_is_dropped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
