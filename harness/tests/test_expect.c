// SPDX-License-Identifier: GPL-2.0
/*
 * The expectation is declared once (harness/scenarios.def), carried by the
 * run matrix, and the table, junit.xml and the TAP stream are views of it:
 * fed the same results directory they must agree, row by row.  Cases: a 19-of-20 control group (ok: one miss is
 * allowed), an 18-of-20 one (fails, on its second miss), a matrix run
 * without a record (fails everywhere), and a run whose run.json is not a
 * record (the table stops, junit.xml has an error, TAP fails the run).
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
		snprintf(path, sizeof(path), "%s/v3-tcp-control-forced-%02d/run.json",
			 dir, i);
		test_write_record(path, "v3-tcp", "control", "forced", v, "\"data\": \"missing\"");
	}
	for (int i = 1; i <= 2; i++)
		fprintf(m, "%ld\tv3-tcp-fixed-forced-%d\tv3-tcp\tfixed\tforced\t%d\t%d\tPASS\t100\n",
			++n, i, i, 200 + i);
	fclose(m);
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1/run.json", dir);
	test_write_record(path, "v3-tcp", "fixed", "forced", "PASS",
			  "\"run\": \"v3-tcp-fixed-forced-1\", \"trace\": {\"readable\": true, "
			  "\"release_skip_in_worker\": 2, \"reclaim_in_worker\": 0}");
	return dir;
}

/* Per group ("scenario.arm.mode"): did the table, junit, TAP fail it? */
struct views {
	bool table_fail, junit_fail, tap_fail;
	int junit_failures, tap_not_ok;
};

static void table_view(const char *dir, const char *arm, struct views *v)
{
	char cmd[1024], *summary, *line, *save = NULL;

	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-table %s >/dev/null", dir);
	assert_true(system(cmd) >= 0);
	summary = test_read("%s/summary.tsv", dir);
	for (line = strtok_r(summary, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char a[16], ok[16];

		tsv_column(line, 1, a, sizeof(a));
		tsv_column(line, 15, ok, sizeof(ok));
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
	test_tmpdir_remove(dir);

	dir = make_results(2);			/* 18 of 20 DEADLOCK */
	v = views_of(dir, "control");
	assert_true(v.table_fail);
	assert_int_equal(v.junit_failures, 1);	/* the second miss */
	assert_int_equal(v.tap_not_ok, 1);
	test_tmpdir_remove(dir);
}

/* The KTAP directives and totals of failed runs, one of each kind */
static void test_ktap_kinds(void **state)
{
	static struct run_row rows[5];
	static const struct expectation pass = { "PASS", "PASS", 100, false },
		deadlock = { "DEADLOCK(reclaim-commit-deadlock)", "DEADLOCK", 95, true };
	static const struct { const struct expectation *e; const char *verdict, *orchestrator; } k[] = {
		{ &pass, "ERROR", "done" },		/* the testbed could not judge */
		{ &pass, "NO-JUDGEMENT", "done" },
		{ &pass, "OTHER-HANG", "timeout" },	/* the run limit */
		{ &deadlock, "PASS", "done" },		/* an expected failure passed */
		{ &pass, "BUG-PATH", "done" },		/* the kernel failed it */
	};
	struct run_list l = { rows, 5 };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		rows[i].n = (long)i + 1;
		snprintf(rows[i].run, sizeof(rows[i].run), "r%zu", i);
		snprintf(rows[i].scenario, sizeof(rows[i].scenario), "s");
		snprintf(rows[i].arm, sizeof(rows[i].arm), "fixed");
		snprintf(rows[i].mode, sizeof(rows[i].mode), "forced");
		rows[i].index = 1;
		rows[i].has_record = true;
		rows[i].judgement = RUN_FAILED;
		rows[i].expect = k[i].e;
		snprintf(rows[i].rec.verdict, sizeof(rows[i].rec.verdict), "%s", k[i].verdict);
		snprintf(rows[i].rec.orchestrator, sizeof(rows[i].rec.orchestrator), "%s",
			 k[i].orchestrator);
		tap_line(f, &rows[i]);
	}
	tap_totals(f, &l);
	fclose(f);
	must_contain_all(out,
			 "not ok 1 s.fixed.forced.1 # ERROR ERROR, expected PASS\n",
			 "not ok 2 s.fixed.forced.1 # ERROR NO-JUDGEMENT, expected PASS\n",
			 "not ok 3 s.fixed.forced.1 # TIMEOUT OTHER-HANG, expected PASS\n",
			 "not ok 4 s.fixed.forced.1 # XPASS PASS, expected DEADLOCK(reclaim-commit-deadlock)\n",
			 "not ok 5 s.fixed.forced.1 # BUG-PATH, expected PASS\n",
			 "# Totals: pass:0 fail:1 xfail:0 xpass:1 skip:0 error:3\n",
			 "# 0 ok, 5 not ok\n");
	free(out);
}

static void test_tap_stream(void **state)
{
	char *dir = make_results(1), cmd[1024], path[512], *out;

	(void)state;
	snprintf(path, sizeof(path), "%s/tap.out", dir);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap %s >%s", dir, path);
	assert_int_equal(system(cmd), 0);
	out = test_read("%s", path);
	assert_true(starts_with(out, "KTAP version 1\n1..22\n"));
	must_contain_all(out,
			 "ok 1 v3-tcp.control.forced.1 # XFAIL DEADLOCK(reclaim-commit-deadlock)\n",
			 "ok 20 v3-tcp.control.forced.20 # allowed miss 1 of 1 (>=19/20 DEADLOCK): PASS\n",
			 "ok 21 v3-tcp.fixed.forced.1\n",
			 "not ok 22 v3-tcp.fixed.forced.2 # ERROR no verdict record\n",
			 /* 19 XFAIL, the allowed miss and run 21 pass, run 22 has no record */
			 "# Totals: pass:2 fail:0 xfail:19 xpass:0 skip:0 error:1\n",
			 "# 21 ok, 1 not ok\n");
	free(out);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --run v3-tcp-fixed-forced-1 %s >%s",
		 dir, path);
	assert_int_equal(system(cmd), 0);
	test_file_is("ok 21 v3-tcp.fixed.forced.1\n", "%s", path);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --run nosuch %s >%s 2>&1",
		 dir, path);
	assert_int_equal(WEXITSTATUS(system(cmd)), 1);
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --plan --totals %s >%s 2>&1",
		 dir, path);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	test_tmpdir_remove(dir);
}

