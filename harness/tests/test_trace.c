// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-tracecheck: golden trace captures (data/trace/NAME.trace ->
 * NAME.expected, discovered) and unit tests of the line parser and counters.
 */
#include "golden.h"
#include "trace.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_golden_trace(void **state)
{
	const char *path = *state;
	struct trace_counts c;
	struct golden_out o;
	struct lines l;

	assert_int_equal(lines_load(path, &l), 0);
	trace_count(&l, &c);
	trace_print(golden_begin(&o), &c);
	golden_end(&o, path);
	lines_free(&l);
}

static const struct golden_set traces = {
	.dir = NFSTB_TEST_DATA "/trace", .ext = ".trace",
	.prefix = "trace", .fn = test_golden_trace,
	.min = 4, .what = "traces",
};

static void test_line_parse(void **state)
{
	struct trace_event ev;

	(void)state;
	assert_true(trace_line_parse(
		"    kworker/u4:1-35      [001] .....    24.100000: xs_connect_worker_enter: proto=tcp entry_flags= flags=MEMALLOC_NOFS",
		&ev));
	assert_string_equal(ev.comm, "kworker/u4:1");
	assert_int_equal(ev.pid, 35);
	assert_int_equal(ev.ts_us, 24100000);
	assert_string_equal(ev.name, "xs_connect_worker_enter");
	assert_string_equal(ev.fields, "proto=tcp entry_flags= flags=MEMALLOC_NOFS");

	assert_true(trace_line_parse(
		"           <...>-9       (      9) [000] d..1.   50.000000: nfs_release_folio: decision=skip_nofs",
		&ev));
	assert_string_equal(ev.comm, "<...>");
	assert_int_equal(ev.pid, 9);

	assert_true(trace_line_parse(" my-task-name-7 [003]   1.5: ev_name: x=1", &ev));
	assert_string_equal(ev.comm, "my-task-name");
	assert_int_equal(ev.pid, 7);
	assert_int_equal(ev.ts_us, 1500000);

	assert_false(trace_line_parse("# tracer: nop", &ev));
	assert_false(trace_line_parse("CPU:0 [LOST 3 EVENTS]", &ev));
	assert_false(trace_line_parse("", &ev));
	assert_false(trace_line_parse("foo-1 [000] .....  notatime: ev: x", &ev));
}

static void test_flags(void **state)
{
	(void)state;
	assert_true(flags_equal("", ""));
	assert_true(flags_equal("MEMALLOC|MEMALLOC_NOFS", "MEMALLOC_NOFS|MEMALLOC"));
	assert_false(flags_equal("MEMALLOC", "MEMALLOC|MEMALLOC_NOFS"));
	assert_false(flags_equal("", "MEMALLOC_NOFS"));
	assert_true(flags_has("MEMALLOC|MEMALLOC_NOFS", "MEMALLOC"));
	assert_false(flags_has("MEMALLOC_NOFS", "MEMALLOC"));
	assert_true(flags_has("MEMALLOC_NOFS", "MEMALLOC_NOFS"));
	assert_false(flags_has("", "MEMALLOC"));
}

static void test_orphan_exit_uses_own_entry_flags(void **state)
{
	struct trace_counts c;

	(void)state;
	/* the capture started after the enter: the exit still carries it */
	parse_text(trace_count,
		   " w-5 [000] ..... 1.000000: xs_connect_worker_exit: entry_flags=MEMALLOC flags=MEMALLOC status=0\n",
		   &c);
	assert_int_equal(c.worker_exit, 1);
	assert_string_equal(trace_flags_restored(&c), "ok");
	parse_text(trace_count,
		   " w-5 [000] ..... 1.000000: xs_connect_worker_exit: entry_flags= flags=MEMALLOC_NOFS status=0\n",
		   &c);
	assert_string_equal(trace_flags_restored(&c), "mismatch");
	/* no way to check: n/a */
	parse_text(trace_count,
		   " w-5 [000] ..... 1.000000: xs_connect_worker_exit: status=0\n", &c);
	assert_string_equal(trace_flags_restored(&c), "n/a");
}

static void test_pairing_is_per_pid(void **state)
{
	struct trace_counts c;

	(void)state;
	parse_text(trace_count,
		   " a-1 [000] ..... 1.000000: xs_connect_worker_enter: entry_flags= flags=MEMALLOC_NOFS\n"
		   " b-2 [001] ..... 1.000001: xs_connect_worker_enter: entry_flags=MEMALLOC flags=MEMALLOC|MEMALLOC_NOFS\n"
		   " b-2 [001] ..... 1.000002: nfs_release_folio: decision=skip_nofs\n"
		   " a-1 [000] ..... 1.000003: xs_connect_worker_exit: entry_flags= flags= status=0\n"
		   " a-1 [000] ..... 1.000004: nfs_release_folio: decision=skip_nofs\n"
		   " b-2 [001] ..... 1.000005: xs_connect_worker_exit: entry_flags=MEMALLOC flags=MEMALLOC status=0\n",
		   &c);
	assert_int_equal(c.worker_enter, 2);
	assert_int_equal(c.nofs_in_worker, 2);
	assert_int_equal(c.memalloc_in_worker, 1);
	assert_int_equal(c.skip_in_worker, 1);
	assert_int_equal(c.skip_elsewhere, 1);
	assert_int_equal(c.exits_checked, 2);
	assert_string_equal(trace_flags_restored(&c), "ok");
	assert_int_equal(c.first_skip_us, 1000002);
}

