// SPDX-License-Identifier: GPL-2.0
/* Unit tests: nfstb markers, workload result lines, swap facts. */
#include "console.h"
#include "golden.h"
#include "util.h"

#include <string.h>

static void test_phases_and_done(void **state)
{
	struct markers m;

	(void)state;
	parse_text(markers_parse,
		   "[    2.000000] nfstb: phase=boot arm=fixed\r\n"
		   "nfstb: phase=reconnect method=sysfs\n"		/* untimed echo */
		   "[    6.100000] nfstb: phase=reconnect method=sysfs\n"
		   "[    7.000000] nfstb: phase=reconnect again\n"
		   "[    8.000000] nfstb: phase=done rc=0\n", &m);
	/* an untimed line is user space's echo, not a marker */
	assert_int_equal(m.nphases, 4);
	assert_string_equal(m.phases[0].name, "boot");
	/* the first timestamped reconnect counts */
	assert_int_equal(m.reconnect_us, 6100000);
	assert_true(m.done);
	assert_int_equal(m.done_rc, 0);
	assert_int_equal(m.done_us, 8000000);
	assert_string_equal(markers_last_phase(&m), "done");
}

static void test_done_without_rc_is_not_success(void **state)
{
	struct markers m;

	(void)state;
	parse_text(markers_parse,
		   "[    8.000000] nfstb: phase=done\n", &m);
	assert_true(m.done);
	assert_int_equal(m.done_rc, -1);
	parse_text(markers_parse,
		   "[    8.000000] nfstb: phase=done rc=3\n", &m);
	assert_int_equal(m.done_rc, 3);
}

static void test_no_markers(void **state)
{
	struct markers m;

	(void)state;
	parse_text(markers_parse,
		   "[    0.000000] Linux version 6.1.192\n"
		   "[    1.000000] some nfstb: phase=fake (not at line start)\n", &m);
	assert_int_equal(m.nphases, 0);
	assert_false(m.done);
	assert_true(m.reconnect_us == TIME_NONE);
	assert_string_equal(markers_last_phase(&m), "none");
}

static void test_workload_lines(void **state)
{
	struct markers m;

	(void)state;
	parse_text(markers_parse,
		   "[    4.000000] nfstb-writer: ready files=4 bytes=33554432\n"
		   "[    5.000000] nfstb-memhog: holding bytes=1\n"
		   "[    5.100000] nfstb-memhog: released bytes=1\n"
		   "[    6.000000] nfstb-reconnect: method=sysfs xprt=xprt-2-tcp dst=10.0.0.1:2049 done\n"
		   "[    7.000000] nfstb-writer: committed files=4 bytes=33554432 elapsed_ms=12\n"
		   "[    9.000000] nfstb-verify: summary files=4 ok=3 failed=1 bytes=33554432\n"
		   "[    9.100000] nfstb-verify: summary files=4 ok=4 failed=0\n"
		   "[    9.200000] nfstb-verify: summary garbage\n", &m);
	assert_string_equal(m.writer_ready, "ready files=4 bytes=33554432");
	assert_string_equal(m.writer_committed,
			    "committed files=4 bytes=33554432 elapsed_ms=12");
	assert_true(m.reconnect_done);
	assert_int_equal(m.memhog_lines, 2);
	assert_string_equal(m.memhog_last, "released bytes=1");
	/* a summary without bytes=, or garbage, is damaged: never a summary */
	assert_int_equal(m.nsummaries, 1);
	assert_int_equal(m.summaries[0].failed, 1);
	assert_int_equal(m.summaries[0].bytes, 33554432);
	assert_int_equal(m.malformed_summaries, 2);
	markers_free(&m);
}

static void test_swapfill_verified(void **state)
{
	struct swap_facts s;

	(void)state;
	parse_text(swap_parse,
		   "[   20.000000] nfstb-swapfill: filled mb=320 pswpout=1200\r\n"
		   "[   30.000000] nfstb-swapfill: ready mb=640 pswpin=10 pswpout=90000\n"
		   "[   31.000000] Out of memory: Killed process 99 (nfstb-memhog) total-vm:1kB\n"
		   "[   60.000000] nfstb-swapfill: verified mb=640 ok=1 pswpin=80000 "
		   "pswpout=95000 elapsed_ms=29000 swapped_out_pages=95000 swapped_in_pages=79990\n",
		   &s);
	assert_true(s.filled && s.ready && s.verified);
	assert_string_equal(s.ready_line, "ready mb=640 pswpin=10 pswpout=90000");
	assert_int_equal(s.mb, 640);
	assert_int_equal(s.ok, 1);
	assert_int_equal(s.pswpin, 80000);
	assert_int_equal(s.elapsed_ms, 29000);
	assert_int_equal(s.out_pages, 95000);
	assert_int_equal(s.in_pages, 79990);
	/* another task's OOM kill is counted, not blamed on the swapfill */
	assert_false(s.oom);
	assert_int_equal(s.kernel_oom_kills, 1);
	assert_false(s.fail);
}

