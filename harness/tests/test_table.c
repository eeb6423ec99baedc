// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-table: aggregation, expectations (as harness/scenarios.def declares
 * them for modes forced, natural, smoke, lockdep, swap), the run record
 * (run.json) read fail-closed, a record of another run, missing records.
 */
#include "golden.h"
#include "record.h"
#include "results.h"
#include "util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char err[1024];

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

/* A JSON number, or null for "-". */
static const char *number_or_null(const char *s)
{
	return strcmp(s, "-") ? s : "null";
}

/* A run's record, through the reader: detect_s, the trace's
 * reclaim_in_worker ("-": no trace) and deadlock_s as run.json has them. */
static void add_with(struct table *t, const char *scen, const char *arm,
		     const char *mode, const char *verdict, const char *detect,
		     const char *reclaim, const char *deadlock, int times)
{
	struct run_record rec;
	char members[512], *text;

	snprintf(members, sizeof(members),
		 "\"detect_s\": %s, \"deadlock_s\": %s, \"client\": {\"reconnect_time\": 6.0}, "
		 "\"trace\": {\"readable\": %s, \"release_skip_in_worker\": 0, \"reclaim_in_worker\": %s}",
		 number_or_null(detect), number_or_null(deadlock),
		 strcmp(reclaim, "-") ? "true" : "false", strcmp(reclaim, "-") ? reclaim : "0");
	text = test_record_text(scen, arm, mode, verdict, members);
	assert_int_equal(record_parse(text, strlen(text), &rec, err, sizeof(err)), 0);
	free(text);
	for (int i = 0; i < times; i++)
		assert_int_equal(table_add_record(t, &rec, declared(arm, mode),
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
	       "scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  SKIP  other  reclaim  mean_deadlock_s  mean_detect_s  expect              ok    syz_titles\n"
	       "tcp-v3    control  forced      3        0     0         3        0     0     0      0        0                -         11.250  >=3/3 DEADLOCK      ok    -\n"
	       "udp-v3    fixed    forced      3        0     2         0        0     0     0      1        0                -              -  3/3 PASS            FAIL  -\n"
	       "1 passed, 1 failed\n");
	out = printed(table_write_summary, t);
	assert_string_equal(out,
		"scenario\tarm\tmode\truns\tmissing\tpass\tdeadlock\tlockdep\toom\tskip\tother\treclaim\tmean_deadlock_s\tmean_detect_s\texpect\tok\tsyz_titles\n"
		"tcp-v3\tcontrol\tforced\t3\t0\t0\t3\t0\t0\t0\t0\t0\t-\t11.250\t>=3/3 DEADLOCK\tok\t-\n"
		"udp-v3\tfixed\tforced\t3\t0\t2\t0\t0\t0\t0\t1\t0\t-\t-\t3/3 PASS\tFAIL\t-\n");
	free(out);
}

#define LRC "LOCKDEP(reclaim-connect)"

/* A run whose record has syzkaller-style titles, the hang's and lockdep's. */
static void add_titled(struct table *t, const char *arm, const char *verdict,
		       const char *hang_title, const char *lockdep_title)
{
	char members[512], *text;
	struct run_record rec;

	snprintf(members, sizeof(members),
		 "\"classify\": {\"signature\": \"x\", \"title\": \"t\", \"syz_title\": \"%s\", "
		 "\"hang_source\": \"show-state\", \"task\": \"k\", \"pid\": 1, \"time\": 1.0, "
		 "\"frames\": []}, \"lockdep\": {\"syz_title\": \"%s\"}",
		 hang_title, lockdep_title);
	text = test_record_text("v3-tcp", arm, "forced", verdict, members);
	assert_int_equal(record_parse(text, strlen(text), &rec, err, sizeof(err)), 0);
	free(text);
	assert_int_equal(table_add_record(t, &rec, NULL, err, sizeof(err)), 0);
}

/*
 * The syz_titles column: each distinct title beside a hang or lockdep
 * verdict once, in run order; a PASS run's titles are not its verdict's.
 */
static void test_syz_titles(void **state)
{
	struct table *t = *state;
	char *out;

	add_titled(t, "control", RCD, "INFO: task hung in __nfs_commit_inode", "x");
	add_titled(t, "control", "OTHER-HANG", "INFO: task hung in nfs_wb_page", "x");
	add_titled(t, "control", RCD, "INFO: task hung in __nfs_commit_inode", "x");
	add_titled(t, "control", LRC, "y", "possible deadlock in xs_connect_scope_enter");
	add_titled(t, "fixed", "PASS", "INFO: task hung in nfs_wb_page",
		   "possible deadlock in xs_connect_scope_enter");
	table_sort(t);
	out = printed(table_write_summary, t);
	assert_non_null(strstr(out, "\tINFO: task hung in __nfs_commit_inode; "
				    "INFO: task hung in nfs_wb_page; "
				    "possible deadlock in xs_connect_scope_enter\n"));
	assert_non_null(strstr(out, "v3-tcp\tfixed\tforced\t1\t0\t1\t0\t0\t0\t0\t0\t0\t-\t-\treport only\tok\t-\n"));
	free(out);
}

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
	       "scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  SKIP  other  reclaim  mean_deadlock_s  mean_detect_s  expect              ok    syz_titles\n"
	       "swap-v3   control  swap        5        0     1         1        0     2     0      1        0                -         30.000  report only         ok    -\n"
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
	       "scenario  arm      mode     runs  missing  PASS  DEADLOCK  LOCKDEP   OOM  SKIP  other  reclaim  mean_deadlock_s  mean_detect_s  expect              ok    syz_titles\n"
	       "v3-tcp    control  natural     4        0     0         2        0     0     0      2        2            1.000          1.400  report only         ok    -\n"
	       "1 passed, 0 failed\n");
}

