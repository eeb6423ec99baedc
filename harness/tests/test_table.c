// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-table: aggregation, expectations (as harness/scenarios.def declares
 * them for modes forced, natural, smoke, lockdep, swap), malformed rows, a
 * record of another run, missing records.
 */
#include "golden.h"
#include "results.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char err[160];

/* The expectations harness/scenarios.def declares, as matrix.tsv carries
 * them: "VERDICT PERCENT" per arm x mode, none for report-only groups. */
static const struct expectation *declared(const char *arm, const char *mode)
{
	static const char *const decl[][4] = {
		{ "control", "forced", "DEADLOCK(reclaim-commit-deadlock)", "95" },
		{ "control", "lockdep", "LOCKDEP(reclaim-connect)", "100" },
		{ "fixed", "*", "PASS", "100" },
		{ "-", "smoke", "PASS", "100" },
	};
	static struct expectation e;

	for (size_t i = 0; i < ARRAY_SIZE(decl); i++)
		if (!strcmp(decl[i][0], arm) &&
		    (!strcmp(decl[i][1], "*") || !strcmp(decl[i][1], mode))) {
			assert_int_equal(expect_parse(decl[i][2], decl[i][3], &e,
						      err, sizeof(err)), 1);
			return &e;
		}
	return NULL;
}

/* A verdict.tsv line, with the worker_reclaim and deadlock_s columns. */
static void add_with(struct table *t, const char *scen, const char *arm,
		     const char *mode, const char *verdict, const char *detect,
		     const char *reclaim, const char *deadlock, int times)
{
	char line[512];

	snprintf(line, sizeof(line), "%s\t%s\t%s\t%s\t%s\t%s\t6.0\t18.0\t0\tok\t%s\t%s",
		 scen, arm, mode, verdict,
		 strncmp(verdict, "DEADLOCK", 8) ? "none" : "reclaim-commit-deadlock",
		 detect, reclaim, deadlock);
	for (int i = 0; i < times; i++)
		assert_int_equal(table_add_line(t, line, declared(arm, mode),
						err, sizeof(err)), 0);
}

static void add(struct table *t, const char *scen, const char *arm,
		const char *mode, const char *verdict, const char *detect,
		int times)
{

	add_with(t, scen, arm, mode, verdict, detect, "-", "-", times);
}

/* Each table test gets an empty table as its state, freed after it. */
static int new_table(void **state)
{
	*state = calloc(1, sizeof(struct table));
	return *state ? 0 : -1;
}

static int free_table(void **state)
{
	table_free(*state);
	free(*state);
	return 0;
}

/* Group @i passes or fails as @ok says, expecting @want (NULL: not checked). */
static void group_is(const struct table *t, size_t i, bool ok, const char *want)
{
	char expect[64];

	assert_int_equal(table_group_ok(&t->v[i], expect, sizeof(expect)), ok);
	if (want)
		assert_string_equal(expect, want);
}

/* What @print writes for @t, as a malloc'ed string. */
static char *printed(void (*print)(FILE *f, const struct table *t),
		     const struct table *t)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	print(f, t);
	fclose(f);
	return out;
}

/* table_print's failures, for printed(). */
static size_t failures;

static void print_table(FILE *f, const struct table *t)
{
	failures = table_print(f, t);
}

/* table_print of @t counts @want_failures and prints exactly @want. */
static void prints(const struct table *t, size_t want_failures, const char *want)
{
	char *out = printed(print_table, t);

	assert_int_equal(failures, want_failures);
	assert_string_equal(out, want);
	free(out);
}

#define RCD "DEADLOCK(reclaim-commit-deadlock)"

