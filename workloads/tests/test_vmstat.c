/* /proc/vmstat parsing against a real sample (tests/data/vmstat.sample). */
#include "test_util.h"

#include "vmstat.h"

static void test_golden_sample(void **state)
{
	char *text = read_golden("vmstat.sample"), err[160];
	struct vmstat_swap vs = { 1, 1 };

	(void)state;
	/* The host that wrote the sample has no swap: both are 0. */
	assert_int_equal(vmstat_parse(text, &vs, err, sizeof(err)), 0);
	assert_int_equal(vs.pswpin, 0);
	assert_int_equal(vs.pswpout, 0);
	free(text);
}

static void test_whole_key_match(void **state)
{
	char *text = read_golden("vmstat.sample");
	uint64_t v;

	(void)state;
	/* "nr_free_pages" must not be read from "nr_free_pages_blocks". */
	assert_int_equal(vmstat_get(text, "nr_free_pages", &v), 0);
	assert_int_equal(v, 1194857);
	assert_int_equal(vmstat_get(text, "nr_free_pages_blocks", &v), 0);
	assert_int_equal(v, 1021952);
	assert_int_equal(vmstat_get(text, "pgpgin", &v), 0);
	assert_int_equal(v, 11649797);
	assert_int_equal(vmstat_get(text, "pgmajfault", &v), 0);
	assert_int_equal(v, 11440);
	assert_int_equal(vmstat_get(text, "pgpg", &v), -1);
	assert_int_equal(vmstat_get(text, "pswp", &v), -1);
	assert_int_equal(vmstat_get(text, "no_such_counter", &v), -1);
	free(text);
}

static void test_nonzero_and_last_line(void **state)
{
	struct vmstat_swap vs;
	char err[160];

	(void)state;
	/* Values at the end of the text without a trailing newline, and
	 * large counters. */
	assert_int_equal(vmstat_parse("pgpgin 5\npswpout 18446744073709551615\npswpin 123",
				      &vs, err, sizeof(err)), 0);
	assert_int_equal(vs.pswpin, 123);
	assert_int_equal(vs.pswpout, UINT64_MAX);
}

static void test_missing_or_malformed(void **state)
{
	struct vmstat_swap vs;
	char err[160];

	(void)state;
	assert_int_equal(vmstat_parse("pgpgin 5\npswpout 7\n", &vs, err, sizeof(err)), -1);
	assert_string_equal(err, "vmstat has no readable pswpin line");
	assert_int_equal(vmstat_parse("pswpin 1\npswpout 7x\n", &vs, err, sizeof(err)), -1);
	assert_string_equal(err, "vmstat has no readable pswpout line");
	assert_int_equal(vmstat_parse("pswpin -1\npswpout 7\n", &vs, err, sizeof(err)), -1);
	assert_string_equal(err, "vmstat has no readable pswpin line");
	/* meminfo style is not vmstat style */
	assert_int_equal(vmstat_parse("pswpin: 1\npswpout: 2\n", &vs, err, sizeof(err)), -1);
	assert_string_equal(err, "vmstat has no readable pswpin line");
}

static void test_read_file(void **state)
{
	char path[1024], err[160];
	struct vmstat_swap vs;

	(void)state;
	snprintf(path, sizeof(path), "%s/vmstat.sample", TEST_DATA_DIR);
	assert_int_equal(vmstat_read(path, &vs, err, sizeof(err)), 0);
	assert_int_equal(vs.pswpout, 0);
	/* The live file of whatever kernel runs the tests. */
	assert_int_equal(vmstat_read("/proc/vmstat", &vs, err, sizeof(err)), 0);
	assert_int_equal(vmstat_read("/nonexistent/vmstat", &vs, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open /nonexistent/vmstat"));
}

TEST_MAIN("vmstat",
	  cmocka_unit_test(test_golden_sample),
	  cmocka_unit_test(test_whole_key_match),
	  cmocka_unit_test(test_nonzero_and_last_line),
	  cmocka_unit_test(test_missing_or_malformed),
	  cmocka_unit_test(test_read_file))