/* @text parsed as run.json: -1, and the reason is @why (NULL: unchecked). */
static void malformed(const char *text, size_t len, const char *why)
{
	struct run_record rec;

	err[0] = '\0';
	if (record_parse(text, len, &rec, err, sizeof(err)) != -1)
		fail_msg("accepted as a record: %.*s", (int)len, text);
	if (why && strcmp(err, why))
		fail_msg("reason '%s', expected '%s'", err, why);
	assert_null(strchr(err, '\n'));
}

/* A record with @members, parsed: -1 with reason @why. */
static void malformed_with(const char *members, const char *why)
{
	char *text = test_record_text("s", "fixed", "natural", "PASS", members);

	malformed(text, strlen(text), why);
	free(text);
}

/* A record without top-level key @key (or @obj's @key), as text. */
static char *record_without(const char *obj, const char *key)
{
	char *text = test_record_text("s", "fixed", "forced", "PASS", NULL);
	json_t *o = json_loads(text, 0, NULL);

	assert_non_null(o);
	assert_int_equal(json_object_del(obj ? json_object_get(o, obj) : o, key), 0);
	free(text);
	text = json_dumps(o, JSON_INDENT(2));
	json_decref(o);
	return text;
}

/* The run.json a view can use: every key it needs, of its type. */
static void test_record_fields(void **state)
{
	char *text = test_record_text("v3-tcp", "control", "forced",
				      "DEADLOCK(reclaim-commit-deadlock)",
				      "\"run\": \"v3-tcp-control-forced-1\", \"rule\": \"a\", "
				      "\"reason\": \"a r\\u00e9ason\", \"detect_s\": 20.176, "
				      "\"deadlock_s\": 0.5, \"seed\": \"12\", \"data\": \"missing\", "
				      "\"packets\": \"packet_check=agree reason=x\", "
				      "\"classify\": {\"signature\": \"reclaim-commit-deadlock\", "
				      "\"syz_title\": \"INFO: task hung in __nfs_commit_inode\", "
				      "\"hang_source\": \"show-state\", "
				      "\"title\": \"t\", \"task\": \"kworker/u4:3\", \"pid\": 32, "
				      "\"time\": 23.929097, \"frames\": [\"wait_on_commit\", \"nfs_release_folio\"]}, "
				      "\"trace\": {\"readable\": true, \"release_skip_in_worker\": 3, "
				      "\"reclaim_in_worker\": 1}, \"client\": {\"reconnect_time\": 3.753563}, "
				      "\"lockdep\": {\"syz_title\": \"possible deadlock in f\"}, "
				      "\"a key added later\": {\"any\": [1, 2]}");
	struct run_record r;
	char buf[32];

	(void)state;
	assert_int_equal(record_parse(text, strlen(text), &r, err, sizeof(err)), 0);
	free(text);
	assert_string_equal(r.schema, "nfstb-run/1");
	assert_string_equal(r.run, "v3-tcp-control-forced-1");
	assert_string_equal(r.scenario, "v3-tcp");
	assert_string_equal(r.arm, "control");
	assert_string_equal(r.mode, "forced");
	assert_string_equal(r.verdict, "DEADLOCK(reclaim-commit-deadlock)");
	assert_string_equal(r.rule, "a");
	assert_string_equal(r.reason, "a r\xc3\xa9" "ason");
	assert_int_equal(r.detect_us, 20176000);
	assert_string_equal(record_secs(r.detect_us, buf, sizeof(buf)), "20.176");
	assert_int_equal(r.deadlock_us, 500000);
	assert_string_equal(r.seed, "12");
	assert_string_equal(r.data, "missing");
	assert_true(r.has_packets);
	assert_string_equal(r.packets, "packet_check=agree reason=x");
	assert_string_equal(r.signature, "reclaim-commit-deadlock");
	assert_string_equal(r.title, "t");
	assert_string_equal(r.syz_title, "INFO: task hung in __nfs_commit_inode");
	assert_string_equal(r.hang_source, "show-state");
	assert_string_equal(r.lockdep_syz_title, "possible deadlock in f");
	/* the title beside the verdict: a hang's for DEADLOCK(x) */
	assert_string_equal(record_syz_title(&r), "INFO: task hung in __nfs_commit_inode");
	snprintf(r.verdict, sizeof(r.verdict), "LOCKDEP(reclaim-connect)");
	assert_string_equal(record_syz_title(&r), "possible deadlock in f");
	snprintf(r.verdict, sizeof(r.verdict), "PASS");
	assert_string_equal(record_syz_title(&r), "");
	assert_true(r.has_task);
	assert_string_equal(r.task, "kworker/u4:3");
	assert_int_equal(r.pid, 32);
	assert_int_equal(r.hang_us, 23929097);
	assert_int_equal(r.nframes, 2);
	assert_string_equal(r.frames[1], "nfs_release_folio");
	assert_true(r.trace_readable);
	assert_int_equal(r.skip_in_worker, 3);
	assert_int_equal(r.reclaim_in_worker, 1);
	assert_int_equal(r.reconnect_us, 3753563);

	/* nulls: nothing known; an unreadable trace has no counts */
	text = test_record_text("s", "-", "smoke", "ERROR",
				"\"trace\": {\"readable\": false, \"release_skip_in_worker\": 0, "
				"\"reclaim_in_worker\": 0}");
	assert_int_equal(record_parse(text, strlen(text), &r, err, sizeof(err)), 0);
	free(text);
	assert_string_equal(r.run, "");
	assert_string_equal(r.seed, "");
	assert_false(r.has_packets);
	assert_false(r.has_task);
	assert_int_equal(r.detect_us, TIME_NONE);
	assert_string_equal(record_secs(r.detect_us, buf, sizeof(buf)), "-");
	assert_int_equal(r.deadlock_us, TIME_NONE);
	assert_int_equal(r.hang_us, TIME_NONE);
	assert_int_equal(r.reconnect_us, TIME_NONE);
	assert_false(r.trace_readable);
	assert_int_equal(r.skip_in_worker, -1);
	assert_int_equal(r.reclaim_in_worker, -1);

	/* no file: no record, which is not a malformed one */
	assert_int_equal(record_load("/nonexistent/run.json", &r, err, sizeof(err)), 1);
	assert_int_equal(record_load("/", &r, err, sizeof(err)), -1);
}