static void test_control_forced_95_percent(void **state)
{
	struct table *t = *state;

	add(t, "tcp-v3", "control", "forced", RCD, "10.0", 19);
	add(t, "tcp-v3", "control", "forced", "OTHER-HANG", "-", 1);
	assert_int_equal(t->n, 1);
	assert_int_equal(t->v[0].runs, 20);
	assert_int_equal(t->v[0].deadlock, 19);
	assert_int_equal(t->v[0].other, 1);
	group_is(t, 0, true, ">=19/20 DEADLOCK");
	add(t, "tcp-v3", "control", "forced", "PASS", "-", 1);
	/* 19 of 21 < ceil(19.95) = 20 */
	group_is(t, 0, false, ">=20/21 DEADLOCK");
}

static void test_small_control_needs_all(void **state)
{
	struct table *t = *state;

	add(t, "udp-v3", "control", "forced", RCD, "5", 2);
	add(t, "udp-v3", "control", "forced", "DEADLOCK(other-sig)", "5", 1);
	/* ceil(0.95 * 3) = 3; another signature does not count */
	group_is(t, 0, false, NULL);
	assert_int_equal(t->v[0].deadlock, 3);
}

/* @n PASS runs of a group that must all pass, then one @bad run fails it. */
static void all_must_pass(struct table *t, const char *scen, const char *arm,
			  const char *mode, int n, const char *want,
			  const char *bad)
{
	add(t, scen, arm, mode, "PASS", "-", n);
	group_is(t, 0, true, want);
	add(t, scen, arm, mode, bad, "-", 1);
	group_is(t, 0, false, NULL);
}

static void test_fixed_must_all_pass(void **state)
{
	all_must_pass(*state, "tcp-v42", "fixed", "natural", 5, "5/5 PASS", "ERROR");
}

static void test_control_natural_reports_only(void **state)
{
	struct table *t = *state;

	add(t, "tcp-v3", "control", "natural", "ERROR", "-", 3);
	group_is(t, 0, true, "report only");
}

static void test_smoke_must_all_pass(void **state)
{
	all_must_pass(*state, "smoke-v3", "-", "smoke", 2, "2/2 PASS", "DATA-LOSS");
}

/* A planned run without a record fails its row, whatever the others got. */
static void test_missing_record_fails_the_row(void **state)
{
	struct table *t = *state;

	add(t, "v3-tcp", "control", "forced", RCD, "-", 19);
	group_is(t, 0, true, NULL);
	struct run_row missing = { .scenario = "v3-tcp", .arm = "control",
				   .mode = "forced", .run = "v3-tcp-control-forced-20" };

	missing.expect = declared("control", "forced");
	assert_int_equal(table_add_run(t, &missing, err, sizeof(err)), 0);
	group_is(t, 0, false, ">=19/20 DEADLOCK");
	assert_int_equal(t->v[0].missing, 1);
}

static void test_print_groups_and_mean(void **state)
{
	struct table *t = *state;
	char *out;

	add(t, "udp-v3", "fixed", "forced", "PASS", "-", 2);
	add(t, "tcp-v3", "control", "forced", RCD, "10.000", 1);
	add(t, "tcp-v3", "control", "forced", RCD, "12.500", 1);
	add(t, "tcp-v3", "control", "forced", RCD, "-", 1);
	add(t, "udp-v3", "fixed", "forced", "DATA-LOSS", "-", 1);
	table_sort(t);
	prints(t, 1,
	       "scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  other  reclaim  mean_deadlock_s  mean_detect_s  expect              ok\n"
	       "tcp-v3    control  forced      3        0     0         3        0     0      0        0                -         11.250  >=3/3 DEADLOCK      ok\n"
	       "udp-v3    fixed    forced      3        0     2         0        0     0      1        0                -              -  3/3 PASS            FAIL\n"
	       "1 passed, 1 failed\n");
	out = printed(table_write_summary, t);
	assert_string_equal(out,
		"scenario\tarm\tmode\truns\tmissing\tpass\tdeadlock\tlockdep\toom\tother\treclaim\tmean_deadlock_s\tmean_detect_s\texpect\tok\n"
		"tcp-v3\tcontrol\tforced\t3\t0\t0\t3\t0\t0\t0\t0\t-\t11.250\t>=3/3 DEADLOCK\tok\n"
		"udp-v3\tfixed\tforced\t3\t0\t2\t0\t0\t0\t1\t0\t-\t-\t3/3 PASS\tFAIL\n");
	free(out);
}

