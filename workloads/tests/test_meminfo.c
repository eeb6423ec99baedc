/* /proc/meminfo parsing against a real sample (tests/data/meminfo.sample). */
#include "test_util.h"

#include "meminfo.h"

static void test_golden_sample(void **state)
{
	char *text = read_golden("meminfo.sample"), err[160];
	struct meminfo mi;

	(void)state;
	assert_int_equal(meminfo_parse(text, &mi, err, sizeof(err)), 0);
	assert_int_equal(mi.mem_total_kb, 24683568);
	assert_int_equal(mi.mem_free_kb, 22987036);
	assert_int_equal(mi.mem_available_kb, 24045252);
	free(text);
}

static void test_whole_key_match(void **state)
{
	char *text = read_golden("meminfo.sample");
	uint64_t kb;

	(void)state;
	/* "Active" must not be read from "Active(anon)" or vice versa. */
	assert_int_equal(meminfo_get_kb(text, "Active", &kb), 0);
	assert_int_equal(kb, 428036);
	assert_int_equal(meminfo_get_kb(text, "Active(anon)", &kb), 0);
	assert_int_equal(kb, 1556);
	assert_int_equal(meminfo_get_kb(text, "Activ", &kb), -1);
	assert_int_equal(meminfo_get_kb(text, "NoSuchKey", &kb), -1);
	free(text);
}

static void test_missing_available(void **state)
{
	struct meminfo mi;
	char err[160];

	(void)state;
	assert_int_equal(meminfo_parse("MemTotal: 100 kB\nMemFree: 50 kB\n", &mi,
				       err, sizeof(err)), -1);
	assert_string_equal(err, "meminfo has no readable MemAvailable line");
	assert_int_equal(meminfo_parse("MemTotal: x kB\n", &mi, err, sizeof(err)), -1);
	assert_string_equal(err, "meminfo has no readable MemTotal line");
}

static void test_read_file(void **state)
{
	char path[1024], err[160];
	struct meminfo mi;

	(void)state;
	snprintf(path, sizeof(path), "%s/meminfo.sample", TEST_DATA_DIR);
	assert_int_equal(meminfo_read(path, &mi, err, sizeof(err)), 0);
	assert_int_equal(mi.mem_available_kb, 24045252);
	assert_int_equal(meminfo_read("/nonexistent/meminfo", &mi, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open /nonexistent/meminfo"));
}

TEST_MAIN("meminfo",
	  cmocka_unit_test(test_golden_sample),
	  cmocka_unit_test(test_whole_key_match),
	  cmocka_unit_test(test_missing_available),
	  cmocka_unit_test(test_read_file))