/* What the writer writes, the reader reads: nfstb-verdict's own run.json
 * of a real run (tests/data/verdict), whatever it decides. */
static void test_record_of_the_judge(void **state)
{
	static const char *const runs[] = {
		"v3-tcp-control-forced", "v3-tcp-fixed-forced", "smoke-v3",
		"lockdep-v3-control-lockdep", "swap-v3-control-swap",
	};
	char *tmp = test_tmpdir(), out[512], path[1024], verdict[128], run[128];
	struct run_record r;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(runs); i++) {
		snprintf(out, sizeof(out), "%s/%s", tmp, runs[i]);
		assert_int_equal(test_judge_real_run(runs[i], out, verdict, sizeof(verdict),
						     run, sizeof(run)), 0);
		snprintf(path, sizeof(path), "%s/run.json", out);
		if (record_load(path, &r, err, sizeof(err)))
			fail_msg("%s: nfstb-verdict's run.json is not a record to the views: %s",
				 runs[i], err);
		assert_string_equal(r.run, run);
		assert_string_equal(r.verdict, verdict);	/* as it printed it */
		assert_true(r.has_packets);
		assert_true(starts_with(r.packets, "packet_check="));
	}
	test_tmpdir_remove(tmp);
}

/* Fails closed: not JSON, another schema, a key missing or mistyped. */
static void test_malformed_records(void **state)
{
	static const char not_utf8[] = "{\"schema\": \"nfstb-run/1\", \"reason\": \"\xff\xfe\"}";
	static const char nul[] = "{\"schema\": \"nfstb-run/1\"}\0{}";
	char *text;

	(void)state;
	malformed("", 0, NULL);
	assert_true(starts_with(err, "not valid JSON: "));
	malformed(not_utf8, sizeof(not_utf8) - 1, NULL);
	assert_true(starts_with(err, "not valid JSON: "));
	assert_non_null(strstr(err, "decode"));
	for (const char *p = err; *p; p++)		/* the bad bytes not echoed */
		assert_true((unsigned char)*p < 0x80);
	malformed(nul, sizeof(nul) - 1, NULL);
	assert_true(starts_with(err, "not valid JSON: "));
	malformed("[1, 2]", 6, "not a JSON object");
	malformed("{\"schema\": \"nfstb-run/1\", \"schema\": \"nfstb-run/1\"}", 50, NULL);
	assert_non_null(strstr(err, "duplicate"));
	text = test_record_text("s", "fixed", "forced", "PASS", NULL);
	malformed(text, strlen(text) - 3, NULL);	/* cut short */
	assert_true(starts_with(err, "not valid JSON: "));
	free(text);

	malformed_with("\"schema\": \"nfstb-run/2\"",
		       "key 'schema' is 'nfstb-run/2', expected 'nfstb-run/1'");
	malformed_with("\"schema\": 1", "key 'schema' is not a string");
	text = record_without(NULL, "schema");
	malformed(text, strlen(text), "missing key 'schema'");
	free(text);
	text = record_without(NULL, "verdict");
	malformed(text, strlen(text), "missing key 'verdict'");
	free(text);
	text = record_without("trace", "reclaim_in_worker");
	malformed(text, strlen(text), "missing key 'trace.reclaim_in_worker'");
	free(text);
	text = record_without("client", "reconnect_time");
	malformed(text, strlen(text), "missing key 'client.reconnect_time'");
	free(text);
	text = record_without("classify", "frames");
	malformed(text, strlen(text), "missing key 'classify.frames'");
	free(text);

	malformed_with("\"arm\": \"\"", "key 'arm' is empty");
	malformed_with("\"scenario\": null", "key 'scenario' is not a string");
	malformed_with("\"verdict\": \"LOCKDEP()\"", "key 'verdict' is not a verdict: 'LOCKDEP()'");
	malformed_with("\"verdict\": \"MAYBE\"", "key 'verdict' is not a verdict: 'MAYBE'");
	malformed_with("\"rule\": \"ab\"", "key 'rule' is not one letter: 'ab'");
	malformed_with("\"reason\": 3", "key 'reason' is not a string");
	malformed_with("\"detect_s\": \"soon\"", "key 'detect_s' is not a number or null");
	malformed_with("\"deadlock_s\": \"later\"", "key 'deadlock_s' is not a number or null");
	malformed_with("\"deadlock_s\": -1", "key 'deadlock_s' is out of range: -1");
	malformed_with("\"seed\": 12", "key 'seed' is not a string or null");
	malformed_with("\"packets\": {}", "key 'packets' is not a string or null");
	malformed_with("\"trace\": {\"readable\": true, \"release_skip_in_worker\": 0, "
		       "\"reclaim_in_worker\": 1.5}",
		       "key 'trace.reclaim_in_worker' is not a count (an integer >= 0)");
	malformed_with("\"trace\": {\"readable\": true, \"release_skip_in_worker\": 0, "
		       "\"reclaim_in_worker\": -1}",
		       "key 'trace.reclaim_in_worker' is not a count (an integer >= 0)");
	malformed_with("\"trace\": {\"readable\": 1, \"release_skip_in_worker\": 0, "
		       "\"reclaim_in_worker\": 0}", "key 'trace.readable' is not true or false");
	malformed_with("\"trace\": []", "key 'trace' is not an object");
	malformed_with("\"classify\": {\"signature\": \"x\", \"title\": \"t\", \"syz_title\": null, "
		       "\"hang_source\": null, \"task\": null, "
		       "\"pid\": 3, \"time\": null, \"frames\": []}",
		       "key 'classify.pid' is not null (the task is null)");
	malformed_with("\"classify\": {\"signature\": \"x\", \"title\": \"t\", \"syz_title\": null, "
		       "\"hang_source\": null, \"task\": \"k\", "
		       "\"pid\": null, \"time\": null, \"frames\": []}",
		       "key 'classify.pid' is not a pid (the task is named)");
	malformed_with("\"classify\": {\"signature\": \"x\", \"title\": \"t\", \"syz_title\": null, "
		       "\"hang_source\": null, \"task\": null, "
		       "\"pid\": null, \"time\": null, \"frames\": [1]}",
		       "key 'classify.frames' item 0 is not a frame name");
	malformed_with("\"lockdep\": {}", "missing key 'lockdep.syz_title'");
	malformed_with("\"lockdep\": {\"syz_title\": 3}",
		       "key 'lockdep.syz_title' is not a string or null");
	malformed_with("\"classify\": {\"signature\": \"x\", \"title\": \"t\", \"syz_title\": null, "
		       "\"hang_source\": \"sysrq\", \"task\": null, \"pid\": null, \"time\": null, "
		       "\"frames\": []}",
		       "key 'classify.hang_source' is not hung-task, show-state or null: 'sysrq'");
	malformed_with("\"classify\": {\"signature\": \"x\", \"title\": \"t\", "
		       "\"hang_source\": null, \"task\": null, \"pid\": null, \"time\": null, "
		       "\"frames\": []}",
		       "missing key 'classify.syz_title'");
	/* a value that would break the one line is not echoed as is */
	malformed_with("\"verdict\": \"MAY\\nBE\"", "key 'verdict' is not a verdict: 'MAY BE'");
}

