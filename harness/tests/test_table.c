// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-table: aggregation, expectations (modes forced, natural, smoke,
 * lockdep, swap), malformed rows, discovery.
 */
#include "golden.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char err[160];

static void add(struct table *t, const char *scen, const char *arm,
		const char *mode, const char *verdict, const char *detect,
		int times)
{
	char line[512];

	snprintf(line, sizeof(line), "%s\t%s\t%s\t%s\t%s\t%s\t6.0\t18.0\t0\tok",
		 scen, arm, mode, verdict,
		 strncmp(verdict, "DEADLOCK", 8) ? "none" : "reclaim-commit-deadlock",
		 detect);
	for (int i = 0; i < times; i++)
		assert_int_equal(table_add_line(t, line, err, sizeof(err)), 0);
}

#define RCD "DEADLOCK(reclaim-commit-deadlock)"

static void test_control_forced_95_percent(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "tcp-v3", "control", "forced", RCD, "10.0", 19);
	add(&t, "tcp-v3", "control", "forced", "OTHER-HANG", "-", 1);
	assert_int_equal(t.n, 1);
	assert_int_equal(t.v[0].runs, 20);
	assert_int_equal(t.v[0].deadlock, 19);
	assert_int_equal(t.v[0].other, 1);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, ">=19/20 DEADLOCK");
	add(&t, "tcp-v3", "control", "forced", "PASS", "-", 1);
	/* 19 of 21 < ceil(19.95) = 20 */
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, ">=20/21 DEADLOCK");
	table_free(&t);
}

static void test_small_control_needs_all(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "udp-v3", "control", "forced", RCD, "5", 2);
	add(&t, "udp-v3", "control", "forced", "DEADLOCK(other-sig)", "5", 1);
	/* ceil(0.95 * 3) = 3; another signature does not count */
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_int_equal(t.v[0].deadlock, 3);
	table_free(&t);
}

static void test_fixed_must_all_pass(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "tcp-v42", "fixed", "natural", "PASS", "-", 5);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, "5/5 PASS");
	add(&t, "tcp-v42", "fixed", "natural", "ERROR", "-", 1);
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	table_free(&t);
}

static void test_control_natural_reports_only(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "tcp-v3", "control", "natural", "ERROR", "-", 3);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, "report only");
	table_free(&t);
}

static void test_smoke_must_all_pass(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "smoke-v3", "-", "smoke", "PASS", "-", 2);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, "2/2 PASS");
	add(&t, "smoke-v3", "-", "smoke", "DATA-LOSS", "-", 1);
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	table_free(&t);
}

/* A planned run without a record fails its row, whatever the others got. */
static void test_missing_record_fails_the_row(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "v3-tcp", "control", "forced", RCD, "-", 19);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	table_add_missing(&t, "v3-tcp", "control", "forced");
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, ">=19/20 DEADLOCK");
	assert_int_equal(t.v[0].missing, 1);
	table_free(&t);
}

static void test_print_groups_and_mean(void **state)
{
	struct table t = { NULL, 0 };
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	add(&t, "udp-v3", "fixed", "forced", "PASS", "-", 2);
	add(&t, "tcp-v3", "control", "forced", RCD, "10.000", 1);
	add(&t, "tcp-v3", "control", "forced", RCD, "12.500", 1);
	add(&t, "tcp-v3", "control", "forced", RCD, "-", 1);
	add(&t, "udp-v3", "fixed", "forced", "DATA-LOSS", "-", 1);
	table_sort(&t);
	f = open_memstream(&out, &len);
	assert_int_equal(table_print(f, &t), 1);
	fclose(f);
	assert_string_equal(out,
		"scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  other  mean_detect_s  expect              ok\n"
		"tcp-v3    control  forced      3        0     0         3        0     0      0         11.250  >=3/3 DEADLOCK      ok\n"
		"udp-v3    fixed    forced      3        0     2         0        0     0      1              -  3/3 PASS            FAIL\n"
		"1 passed, 1 failed\n");
	free(out);
	out = NULL;
	f = open_memstream(&out, &len);
	table_write_summary(f, &t);
	fclose(f);
	assert_string_equal(out,
		"scenario\tarm\tmode\truns\tmissing\tpass\tdeadlock\tlockdep\toom\tother\tmean_detect_s\texpect\tok\n"
		"tcp-v3\tcontrol\tforced\t3\t0\t0\t3\t0\t0\t0\t11.250\t>=3/3 DEADLOCK\tok\n"
		"udp-v3\tfixed\tforced\t3\t0\t2\t0\t0\t0\t1\t-\t3/3 PASS\tFAIL\n");
	free(out);
	table_free(&t);
}

#define LRC "LOCKDEP(reclaim-connect)"

static void test_lockdep_control_needs_every_run(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "lockdep-v3", "control", "lockdep", LRC, "-", 3);
	assert_int_equal(t.v[0].lockdep, 3);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, "3/3 LOCKDEP");
	/* one OTHER-LOCKDEP (counted as other) fails the row */
	add(&t, "lockdep-v3", "control", "lockdep", "OTHER-LOCKDEP", "-", 1);
	assert_int_equal(t.v[0].other, 1);
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_string_equal(expect, "4/4 LOCKDEP");
	table_free(&t);

	/* another LOCKDEP(...) signature is a LOCKDEP, but not the cycle */
	add(&t, "lockdep-v3", "control", "lockdep", "LOCKDEP(x)", "-", 1);
	assert_int_equal(t.v[0].lockdep, 1);
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	table_free(&t);
}

