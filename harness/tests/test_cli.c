// SPDX-License-Identifier: GPL-2.0
/*
 * The tools as the orchestrator calls them: --help, one-line usage errors
 * with exit 2, I/O errors with exit 1, and nfstb-verdict -> nfstb-table
 * end to end in a temporary results directory.
 */
#include "golden.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define BIN NFSTB_BIN_DIR "/"
#define DATA NFSTB_TEST_DATA "/"

static char *tmp;
static char *out_text, *err_text;

/* Run @cmd (sh), keep stdout/stderr in out_text/err_text, return exit code. */
static int run(const char *fmt, ...)
{
	char cmd[4096], full[8192];
	va_list ap;
	int status;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	snprintf(full, sizeof(full), "%s >%s/out 2>%s/err", cmd, tmp, tmp);
	status = system(full);
	free(out_text);
	free(err_text);
	out_text = test_read("%s/out", tmp);
	err_text = test_read("%s/err", tmp);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* @cmd exits 2 with one line on stderr that mentions @what. */
static void expect_usage_error(const char *cmd, const char *what)
{
	assert_int_equal(run("%s", cmd), 2);
	assert_int_equal(count_lines(err_text), 1);
	assert_string_equal(out_text, "");
	if (!strstr(err_text, what))
		fail_msg("stderr '%s' does not mention '%s'", err_text, what);
}

static int setup(void **state)
{
	(void)state;
	tmp = test_tmpdir();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	test_tmpdir_remove(tmp);
	free(out_text);
	free(err_text);
	return 0;
}

static void test_help(void **state)
{
	static const char *const tools[] = {
		"nfstb-classify", "nfstb-tracecheck", "nfstb-verdict", "nfstb-table",
		"nfstb-tap",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		assert_int_equal(run(BIN "%s --help", tools[i]), 0);
		assert_non_null(strstr(out_text, "usage: "));
		assert_string_equal(err_text, "");
	}
}

static void test_tap_cli(void **state)
{
	(void)state;
	expect_usage_error(BIN "nfstb-tap", "missing RESULTS_RUN_DIR");
	expect_usage_error(BIN "nfstb-tap --run", "option '--run' needs a value");
	expect_usage_error(BIN "nfstb-tap --bogus x", "unknown option '--bogus'");
	expect_usage_error(BIN "nfstb-tap a b", "unexpected argument 'b'");
	assert_int_equal(run(BIN "nfstb-tap /nonexistent/dir"), 1);
	assert_int_equal(count_lines(err_text), 1);
	assert_non_null(strstr(err_text, "matrix.tsv"));
}

static void test_classify_cli(void **state)
{
	(void)state;
	expect_usage_error(BIN "nfstb-classify", "missing CONSOLE_LOG");
	expect_usage_error(BIN "nfstb-classify --bogus x", "unknown option '--bogus'");
	expect_usage_error(BIN "nfstb-classify a b", "expected one CONSOLE_LOG");
	assert_int_equal(run(BIN "nfstb-classify /nonexistent/log"), 1);
	assert_int_equal(count_lines(err_text), 1);
	assert_int_equal(run(BIN "nfstb-classify " DATA "console/clean-run.log"), 0);
	assert_non_null(strstr(out_text, "signature=none\n"));
	assert_int_equal(run(BIN "nfstb-classify " DATA "console/tcp-forced-hung-task.log"), 0);
	assert_non_null(strstr(out_text, "signature=reclaim-commit-deadlock\n"));
	assert_non_null(strstr(out_text, "\nlockdep=none\nlockdep_title=none\n"));
	assert_int_equal(run(BIN "nfstb-classify " DATA "console/lockdep-control-reclaim-connect.log"), 0);
	assert_non_null(strstr(out_text, "\nlockdep=reclaim-connect\nlockdep_title="
				     "possible circular locking dependency: xprt_connect -> fs_reclaim "
				     "in kworker/u4:2\nlockdep_syz_title=possible deadlock in "
				     "xs_connect_scope_enter\n"));
}

static void test_tracecheck_cli(void **state)
{
	(void)state;
	expect_usage_error(BIN "nfstb-tracecheck", "missing TRACE_FILE");
	assert_int_equal(run(BIN "nfstb-tracecheck /nonexistent/trace"), 1);
	assert_int_equal(run(BIN "nfstb-tracecheck " DATA "trace/fixed-forced.trace"), 0);
	assert_non_null(strstr(out_text, "release_skip_in_worker=2\n"));
}

/* A real run directory (tests/data/verdict) judged through the CLI. */
#define VERDICT_RUN(run, scenario, arm, mode, rules, role, wd, seed, nonce, out) \
	BIN "nfstb-verdict --console " DATA "verdict/" run ".run/client-console.log" \
	" --trace " DATA "verdict/" run ".run/client-trace.txt"             \
	" --server-console " DATA "verdict/" run ".run/server-console.log"  \
	" --scenario " scenario " --arm " arm " --mode " mode               \
	" --rules " rules " --role " role                                   \
	" --watchdog " wd " --seed " seed " --run " run "-1 --nonce " nonce \
	" --out %s/" out

#define ARGS_BUT(rest) BIN "nfstb-verdict --console x --trace y --server-console z " \
	"--scenario s --arm fixed --mode forced " rest

static void test_verdict_cli(void **state)
{
	char path[512], *tsv;

	(void)state;
	expect_usage_error(BIN "nfstb-verdict --console x", "missing --trace");
	expect_usage_error(ARGS_BUT("--rules reconnect-injected --role both --watchdog 0 --out d"),
			   "bad --role 'both'");
	expect_usage_error(ARGS_BUT("--rules lazy --role fixed --watchdog 0 --out d"),
			   "bad --rules 'lazy'");
	expect_usage_error(ARGS_BUT("--role fixed --watchdog 0 --out d"), "missing --rules");
	expect_usage_error(ARGS_BUT("--rules reconnect-injected --role fixed --watchdog 2 --out d"),
			   "bad --watchdog '2'");
	expect_usage_error(BIN "nfstb-verdict --console x --trace y --server-console z "
			   "--scenario 'a b' --arm fixed --mode forced --rules smoke --role none "
			   "--watchdog 0 --out d", "bad --scenario");
	expect_usage_error(ARGS_BUT("--rules reconnect-injected --role fixed --watchdog 0 "
				    "--seed '1 2' --out d"), "bad --seed '1 2'");
	expect_usage_error(ARGS_BUT("--rules reconnect-injected --role fixed --watchdog 0 "
				    "--run '../x' --out d"), "bad --run '../x'");
	/* smoke has no arms, and only smoke has none */
	expect_usage_error(ARGS_BUT("--rules reconnect-injected --role none --watchdog 0 --out d"),
			   "--role none goes with --rules smoke");
	expect_usage_error(BIN "nfstb-verdict --console", "needs a value");
	expect_usage_error(BIN "nfstb-verdict --frobnicate", "unknown option '--frobnicate'");

	/* the real control run, with its packet summary */
	assert_int_equal(run(VERDICT_RUN("v3-tcp-control-forced", "v3-tcp", "control", "forced",
					 "reconnect-injected", "control", "1", "3909728319",
					 "d44651ea0a484b9d", "run1")
			     " --pcap-summary " DATA "verdict/v3-tcp-control-forced.run/pcap-summary.txt",
			     tmp), 0);
	assert_string_equal(out_text,
		"VERDICT v3-tcp control forced DEADLOCK(reclaim-commit-deadlock) "
		"signature=reclaim-commit-deadlock detect_s=1.450 "
		"reason=reclaim-commit-deadlock in xs_tcp_setup_socket via nfs_release_folio -> nfs_commit_inode\n");
	test_file_is("v3-tcp\tcontrol\tforced\tDEADLOCK(reclaim-commit-deadlock)\t"
		     "reclaim-commit-deadlock\t1.450\t5.330000\t6.880000\t0\tmissing\t1\t0.100\n",
		     "%s/run1/verdict.tsv", tmp);
	tsv = test_read("%s/run1/run.json", tmp);
	must_contain_all(tsv, "\"schema\": \"nfstb-run/1\",", "\"detect_s\": 1.450,",
			 "\"seed\": \"3909728319\",", "\"reached\": true,",
			 "\"packets\": \"packet_check=agree");
	free(tsv);

	assert_int_equal(run(VERDICT_RUN("v3-tcp-fixed-forced", "v3-tcp", "fixed", "forced",
					 "reconnect-injected", "fixed", "0", "2334551072",
					 "8245b93be41e4212", "run2"),
			     tmp), 0);
	assert_non_null(strstr(out_text, "VERDICT v3-tcp fixed forced PASS signature=none detect_s=- "));
	/* the same run judged with another seed is not this run */
	assert_int_equal(run(VERDICT_RUN("v3-tcp-fixed-forced", "v3-tcp", "fixed", "forced",
					 "reconnect-injected", "fixed", "0", "1", "8245b93be41e4212",
					 "run2b"), tmp), 0);
	assert_non_null(strstr(out_text, " WRONG-RUN signature=none detect_s=- "
				     "reason=boot marker says seed=2334551072, judged seed=1\n"));
	/* a packet summary that cannot be read is the testbed's failure */
	assert_int_equal(run(VERDICT_RUN("v3-tcp-fixed-forced", "v3-tcp", "fixed", "forced",
					 "reconnect-injected", "fixed", "0", "2334551072",
					 "8245b93be41e4212", "run2c")
			     " --pcap-summary /nonexistent/pcap-summary.txt", tmp), 0);
	assert_non_null(strstr(out_text, " ERROR signature=none detect_s=- reason=cannot read packet summary\n"));
	snprintf(path, sizeof(path), "rm -r %s/run2b %s/run2c", tmp, tmp);
	assert_int_equal(system(path), 0);

	/* smoke runs, as the orchestrator passes them */
	assert_int_equal(run(VERDICT_RUN("smoke-v3", "smoke-v3", "-", "smoke", "smoke", "none",
					 "0", "881828009", "b553a884349b4bad", "smoke1"), tmp), 0);
	assert_string_equal(out_text, "VERDICT smoke-v3 - smoke PASS signature=none "
			    "detect_s=- reason=smoke: files=4 bytes=16777216 verified on client and server\n");

	assert_int_equal(run(VERDICT_RUN("lockdep-v3-control-lockdep", "lockdep-v3", "control",
					 "lockdep", "lockdep", "control", "0", "924443449",
					 "503157623ca345d6", "lockdep1"), tmp), 0);
	assert_string_equal(out_text, "VERDICT lockdep-v3 control lockdep LOCKDEP(reclaim-connect) "
			    "signature=none detect_s=- reason=possible circular locking dependency: "
			    "xprt_connect -> fs_reclaim in kworker/u4:1\n");
	tsv = test_read("%s/lockdep1/run.json", tmp);
	must_contain_all(tsv, "\"kind\": \"reclaim-connect\",", "\"rule\": \"l\",");
	free(tsv);

	/* an --out that cannot be created: exit 1 */
	assert_int_equal(run(ARGS_BUT("--rules reconnect-injected --role fixed --watchdog 0 "
				      "--out /nonexistent/a/b")), 1);
	assert_int_equal(count_lines(err_text), 1);
}

/* A crafted record: DIR/RUN/run.json of a run that got VERDICT. */
static void record_of(const char *dir, const char *run, const char *scenario,
		      const char *arm, const char *mode, const char *verdict,
		      const char *members)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, run);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/run.json", dir, run);
	test_write_record(path, scenario, arm, mode, verdict, members);
}

