// SPDX-License-Identifier: GPL-2.0
/*
 * The expectation is declared once (harness/scenarios.def), carried by the
 * run matrix, and the table, junit.xml and the TAP stream are views of it:
 * fed the same results directory they must agree, row by row.  Cases: a 19-of-20 control group (ok: one miss is
 * allowed), an 18-of-20 one (fails, on its second miss), and a matrix run
 * without a record (fails everywhere).
 */
#include "golden.h"
#include "junit.h"
#include "results.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void test_declarations(void **state)
{
	struct expectation e, other;
	char buf[64], err[160];
	long misses = 0;

	(void)state;
	assert_int_equal(expect_parse("DEADLOCK(reclaim-commit-deadlock)", "95",
				      &e, err, sizeof(err)), 1);
	assert_string_equal(e.label, "DEADLOCK");
	assert_true(e.xfail);
	assert_int_equal(expect_need(&e, 20), 19);
	assert_int_equal(expect_need(&e, 3), 3);
	assert_int_equal(expect_need(&e, 1), 1);
	expect_describe(&e, 20, buf, sizeof(buf));
	assert_string_equal(buf, ">=19/20 DEADLOCK");
	assert_int_equal(expect_parse("PASS", "100", &other, err, sizeof(err)), 1);
	assert_false(other.xfail);
	assert_false(expect_same(&e, &other));
	assert_false(expect_same(&e, NULL));
	assert_true(expect_same(NULL, NULL));
	expect_describe(&other, 2, buf, sizeof(buf));
	assert_string_equal(buf, "2/2 PASS");
	/* '-' '-' is report only; anything else must be a verdict and 1-100 */
	assert_int_equal(expect_parse("-", "-", &other, err, sizeof(err)), 0);
	assert_int_equal(expect_parse("MAYBE", "100", &other, err, sizeof(err)), -1);
	assert_string_equal(err, "bad expected verdict 'MAYBE'");
	assert_int_equal(expect_parse("PASS", "0", &other, err, sizeof(err)), -1);
	assert_string_equal(err, "bad percent '0' (1-100)");
	assert_int_equal(expect_parse("PASS", "-", &other, err, sizeof(err)), -1);
	assert_int_equal(expect_parse("PASS", "101", &other, err, sizeof(err)), -1);
	expect_describe(NULL, 2, buf, sizeof(buf));
	assert_string_equal(buf, "report only");
	/* one miss in 20 is allowed, the second is not */
	assert_int_equal(expect_run(&e, 20, "PASS", &misses), RUN_ALLOWED_MISS);
	assert_int_equal(expect_run(&e, 20, "ERROR", &misses), RUN_FAILED);
	assert_int_equal(expect_run(&e, 20, NULL, &misses), RUN_NO_RECORD);
	assert_false(expect_group_ok(&e, 20, 19, 1));
	assert_true(expect_group_ok(&e, 20, 19, 0));
	assert_false(expect_group_ok(&e, 20, 18, 0));
}

/* A results directory: @control_misses PASS among 20 control runs, two
 * fixed runs of which the second has no record. */
static char *make_results(int control_misses)
{
	char *dir = test_tmpdir(), path[512];
	FILE *m;
	long n = 0;

	snprintf(path, sizeof(path), "%s/matrix.tsv", dir);
	m = fopen(path, "w");
	assert_non_null(m);
	fprintf(m, "%s\n", MATRIX_HEADER);
	for (int i = 1; i <= 20; i++) {
		const char *v = i > 20 - control_misses ? "PASS" :
				"DEADLOCK(reclaim-commit-deadlock)";

		fprintf(m, "%ld\tv3-tcp-control-forced-%02d\tv3-tcp\tcontrol\tforced\t%d\t%d\t%s\t95\n",
			++n, i, i, 100 + i, "DEADLOCK(reclaim-commit-deadlock)");
		snprintf(path, sizeof(path), "%s/v3-tcp-control-forced-%02d", dir, i);
		assert_int_equal(mkdir(path, 0755), 0);
		snprintf(path, sizeof(path), "%s/v3-tcp-control-forced-%02d/verdict.tsv",
			 dir, i);
		char row[256];

		snprintf(row, sizeof(row), "v3-tcp\tcontrol\tforced\t%s\t-\t-\t-\t-\t0\tmissing\t-\t-\n", v);
		test_write(path, row);
	}
	for (int i = 1; i <= 2; i++)
		fprintf(m, "%ld\tv3-tcp-fixed-forced-%d\tv3-tcp\tfixed\tforced\t%d\t%d\tPASS\t100\n",
			++n, i, i, 200 + i);
	fclose(m);
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1/verdict.tsv", dir);
	test_write(path, "v3-tcp\tfixed\tforced\tPASS\tnone\t-\t-\t-\t2\tok\t-\t-\n");
	return dir;
}

