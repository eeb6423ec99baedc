// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-report and the CLIs of the three new tools: a run's report.md and
 * report.html from a real (trimmed) run, checked for structure; junit.xml
 * and the index for a results directory with a passing and a failing run.
 */
#include "golden.h"
#include "junit.h"
#include "report_run.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define BIN NFSTB_BIN_DIR "/"
#define RUN NFSTB_TEST_DATA "/run/smoke-v3-1.run"
/* a real results directory (tests/data/report/README.md) */
#define REAL "20261203-140703"
#define REAL_DIR NFSTB_TEST_DATA "/report/" REAL

static char *tmp;

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[8192];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int setup(void **state)
{
	char path[4096];

	(void)state;
	tmp = test_tmpdir();
	/* results/<run-id>/<run>: the fixture twice, one relabelled as a control run */
	assert_int_equal(sh("mkdir -p %s/res && cp -r " RUN " %s/res/smoke-v3-1 && cp -r " RUN
			    " %s/res/tcp-v3-control-forced-1 && printf "
			    "'scenario\\tarm\\tmode\\truns\\tpass\\tdeadlock\\tother\\tmean_detect_s\\texpect\\tok\\n"
			    "smoke-v3\\t-\\tsmoke\\t1\\t1\\t0\\t0\\t-\\t1/1 PASS\\tok\\n' > %s/res/summary.tsv && "
			    "printf 'n\\trun\\tscenario\\tarm\\tmode\\tindex\\tseed\\texpect\\tpercent\\n"
			    "1\\tsmoke-v3-1\\tsmoke-v3\\t-\\tsmoke\\t1\\t1\\tPASS\\t100\\n"
			    "2\\ttcp-v3-control-forced-1\\ttcp-v3\\tcontrol\\tforced\\t1\\t2\\t"
			    "DEADLOCK(reclaim-commit-deadlock)\\t100\\n' > %s/res/matrix.tsv",
			    tmp, tmp, tmp, tmp, tmp), 0);
	snprintf(path, sizeof(path), "%s/res/tcp-v3-control-forced-1/run.json", tmp);
	test_edit_record(path, "\"run\": \"tcp-v3-control-forced-1\", \"scenario\": \"tcp-v3\", "
			 "\"arm\": \"control\", \"mode\": \"forced\"");
	assert_int_equal(sh("cp -r " REAL_DIR " %s/real && " BIN "nfstb-report --junit %s/real >/dev/null",
			    tmp, tmp), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(sh(BIN "nfstb-timeline --rundir %s/res/%s >/dev/null && " BIN
				    "nfstb-report --rundir %s/res/%s >/dev/null", tmp,
				    i ? "tcp-v3-control-forced-1" : "smoke-v3-1", tmp,
				    i ? "tcp-v3-control-forced-1" : "smoke-v3-1"), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	test_tmpdir_remove(tmp);
	return 0;
}

/* The run's report.md and report.html: what each holds, and what it must not. */
static const struct {
	const char *file;
	const char *has[11], *lacks[4];	/* NULL after the last */
} run_reports[] = {
	{ "report.md", {
		"# nfstb run smoke-v3-1\n",
		"**Verdict: PASS** (scenario smoke-v3, arm -, mode smoke",
		"Reason: smoke: data verified",
		"Classifier: `none`",
		"packet_check=agree reason=close then reconnect SYN, every call answered",
		"| 3 | READ | 2 | 2 | 0 |",	/* the per-connection procedure table */
		"All packet facts: [pcap-summary.txt](pcap-summary.txt).",
		"| pkt | close | client FIN\\|ACK",	/* md_cell escapes the bar */
		"| pkt | reconnect-syn | client SYN",
		"- [client-trace.txt](client-trace.txt)",
	  }, {
		"[capture.pcap]",	/* only files that exist */
	  } },
	{ "report.html", {
		"<!DOCTYPE html>",
		"<style>",
		"<svg xmlns=\"http://www.w3.org/2000/svg\"",
		">reconnect-syn</text>",
		"<tr class=\"k-close\">",
		"<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"flow\"",
		"class=\"msg-label\" x=\"565\" y=\"",
		"</html>\n",
	  }, {
		/* self-contained: nothing fetched from anywhere */
		"<script", "src=\"", "<link",
	  } },
};

static void test_run_reports(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(run_reports); i++) {
		char *text = test_read("%s/res/smoke-v3-1/%s", tmp, run_reports[i].file);

		for (const char *const *w = run_reports[i].has; *w; w++)
			if (!strstr(text, *w))
				fail_msg("'%s' not found in %s", *w, run_reports[i].file);
		for (const char *const *w = run_reports[i].lacks; *w; w++)
			if (strstr(text, *w))
				fail_msg("'%s' found in %s", *w, run_reports[i].file);
		free(text);
	}
}

static void test_junit(void **state)
{
	char *xml, *md, *html;

	(void)state;
	assert_int_equal(sh(BIN "nfstb-report --junit %s/res >/dev/null", tmp), 0);
	xml = test_read("%s/res/junit.xml", tmp);
	must_contain_all(xml, "<testsuites name=\"nfstb\" tests=\"2\" failures=\"1\">",
			 "<testcase classname=\"smoke-v3.-.smoke\" name=\"smoke-v3-1\">",
			 "<testcase classname=\"tcp-v3.control.forced\" name=\"tcp-v3-control-forced-1\">",
			 "<failure message=\"expected DEADLOCK(reclaim-commit-deadlock), got PASS\"");
	md = test_read("%s/res/report.md", tmp);
	must_contain_all(md, "| scenario | arm | mode | runs |",
			 "[report](smoke-v3-1/report.md)",
			 "| **FAIL: unexpected verdict** | none: the run passed |");
	html = test_read("%s/res/report.html", tmp);
	must_contain_all(html, "<tr class=\"run unexpected\" id=\"run-tcp-v3-control-forced-1\">"
			 "<td><a class=\"report-link\" href=\"tcp-v3-control-forced-1/report.html\">",
			 "<td class=\"result\">FAIL: unexpected verdict</td>",
			 "<tr class=\"run\" id=\"run-smoke-v3-1\">");
	free(xml);
	free(md);
	free(html);
}

/*
 * A reconnect on the same port is a new connection; the call of the old one
 * stays unanswered (tests/data/report/same-port-reconnect.packets.tsv).
 */
static void test_conns(void **state)
{
	struct report_conns *c = malloc(sizeof(*c));

	(void)state;
	report_conns_load(NFSTB_TEST_DATA "/report/same-port-reconnect.packets.tsv",
			  "10.0.0.1", c);
	assert_true(c->loaded);
	assert_int_equal(c->n, 2);
	assert_int_equal(c->v[0].syn, 1);
	assert_int_equal(c->v[0].fin, 1);
	assert_int_equal(c->v[0].nprocs, 2);
	assert_string_equal(c->v[0].procs[1].name, "COMMIT");
	assert_int_equal(c->v[0].procs[1].calls, 1);
	assert_int_equal(c->v[0].procs[1].unanswered, 1);
	assert_int_equal(c->v[0].procs[0].replies, 1);
	assert_int_equal(c->v[1].nprocs, 2);	/* COMMIT, and MOUNT.MNT's stray reply */
	assert_int_equal(c->v[1].procs[0].unanswered, 0);	/* program and XID must both match */
	assert_int_equal(c->v[1].procs[0].replies, 1);
	assert_string_equal(c->v[1].procs[1].name, "MOUNT.MNT");
	free(c);
}

/* The witness named for each rule letter of nfstb-verdict. */
static void test_rule_witness(void **state)
{
	(void)state;
	assert_string_equal(junit_rule_witness('n'), "packets");
	assert_string_equal(junit_rule_witness('g'), "trace");
	assert_string_equal(junit_rule_witness('d'), "data (verify summaries)");
	assert_string_equal(junit_rule_witness('a'), "stack, trace and packets");
	assert_string_equal(junit_rule_witness('r'), "binding (trace, server)");
	assert_string_equal(junit_rule_witness('w'), "trace (heartbeat)");
	assert_string_equal(junit_rule_witness('?'), "");
	assert_string_equal(junit_rule_witness('\0'), "");
}

static void test_cli(void **state)
{
	static const char *const tools[] = { "nfstb-pcapsum", "nfstb-timeline", "nfstb-report" };
	static const char *const bad[] = {
		"nfstb-pcapsum --pcap x.pcap --out /tmp",
		"nfstb-pcapsum --pcap x.pcap --server nowhere --out /tmp",
		"nfstb-pcapsum --bogus",
		"nfstb-timeline",
		"nfstb-timeline --rundir /nonexistent/dir",
		"nfstb-timeline --rundir /tmp --server 1.2.3",
		"nfstb-report",
		"nfstb-report --rundir /tmp --junit /tmp",
		"nfstb-report --junit /nonexistent/dir",
		"nfstb-report --rundir /tmp extra",
	};
	char *err;

	(void)state;
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		assert_int_equal(sh(BIN "%s --help >%s/out 2>%s/err", tools[i], tmp, tmp), 0);
		err = test_read("%s/out", tmp);
		must_contain_all(err, "usage: ");
		free(err);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(sh(BIN "%s >%s/out 2>%s/err", bad[i], tmp, tmp), 2);
		err = test_read("%s/err", tmp);
		assert_non_null(err);
		/* one line */
		assert_non_null(strchr(err, '\n'));
		assert_string_equal(strchr(err, '\n'), "\n");
		free(err);
	}
}

