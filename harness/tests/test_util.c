// SPDX-License-Identifier: GPL-2.0
/* Unit tests: time parsing/formatting, key=value lookup, lines, printk. */
#include "golden.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_parse_time(void **state)
{
	int64_t us;

	(void)state;
	assert_non_null(parse_time_us("25.123456]", &us));
	assert_int_equal(us, 25123456);
	assert_non_null(parse_time_us("0.5", &us));
	assert_int_equal(us, 500000);
	/* digits beyond microseconds are dropped, not rounded */
	assert_non_null(parse_time_us("1.1234569", &us));
	assert_int_equal(us, 1123456);
	assert_null(parse_time_us("25", &us));
	assert_null(parse_time_us(".5", &us));
	assert_null(parse_time_us("25.", &us));
	assert_null(parse_time_us("abc", &us));
}

static void test_format_time(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(format_time_us(25123456, buf, sizeof(buf)),
			    "25.123456");
	assert_string_equal(format_time_us(-1500000, buf, sizeof(buf)),
			    "-1.500000");
	assert_string_equal(format_time_us(TIME_NONE, buf, sizeof(buf)),
			    "none");
	assert_string_equal(format_secs_ms(12345678, buf, sizeof(buf)),
			    "12.346");
	assert_string_equal(format_secs_ms(-250000, buf, sizeof(buf)),
			    "-0.250");
	assert_string_equal(format_secs_ms(-100, buf, sizeof(buf)), "0.000");
	assert_string_equal(format_secs_ms(0, buf, sizeof(buf)), "0.000");
}

static void test_kv_get(void **state)
{
	const char *s = "proto=tcp entry_flags=MEMALLOC flags= status=-12";
	char v[32];
	long n;

	(void)state;
	assert_true(kv_get(s, "proto", v, sizeof(v)));
	assert_string_equal(v, "tcp");
	/* "flags" must not match inside "entry_flags" */
	assert_true(kv_get(s, "flags", v, sizeof(v)));
	assert_string_equal(v, "");
	assert_true(kv_get(s, "entry_flags", v, sizeof(v)));
	assert_string_equal(v, "MEMALLOC");
	assert_false(kv_get(s, "dst", v, sizeof(v)));
	assert_true(kv_get_long(s, "status", &n));
	assert_int_equal(n, -12);
	assert_false(kv_get_long(s, "flags", &n));
	assert_false(kv_get_long(s, "proto", &n));
	/* value too long for the buffer: refused, not truncated */
	assert_false(kv_get("k=0123456789", "k", v, 4));
}

static void test_strings_and_tsv(void **state)
{
	static const char *const list[] = { "a", NULL, "bc" };
	char line[] = "1\t\t3\t4\t5", *c[4];

	(void)state;
	assert_true(ends_with("lock order detected", " detected"));
	assert_false(ends_with("ed", "detected"));
	assert_true(equals_any("bc", list, 3));
	assert_false(equals_any("b", list, 3));
	/* empty columns kept; the last takes the rest of the line */
	assert_int_equal(tsv_split(line, c, 4), 4);
	assert_string_equal(c[1], "");
	assert_string_equal(c[2], "3");
	assert_string_equal(c[3], "4\t5");
}

static void test_lines_split_strips_cr(void **state)
{
	struct lines l;

	(void)state;
	lines_split("a\r\nb\r\r\n\nc", &l);
	assert_int_equal(l.n, 4);
	assert_string_equal(l.v[0], "a");
	assert_string_equal(l.v[1], "b");
	assert_string_equal(l.v[2], "");
	assert_string_equal(l.v[3], "c");
	lines_free(&l);
}

static void test_lines_load_missing(void **state)
{
	struct lines l;

	(void)state;
	assert_int_equal(lines_load("/nonexistent/nfstb", &l), -1);
	assert_int_equal(l.n, 0);
}

/* A FIFO or a device where a file is expected: refused at once, no read. */
static void test_lines_load_not_regular(void **state)
{
	char fifo[] = "/tmp/nfstb-test-fifo.XXXXXX";
	struct lines l;
	int fd = mkstemp(fifo);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	unlink(fifo);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(lines_load(fifo, &l), -1);
	assert_int_equal(errno, EINVAL);
	unlink(fifo);
	assert_int_equal(lines_load("/dev/zero", &l), -1);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(lines_load("/tmp", &l), -1);
	assert_int_equal(l.n, 0);
}

static void test_printk_split(void **state)
{
	int64_t t;

	(void)state;
	assert_string_equal(printk_split("[   25.123456] nfstb: phase=x", &t),
			    "nfstb: phase=x");
	assert_int_equal(t, 25123456);
	assert_string_equal(printk_split("[   25.123456][  T35] task:x", &t),
			    "task:x");
	assert_int_equal(t, 25123456);
	assert_string_equal(printk_split("<6>[    1.000000] hello", &t),
			    "hello");
	assert_int_equal(t, 1000000);
	/* frame indentation is kept */
	assert_string_equal(printk_split("[    1.000000]  schedule+0x1/0x2", &t),
			    " schedule+0x1/0x2");
	assert_string_equal(printk_split("nfstb: phase=done rc=0", &t),
			    "nfstb: phase=done rc=0");
	assert_true(t == TIME_NONE);
	assert_string_equal(printk_split("[OK] Started foo", &t),
			    "[OK] Started foo");
	assert_true(t == TIME_NONE);
}

TEST_MAIN("test_util",
	  cmocka_unit_test(test_parse_time),
	  cmocka_unit_test(test_format_time),
	  cmocka_unit_test(test_kv_get),
	  cmocka_unit_test(test_strings_and_tsv),
	  cmocka_unit_test(test_lines_split_strips_cr),
	  cmocka_unit_test(test_lines_load_missing),
	  cmocka_unit_test(test_lines_load_not_regular),
	  cmocka_unit_test(test_printk_split))
