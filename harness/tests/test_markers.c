// SPDX-License-Identifier: GPL-2.0
/* Unit tests: nfstb markers and workload result lines. */
#include "golden.h"
#include "lines.h"
#include "markers.h"
#include "util.h"

#include <string.h>

static void parse(const char *text, struct markers *m)
{
	struct lines l;

	lines_split(text, &l);
	markers_parse(&l, m);
	lines_free(&l);
}

static void test_phases_and_done(void **state)
{
	struct markers m;

	(void)state;
	parse("[    2.000000] nfstb: phase=boot arm=fixed\r\n"
	      "nfstb: phase=reconnect method=sysfs\n"		/* untimed echo */
	      "[    6.100000] nfstb: phase=reconnect method=sysfs\n"
	      "[    7.000000] nfstb: phase=reconnect again\n"
	      "[    8.000000] nfstb: phase=done rc=0\n", &m);
	assert_int_equal(m.nphases, 5);
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
	parse("[    8.000000] nfstb: phase=done\n", &m);
	assert_true(m.done);
	assert_int_equal(m.done_rc, -1);
	parse("[    8.000000] nfstb: phase=done rc=3\n", &m);
	assert_int_equal(m.done_rc, 3);
}

static void test_no_markers(void **state)
{
	struct markers m;

	(void)state;
	parse("[    0.000000] Linux version 6.1.192\n"
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
	parse("[    4.000000] nfstb-writer: ready files=4 bytes=33554432\n"
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
	assert_int_equal(m.nsummaries, 2);
	assert_int_equal(m.summaries[0].failed, 1);
	assert_int_equal(m.summaries[0].bytes, 33554432);
	assert_int_equal(m.summaries[1].bytes, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_phases_and_done),
		cmocka_unit_test(test_done_without_rc_is_not_success),
		cmocka_unit_test(test_no_markers),
		cmocka_unit_test(test_workload_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