/* The whole stack as printed, frames marked; hung-task and SysRq blocks; other states skipped. */
static void test_stacks_find(void **state)
{
	static const char log_text[] =
		"[    1.0] INFO: task kworker/u4:1:35 blocked for more than 10 seconds.\n"
		"[    1.0]       Not tainted 6.1.0 #1\n"
		"[    1.0] task:kworker/u4:1    state:D stack:0     pid:35    ppid:2      flags:0x00004000\n"
		"[    1.0] Call Trace:\n"
		"[    1.0]  <TASK>\n"
		"[    1.0]  wait_on_commit+0x4d/0x90\n"
		"[    1.0]  ? nfs_release_folio+0x5e/0x210\n"
		"[    1.0]  nfs_release_folio+0x5e/0x210\n"
		"[    1.0]  </TASK>\n"
		"[    1.1] some other line\n"
		"[    2.0] task:bash            state:S stack:0     pid:40    ppid:1      flags:0x0\n"
		"[    2.0]  schedule+0x50/0x90\n"
		"[    2.0] task:nfstb-writer    state:D stack:0     pid:58    ppid:1      flags:0x2\n"
		"[    2.0]  xs_tcp_setup_socket+0x149/0x3a0\n"
		"[    2.0]  shrink_node+0x1ad/0x3a0\n"
		"[    2.0]  </TASK>\n";
	struct report_blocks b;
	struct lines log;

	(void)state;
	lines_split(log_text, &log);
	/* the task the record names */
	report_stacks_find(&log, "kworker/u4:1", 35, &b);
	assert_int_equal(b.n, 2);
	assert_string_equal(b.v[0].title, "INFO: task kworker/u4:1:35 blocked for more than 10 seconds.");
	assert_true(b.v[0].named);
	assert_int_equal(b.v[0].n, 9);
	assert_string_equal(b.v[0].lines[5], "[    1.0]  wait_on_commit+0x4d/0x90");
	assert_string_equal(b.v[0].roles[5], "wait");
	assert_null(b.v[0].roles[6]);	/* "? " frames are not marked */
	assert_string_equal(b.v[0].roles[7], "release");
	assert_false(b.v[1].named);
	assert_int_equal(b.v[1].n, 4);
	assert_string_equal(b.v[1].roles[1], "worker");
	assert_string_equal(b.v[1].roles[2], "reclaim");
	report_blocks_free(&b);
	/* no record, or another pid: no block is named */
	report_stacks_find(&log, NULL, 35, &b);
	assert_false(b.v[0].named);
	report_blocks_free(&b);
	report_stacks_find(&log, "kworker/u4:1", 36, &b);
	assert_false(b.v[0].named);
	report_blocks_free(&b);
	lines_free(&log);
}