/* Per group ("scenario.arm.mode"): did the table, junit, TAP fail it? */
struct views {
	bool table_fail, junit_fail, tap_fail;
	int junit_failures, tap_not_ok;
};

static void table_view(const char *dir, const char *arm, struct views *v)
{
	char cmd[1024], path[512], *summary, *line, *save = NULL;

	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-table %s >/dev/null", dir);
	assert_true(system(cmd) >= 0);
	snprintf(path, sizeof(path), "%s/summary.tsv", dir);
	summary = golden_read(path);
	assert_non_null(summary);
	for (line = strtok_r(summary, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char a[16], ok[16];

		tsv_column(line, 1, a, sizeof(a));
		tsv_column(line, 14, ok, sizeof(ok));
		if (!strcmp(a, arm))
			v->table_fail = !strcmp(ok, "FAIL");
	}
	free(summary);
}

static struct views views_of(const char *dir, const char *arm)
{
	struct views v = { 0 };
	struct junit_case *c;
	struct run_list l;
	size_t n;
	char err[256];

	table_view(dir, arm, &v);
	assert_int_equal(junit_collect(dir, &c, &n), 0);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(c[i].arm, arm) && c[i].failed)
			v.junit_failures++;
	free(c);
	assert_int_equal(runs_load(dir, &l, err, sizeof(err)), 0);
	for (size_t i = 0; i < l.n; i++) {
		char *line = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&line, &len);

		tap_line(f, &l.v[i]);
		fclose(f);
		if (!strcmp(l.v[i].arm, arm) && starts_with(line, "not ok "))
			v.tap_not_ok++;
		free(line);
	}
	runs_free(&l);
	v.junit_fail = v.junit_failures > 0;
	v.tap_fail = v.tap_not_ok > 0;
	return v;
}

static void test_views_agree(void **state)
{
	struct views v;
	char *dir;

	(void)state;
	dir = make_results(1);			/* 19 of 20 DEADLOCK */
	v = views_of(dir, "control");
	assert_false(v.table_fail);
	assert_false(v.junit_fail);
	assert_false(v.tap_fail);
	v = views_of(dir, "fixed");		/* one run without a record */
	assert_true(v.table_fail);
	assert_int_equal(v.junit_failures, 1);
	assert_int_equal(v.tap_not_ok, 1);
	test_rmtree(dir);
	free(dir);

	dir = make_results(2);			/* 18 of 20 DEADLOCK */
	v = views_of(dir, "control");
	assert_true(v.table_fail);
	assert_int_equal(v.junit_failures, 1);	/* the second miss */
	assert_int_equal(v.tap_not_ok, 1);
	test_rmtree(dir);
	free(dir);
}

static void test_tap_stream(void **state)
{
	char *dir = make_results(1), cmd[1024], path[512], *out;

	(void)state;
	snprintf(path, sizeof(path), "%s/tap.out", dir);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap %s >%s", dir, path);
	assert_int_equal(system(cmd), 0);
	out = golden_read(path);
	assert_non_null(out);
	assert_true(starts_with(out, "1..22\n"));
	must_contain_all(out,
			 "ok 1 v3-tcp.control.forced.1 # XFAIL DEADLOCK(reclaim-commit-deadlock)\n",
			 "ok 20 v3-tcp.control.forced.20 # allowed miss 1 of 1 (>=19/20 DEADLOCK): PASS\n",
			 "ok 21 v3-tcp.fixed.forced.1\n",
			 "not ok 22 v3-tcp.fixed.forced.2 # no verdict record\n",
			 "# 21 ok, 1 not ok\n");
	free(out);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --run v3-tcp-fixed-forced-1 %s >%s",
		 dir, path);
	assert_int_equal(system(cmd), 0);
	out = golden_read(path);
	assert_string_equal(out, "ok 21 v3-tcp.fixed.forced.1\n");
	free(out);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --run nosuch %s >%s 2>&1",
		 dir, path);
	assert_int_equal(WEXITSTATUS(system(cmd)), 1);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --plan --totals %s >%s 2>&1",
		 dir, path);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	test_rmtree(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_declarations),
		cmocka_unit_test(test_views_agree),
		cmocka_unit_test(test_tap_stream),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