static void test_connect_worker_field_wins(void **state)
{
	struct trace_counts c;

	(void)state;
	/* inside an enter/exit pair but the kernel says it is not a worker */
	parse_text(trace_count,
		   " a-1 [000] ..... 1.000000: xs_connect_worker_enter: entry_flags= flags=\n"
		   " a-1 [000] ..... 1.000001: nfs_release_folio: decision=writeback connect_worker=0\n"
		   " a-1 [000] ..... 1.000002: nfs_release_folio: decision=writeback connect_worker=1\n",
		   &c);
	assert_int_equal(c.writeback_in_worker, 1);
	assert_int_equal(c.writeback_elsewhere, 1);
	assert_int_equal(c.first_writeback_us, 1000002);
}

#define EV(pid, t, rest) " kworker/u4:1-" #pid " [001] ..... " t ": " rest "\n"

static void test_witness_of_the_blocked_task(void **state)
{
	struct worker_witness w;
	struct trace_counts c;
	struct lines l;

	(void)state;
	lines_split(EV(35, "10.0", "xs_connect_worker_enter: entry_flags= flags=")
		    EV(35, "10.1", "nfs_release_folio: index=1 decision=writeback connect_worker=1")
		    EV(36, "10.2", "nfs_release_folio_done: index=1 released=0")	/* another task */
		    EV(35, "10.3", "nfs_release_folio: index=2 decision=skip_nofs connect_worker=1"), &l);
	trace_witness(&l, 35, "kworker/u4:1", &w);
	trace_count(&l, &c);
	lines_free(&l);
	assert_true(w.entered && w.writeback);
	assert_false(w.release_done);
	assert_false(w.exited);
	assert_int_equal(c.workers_unexited, 1);
	assert_string_equal(c.first_unexited, "kworker/u4:1-35 entered at 10.000000");

	lines_split(EV(35, "10.0", "xs_connect_worker_enter: entry_flags= flags=")
		    EV(35, "10.1", "nfs_release_folio: index=1 decision=writeback connect_worker=1")
		    EV(35, "10.2", "nfs_release_folio_done: index=1 released=0")
		    EV(35, "10.3", "xs_connect_worker_exit: entry_flags= flags=MEMALLOC_NOFS"), &l);
	trace_witness(&l, 35, "kworker/u4:1", &w);
	trace_count(&l, &c);
	lines_free(&l);
	assert_true(w.release_done);
	assert_true(w.exited);
	assert_int_equal(c.workers_unexited, 0);
	assert_int_equal(c.exits_mismatched, 1);
	assert_string_equal(c.first_mismatch,
			    "kworker/u4:1-35 exited with flags=MEMALLOC_NOFS, entered with entry_flags=0");

	/* a later connect on the same kworker is not done yet */
	lines_split(EV(35, "10.0", "xs_connect_worker_enter: entry_flags= flags=")
		    EV(35, "10.3", "xs_connect_worker_exit: entry_flags= flags=")
		    EV(35, "20.0", "xs_connect_worker_enter: entry_flags= flags=")
		    EV(35, "20.1", "nfs_release_folio: index=1 decision=writeback connect_worker=1"), &l);
	trace_witness(&l, 35, "kworker/u4:1", &w);
	lines_free(&l);
	assert_true(w.writeback);
	assert_false(w.exited);
	assert_false(w.comm_differs);

	/* an exit after the decision is not forgiven by a later enter */
	lines_split(EV(35, "10.0", "xs_connect_worker_enter: entry_flags= flags=")
		    EV(35, "10.1", "nfs_release_folio: index=1 decision=writeback connect_worker=1")
		    EV(35, "10.2", "xs_connect_worker_exit: entry_flags= flags=")
		    EV(35, "10.3", "xs_connect_worker_enter: entry_flags= flags="), &l);
	trace_witness(&l, 35, "kworker/u4:1", &w);
	lines_free(&l);
	assert_true(w.exited);

	/* a decision without connect_worker=, or by another comm */
	lines_split(EV(35, "10.0", "xs_connect_worker_enter: entry_flags= flags=")
		    EV(35, "10.1", "nfs_release_folio: index=1 decision=writeback"), &l);
	trace_witness(&l, 35, "kworker/u4:9", &w);
	lines_free(&l);
	assert_false(w.writeback);
	assert_true(w.comm_differs);
	assert_string_equal(w.other_comm, "kworker/u4:1");
}