/* A results directory of one planned fixed run: its matrix. */
static char *one_run_results(void)
{
	char *dir = test_tmpdir(), path[512];

	snprintf(path, sizeof(path), "%s/matrix.tsv", dir);
	test_write(path, MATRIX_HEADER "\n1\tv3-tcp-fixed-forced-1\tv3-tcp\tfixed\tforced\t1\t5\tPASS\t100\n");
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	return dir;
}

/* The table stops on @dir's one run with @why; TAP fails it. */
static void table_refuses(const char *dir, const char *why)
{
	struct table t = { NULL, 0 };
	struct run_list l;
	char *line = NULL;
	size_t len = 0;
	FILE *f;

	assert_int_equal(runs_load(dir, &l, err, sizeof(err)), 0);
	assert_int_equal(l.n, 1);
	assert_true(l.v[0].malformed);
	assert_false(l.v[0].has_record);
	assert_int_equal(l.v[0].judgement, RUN_MALFORMED);
	assert_true(run_judgement_failed(l.v[0].judgement));
	assert_int_equal(table_add_run(&t, &l.v[0], err, sizeof(err)), -1);
	if (!starts_with(err, "v3-tcp-fixed-forced-1/run.json: ") || !strstr(err, why))
		fail_msg("'%s' does not say '%s'", err, why);
	assert_int_equal(t.n, 0);
	f = open_memstream(&line, &len);
	tap_line(f, &l.v[0]);
	fclose(f);
	assert_true(starts_with(line, "not ok 1 v3-tcp.fixed.forced.1 # ERROR malformed record: "));
	assert_non_null(strstr(line, why));
	free(line);
	runs_free(&l);
	table_free(&t);
}