/*
 * Every fact is the record's: a real deadlock run whose run.json is gone or
 * is not a record shows its console, but names no verdict, no task and no
 * packet check of its own.
 */
static void test_run_without_record(void **state)
{
	char path[4096], *md, *html;

	(void)state;
	assert_int_equal(sh("cp -r " REAL_DIR "/v3-tcp-control-forced-1 %s/norecord && rm %s/norecord/run.json && "
			    BIN "nfstb-report --rundir %s/norecord >/dev/null", tmp, tmp, tmp), 0);
	md = test_read("%s/norecord/report.md", tmp);
	must_contain_all(md, "**Verdict: none** (no run.json)\n",
			 "Classifier: no run record\n",
			 "packet_check=n/a reason=no run record\n",
			 "2 blocked-task report(s)");	/* the console, shown */
	assert_null(strstr(md, "(the classifier's task)"));
	assert_null(strstr(md, "Task kworker"));
	assert_null(strstr(md, "[run.json]"));
	free(md);

	snprintf(path, sizeof(path), "%s/norecord/run.json", tmp);
	test_write(path, "{\"schema\": \"nfstb-run/1\", \"verdict\": \"PASS\"}\n");
	assert_int_equal(sh(BIN "nfstb-report --rundir %s/norecord >/dev/null", tmp), 0);
	md = test_read("%s/norecord/report.md", tmp);
	must_contain_all(md, "**Verdict: none** (run.json is not a run record: missing key 'run')\n");
	assert_null(strstr(md, "PASS"));
	free(md);
	html = test_read("%s/norecord/report.html", tmp);
	must_contain_all(html, "<b class=\"other\">Verdict: none</b> (run.json is not a run record: "
			 "missing key 'run')");
	assert_null(strstr(html, "section class=\"stack named\""));
	free(html);
}