/* The stream's heartbeat: counted apart from events, gaps and losses seen. */
static void test_heartbeat_and_lost_events(void **state)
{
	struct trace_counts c;
	struct lines l;

	(void)state;
	lines_split(" sh-120 [000] ..... 1.000000: tracing_mark_write: nfstb-heartbeat seq=1\n"
		    " sh-120 [001] ..... 1.500000: tracing_mark_write: nfstb-heartbeat seq=2\n"
		    EV(35, "1.6", "xs_connect_worker_enter: entry_flags= flags=")
		    " sh-120 [000] ..... 2.500000: tracing_mark_write: nfstb-heartbeat seq=4\n"
		    " sh-120 [000] ..... 2.600000: tracing_mark_write: somebody else's marker\n"
		    "CPU:1 [LOST 12 EVENTS]\n"
		    "CPU:0 [LOST many EVENTS]\n", &l);
	trace_count(&l, &c);
	lines_free(&l);
	assert_int_equal(c.events, 1);
	assert_int_equal(c.heartbeats, 3);
	assert_int_equal(c.heartbeat_last_seq, 4);
	assert_int_equal(c.heartbeat_last_us, 2500000);
	assert_int_equal(c.heartbeat_missing, 1);
	assert_int_equal(c.lost_events, 12);
}

/* Error exits, a kworker that starts with a scope set, a reused socket */
static void test_error_exits_and_reuse(void **state)
{
	struct after_reconnect a;
	struct trace_counts c;
	struct lines l;

	(void)state;
	lines_split(EV(35, "5.0", "xs_connect_worker_enter: proto=tcp dst=d:2049 entry_flags= flags=MEMALLOC_NOFS")
		    EV(35, "5.1", "rpc_socket_connect: error=-115 socket:[61] srcaddr=s:900 dstaddr=d:2049 state=2")
		    EV(35, "5.2", "xs_connect_worker_exit: proto=tcp dst=d:2049 entry_flags= flags= status=-115")
		    EV(35, "6.0", "xs_connect_worker_enter: proto=tcp dst=d:2049 entry_flags= flags=MEMALLOC_NOFS")
		    EV(35, "6.1", "xs_connect_worker_exit: proto=tcp dst=d:2049 entry_flags= flags= status=-23")
		    EV(35, "7.0", "xs_connect_worker_enter: proto=tcp dst=d:2049 entry_flags= flags=MEMALLOC_NOFS")
		    EV(35, "7.1", "rpc_socket_connect: error=-101 socket:[61] srcaddr=s:900 dstaddr=d:2049 state=2")
		    EV(35, "7.2", "xs_connect_worker_exit: proto=tcp dst=d:2049 entry_flags= flags= status=-101")
		    EV(36, "8.0", "xs_connect_worker_enter: proto=udp dst=d:2049 entry_flags=MEMALLOC_NOFS flags=MEMALLOC_NOFS")
		    EV(36, "8.1", "xs_connect_worker_exit: proto=udp dst=d:2049 entry_flags=MEMALLOC_NOFS flags=MEMALLOC_NOFS status=0")
		    EV(37, "8.2", "xs_connect_worker_enter: proto=local dst=d entry_flags=MEMALLOC_NOFS flags=MEMALLOC_NOFS")
		    EV(37, "8.3", "xs_connect_worker_exit: proto=local dst=d entry_flags=MEMALLOC_NOFS flags=MEMALLOC_NOFS status=0"),
		    &l);
	trace_count(&l, &c);
	trace_after_reconnect(&l, 6000000, &a);
	lines_free(&l);
	assert_int_equal(c.error_exits, 2);
	assert_int_equal(c.error_exits_fatal, 1);	/* -23; -101 is retried */
	assert_string_equal(c.first_error_exit, "kworker/u4:1-35 proto=tcp status=-23 at 6.100000");
	assert_int_equal(c.connects, 2);
	assert_int_equal(c.sockets_reused, 1);
	/* the UDP worker's kworker had a scope set; AF_LOCAL runs in its caller */
	assert_int_equal(c.entries_dirty, 1);
	assert_string_equal(c.first_dirty_entry,
			    "kworker/u4:1-36 entered with entry_flags=MEMALLOC_NOFS at 8.000000");
	assert_int_equal(a.entered, 4);
	assert_int_equal(a.without_memalloc, 4);
	assert_string_equal(a.first_without,
			    "kworker/u4:1-35 dst=d:2049 flags=MEMALLOC_NOFS at 6.000000");
	trace_after_reconnect(&l, TIME_NONE, &a);
	assert_int_equal(a.entered, 0);
}

int main(void)
{
	static const struct CMUnitTest units[] = {
		cmocka_unit_test(test_error_exits_and_reuse),
		cmocka_unit_test(test_heartbeat_and_lost_events),
		cmocka_unit_test(test_line_parse),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_orphan_exit_uses_own_entry_flags),
		cmocka_unit_test(test_pairing_is_per_pid),
		cmocka_unit_test(test_connect_worker_field_wins),
		cmocka_unit_test(test_witness_of_the_blocked_task),
	};
	return golden_main("test_trace", units, ARRAY_SIZE(units), &traces);
}