/* A run.json that is not a record is a malformed record, never a missing one. */
static void test_malformed_record_in_table(void **state)
{
	char *dir = one_run_results(), path[512], *text;

	(void)state;
	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1/run.json", dir);
	/* a required key missing */
	text = record_without(NULL, "verdict");
	test_write(path, text);
	free(text);
	table_refuses(dir, "missing key 'verdict'");
	/* another schema */
	test_write_record(path, "v3-tcp", "fixed", "forced", "PASS",
			  "\"schema\": \"nfstb-run/0\"");
	table_refuses(dir, "key 'schema' is 'nfstb-run/0', expected 'nfstb-run/1'");
	/* not UTF-8, and not JSON */
	test_write(path, "{\"schema\": \"nfstb-run/1\", \"verdict\": \"PA\xc0SS\"}\n");
	table_refuses(dir, "not valid JSON: ");
	test_write(path, "v3-tcp\tfixed\tforced\tPASS\tnone\t-\t-\t-\t0\tok\t-\t-\n");
	table_refuses(dir, "not valid JSON: ");
	test_write(path, "");
	table_refuses(dir, "not valid JSON: ");
	/* the record of another run, or of a run of another id */
	test_write_record(path, "v3-tcp", "control", "forced", "PASS", NULL);
	table_refuses(dir, "judges another run than the matrix's v3-tcp.fixed.forced");
	test_write_record(path, "v3-tcp", "fixed", "forced", "PASS",
			  "\"run\": \"v3-tcp-fixed-forced-2\"");
	table_refuses(dir, "judges run 'v3-tcp-fixed-forced-2', not the matrix's v3-tcp-fixed-forced-1");
	test_tmpdir_remove(dir);
}