#define LRC "LOCKDEP(reclaim-connect)"

static void test_lockdep_control_needs_every_run(void **state)
{
	struct table *t = *state;

	add(t, "lockdep-v3", "control", "lockdep", LRC, "-", 3);
	assert_int_equal(t->v[0].lockdep, 3);
	group_is(t, 0, true, "3/3 LOCKDEP");
	/* one OTHER-LOCKDEP (counted as other) fails the row */
	add(t, "lockdep-v3", "control", "lockdep", "OTHER-LOCKDEP", "-", 1);
	assert_int_equal(t->v[0].other, 1);
	group_is(t, 0, false, "4/4 LOCKDEP");
	table_free(t);

	/* another LOCKDEP(...) signature is a LOCKDEP, but not the cycle */
	add(t, "lockdep-v3", "control", "lockdep", "LOCKDEP(x)", "-", 1);
	assert_int_equal(t->v[0].lockdep, 1);
	group_is(t, 0, false, NULL);
}

static void test_lockdep_and_swap_fixed_must_pass(void **state)
{
	struct table *t = *state;

	add(t, "lockdep-v3", "fixed", "lockdep", "PASS", "-", 2);
	add(t, "swap-v3", "fixed", "swap", "PASS", "-", 2);
	group_is(t, 0, true, NULL);
	group_is(t, 1, true, "2/2 PASS");
	add(t, "lockdep-v3", "fixed", "lockdep", LRC, "-", 1);
	add(t, "swap-v3", "fixed", "swap", "OOM", "-", 1);
	group_is(t, 0, false, NULL);
	group_is(t, 1, false, NULL);
	assert_int_equal(t->v[1].oom, 1);
}

static void test_swap_control_reports_only(void **state)
{
	struct table *t = *state;

	add(t, "swap-v3", "control", "swap", "PASS", "-", 1);
	add(t, "swap-v3", "control", "swap", "OOM", "-", 2);
	add(t, "swap-v3", "control", "swap", "OTHER-HANG", "-", 1);
	add(t, "swap-v3", "control", "swap", RCD, "30.000", 1);
	prints(t, 0,
	       "scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  other  reclaim  mean_deadlock_s  mean_detect_s  expect              ok\n"
	       "swap-v3   control  swap        5        0     1         1        0     2      1        0                -         30.000  report only         ok\n"
	       "1 passed, 0 failed\n");
}

/* Natural mode: the runs whose connect worker entered direct reclaim, and
 * how long the reconnect ran before it hung, over the DEADLOCK runs. */
static void test_natural_reclaim_and_time_to_deadlock(void **state)
{
	struct table *t = *state;

	add_with(t, "v3-tcp", "control", "natural", RCD, "1.300", "1", "0.500", 1);
	add_with(t, "v3-tcp", "control", "natural", RCD, "1.500", "3", "1.500", 1);
	add_with(t, "v3-tcp", "control", "natural", "HAZARD-NOT-REACHED", "-", "0", "-", 1);
	add_with(t, "v3-tcp", "control", "natural", "ERROR", "-", "-", "-", 1);
	assert_int_equal(t->v[0].reclaim, 2);
	prints(t, 0,
	       "scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  other  reclaim  mean_deadlock_s  mean_detect_s  expect              ok\n"
	       "v3-tcp    control  natural     4        0     0         2        0     0      2        2            1.000          1.400  report only         ok\n"
	       "1 passed, 0 failed\n");
}

