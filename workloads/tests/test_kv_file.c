/* The "key value" reader (kv_file.c, with the formats of meminfo.c and
 * vmstat.c), against real samples (tests/data/meminfo.sample,
 * vmstat.sample) and inline text. One table of lookups covers both files' line styles. */
#include "test_util.h"

#include "meminfo.h"
#include "vmstat.h"

#include "kv_file.h"

#include <unistd.h>

struct lookup {
	enum kv_style style;
	const char *sample; /* a tests/data file, or NULL: text is inline */
	const char *text;
	const char *key;
	int rc;
	uint64_t value; /* when rc is 0 */
};

static const struct lookup lookups[] = {
	/* Keys match whole: "Active" is not "Active(anon)", nor "Activ". */
	{ KV_COLON, "meminfo.sample", NULL, "Active", 0, 428036 },
	{ KV_COLON, "meminfo.sample", NULL, "Active(anon)", 0, 1556 },
	{ KV_COLON, "meminfo.sample", NULL, "Activ", -1, 0 },
	{ KV_COLON, "meminfo.sample", NULL, "NoSuchKey", -1, 0 },
	{ KV_COLON, NULL, "MemTotal: x kB\n", "MemTotal", -1, 0 },
	/* "nr_free_pages" is not "nr_free_pages_blocks", nor "pgpg". */
	{ KV_SPACE, "vmstat.sample", NULL, "nr_free_pages", 0, 1194857 },
	{ KV_SPACE, "vmstat.sample", NULL, "nr_free_pages_blocks", 0, 1021952 },
	{ KV_SPACE, "vmstat.sample", NULL, "pgpgin", 0, 11649797 },
	{ KV_SPACE, "vmstat.sample", NULL, "pgmajfault", 0, 11440 },
	{ KV_SPACE, "vmstat.sample", NULL, "pgpg", -1, 0 },
	{ KV_SPACE, "vmstat.sample", NULL, "pswp", -1, 0 },
	{ KV_SPACE, "vmstat.sample", NULL, "no_such_counter", -1, 0 },
	/* The last line without a newline, and the largest counter. */
	{ KV_SPACE, NULL, "pgpgin 5\npswpout 18446744073709551615\npswpin 123",
	  "pswpin", 0, 123 },
	{ KV_SPACE, NULL, "pgpgin 5\npswpout 18446744073709551615\npswpin 123",
	  "pswpout", 0, UINT64_MAX },
	/* vmstat is strict: no trailing junk, no sign, no meminfo colon. */
	{ KV_SPACE, NULL, "pswpin 1\npswpout 7x\n", "pswpout", -1, 0 },
	{ KV_SPACE, NULL, "pswpin -1\npswpout 7\n", "pswpin", -1, 0 },
	{ KV_SPACE, NULL, "pswpin: 1\npswpout: 2\n", "pswpin", -1, 0 },
};

static void test_lookups(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++) {
		const struct lookup *l = &lookups[i];
		char *text = l->sample ? read_golden(l->sample) : strdup(l->text);
		uint64_t v = 0;

		assert_int_equal(kv_get(text, l->key, l->style, &v), l->rc);
		if (l->rc == 0)
			assert_int_equal(v, l->value);
		free(text);
	}
}

static void test_golden_parse(void **state)
{
	char *mtext = read_golden("meminfo.sample");
	char *vtext = read_golden("vmstat.sample"), err[160];
	struct vmstat_swap vs = { 1, 1 };
	struct meminfo mi;

	(void)state;
	assert_int_equal(kv_parse(mtext, &meminfo_format, &mi, err, sizeof(err)), 0);
	assert_int_equal(mi.mem_total_kb, 24683568);
	assert_int_equal(mi.mem_free_kb, 22987036);
	assert_int_equal(mi.mem_available_kb, 24045252);
	/* The host that wrote the sample has no swap: both are 0. */
	assert_int_equal(kv_parse(vtext, &vmstat_swap_format, &vs, err, sizeof(err)), 0);
	assert_int_equal(vs.pswpin, 0);
	assert_int_equal(vs.pswpout, 0);
	free(mtext);
	free(vtext);
}