/* A run.json that is not a record: no view counts it as a run, or as missing. */
static void test_malformed_everywhere(void **state)
{
	char *dir = make_results(1), cmd[1024], path[512], *out;
	struct junit_case *c;
	size_t n;

	(void)state;
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-2", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-2/run.json", dir);
	test_write_record(path, "v3-tcp", "fixed", "forced", "PASS", "\"schema\": \"nfstb-run/9\"");

	/* the table: exit 2, one line naming the file and why */
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-table %s >%s/table.out 2>%s/table.err",
		 dir, dir, dir);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	out = test_read("%s/table.err", dir);
	must_contain_all(out, "/v3-tcp-fixed-forced-2/run.json: key 'schema' is 'nfstb-run/9', "
			 "expected 'nfstb-run/1'\n");
	free(out);

	/* junit.xml: an error, not a pass or a failure */
	assert_int_equal(junit_collect(dir, &c, &n), 0);
	assert_int_equal(n, 22);
	assert_true(c[21].malformed);
	assert_false(c[21].failed);
	assert_true(c[21].unexpected);
	assert_string_equal(c[21].verdict, "malformed record");
	assert_string_equal(c[21].error, "key 'schema' is 'nfstb-run/9', expected 'nfstb-run/1'");
	snprintf(path, sizeof(path), "%s/junit.xml", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	junit_write_xml(f, c, n);
	fclose(f);
	free(c);
	out = test_read("%s", path);
	must_contain_all(out, "<testsuite name=\"nfstb\" tests=\"22\" failures=\"0\" errors=\"1\"",
			 "<error message=\"malformed record: key &apos;schema&apos; is "
			 "&apos;nfstb-run/9&apos;, expected &apos;nfstb-run/1&apos;\" type=\"record\">"
			 "see v3-tcp-fixed-forced-2/run.json</error>");
	free(out);

	/* TAP: not ok, with the reason */
	snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-tap --run v3-tcp-fixed-forced-2 %s >%s/tap.out",
		 dir, dir);
	assert_int_equal(system(cmd), 0);
	test_file_is("not ok 22 v3-tcp.fixed.forced.2 # ERROR malformed record: "
		     "key 'schema' is 'nfstb-run/9', expected 'nfstb-run/1'\n", "%s/tap.out", dir);
	test_tmpdir_remove(dir);
}

TEST_MAIN("test_expect",
	  cmocka_unit_test(test_declarations),
	  cmocka_unit_test(test_views_agree),
	  cmocka_unit_test(test_tap_stream),
	  cmocka_unit_test(test_ktap_kinds),
	  cmocka_unit_test(test_malformed_everywhere))