/* A record of the planned run counts; a group has one expectation. */
static void test_record_of_the_run(void **state)
{
	struct table *t = *state;
	char *dir = one_run_results(), path[512];
	struct run_list l;

	snprintf(path, sizeof(path), "%s/v3-tcp-fixed-forced-1/run.json", dir);
	test_write_record(path, "v3-tcp", "fixed", "forced", "PASS",
			  "\"run\": \"v3-tcp-fixed-forced-1\"");
	assert_int_equal(runs_load(dir, &l, err, sizeof(err)), 0);
	assert_true(l.v[0].has_record);
	assert_int_equal(l.v[0].judgement, RUN_OK);
	assert_int_equal(table_add_run(t, &l.v[0], err, sizeof(err)), 0);
	l.v[0].expect = NULL;
	assert_int_equal(table_add_run(t, &l.v[0], err, sizeof(err)), -1);
	assert_string_equal(err, "v3-tcp-fixed-forced-1/run.json: v3-tcp.fixed.forced: another expectation than its group's");
	assert_int_equal(t->v[0].runs, 1);
	assert_int_equal(t->v[0].pass, 1);
	runs_free(&l);
	test_tmpdir_remove(dir);
}

/* Every test works on an empty table of its own. */

#define SKIP_REASON "the kernel lacks reclaim_inject (the tree cannot run this cell)"