static void test_lockdep_and_swap_fixed_must_pass(void **state)
{
	struct table t = { NULL, 0 };
	char expect[64];

	(void)state;
	add(&t, "lockdep-v3", "fixed", "lockdep", "PASS", "-", 2);
	add(&t, "swap-v3", "fixed", "swap", "PASS", "-", 2);
	assert_true(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_true(table_group_ok(&t.v[1], expect, sizeof(expect)));
	assert_string_equal(expect, "2/2 PASS");
	add(&t, "lockdep-v3", "fixed", "lockdep", LRC, "-", 1);
	add(&t, "swap-v3", "fixed", "swap", "OOM", "-", 1);
	assert_false(table_group_ok(&t.v[0], expect, sizeof(expect)));
	assert_false(table_group_ok(&t.v[1], expect, sizeof(expect)));
	assert_int_equal(t.v[1].oom, 1);
	table_free(&t);
}

static void test_swap_control_reports_only(void **state)
{
	struct table t = { NULL, 0 };
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	add(&t, "swap-v3", "control", "swap", "PASS", "-", 1);
	add(&t, "swap-v3", "control", "swap", "OOM", "-", 2);
	add(&t, "swap-v3", "control", "swap", "OTHER-HANG", "-", 1);
	add(&t, "swap-v3", "control", "swap", RCD, "30.000", 1);
	f = open_memstream(&out, &len);
	assert_int_equal(table_print(f, &t), 0);
	fclose(f);
	assert_string_equal(out,
		"scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  other  mean_detect_s  expect              ok\n"
		"swap-v3   control  swap        5        0     1         1        0     2      1         30.000  report only         ok\n"
		"1 passed, 0 failed\n");
	free(out);
	table_free(&t);
}

static void test_malformed_lines(void **state)
{
	struct table t = { NULL, 0 };

	(void)state;
	assert_int_equal(table_add_line(&t, "", err, sizeof(err)), 0);
	assert_int_equal(table_add_line(&t, "a\tb", err, sizeof(err)), -1);
	assert_string_equal(err, "expected 10 tab-separated fields, got 2");
	assert_int_equal(table_add_line(&t, "s\tboth\tforced\tPASS\tnone\t-\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_string_equal(err, "bad arm 'both' (fixed|control|-)");
	assert_int_equal(table_add_line(&t, "s\t-\tforced\tPASS\tnone\t-\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_string_equal(err, "arm '-' goes with mode 'smoke' only");
	assert_int_equal(table_add_line(&t, "s\tfixed\tlazy\tPASS\tnone\t-\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_string_equal(err, "bad mode 'lazy' (forced|natural|smoke|lockdep|swap)");
	assert_int_equal(table_add_line(&t, "s\t-\tswap\tPASS\tnone\t-\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_int_equal(table_add_line(&t, "s\tfixed\tswap\tLOCKDEP()\tnone\t-\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_string_equal(err, "bad verdict 'LOCKDEP()'");
	assert_int_equal(table_add_line(&t, "s\tfixed\tforced\tMAYBE\tnone\t-\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_string_equal(err, "bad verdict 'MAYBE'");
	assert_int_equal(table_add_line(&t, "s\tfixed\tforced\tPASS\tnone\tsoon\t-\t-\t0\tok",
					err, sizeof(err)), -1);
	assert_int_equal(table_add_line(&t, "s\tfixed\tforced\tPASS\tnone\t-\t-\t-\t0\tok\textra",
					err, sizeof(err)), -1);
	assert_int_equal(t.n, 0);
	table_free(&t);
}

static void test_find_verdicts(void **state)
{
	char *dir = test_tmpdir(), path[512];
	char **paths;
	size_t n;

	(void)state;
	snprintf(path, sizeof(path), "%s/verdict.tsv", dir);	/* not below */
	test_write(path, "x\n");
	snprintf(path, sizeof(path), "%s/b", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/b/verdict.tsv", dir);
	test_write(path, "x\n");
	snprintf(path, sizeof(path), "%s/a", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/a/deep", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/a/deep/verdict.tsv", dir);
	test_write(path, "x\n");
	snprintf(path, sizeof(path), "%s/a/verdict.json", dir);
	test_write(path, "{}\n");
	assert_int_equal(table_find_verdicts(dir, &paths, &n), 0);
	assert_int_equal(n, 2);
	snprintf(path, sizeof(path), "%s/a/deep/verdict.tsv", dir);
	assert_string_equal(paths[0], path);
	snprintf(path, sizeof(path), "%s/b/verdict.tsv", dir);
	assert_string_equal(paths[1], path);
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	test_rmtree(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_control_forced_95_percent),
		cmocka_unit_test(test_small_control_needs_all),
		cmocka_unit_test(test_fixed_must_all_pass),
		cmocka_unit_test(test_control_natural_reports_only),
		cmocka_unit_test(test_smoke_must_all_pass),
		cmocka_unit_test(test_missing_record_fails_the_row),
		cmocka_unit_test(test_print_groups_and_mean),
		cmocka_unit_test(test_lockdep_control_needs_every_run),
		cmocka_unit_test(test_lockdep_and_swap_fixed_must_pass),
		cmocka_unit_test(test_swap_control_reports_only),
		cmocka_unit_test(test_malformed_lines),
		cmocka_unit_test(test_find_verdicts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