/* report.md and report.html of three real runs and the index of their results directory. */
static void test_real_goldens(void **state)
{
	static const char *const files[] = {
		"v3-tcp-control-forced-1/report.md", "v3-tcp-control-forced-1/report.html",
		"v3-tcp-fixed-forced-1/report.md", "v3-tcp-fixed-forced-1/report.html",
		"lockdep-v3-control-lockdep-1/report.md", "lockdep-v3-control-lockdep-1/report.html",
		"report.md", "report.html",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char golden[4096], *text, *p;

		if (strchr(files[i], '/')) {
			char run[256];

			snprintf(run, sizeof(run), "%.*s", (int)(strchr(files[i], '/') - files[i]), files[i]);
			assert_int_equal(sh(BIN "nfstb-report --rundir %s/real/%s >/dev/null", tmp, run), 0);
		}
		text = test_read("%s/real/%s", tmp, files[i]);
		assert_non_null(text);
		/* tests/data/report/RUN.report.md.expected, index.report.md.expected, ... */
		snprintf(golden, sizeof(golden), NFSTB_TEST_DATA "/report/%s%s.x",
			 strchr(files[i], '/') ? "" : "index.", files[i]);
		p = strrchr(golden, '/');
		if (strchr(files[i], '/'))
			*p = '.';
		golden_check(golden, text);
		free(text);
	}
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_reports),
		cmocka_unit_test(test_junit),
		cmocka_unit_test(test_cli),
		cmocka_unit_test(test_stacks_find),
		cmocka_unit_test(test_rule_witness),
		cmocka_unit_test(test_conns),
		cmocka_unit_test(test_real_goldens),
		cmocka_unit_test(test_run_without_record),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