static void test_malformed_lines(void **state)
{
	/* a line, what table_add_line returns, and its message (NULL: unchecked) */
	static const struct {
		const char *line;
		int rc;
		const char *err;
	} cases[] = {
		{ "", 0, NULL },
		{ "a\tb", -1, "expected 12 tab-separated fields, got 2" },
		{ "s\t\tforced\tPASS\tnone\t-\t-\t-\t0\tok\t-\t-", -1,
		  "bad scenario, arm or mode 's' '' 'forced'" },
		{ "s\tfixed\tswap\tLOCKDEP()\tnone\t-\t-\t-\t0\tok\t-\t-", -1,
		  "bad verdict 'LOCKDEP()'" },
		{ "s\tfixed\tforced\tMAYBE\tnone\t-\t-\t-\t0\tok\t-\t-", -1,
		  "bad verdict 'MAYBE'" },
		{ "s\tfixed\tforced\tPASS\tnone\tsoon\t-\t-\t0\tok\t-\t-", -1, NULL },
		{ "s\tfixed\tnatural\tPASS\tnone\t-\t-\t-\t0\tok\t1.5\t-", -1,
		  "bad worker_reclaim '1.5'" },
		{ "s\tfixed\tnatural\tPASS\tnone\t-\t-\t-\t0\tok\t-1\t-", -1,
		  "bad worker_reclaim '-1'" },
		{ "s\tfixed\tnatural\tPASS\tnone\t-\t-\t-\t0\tok\t1\tlater", -1,
		  "bad deadlock_s 'later'" },
		{ "s\tfixed\tforced\tPASS\tnone\t-\t-\t-\t0\tok\t-\t-\textra", -1, NULL },
	};
	struct table *t = *state;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		assert_int_equal(table_add_line(t, cases[i].line, NULL, err,
						sizeof(err)), cases[i].rc);
		if (cases[i].err)
			assert_string_equal(err, cases[i].err);
	}
	assert_int_equal(t->n, 0);
}

/* A record must judge the run the matrix planned, and a group has one
 * expectation. */
static void test_record_of_another_run(void **state)
{
	struct table *t = *state;
	struct run_row r = { .scenario = "v3-tcp", .arm = "fixed",
			     .mode = "forced", .run = "v3-tcp-fixed-forced-1",
			     .has_record = true };

	r.expect = declared("fixed", "forced");
	snprintf(r.record, sizeof(r.record),
		 "v3-tcp\tcontrol\tforced\tPASS\tnone\t-\t-\t-\t0\tok\t-\t-");
	assert_int_equal(table_add_run(t, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "v3-tcp-fixed-forced-1/verdict.tsv judges another run than the matrix's v3-tcp.fixed.forced");
	snprintf(r.record, sizeof(r.record),
		 "v3-tcp\tfixed\tforced\tPASS\tnone\t-\t-\t-\t0\tok\t-\t-");
	assert_int_equal(table_add_run(t, &r, err, sizeof(err)), 0);
	r.expect = NULL;
	assert_int_equal(table_add_run(t, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "v3-tcp-fixed-forced-1/verdict.tsv: v3-tcp.fixed.forced: another expectation than its group's");
	assert_int_equal(t->v[0].runs, 1);
}

/* Every test works on an empty table of its own. */
#define TABLE_TEST(f) cmocka_unit_test_setup_teardown(f, new_table, free_table)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TABLE_TEST(test_control_forced_95_percent),
		TABLE_TEST(test_small_control_needs_all),
		TABLE_TEST(test_fixed_must_all_pass),
		TABLE_TEST(test_control_natural_reports_only),
		TABLE_TEST(test_smoke_must_all_pass),
		TABLE_TEST(test_missing_record_fails_the_row),
		TABLE_TEST(test_natural_reclaim_and_time_to_deadlock),
		TABLE_TEST(test_print_groups_and_mean),
		TABLE_TEST(test_lockdep_control_needs_every_run),
		TABLE_TEST(test_lockdep_and_swap_fixed_must_pass),
		TABLE_TEST(test_swap_control_reports_only),
		TABLE_TEST(test_malformed_lines),
		TABLE_TEST(test_record_of_another_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