/* The matrix of four runs, with their expectations. */
#define MATRIX_OF_RUNS \
	"n\\trun\\tscenario\\tarm\\tmode\\tindex\\tseed\\texpect\\tpercent\\n" \
	"1\\trun1\\tv3-tcp\\tcontrol\\tforced\\t1\\t2969187741\\tDEADLOCK(reclaim-commit-deadlock)\\t95\\n" \
	"2\\trun2\\tv3-tcp\\tfixed\\tforced\\t1\\t1480233219\\tPASS\\t100\\n" \
	"3\\tsmoke1\\tsmoke-v3\\t-\\tsmoke\\t1\\t907165346\\tPASS\\t100\\n" \
	"4\\tlockdep1\\tlockdep-v3\\tcontrol\\tlockdep\\t1\\t12\\tLOCKDEP(reclaim-connect)\\t100\\n"

static void test_table_cli(void **state)
{
	char path[1024], dir[512], *summary;

	(void)state;
	expect_usage_error(BIN "nfstb-table", "missing RESULTS_RUN_DIR");
	expect_usage_error(BIN "nfstb-table /nonexistent/dir", "is not a directory");

	/* no matrix: not a results directory, whatever run.json it holds */
	snprintf(dir, sizeof(dir), "%s/table", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	record_of(dir, "run1", "v3-tcp", "control", "forced", "DEADLOCK(reclaim-commit-deadlock)",
		  "\"run\": \"run1\", \"detect_s\": 20.176, \"rule\": \"a\"");
	assert_int_equal(run(BIN "nfstb-table %s", dir), 1);
	assert_int_equal(count_lines(err_text), 1);
	assert_non_null(strstr(err_text, "matrix.tsv: not a results directory of make nfs-test"));

	/* run1 (control DEADLOCK), run2 (fixed PASS), smoke1 and lockdep1 (control LOCKDEP) */
	record_of(dir, "run2", "v3-tcp", "fixed", "forced", "PASS", NULL);
	record_of(dir, "smoke1", "smoke-v3", "-", "smoke", "PASS", NULL);
	record_of(dir, "lockdep1", "lockdep-v3", "control", "lockdep", "LOCKDEP(reclaim-connect)",
		  "\"rule\": \"l\"");
	assert_int_equal(run("printf '" MATRIX_OF_RUNS "' >%s/matrix.tsv && " BIN "nfstb-table %s",
			     dir, dir), 0);
	assert_non_null(strstr(out_text, "4 passed, 0 failed\n"));
	assert_non_null(strstr(out_text, "lockdep-v3  control  lockdep     1        0     0         0"
				     "        1     0     0      0        0                -              -  1/1 LOCKDEP"));
	assert_non_null(strstr(out_text, "v3-tcp      control  forced      1        0     0         1"
				     "        0     0     0      0        0                -         20.176  >=1/1 DEADLOCK"));
	summary = test_read("%s/summary.tsv", dir);
	assert_true(starts_with(summary, "scenario\tarm\tmode\truns\t"));
	assert_int_equal(count_lines(summary), 5);
	free(summary);

	/* a fixed run that hung: that row fails, exit 1 */
	record_of(dir, "run3", "v3-tcp", "fixed", "forced", "OTHER-HANG",
		  "\"detect_s\": 3.0, \"data\": \"missing\"");
	assert_int_equal(run("printf '5\\trun3\\tv3-tcp\\tfixed\\tforced\\t2\\t7\\tPASS\\t100\\n' >>%s/matrix.tsv && "
			     BIN "nfstb-table %s", dir, dir), 1);
	assert_non_null(strstr(out_text, "3 passed, 1 failed\n"));

	/* a record of another run: exit 2, one line naming it */
	record_of(dir, "run3", "v3-udp", "fixed", "forced", "PASS", NULL);
	assert_int_equal(run(BIN "nfstb-table %s", dir), 2);
	assert_int_equal(count_lines(err_text), 1);
	assert_non_null(strstr(err_text, "/run3/run.json: judges another run than the matrix's v3-tcp.fixed.forced"));

	/* a run.json that is not a record: exit 2, one line naming file and key */
	record_of(dir, "run3", "v3-tcp", "fixed", "forced", "PASS", "\"detect_s\": \"soon\"");
	assert_int_equal(run(BIN "nfstb-table %s", dir), 2);
	assert_int_equal(count_lines(err_text), 1);
	assert_non_null(strstr(err_text, "/run3/run.json: key 'detect_s' is not a number or null\n"));
	snprintf(path, sizeof(path), "%s/run3/run.json", dir);
	test_write(path, "{\"schema\": \"nfstb-run/1\", \"verdict\": \"\xff\"}");
	assert_int_equal(run(BIN "nfstb-table %s", dir), 2);
	assert_int_equal(count_lines(err_text), 1);
	assert_non_null(strstr(err_text, "/run3/run.json: not valid JSON: "));
	/* TAP fails that run and goes on */
	assert_int_equal(run(BIN "nfstb-tap --run run3 %s", dir), 0);
	assert_true(starts_with(out_text, "not ok 5 v3-tcp.fixed.forced.2 # ERROR malformed record: not valid JSON: "));
	record_of(dir, "run3", "v3-tcp", "fixed", "forced", "PASS", NULL);

	/* a matrix whose runs of one group expect different things: exit 2 */
	assert_int_equal(run("printf '6\\trun4\\tv3-tcp\\tfixed\\tforced\\t3\\t8\\t-\\t-\\n' >>%s/matrix.tsv && "
			     BIN "nfstb-table %s", dir, dir), 2);
	assert_non_null(strstr(err_text, "matrix.tsv:7: run run4 declares another expectation"));
}

/*
 * nfstb-verdict -> nfstb-table, nfstb-tap: a real run judged by the judge,
 * its run.json read by the views, which say what the judge said.
 */
static void test_judge_to_views(void **state)
{
	char dir[512], out[1024], verdict[128], rid[128], want[2048];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/judged", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(out, sizeof(out), "%s/v3-tcp-control-forced-1", dir);
	assert_int_equal(test_judge_real_run("v3-tcp-control-forced", out, verdict,
					     sizeof(verdict), rid, sizeof(rid)), 0);
	assert_string_equal(rid, "v3-tcp-control-forced-1");
	assert_int_equal(run("printf 'n\\trun\\tscenario\\tarm\\tmode\\tindex\\tseed\\texpect\\tpercent\\n"
			     "1\\tv3-tcp-control-forced-1\\tv3-tcp\\tcontrol\\tforced\\t1\\t7\\t-\\t-\\n' "
			     ">%s/matrix.tsv && " BIN "nfstb-table %s", dir, dir), 0);
	assert_non_null(strstr(out_text, "report only"));
	assert_non_null(strstr(out_text, "1 passed, 0 failed\n"));
	assert_int_equal(run(BIN "nfstb-tap --run v3-tcp-control-forced-1 %s", dir), 0);
	snprintf(want, sizeof(want), "ok 1 v3-tcp.control.forced.1 # report only: %s\n", verdict);
	assert_string_equal(out_text, want);
	/* and the report states it */
	assert_int_equal(run(BIN "nfstb-report --rundir %s", out), 0);
	char *md = test_read("%s/report.md", out);

	snprintf(want, sizeof(want), "**Verdict: %s** (scenario v3-tcp, arm control, mode forced", verdict);
	must_contain_all(md, want);
	free(md);
}


/*
 * A SKIP run (the kernel lacks a knob): neither meets nor misses its
 * expectation in the table, TAP's "# SKIP reason" counted in the totals,
 * junit's <skipped/>.
 */
static void test_skip_views(void **state)
{
	char dir[512], *xml, *summary;
	static const char skip[] = "\"rule\": \"u\", \"reason\": "
		"\"the kernel lacks reclaim_inject (the tree cannot run this cell)\"";

	(void)state;
	snprintf(dir, sizeof(dir), "%s/skip", tmp);
	assert_int_equal(mkdir(dir, 0755), 0);
	record_of(dir, "run1", "v3-tcp", "control", "forced", "SKIP", skip);
	record_of(dir, "run2", "v3-tcp", "fixed", "forced", "PASS", NULL);
	record_of(dir, "run3", "v3-tcp", "fixed", "forced", "SKIP", skip);
	assert_int_equal(run("printf 'n\trun\tscenario\tarm\tmode\tindex\tseed\texpect\tpercent\n"
			     "1\trun1\tv3-tcp\tcontrol\tforced\t1\t1\tDEADLOCK(reclaim-commit-deadlock)\t95\n"
			     "2\trun2\tv3-tcp\tfixed\tforced\t1\t2\tPASS\t100\n"
			     "3\trun3\tv3-tcp\tfixed\tforced\t2\t3\tPASS\t100\n' >%s/matrix.tsv && "
			     BIN "nfstb-table %s", dir, dir), 0);
	assert_non_null(strstr(out_text, "2 passed, 0 failed\n"));
	assert_non_null(strstr(out_text, "     1      0        0                -              -  >=0/0 DEADLOCK      skip  -\n"));
	assert_non_null(strstr(out_text, "  1/1 PASS            ok    -\n"));
	summary = test_read("%s/summary.tsv", dir);
	assert_non_null(strstr(summary, "v3-tcp\tfixed\tforced\t2\t0\t1\t0\t0\t0\t1\t0\t0\t"));
	free(summary);
	assert_int_equal(run(BIN "nfstb-tap %s", dir), 0);
	assert_string_equal(out_text,
		"KTAP version 1\n1..3\n"
		"ok 1 v3-tcp.control.forced.1 # SKIP the kernel lacks reclaim_inject (the tree cannot run this cell)\n"
		"ok 2 v3-tcp.fixed.forced.1\n"
		"ok 3 v3-tcp.fixed.forced.2 # SKIP the kernel lacks reclaim_inject (the tree cannot run this cell)\n"
		"# Totals: pass:1 fail:0 xfail:0 xpass:0 skip:2 error:0\n"
		"# 3 ok, 0 not ok\n");
	assert_int_equal(run(BIN "nfstb-report --junit %s", dir), 0);
	xml = test_read("%s/junit.xml", dir);
	assert_non_null(strstr(xml, "<testsuites name=\"nfstb\" tests=\"3\" failures=\"0\" skipped=\"2\">"));
	assert_non_null(strstr(xml, "tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"2\">"));
	assert_non_null(strstr(xml, "<skipped message=\"the kernel lacks reclaim_inject (the tree cannot run this cell)\"/>"));
	free(xml);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_tap_cli),
		cmocka_unit_test(test_classify_cli),
		cmocka_unit_test(test_tracecheck_cli),
		cmocka_unit_test(test_verdict_cli),
		cmocka_unit_test(test_table_cli),
		cmocka_unit_test(test_judge_to_views),
		cmocka_unit_test(test_skip_views),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