static void test_swapfill_fail_and_oom(void **state)
{
	struct swap_facts s;

	(void)state;
	parse_text(swap_parse,
		   "[   50.0] nfstb-swapfill: FAIL offset=4096 expected=0x11 got=0x00\n"
		   "[   50.1] nfstb-swapfill: FAIL offset=8192 expected=0x12 got=0x00\n"
		   "[   51.0] nfstb-swapfill: verified mb=640\n", &s);
	assert_true(s.fail);
	assert_string_equal(s.fail_line, "FAIL offset=4096 expected=0x11 got=0x00");
	assert_true(s.verified);
	assert_int_equal(s.ok, -1);
	assert_int_equal(s.out_pages, -1);

	parse_text(swap_parse,
		   "[   40.0] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
		   "mems_allowed=0,global_oom,task_memcg=/,task=nfstb-swapfill,pid=212,uid=0\n"
		   "[   40.0] Out of memory: Killed process 212 (nfstb-swapfill) total-vm:700000kB\n",
		   &s);
	assert_true(s.oom);
	assert_true(starts_with(s.oom_line, "oom-kill:constraint="));
	assert_int_equal(s.kernel_oom_kills, 1);

	parse_text(swap_parse,
		   "[   40.0] nfstb-swapfill: child killed by signal 9 (likely OOM killer)\n", &s);
	assert_true(s.oom);
	assert_string_equal(s.oom_line,
			    "nfstb-swapfill: child killed by signal 9 (likely OOM killer)");
	assert_int_equal(s.kernel_oom_kills, 0);
	assert_false(s.verified);
}

/* The reconnect's memory line, and who invoked the OOM killer. */
static void test_swap_reconnect_memory_and_oom_invoker(void **state)
{
	struct swap_facts s;

	(void)state;
	parse_text(swap_parse,
		   "[   17.0] nfstb: phase=reconnect proto=tcp\n"
		   "[   17.2] nfstb-reconnect: method=sockdiag destroyed=1 sport=868 dport=2049 "
		   "memory=reached free_pages=1391 min_pages=1385 low_pages=1731 waited_ms=40\n"
		   "[   18.0] kworker/u4:2 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n"
		   "[   18.0] CPU: 1 PID: 41 Comm: kworker/u4:2 Not tainted 6.1.0 #1\n"
		   "[   18.0] Workqueue: xprtiod xs_tcp_setup_socket\n"
		   "[   18.0] Out of memory: Killed process 212 (nfstb-swapfill) total-vm:700000kB\n"
		   "[   19.0] nfstb-swapfill invoked oom-killer: gfp_mask=0x140dca, order=0\n",
		   &s);
	assert_string_equal(s.reconnect_memory, "reached");
	assert_int_equal(s.reconnect_free, 1391);
	assert_int_equal(s.reconnect_min, 1385);
	assert_int_equal(s.reconnect_low, 1731);
	assert_string_equal(s.oom_invoker, "kworker/u4:2");
	assert_true(s.oom_by_connect_worker);
	assert_true(s.oom);

	/* the worker's name after the report ended does not count */
	parse_text(swap_parse,
		   "[   18.0] nfstb-swapfill invoked oom-killer: gfp_mask=0x140dca, order=0\n"
		   "[   18.0] Out of memory: Killed process 99 (sh) total-vm:1kB\n"
		   "[   18.5] Workqueue: xprtiod xs_tcp_setup_socket\n", &s);
	assert_string_equal(s.oom_invoker, "nfstb-swapfill");
	assert_false(s.oom_by_connect_worker);
	assert_string_equal(s.reconnect_memory, "");
	assert_int_equal(s.reconnect_free, -1);
}

static void test_booted_writer_and_every_summary(void **state)
{
	struct markers m;
	char text[4096] = "[ 1.0] nfstb: phase=booted scenario=v3-tcp workload=deadlock vers=3 "
			  "proto=tcp arm=fixed mode=forced run=v3-tcp-fixed-forced-1 seed=42\n"
			  "[ 1.1] nfstb: phase=booted scenario=other\n"	/* the first counts */
			  "[ 2.0] nfstb-writer: committed files=4 bytes=16777216 elapsed_ms=3\n";

	(void)state;
	for (int i = 0; i < 9; i++)
		strcat(text, "[ 3.0] nfstb-verify: summary files=4 ok=4 failed=0 bytes=16777216\n");
	strcat(text, "[ 4.0] nfstb-verify: summary files=2 ok=2 failed=0 bytes=8 manifest=truncated\n");
	parse_text(markers_parse,
		   text, &m);
	assert_true(m.booted.seen);
	assert_string_equal(m.booted.scenario, "v3-tcp");
	assert_string_equal(m.booted.arm, "fixed");
	assert_string_equal(m.booted.mode, "forced");
	assert_string_equal(m.booted.run, "v3-tcp-fixed-forced-1");
	assert_string_equal(m.booted.seed, "42");
	assert_true(m.writer_totals);
	assert_int_equal(m.writer_files, 4);
	assert_int_equal(m.writer_bytes, 16777216);
	assert_int_equal(m.nsummaries, 10);	/* not capped */
	assert_false(m.summaries[8].manifest_truncated);
	assert_true(m.summaries[9].manifest_truncated);
	markers_free(&m);
	/* an old boot marker: the fields it lacks stay empty */
	parse_text(markers_parse,
		   "[ 1.0] nfstb: phase=booted workload=smoke arm=- mode=smoke run=smoke-v3-1\n", &m);
	assert_true(m.booted.seen);
	assert_string_equal(m.booted.scenario, "");
	assert_false(m.writer_totals);
	markers_free(&m);
}

TEST_MAIN("test_markers",
	  cmocka_unit_test(test_phases_and_done),
	  cmocka_unit_test(test_done_without_rc_is_not_success),
	  cmocka_unit_test(test_no_markers),
	  cmocka_unit_test(test_workload_lines),
	  cmocka_unit_test(test_swapfill_verified),
	  cmocka_unit_test(test_swapfill_fail_and_oom),
	  cmocka_unit_test(test_swap_reconnect_memory_and_oom_invoker),
	  cmocka_unit_test(test_booted_writer_and_every_summary))