/* @times records judged SKIP by rule u. */
static void add_skipped(struct table *t, const char *scen, const char *arm,
			const char *mode, int times)
{
	struct run_record rec;
	char *text = test_record_text(scen, arm, mode, "SKIP",
				      "\"rule\": \"u\", \"reason\": \"" SKIP_REASON "\"");

	assert_int_equal(record_parse(text, strlen(text), &rec, err, sizeof(err)), 0);
	free(text);
	for (int i = 0; i < times; i++)
		assert_int_equal(table_add_record(t, &rec, declared(arm, mode),
						  err, sizeof(err)), 0);
}

/* A SKIP run neither meets nor misses: it leaves the planned runs. */
static void test_skipped_runs(void **state)
{
	struct table *t = *state;
	char *out;

	add(t, "tcp-v3", "control", "forced", RCD, "10.0", 19);
	add_skipped(t, "tcp-v3", "control", "forced", 1);
	assert_int_equal(t->v[0].runs, 20);
	assert_int_equal(t->v[0].skipped, 1);
	assert_int_equal(t->v[0].other, 0);
	group_is(t, 0, true, ">=19/19 DEADLOCK");
	add(t, "udp-v3", "fixed", "forced", "PASS", "-", 2);
	add_skipped(t, "udp-v3", "fixed", "forced", 1);
	group_is(t, 1, true, "2/2 PASS");
	/* a skip does not hide a miss */
	add(t, "udp-v3", "fixed", "forced", "BUG-PATH", "-", 1);
	group_is(t, 1, false, "3/3 PASS");
	/* every run skipped: the row says so, and does not fail */
	add_skipped(t, "v42-tcp", "fixed", "natural", 2);
	group_is(t, 2, true, "0/0 PASS");
	out = printed(print_table, t);
	assert_int_equal(failures, 1);
	assert_non_null(strstr(out, "v42-tcp   fixed    natural     2        0     0         0        0     0     2      0"));
	assert_non_null(strstr(out, "0/0 PASS            skip  -\n"));
	free(out);
	out = printed(table_write_summary, t);
	assert_non_null(strstr(out, "v42-tcp\tfixed\tnatural\t2\t0\t0\t0\t0\t0\t2\t0\t0\t-\t-\t0/0 PASS\tskip\t-\n"));
	free(out);
	/* fail closed: only rule u skips */
	malformed_with("\"verdict\": \"SKIP\"",
		       "key 'verdict' is SKIP, but key 'rule' is 'e', not 'u'");
}

#define TABLE_TEST(f) cmocka_unit_test_setup_teardown(f, new_table, free_table)

TEST_MAIN("test_table",
	  TABLE_TEST(test_control_forced_95_percent),
	  TABLE_TEST(test_small_control_needs_all),
	  TABLE_TEST(test_fixed_must_all_pass),
	  TABLE_TEST(test_control_natural_reports_only),
	  TABLE_TEST(test_smoke_must_all_pass),
	  TABLE_TEST(test_missing_record_fails_the_row),
	  TABLE_TEST(test_natural_reclaim_and_time_to_deadlock),
	  TABLE_TEST(test_print_groups_and_mean),
	  TABLE_TEST(test_syz_titles),
	  TABLE_TEST(test_lockdep_control_needs_every_run),
	  TABLE_TEST(test_lockdep_and_swap_fixed_must_pass),
	  TABLE_TEST(test_swap_control_reports_only),
	  TABLE_TEST(test_skipped_runs),
	  cmocka_unit_test(test_record_fields),
	  cmocka_unit_test(test_record_of_the_judge),
	  cmocka_unit_test(test_malformed_records),
	  cmocka_unit_test(test_malformed_record_in_table),
	  TABLE_TEST(test_record_of_the_run))