static void test_parse_errors(void **state)
{
	struct vmstat_swap vs;
	struct meminfo mi;
	char err[160];

	(void)state;
	assert_int_equal(kv_parse("MemTotal: 100 kB\nMemFree: 50 kB\n", &meminfo_format,
				  &mi, err, sizeof(err)), -1);
	assert_string_equal(err, "meminfo has no readable MemAvailable line");
	assert_int_equal(kv_parse("MemTotal: x kB\n", &meminfo_format, &mi, err, sizeof(err)), -1);
	assert_string_equal(err, "meminfo has no readable MemTotal line");
	assert_int_equal(kv_parse("pgpgin 5\npswpout 7\n", &vmstat_swap_format, &vs, err,
				  sizeof(err)), -1);
	assert_string_equal(err, "vmstat has no readable pswpin line");
	assert_int_equal(kv_parse("pswpin 1\npswpout 7x\n", &vmstat_swap_format, &vs, err,
				  sizeof(err)), -1);
	assert_string_equal(err, "vmstat has no readable pswpout line");
}

static void test_read_files(void **state)
{
	char path[1024], err[160];
	struct vmstat_swap vs;
	struct meminfo mi;

	(void)state;
	snprintf(path, sizeof(path), "%s/meminfo.sample", TEST_DATA_DIR);
	assert_int_equal(kv_read(path, &meminfo_format, &mi, err, sizeof(err)), 0);
	assert_int_equal(mi.mem_available_kb, 24045252);
	snprintf(path, sizeof(path), "%s/vmstat.sample", TEST_DATA_DIR);
	assert_int_equal(kv_read(path, &vmstat_swap_format, &vs, err, sizeof(err)), 0);
	assert_int_equal(vs.pswpout, 0);
	/* The live file of whatever kernel runs the tests. */
	assert_int_equal(kv_read("/proc/vmstat", &vmstat_swap_format, &vs, err, sizeof(err)), 0);
	assert_int_equal(kv_read("/nonexistent/meminfo", &meminfo_format, &mi, err,
				 sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open /nonexistent/meminfo"));
	assert_int_equal(kv_read("/nonexistent/vmstat", &vmstat_swap_format, &vs, err,
				 sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open /nonexistent/vmstat"));
}

/* A file as large as the buffer grew past it: refused, never cut. */
static void test_read_refuses_a_full_buffer(void **state)
{
	char path[] = "/tmp/nfstb-kv-XXXXXX", err[160], expect[160];
	static char text[KV_FILE_MAX];
	struct meminfo mi;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	memset(text, ' ', sizeof(text));
	memcpy(text, "MemTotal: 1 kB\nMemFree: 1 kB\nMemAvailable: 1 kB\n", 48);
	assert_int_equal(write(fd, text, sizeof(text) - 1), (ssize_t)sizeof(text) - 1);
	close(fd);
	assert_int_equal(kv_read(path, &meminfo_format, &mi, err, sizeof(err)), -1);
	snprintf(expect, sizeof(expect), "%s is larger than %d bytes", path, KV_FILE_MAX - 1);
	assert_string_equal(err, expect);
	/* one byte less fits */
	assert_int_equal(truncate(path, sizeof(text) - 2), 0);
	assert_int_equal(kv_read(path, &meminfo_format, &mi, err, sizeof(err)), 0);
	assert_int_equal(mi.mem_available_kb, 1);
	unlink(path);
}

TEST_MAIN("kv_file",
	  cmocka_unit_test(test_lookups), cmocka_unit_test(test_golden_parse),
	  cmocka_unit_test(test_parse_errors), cmocka_unit_test(test_read_files),
	  cmocka_unit_test(test_read_refuses_a_full_buffer))
