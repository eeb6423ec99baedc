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

/* A console excerpt and the one blocked task hang_parse() must find in it. */
struct one_task {
	const char *what, *text;
	const char *comm;
	enum hang_source source;
	int64_t us;
	long pid;
	const char *wq_fn;		/* "" when the block has no Workqueue: line */
	const char *frames[3];		/* all of them, NULL after the last */
};

static const struct one_task one_task_cases[] = {
	{ "a hung-task report: scheduler frames kept, '?' frames and what follows </TASK> not",
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
	  "[   25.000010]  bar+0x1/0x2\n",
	  "kworker/u4:1", HANG_HUNG_TASK, 25000000, 35, "xs_tcp_setup_socket",
	  { "__schedule", "process_one_work" } },
	{ "a SysRq show-state dump: only the task in state D",
	  "[   30.000000] sysrq: Show State\n"
	  "[   30.000001] task:bash            state:S stack:0     pid:100   ppid:1      flags:0x00000000\n"
	  "[   30.000002] Call Trace:\n"
	  "[   30.000003]  schedule+0x5d/0xd0\n"
	  "[   30.000004] task:nfstb-writer    state:D stack:0     pid:141   ppid:1      flags:0x00000000\n"
	  "[   30.000005] Call Trace:\n"
	  "[   30.000006]  folio_wait_writeback+0x28/0x80\n"
	  "[   30.000007] task:kworker/0:1H    state:I stack:0     pid:61    ppid:2      flags:0x00004000\n"
	  "[   30.000008] Call Trace:\n"
	  "[   30.000009]  worker_thread+0xb9/0x380\n",
	  "nfstb-writer", HANG_SHOW_STATE, 30000004, 141, "", { "folio_wait_writeback" } },
	{ "a WARNING's Call Trace right after a task block without </TASK> is not merged",
	  "[   30.000000] task:a               state:D stack:0     pid:1     ppid:0      flags:0x0\n"
	  "[   30.000001] Call Trace:\n"
	  "[   30.000002]  one+0x1/0x2\n"
	  "[   30.000003] Call Trace:\n"
	  "[   30.000004]  two+0x1/0x2\n"
	  "[   31.000000] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2\n"
	  "[   31.000001] Call Trace:\n"
	  "[   31.000002]  three+0x1/0x2\n",
	  "a", HANG_SHOW_STATE, 30000000, 1, "", { "one" } },
	{ "INFO for pid 35, but the task: line is pid 36: no pairing",
	  "[   25.000000] INFO: task a:35 blocked for more than 10 seconds.\n"
	  "[   26.000000] task:b               state:D stack:0     pid:36    ppid:2      flags:0x0\n"
	  "[   26.000001] Call Trace:\n"
	  "[   26.000002]  x+0x1/0x2\n",
	  "b", HANG_SHOW_STATE, 26000000, 36, "", { "x" } },
};

static void test_one_blocked_task(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(one_task_cases); i++) {
		const struct one_task *c = &one_task_cases[i];
		struct hang_reports r;
		size_t n = 0;

		print_message("%s\n", c->what);
		parse_text(hang_parse, c->text, &r);
		assert_int_equal(r.n, 1);
		assert_string_equal(r.v[0].comm, c->comm);
		assert_int_equal(r.v[0].source, c->source);
		assert_int_equal(r.v[0].time_us, c->us);
		assert_int_equal(r.v[0].pid, c->pid);
		assert_string_equal(r.v[0].wq_fn, c->wq_fn);
		for (; n < ARRAY_SIZE(c->frames) && c->frames[n]; n++)
			assert_string_equal(r.v[0].frames[n], c->frames[n]);
		assert_int_equal(r.v[0].nframes, n);
		hang_free(&r);
	}
}

TEST_MAIN("test_hang",
	  cmocka_unit_test(test_frame_parse),
	  cmocka_unit_test(test_frame_is_scheduler),
	  cmocka_unit_test(test_one_blocked_task))
