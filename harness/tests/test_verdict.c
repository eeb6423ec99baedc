// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-verdict: each rule on hand-built facts, their order, the output
 * formats, and gather_facts end to end on the golden console logs.
 */
#include "golden.h"
#include "util.h"
#include "verdict.h"
#include "verdict_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void boot_marker(struct verdict_input *in)
{
	struct boot_marker *b = &in->client.booted;

	b->seen = true;
	snprintf(b->scenario, sizeof(b->scenario), "%s", in->scenario);
	snprintf(b->arm, sizeof(b->arm), "%s", in->arm);
	snprintf(b->mode, sizeof(b->mode), "%s", in->mode);
	snprintf(b->seed, sizeof(b->seed), "1234");
	snprintf(b->run, sizeof(b->run), "r1");
	snprintf(b->boot, sizeof(b->boot), "b1");
	snprintf(b->nonce, sizeof(b->nonce), "n1");
}

/* The trace bound to the run, beating from tracing to the console's end,
 * and the fixed arm's story told whole. */
static void bound_trace(struct verdict_input *in)
{
	struct trace_counts *t = &in->trace;

	in->client.tracing_us = 1000000;
	in->client.tracing_announced = true;
	in->client.heartbeat_ms = 500;
	in->client.last_us = 9000000;
	in->client.writer_us = 7000000;
	in->server.writer_us = TIME_NONE;
	in->server.done_us = TIME_NONE;
	in->server.server_boots = 1;
	snprintf(in->server.server_nonce, sizeof(in->server.server_nonce), "n1");
	t->run_records = 1;
	t->run_record_first = true;
	snprintf(t->run_run, sizeof(t->run_run), "r1");
	snprintf(t->run_seed, sizeof(t->run_seed), "1234");
	snprintf(t->run_boot, sizeof(t->run_boot), "b1");
	snprintf(t->run_nonce, sizeof(t->run_nonce), "n1");
	t->run_us = 1000000;
	t->first_us = 1000000;
	t->last_us = 9000000;
	t->heartbeats = 17;
	t->heartbeat_last_seq = 17;
	t->heartbeat_first_us = 1100000;
	t->heartbeat_last_us = 9000000;
	in->story.step = STORY_EXITED;
}

/* An arm or a mode by its name, with what scenarios.def declares for it. */
static void set_arm(struct verdict_input *in, const char *arm)
{
	in->arm = arm;
	in->role = !strcmp(arm, "-") ? ROLE_NONE : arm_role_parse(arm);
}

static void set_mode(struct verdict_input *in, const char *mode)
{
	static const struct { const char *mode, *rules; } judge[] = {
		{ "forced", "reconnect-injected" }, { "natural", "reconnect-direct" },
		{ "smoke", "smoke" }, { "lockdep", "lockdep" }, { "swap", "swap" },
		{ "creation", "connect-error" },
	};

	in->mode = mode;
	for (size_t i = 0; i < ARRAY_SIZE(judge); i++)
		if (!strcmp(mode, judge[i].mode))
			in->rules = rule_set_parse(judge[i].rules);
}

/* A run that passes every rule; each test breaks one thing. */
static struct verdict_input *good_run(void)
{
	static struct verdict_input in;
	static struct verify_summary client[4], server[4];

	memset(&in, 0, sizeof(in));
	in.scenario = "tcp-v3";
	set_arm(&in, "fixed");
	set_mode(&in, "forced");
	in.console_read = in.server_read = in.trace_read = true;
	in.cls.sig = SIG_NONE;
	in.cls.time_us = TIME_NONE;
	in.cls.first_hang_us = TIME_NONE;
	snprintf(in.cls.title, sizeof(in.cls.title), "none");
	in.client.reconnect_us = 6000000;
	in.client.done = true;
	in.client.done_rc = 0;
	in.client.done_us = 9000000;
	in.client.writer_totals = true;
	in.client.writer_files = 4;
	in.client.writer_bytes = 100;
	in.client.summaries = client;
	in.client.nsummaries = 1;
	client[0] = (struct verify_summary){ 4, 4, 0, 100, 8000000, false, "" };
	in.client.nphases = 1;
	snprintf(in.client.phases[0].name, sizeof(in.client.phases[0].name), "done");
	in.server.reconnect_us = TIME_NONE;
	in.server.summaries = server;
	in.server.nsummaries = 1;
	server[0] = (struct verify_summary){ 4, 4, 0, 100, 8500000, false, "r1" };
	in.trace.skip_in_worker = 3;
	in.trace.inject_in_worker = 3;	/* the forced trigger's reclaims */
	in.trace.first_skip_us = TIME_NONE;
	in.trace.first_writeback_us = TIME_NONE;
	boot_marker(&in);
	bound_trace(&in);
	return &in;
}

static void deadlock(struct verdict_input *in, int64_t t)
{
	in->cls.sig = SIG_RECLAIM_COMMIT_DEADLOCK;
	in->cls.time_us = t;
	snprintf(in->cls.title, sizeof(in->cls.title),
		 "reclaim-commit-deadlock in xs_tcp_setup_socket via nfs_release_folio -> nfs_commit_inode");
	snprintf(in->cls.comm, sizeof(in->cls.comm), "kworker/u4:1");
	in->cls.pid = 35;
	snprintf(in->cls.wait, sizeof(in->cls.wait), "nfs_commit_inode");
	snprintf(in->cls.worker, sizeof(in->cls.worker), "xs_tcp_setup_socket");
	/* the trace witness agrees: pid 35 decided writeback, never came back */
	/* the run hung: nothing after the dump */
	in->cls.first_hang_us = t;
	in->client.done = false;
	in->client.nsummaries = in->server.nsummaries = 0;
	in->client.writer_us = TIME_NONE;
	in->witness = (struct worker_witness){ .pid = 35, .entered = true,
					       .writeback = true,
					       .writeback_us = t - 1000000,
					       .exit_us = TIME_NONE };
}

static void test_pass(void **state)
{
	struct verdict v;

	(void)state;
	verdict_decide(good_run(), &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_string_equal(v.text, "PASS");
	assert_int_equal(v.rule, 'e');
	assert_true(v.detect_us == TIME_NONE);
}

static void test_a_deadlock_with_detect_time(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	deadlock(in, 18500000);
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_DEADLOCK);
	assert_string_equal(v.text, "DEADLOCK(reclaim-commit-deadlock)");
	assert_int_equal(v.rule, 'a');
	/* from the worker's writeback decision, 1 s before the report */
	assert_int_equal(v.detect_us, 1000000);
}

static void test_a_deadlock_without_reconnect_marker(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	deadlock(in, 18500000);
	in->client.reconnect_us = TIME_NONE;
	verdict_decide(in, &v);
	/* the story has no start: the order cannot be checked */
	assert_int_equal(v.kind, VERDICT_WITNESS_DISAGREE);
}

static void test_a_other_hang_beats_everything_after(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->cls.sig = SIG_OTHER_HANG;
	in->cls.time_us = 7000000;
	snprintf(in->cls.title, sizeof(in->cls.title), "task hung in nfs_file_fsync");
	snprintf(in->cls.comm, sizeof(in->cls.comm), "nfstb-writer");
	in->cls.pid = 141;
	in->watchdog = 1;
	in->client.done = false;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_OTHER_HANG);
	assert_string_equal(v.text, "OTHER-HANG");
	assert_string_equal(v.reason, "task hung in nfs_file_fsync (nfstb-writer:141)");
	assert_int_equal(v.detect_us, 1000000);
}

static void test_b_watchdog_without_report(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->watchdog = 1;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_OTHER_HANG);
	assert_int_equal(v.rule, 'b');
	assert_string_equal(v.reason, "no progress and no blocked-task report");
}

static void test_c_no_done_marker(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->client.done = false;
	snprintf(in->client.phases[0].name, sizeof(in->client.phases[0].name),
		 "verify");
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_int_equal(v.rule, 'c');
	assert_string_equal(v.reason, "no phase=done marker (last phase=verify)");
	/* the orchestrator's own observation is named beside it */
	in->outcome = "domain nfstb-client not running";
	verdict_decide(in, &v);
	assert_string_equal(v.reason, "no phase=done marker (last phase=verify; "
			    "the orchestrator saw: domain nfstb-client not running)");
}

static void test_c_done_nonzero_rc(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->client.done_rc = 3;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_string_equal(v.reason, "phase=done rc=3");
}

static void test_d_client_failed(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->client.summaries[in->client.nsummaries++] =
		(struct verify_summary){ 4, 3, 1, 100, 8100000, false, "" };
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_DATA_LOSS);
	assert_string_equal(v.text, "DATA-LOSS");
	assert_string_equal(v.reason, "client verify failed=1 of files=4");
	assert_int_equal(data_state(in), DATA_LOSS);
}

static void test_d_server_missing(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->server.nsummaries = 0;
	verdict_decide(in, &v);
	/* no answer is not a wrong byte: the run cannot be judged */
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_string_equal(v.text, "NO-JUDGEMENT");
	assert_int_equal(v.rule, 'v');
	assert_string_equal(v.reason, "server verify summary missing");
	assert_int_equal(data_state(in), DATA_MISSING);
}

static void test_d_loss_outranks_missing(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->client.nsummaries = 0;
	in->server.summaries[0].failed = 2;
	verdict_decide(in, &v);
	assert_string_equal(v.reason, "server verify failed=2 of files=4");
	assert_int_equal(data_state(in), DATA_LOSS);
}

static void test_e_no_skip_evidence(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->trace.skip_in_worker = 0;
	in->trace.skip_elsewhere = 5;	/* skips outside the worker prove nothing */
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_int_equal(v.rule, 'e');
	assert_string_equal(v.reason,
		"protection not exercised: no nfs_release_folio skipped inside a connect worker");
}

static void test_e_smoke_needs_no_skip(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	set_arm(in, "-");
	set_mode(in, "smoke");
	boot_marker(in);
	in->trace.skip_in_worker = 0;
	in->story.step = STORY_NONE;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_string_equal(v.reason, "smoke: files=4 bytes=100 verified on client and server");
	/* the earlier rules still hold for smoke runs */
	in->server.summaries[0].failed = 1;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_DATA_LOSS);
}

static void test_unreadable_inputs(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	in->trace_read = false;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_string_equal(v.reason, "cannot read trace");

	in = good_run();
	in->server_read = false;
	verdict_decide(in, &v);
	assert_string_equal(v.reason, "cannot read server console");

	in = good_run();
	in->console_read = false;
	in->watchdog = 1;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_string_equal(v.reason, "cannot read client console");
}

static char *capture_line_and_tsv(const struct verdict_input *in,
				  const struct verdict *v)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	report_line(f, in, v);
	report_tsv(f, in, v);
	fclose(f);
	return out;
}

static void test_report_formats(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;
	char *out;

	(void)state;
	set_arm(in, "control");
	boot_marker(in);
	deadlock(in, 18500000);
	in->client.done = false;
	in->client.nsummaries = 0;
	verdict_decide(in, &v);
	out = capture_line_and_tsv(in, &v);
	assert_string_equal(out,
		"VERDICT tcp-v3 control forced DEADLOCK(reclaim-commit-deadlock) "
		"signature=reclaim-commit-deadlock detect_s=1.000 "
		"reason=reclaim-commit-deadlock in xs_tcp_setup_socket via nfs_release_folio -> nfs_commit_inode\n"
		"tcp-v3\tcontrol\tforced\tDEADLOCK(reclaim-commit-deadlock)\t"
		"reclaim-commit-deadlock\t1.000\t6.000000\t18.500000\t3\tmissing\t0\t11.500\n");
	free(out);

	in = good_run();
	in->trace_read = false;
	in->client.reconnect_us = TIME_NONE;
	in->client.booted.seen = true;
	verdict_decide(in, &v);
	out = capture_line_and_tsv(in, &v);
	assert_string_equal(out,
		"VERDICT tcp-v3 fixed forced ERROR signature=none detect_s=- reason=cannot read trace\n"
		"tcp-v3\tfixed\tforced\tERROR\tnone\t-\t-\t-\t-\tok\t-\t-\n");
	free(out);
}

static void test_json_has_the_facts(void **state)
{
	struct verdict_input *in = good_run();
	struct report_paths p = { "c\"1.log", "t.trace", "s.log", NULL };
	struct verdict v;
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	verdict_decide(in, &v);
	f = open_memstream(&out, &len);
	report_json(f, in, &v, &p);
	fclose(f);
	must_contain_all(out,
			 "\"verdict\": \"PASS\"",
			 "\"detect_s\": null",
			 "\"console\": \"c\\\"1.log\"",
			 "\"release_skip_in_worker\": 3",
			 "\"reconnect_time\": 6.000000",
			 "\"verify\": [{\"files\": 4, \"ok\": 4, \"failed\": 0",
			 "\"booted\": {\"scenario\": \"tcp-v3\", \"arm\": \"fixed\"",
			 "\"writer_totals\": {\"files\": 4, \"bytes\": 100}",
			 "\"packets\": null",
			 "\"flags_restored\": \"n/a\"");
	assert_int_equal(out[0], '{');
	assert_int_equal(out[len - 2], '}');
	free(out);
}

/* ---- mode lockdep ---- */

static struct verdict_input *lockdep_run(const char *arm, enum lockdep_kind k)
{
	struct verdict_input *in = good_run();

	set_arm(in, arm);
	set_mode(in, "lockdep");
	in->trace.skip_in_worker = 0;	/* not needed in this mode */
	in->lockdep.kind = k;
	in->lockdep.time_us = TIME_NONE;
	snprintf(in->lockdep.title, sizeof(in->lockdep.title), "%s",
		 k == LOCKDEP_RECLAIM_CONNECT ?
		 "possible circular locking dependency: xprt_connect -> fs_reclaim in kworker/u4:2" :
		 k == LOCKDEP_OTHER ? "inconsistent lock state: &xprt->transport_lock in swapper/0" :
		 "none");
	boot_marker(in);
	return in;
}

static void test_lockdep_pass(void **state)
{
	struct verdict v;

	(void)state;
	verdict_decide(lockdep_run("fixed", LOCKDEP_NONE), &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_int_equal(v.rule, 'e');
	assert_string_equal(v.reason, "no lockdep report, files=4 bytes=100 verified on client and server");
}

static void test_lockdep_reports(void **state)
{
	struct verdict v;

	(void)state;
	verdict_decide(lockdep_run("control", LOCKDEP_RECLAIM_CONNECT), &v);
	assert_int_equal(v.kind, VERDICT_LOCKDEP);
	assert_int_equal(v.rule, 'l');
	assert_string_equal(v.text, "LOCKDEP(reclaim-connect)");
	assert_string_equal(v.reason,
		"possible circular locking dependency: xprt_connect -> fs_reclaim in kworker/u4:2");
	assert_true(v.detect_us == TIME_NONE);
	verdict_decide(lockdep_run("fixed", LOCKDEP_OTHER), &v);
	assert_int_equal(v.kind, VERDICT_OTHER_LOCKDEP);
	assert_string_equal(v.text, "OTHER-LOCKDEP");
	assert_string_equal(v.reason,
		"inconsistent lock state: &xprt->transport_lock in swapper/0");
}

static void test_lockdep_rule_order(void **state)
{
	struct verdict_input *in;
	struct verdict v;

	(void)state;
	/* (a) a hang beats the report */
	in = lockdep_run("control", LOCKDEP_RECLAIM_CONNECT);
	deadlock(in, 18500000);
	in->trace_read = true;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(reclaim-commit-deadlock)");
	/* (b) so does the watchdog */
	in = lockdep_run("control", LOCKDEP_RECLAIM_CONNECT);
	in->watchdog = 1;
	verdict_decide(in, &v);
	assert_int_equal(v.rule, 'b');
	/* (c) a run that did not finish proves nothing */
	in = lockdep_run("control", LOCKDEP_RECLAIM_CONNECT);
	in->client.done_rc = 1;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_string_equal(v.reason, "phase=done rc=1");
	/* the report beats (d) */
	in = lockdep_run("control", LOCKDEP_RECLAIM_CONNECT);
	in->server.nsummaries = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_LOCKDEP);
	/* (d) without a report, as in the other modes */
	in = lockdep_run("fixed", LOCKDEP_NONE);
	in->server.summaries[0].failed = 1;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_DATA_LOSS);
	assert_string_equal(v.reason, "server verify failed=1 of files=4");
	in = lockdep_run("fixed", LOCKDEP_NONE);
	in->server_read = false;
	verdict_decide(in, &v);
	assert_string_equal(v.reason, "cannot read server console");
}

/* ---- arm stock: a kernel's own release (6.12) ---- */

static void test_stock_arm(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	set_arm(in, "stock");
	boot_marker(in);
	in->trace.skip_in_worker = 0;
	in->trace.async_in_worker = 5;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_string_equal(v.reason,
		"files=4 bytes=100 verified on client and server, the kernel's own release "
		"in a connect worker: 5 async_writeback, 0 writeback, 0 skip_nofs, no hang");
	/* no release in a connect worker: the question was never asked */
	in->trace.async_in_worker = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_HAZARD_NOT_REACHED);
	assert_string_equal(v.reason, "no nfs_release_folio decision inside a connect worker");
	/* a stock arm that deadlocks is judged like any other */
	in->trace.async_in_worker = 5;
	deadlock(in, 18500000);
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(reclaim-commit-deadlock)");
}

/* ---- mode swap ---- */

/* Natural mode: the pressure, with no trigger, must put a connect worker
 * into direct reclaim; the fixed arm must then skip there, and a control
 * arm's deadlock must be that worker's own reclaim. */
static void test_natural_mode(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	set_mode(in, "natural");
	boot_marker(in);
	in->trace.reclaim_in_worker = 2;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_string_equal(v.reason,
		"files=4 bytes=100 verified on client and server, memory pressure put a "
		"connect worker into direct reclaim 2 time(s), where it skipped 3 unstable folio(s)");
	/* reclaimed, but met no unstable folio */
	in->trace.skip_in_worker = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_HAZARD_NOT_REACHED);
	assert_string_equal(v.reason,
		"natural mode: 2 direct reclaim(s) in a connect worker, but none met an "
		"unstable folio (no nfs_release_folio skipped there)");
	/* skips in a worker that never reclaimed: the trace contradicts itself */
	in->trace.skip_in_worker = 3;
	in->trace.reclaim_in_worker = 0;
	in->trace.direct_reclaim_begin = 7;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_string_equal(v.reason,
		"the trace contradicts itself: 3 release decision(s) in a connect worker, "
		"but no reclaim inside one");
	/* never reclaimed: not reached, for either arm */
	in->trace.skip_in_worker = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_HAZARD_NOT_REACHED);
	assert_string_equal(v.reason,
		"natural mode: no connect worker entered direct reclaim (0 page "
		"allocation(s) that may reclaim in one, 7 direct reclaims elsewhere)");
	set_arm(in, "control");
	boot_marker(in);
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_HAZARD_NOT_REACHED);
	in->trace.writeback_in_worker = 1;
	/* an injected reclaim: the forced trigger was armed */
	in->trace.inject_reclaim = 4;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_WRONG_RUN);
	assert_int_equal(v.rule, 'j');
	in->trace.inject_reclaim = 0;
	/* the deadlock: the blocked worker must have begun direct reclaim */
	in->trace.reclaim_in_worker = 1;
	deadlock(in, 18500000);
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_WITNESS_DISAGREE);
	assert_string_equal(v.reason,
		"stack says kworker/u4:1:35 is blocked in nfs_commit_inode under reclaim in "
		"xs_tcp_setup_socket, trace says pid 35 began no direct reclaim inside its connect worker");
	in->witness.reclaim = true;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(reclaim-commit-deadlock)");
	/* reconnect marker at 6.0 s, blocking decision at 17.5 s */
	assert_int_equal(v.deadlock_us, 11500000);
	/* the same stack in forced mode needs no reclaim begin */
	set_mode(in, "forced");
	in->witness.reclaim = false;
	boot_marker(in);
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(reclaim-commit-deadlock)");
}

/* A connect-error run that passes: one error exit, its error at the
 * writer, one file written again. */
static struct verdict_input *connerr_run(void)
{
	struct verdict_input *in = good_run();

	in->scenario = "connerr-v3";
	set_mode(in, "creation");
	in->trace.skip_in_worker = in->trace.inject_in_worker = 0;
	in->trace.worker_enter = in->trace.worker_exit = 3;
	in->trace.exits_checked = 3;
	in->trace.error_exits = 1;
	in->trace.error_exits_fatal = 1;
	snprintf(in->trace.first_error_exit, sizeof(in->trace.first_error_exit),
		 "kworker/u4:1-35 proto=tcp status=-23 at 6.100000");
	in->client.writer_fsync_errors = 1;
	snprintf(in->client.writer_fsync_error,
		 sizeof(in->client.writer_fsync_error),
		 "file=/mnt/nfs/r/nfstb-data.0 errno=23 (Too many open files in system)");
	in->client.writer_retried = 1;
	boot_marker(in);
	return in;
}

static void test_connect_error_rules(void **state)
{
	struct verdict_input *in = connerr_run();
	struct verdict v;

	(void)state;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "PASS");
	assert_string_equal(v.reason,
		"1 connect worker error exit(s), first kworker/u4:1-35 proto=tcp status=-23 at 6.100000; "
		"the error reached the writer (file=/mnt/nfs/r/nfstb-data.0 errno=23 (Too many open files in system)), "
		"1 file(s) written again and committed; files=4 bytes=100 verified on client and server; "
		"3 of 3 exits restored the task flags, 0 socket(s) reused");
	/* the fault never hit a connect */
	in = connerr_run();
	in->trace.error_exits = 0;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "HAZARD-NOT-REACHED");
	assert_int_equal(v.rule, 'q');
	/* the error stopped before the writer */
	in = connerr_run();
	in->client.writer_fsync_errors = 0;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "HAZARD-NOT-REACHED");
	assert_non_null(strstr(v.reason, "no error reached the writer's fsync"));
	/* an error the RPC layer retries (no route): none at the writer */
	in = connerr_run();
	in->trace.error_exits_fatal = 0;
	snprintf(in->trace.first_error_exit, sizeof(in->trace.first_error_exit),
		 "kworker/u4:1-35 proto=tcp status=-113 at 6.100000");
	in->client.writer_fsync_errors = 0;
	in->client.writer_retried = 0;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "PASS");
	assert_non_null(strstr(v.reason, "all with a status the RPC layer retries"));
	/* ... and one that reached the writer all the same */
	in->client.writer_fsync_errors = 1;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "WITNESS-DISAGREE");
	assert_int_equal(v.rule, 'q');
	/* an error, then a committed line that does not say it retried */
	in = connerr_run();
	in->client.writer_retried = -1;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "NO-JUDGEMENT");
	/* an error exit that left its scope set behind: the next work item */
	in = connerr_run();
	in->trace.entries_dirty = 1;
	snprintf(in->trace.first_dirty_entry, sizeof(in->trace.first_dirty_entry),
		 "kworker/u4:1-35 entered with entry_flags=MEMALLOC_NOFS at 9.000000");
	verdict_decide(in, &v);
	assert_string_equal(v.text, "FLAGS-LEAK");
	assert_string_equal(v.reason,
		"1 connect worker(s) started in a kworker that already had a scope set: "
		"kworker/u4:1-35 entered with entry_flags=MEMALLOC_NOFS at 9.000000 "
		"(an earlier work item never left its scope)");
	/* an error exit whose worker never came back */
	in = connerr_run();
	in->trace.workers_unexited = 1;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "WITNESS-DISAGREE");
	/* the retry's bytes not on the server */
	in = connerr_run();
	in->server.summaries[0].failed = 1;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DATA-LOSS");
	in->server.summaries[0].failed = 0;
}

static struct verdict_input *swap_run(const char *arm)
{
	struct verdict_input *in = good_run();
	struct swap_facts *s = &in->swap;

	set_arm(in, arm);
	set_mode(in, "swap");
	in->trace.skip_in_worker = 0;
	in->server.nsummaries = 0;	/* no server verify in this mode */
	in->client.nsummaries = 0;
	in->server_read = false;
	s->filled = s->ready = s->verified = true;
	s->mb = 640;
	s->ok = 1;
	s->pswpin = s->pswpout = s->elapsed_ms = -1;	/* not on the line */
	s->out_pages = 95000;
	s->in_pages = 79990;
	snprintf(s->reconnect_memory, sizeof(s->reconnect_memory), "reached");
	s->reconnect_free = 1400;
	s->reconnect_min = 1500;
	s->reconnect_low = 1800;
	/* mode swap: no squeeze (the console parser's -1: no phase=squeeze) */
	s->squeeze_free = s->squeeze_min = -1;
	in->trace.worker_enter = in->trace.worker_exit = 2;
	in->trace.exits_checked = 2;
	in->trace.memalloc_in_worker = 2;
	in->trace.nofs_in_worker = 2;
	in->trace.page_alloc_events = 40;	/* other kworkers' */
	in->after.entered = 2;		/* both after the reconnect */
	boot_marker(in);
	return in;
}

static void test_swap_pass(void **state)
{
	struct verdict_input *in = swap_run("fixed");
	struct verdict v;

	(void)state;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_int_equal(v.rule, 'e');
	assert_string_equal(v.reason,
		"swap verified: mb=640 swapped_out_pages=95000 swapped_in_pages=79990, "
		"2 connect worker(s) with PF_MEMALLOC; at the reconnect "
		"free_pages=1400 min_pages=1500 (at or below min), "
		"0 pages allocated inside a connect worker and no direct reclaim "
		"(free slab objects served the new socket: no reserve needed)");
	assert_int_equal(data_state(in), DATA_OK);
	/* the control arm needs no PF_MEMALLOC worker to pass; the reason
	 * says what let it through */
	in = swap_run("control");
	in->trace.memalloc_in_worker = 0;
	in->trace.reclaim_in_worker = 3;
	in->trace.page_alloc_in_worker = 5;
	snprintf(in->trace.first_reclaim_in_worker,
		 sizeof(in->trace.first_reclaim_in_worker),
		 "kworker/u4:1-35 at 17.200000");
	in->swap.reconnect_free = 2000;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_string_equal(v.reason,
		"swap verified: mb=640 swapped_out_pages=95000 swapped_in_pages=79990, "
		"0 connect worker(s) with PF_MEMALLOC; at the reconnect "
		"free_pages=2000 min_pages=1500 (above min), "
		"5 page(s) allocated and 3 direct reclaim(s) inside a connect worker, "
		"first kworker/u4:1-35 at 17.200000");
	/* an older console without the memory line */
	in->swap.reconnect_free = in->swap.reconnect_min = -1;
	in->trace.reclaim_in_worker = 0;
	verdict_decide(in, &v);
	assert_true(strstr(v.reason, "; reconnect memory not logged, 5 page(s) allocated inside a connect worker and no direct reclaim"));
	/* no claim about the slab without the page-allocation witness */
	in->trace.page_alloc_in_worker = 0;
	in->trace.page_alloc_events = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	assert_true(strstr(v.reason, ", page allocations not traced, no direct reclaim inside a connect worker"));
	assert_null(strstr(v.reason, "free slab objects"));
	in->trace.worker_enter = 0;
	verdict_decide(in, &v);
	assert_true(strstr(v.reason, ", no connect worker in the trace"));
}

/*
 * A squeezed run (mode starve) must show the worker needing a page below
 * min: with no page allocation that may reclaim and no direct reclaim in
 * a connect worker, either arm is HAZARD-NOT-REACHED (rule t); one such
 * allocation, or a direct reclaim, and the run is judged as before.
 */
static void test_swap_squeeze_reach(void **state)
{
	static const char *const arms[] = { "fixed", "control" };
	struct verdict v;

	(void)state;
	for (size_t a = 0; a < ARRAY_SIZE(arms); a++) {
		struct verdict_input *in = swap_run(arms[a]);

		set_mode(in, "starve");
		boot_marker(in);
		in->swap.squeeze_free = 1598;
		in->swap.squeeze_min = 438;
		snprintf(in->swap.squeeze_band, sizeof(in->swap.squeeze_band), "1887->11492");
		if (!strcmp(arms[a], "control"))
			in->trace.memalloc_in_worker = 0;
		verdict_decide(in, &v);
		assert_int_equal(v.kind, VERDICT_HAZARD_NOT_REACHED);
		assert_int_equal(v.rule, 't');
		assert_string_equal(v.reason,
			"squeezed from free_pages=1598 min_pages=438 (min_free_kbytes=1887->11492), but 2 connect worker(s) made no page allocation that may reclaim and no direct reclaim: the new socket needed no page below min");
		in->trace.page_alloc_in_worker = 1;
		verdict_decide(in, &v);
		assert_int_equal(v.kind, VERDICT_PASS);
		in->trace.page_alloc_in_worker = 0;
		in->trace.reclaim_in_worker = 1;
		verdict_decide(in, &v);
		assert_int_equal(v.kind, VERDICT_PASS);
		/* without the page-allocation witness, no claim either way */
		in->trace.reclaim_in_worker = 0;
		in->trace.page_alloc_events = 0;
		verdict_decide(in, &v);
		assert_int_equal(v.kind, VERDICT_PASS);
	}
}

static void test_swap_hang_keeps_signature(void **state)
{
	struct verdict_input *in = swap_run("control");
	struct verdict v;

	(void)state;
	deadlock(in, 18500000);
	in->swap.oom = true;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(reclaim-commit-deadlock)");
	assert_int_equal(v.detect_us, 1000000);
	in = swap_run("control");
	in->cls.sig = SIG_OTHER_HANG;
	in->cls.time_us = 7000000;
	snprintf(in->cls.title, sizeof(in->cls.title), "task hung in rpc_wait_bit_killable");
	snprintf(in->cls.comm, sizeof(in->cls.comm), "kworker/u4:1");
	in->cls.pid = 35;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "OTHER-HANG");
	assert_string_equal(v.reason, "task hung in rpc_wait_bit_killable (kworker/u4:1:35)");
}

static void test_swap_oom_then_fail(void **state)
{
	struct verdict_input *in = swap_run("control");
	struct verdict v;

	(void)state;
	in->client.done = false;	/* FAIL and OOM come before (c) */
	in->swap.fail = true;
	snprintf(in->swap.fail_line, sizeof(in->swap.fail_line),
		 "FAIL offset=4096 expected=0x11 got=0x00");
	in->swap.oom = true;
	snprintf(in->swap.oom_line, sizeof(in->swap.oom_line),
		 "Out of memory: Killed process 212 (nfstb-swapfill)");
	/* a wrong byte is DATA-LOSS, whatever else the run did */
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_DATA_LOSS);
	assert_int_equal(v.rule, 'd');
	assert_string_equal(v.reason, "nfstb-swapfill: FAIL offset=4096 expected=0x11 got=0x00");
	assert_int_equal(data_state(in), DATA_LOSS);
	in->swap.fail = false;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_OOM);
	assert_string_equal(v.text, "OOM");
	assert_int_equal(v.rule, 'o');
	assert_string_equal(v.reason,
		"nfstb-swapfill OOM-killed: Out of memory: Killed process 212 (nfstb-swapfill); "
		"the OOM killer was invoked by an unknown task");
	snprintf(in->swap.oom_invoker, sizeof(in->swap.oom_invoker),
		 "kworker/u4:2");
	in->swap.oom_by_connect_worker = true;
	verdict_decide(in, &v);
	assert_string_equal(v.reason,
		"nfstb-swapfill OOM-killed: Out of memory: Killed process 212 (nfstb-swapfill); "
		"the OOM killer was invoked by kworker/u4:2, a socket connect worker: "
		"its new socket found no memory");
}

/* The trace of a starved worker: entered without PF_MEMALLOC, reclaimed
 * in rounds that freed nothing, never exited. */
static void starved_trace(struct worker_witness *w)
{
	w->pid = 35;
	w->entered = true;
	w->reclaim = true;
	snprintf(w->enter_flags, sizeof(w->enter_flags), "MEMALLOC_NOFS");
	w->reclaim_rounds = 40;
	w->reclaim_ends = 39;
	w->reclaimed_pages = 32;
	w->reclaim_empty_tail = 38;
	w->first_reclaim_us = 14000000;
	w->last_reclaim_us = 30000000;
	w->exited_after_reclaim = false;
	w->reclaim_exit_us = TIME_NONE;
}

/* A connect worker starved in the allocator: named in swap mode only,
 * and only when the trace tells the whole starvation. */
static void test_swap_connect_starved(void **state)
{
	struct verdict_input *in = swap_run("control");
	struct verdict v;

	(void)state;
	in->cls.sig = SIG_CONNECT_ALLOC_STALL;
	in->cls.time_us = 30000000;
	in->cls.first_hang_us = 30000000;
	in->cls.pid = 35;
	in->cls.dumps = 3;
	/* the run stops at its dumps: no phase=done after them */
	in->client.done = false;
	in->cls.samples_matched = 3;
	snprintf(in->cls.comm, sizeof(in->cls.comm), "kworker/u4:1");
	snprintf(in->cls.worker, sizeof(in->cls.worker), "xs_tcp_setup_socket");
	snprintf(in->cls.wait, sizeof(in->cls.wait), "__alloc_pages_slowpath");
	snprintf(in->cls.title, sizeof(in->cls.title),
		 "connect-alloc-stall in xs_tcp_setup_socket under __alloc_pages_slowpath");
	in->swap.squeeze_free = 2580;
	in->swap.squeeze_min = 566;
	snprintf(in->swap.squeeze_band, sizeof(in->swap.squeeze_band), "2370->27976");
	starved_trace(&in->witness);
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(swap-connect-starved)");
	assert_string_equal(v.reason,
		"connect-alloc-stall in xs_tcp_setup_socket under __alloc_pages_slowpath "
		"(kworker/u4:1:35, flags=MEMALLOC_NOFS), blocked in 3 of 3 SysRq-W sample(s); "
		"40 direct reclaim round(s) from 14.000000 to 30.000000, the last 38 freed 0 pages (32 in all); "
		"squeeze from free_pages=2580 min_pages=566, min_free_kbytes=2370->27976");
	/* every part of the trace's story, taken away one at a time */
	static const char *const broken[] = {
		"no xs_connect_worker_enter by pid 35",
		"its connect worker ran with PF_MEMALLOC (flags=MEMALLOC|MEMALLOC_NOFS)",
		"no direct reclaim by pid 35 inside its connect worker",
		"only its last 7 of 39 direct reclaim round(s) freed nothing (32 page(s) freed in all), fewer than 8",
		"xs_connect_worker_exit by pid 35 at 31.000000",
	};
	for (size_t i = 0; i < ARRAY_SIZE(broken); i++) {
		char want[512];

		starved_trace(&in->witness);
		switch (i) {
		case 0: in->witness.entered = false; break;
		case 1:
			snprintf(in->witness.enter_flags, sizeof(in->witness.enter_flags),
				 "MEMALLOC|MEMALLOC_NOFS");
			break;
		case 2: in->witness.reclaim_rounds = 0; break;
		case 3: in->witness.reclaim_empty_tail = 7; break;
		case 4:
			in->witness.exited_after_reclaim = true;
			in->witness.reclaim_exit_us = 31000000;
			break;
		}
		verdict_decide(in, &v);
		snprintf(want, sizeof(want),
			 "stack says kworker/u4:1:35 is blocked in __alloc_pages_slowpath in "
			 "xs_tcp_setup_socket, trace says %s", broken[i]);
		assert_string_equal(v.text, "WITNESS-DISAGREE");
		assert_string_equal(v.reason, want);
	}
	/* another mode: the stall is a hang, not this deadlock */
	starved_trace(&in->witness);
	set_mode(in, "forced");
	boot_marker(in);
	verdict_decide(in, &v);
	assert_string_equal(v.text, "OTHER-HANG");
}

/* The starvation an OOM kill ended: no stack, the trace and the kill. */
static void test_swap_starved_until_oom(void **state)
{
	struct verdict_input *in = swap_run("control");
	struct verdict v;

	(void)state;
	in->swap.oom = true;
	in->swap.oom_us = 20580000;
	snprintf(in->swap.oom_line, sizeof(in->swap.oom_line),
		 "oom-kill:constraint=CONSTRAINT_NONE,task=nfstb-swapfill,pid=112");
	snprintf(in->swap.oom_invoker, sizeof(in->swap.oom_invoker), "init");
	in->swap.squeeze_free = 3520;
	in->swap.squeeze_min = 566;
	snprintf(in->swap.squeeze_band, sizeof(in->swap.squeeze_band), "2370->43276");
	starved_trace(&in->starved);
	snprintf(in->starved.comm, sizeof(in->starved.comm), "kworker/u4:0");
	in->starved.exited_after_reclaim = true;
	in->starved.reclaim_exit_us = 20830000;
	verdict_decide(in, &v);
	assert_string_equal(v.text, "DEADLOCK(swap-connect-starved)");
	assert_string_equal(v.reason,
		"kworker/u4:0-35 (flags=MEMALLOC_NOFS) starved in its connect: 40 direct reclaim "
		"round(s) from 14.000000, the last 38 of them freeing 0 pages, until the OOM kill of "
		"nfstb-swapfill at 20.580000 (invoked by init); it exited at 20.830000; squeeze from "
		"free_pages=3520 min_pages=566, min_free_kbytes=2370->43276");
	/* each part missing: the kill is an OOM, nothing more */
	for (int i = 0; i < 5; i++) {
		starved_trace(&in->starved);
		in->starved.exited_after_reclaim = true;
		in->starved.reclaim_exit_us = 20830000;
		switch (i) {
		case 0: in->starved.entered = false; break;
		case 1:
			snprintf(in->starved.enter_flags, sizeof(in->starved.enter_flags),
				 "MEMALLOC|MEMALLOC_NOFS");
			break;
		case 2: in->starved.first_reclaim_us = 21000000; break;
		case 3: in->starved.reclaim_empty_tail = 7; break;
		case 4: in->starved.reclaim_exit_us = 19000000; break;
		}
		verdict_decide(in, &v);
		assert_string_equal(v.text, "OOM");
	}
	/* another rule set: not this rule's */
	starved_trace(&in->starved);
	in->rules = RULES_RECONNECT_DIRECT;
	assert_false(rule_swap_starved_oom(in, &v));
}

static void test_swap_needs_done_and_verified(void **state)
{
	struct verdict_input *in = swap_run("fixed");
	struct verdict v;

	(void)state;
	in->client.done = false;
	verdict_decide(in, &v);
	assert_int_equal(v.rule, 'c');
	in = swap_run("fixed");
	in->swap.verified = false;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_int_equal(v.rule, 's');
	assert_string_equal(v.reason, "no 'nfstb-swapfill: verified' line");
	assert_int_equal(data_state(in), DATA_MISSING);
	in = swap_run("fixed");
	in->swap.ok = 0;
	snprintf(in->swap.verified_line, sizeof(in->swap.verified_line),
		 "verified mb=640 ok=0");
	verdict_decide(in, &v);
	assert_string_equal(v.reason,
			    "nfstb-swapfill: verified without ok=1: verified mb=640 ok=0");
}

static void test_swap_needs_traffic(void **state)
{
	struct verdict_input *in = swap_run("fixed");
	struct verdict v;

	(void)state;
	in->swap.out_pages = 0;
	in->swap.in_pages = -1;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_string_equal(v.reason,
		"no swap traffic (swapped_out_pages=0 swapped_in_pages=none)");
	in = swap_run("fixed");
	in->swap.in_pages = 0;
	verdict_decide(in, &v);
	assert_true(starts_with(v.reason, "no swap traffic"));
}

/* Rule w: a trace that announced a heartbeat must carry it to the end. */
static struct verdict_input *beating_run(const char *arm)
{
	struct verdict_input *in = good_run();

	set_arm(in, arm);
	boot_marker(in);
	in->client.heartbeat_ms = 500;
	in->trace.heartbeats = in->trace.heartbeat_last_seq = 18;
	in->trace.heartbeat_last_us = 9000000;
	in->client.last_us = 9200000;
	return in;
}

static void test_witness_heartbeat(void **state)
{
	struct verdict_input *in = beating_run("fixed");
	struct verdict v;

	(void)state;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	in->trace.heartbeats = in->trace.heartbeat_last_seq = 0;
	in->trace.heartbeat_last_us = TIME_NONE;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_int_equal(v.rule, 'w');
	assert_string_equal(v.reason,
		"the trace carries no heartbeat: the stream never worked");
	in = beating_run("fixed");
	in->trace.heartbeat_last_seq = 20;
	in->trace.heartbeat_missing = 2;
	verdict_decide(in, &v);
	assert_string_equal(v.reason,
		"the trace lost events: 2 of 20 heartbeats missing, 0 out of order, 0 events reported lost");
	in = beating_run("fixed");
	in->trace.lost_events = 7;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	in = beating_run("fixed");
	in->trace_read = false;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	/* 2 s of slack: a beat 1.9 s before the console's end is alive */
	in = beating_run("fixed");
	in->client.last_us = in->trace.heartbeat_last_us + 1900000;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	/* the control arm's deadlock does not rest on a stopped witness */
	in = beating_run("control");
	in->trace.skip_in_worker = 0;
	in->trace.writeback_in_worker = 1;
	deadlock(in, 179000000);
	in->trace.heartbeat_last_us = 2700000;
	in->trace.heartbeat_last_seq = in->trace.heartbeats = 5;
	in->client.last_us = 179100000;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_string_equal(v.reason,
		"the trace witness stopped at 2.700000 s (heartbeat seq=5); the console went on to 179.100000 s");
	/* ... and nor does a swap run's PASS */
	in = swap_run("fixed");
	in->client.heartbeat_ms = 500;
	in->trace.heartbeats = in->trace.heartbeat_last_seq = 5;
	in->trace.heartbeat_last_us = 2700000;
	in->client.last_us = 200000000;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_int_equal(v.rule, 'w');
}

static void test_swap_trace_rules(void **state)
{
	struct verdict_input *in = swap_run("control");
	struct verdict v;

	(void)state;
	in->trace.exits_mismatched = 1;
	snprintf(in->trace.first_mismatch, sizeof(in->trace.first_mismatch),
		 "kworker/u4:1-35 exited with flags=MEMALLOC, entered with entry_flags=0");
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_FLAGS_LEAK);
	assert_string_equal(v.text, "FLAGS-LEAK");
	assert_int_equal(v.rule, 'f');
	assert_string_equal(v.reason,
		"1 of 2 connect worker exits did not restore the task flags: "
		"kworker/u4:1-35 exited with flags=MEMALLOC, entered with entry_flags=0");
	/* a swap transport's worker without PF_MEMALLOC: the kernel's fault */
	in = swap_run("fixed");
	in->after.without_memalloc = 1;
	snprintf(in->after.first_without, sizeof(in->after.first_without),
		 "kworker/u4:1-35 dst=10.0.0.1:2049 flags=MEMALLOC_NOFS at 24.1");
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_BUG_PATH);
	assert_int_equal(v.rule, 't');
	assert_string_equal(v.reason,
		"fixed arm: 1 of 2 connect worker(s) after the reconnect of the swap transport ran without PF_MEMALLOC, "
		"first kworker/u4:1-35 dst=10.0.0.1:2049 flags=MEMALLOC_NOFS at 24.1");
	/* the control arm runs without it by design */
	in = swap_run("control");
	in->after.without_memalloc = 2;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PASS);
	/* no worker at all: the testbed's */
	in = swap_run("fixed");
	in->after.entered = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_ERROR);
	assert_string_equal(v.reason,
		"no connect worker ran after the reconnect (no reconnect on the swap transport?)");
	in = swap_run("fixed");
	in->trace_read = false;
	verdict_decide(in, &v);
	assert_string_equal(v.reason, "cannot read trace");
}

static void test_mode_outputs(void **state)
{
	struct verdict_input *in = lockdep_run("control", LOCKDEP_RECLAIM_CONNECT);
	struct report_paths p = { "c.log", "t.trace", "s.log", NULL };
	struct verdict v;
	char *out;
	size_t len = 0;
	FILE *f;

	(void)state;
	in->scenario = "lockdep-v3";
	boot_marker(in);
	verdict_decide(in, &v);
	out = capture_line_and_tsv(in, &v);
	assert_string_equal(out,
		"VERDICT lockdep-v3 control lockdep LOCKDEP(reclaim-connect) signature=none "
		"detect_s=- reason=possible circular locking dependency: xprt_connect -> fs_reclaim in kworker/u4:2\n"
		"lockdep-v3\tcontrol\tlockdep\tLOCKDEP(reclaim-connect)\tnone\t-\t6.000000\t-\t0\tok\t0\t-\n");
	free(out);

	in = swap_run("fixed");
	in->scenario = "swap-v3";
	boot_marker(in);
	verdict_decide(in, &v);
	out = capture_line_and_tsv(in, &v);
	assert_true(strstr(out, "swap-v3\tfixed\tswap\tPASS\tnone\t-\t6.000000\t-\t0\tok\t0\t-\n"));
	free(out);
	out = NULL;
	f = open_memstream(&out, &len);
	report_json(f, in, &v, &p);
	fclose(f);
	must_contain_all(out,
			 "\"lockdep\": {\n    \"kind\": \"none\"",
			 "\"swapped_out_pages\": 95000,\n    \"swapped_in_pages\": 79990,",
			 "\"memalloc_in_worker\": 2",
			 "\"nofs_in_worker\": 2",
			 "\"flags_restored\": \"ok\"",
			 "\"pswpin\": null",
			 "\"oom\": false");
	free(out);
}

static void test_gather_swap_end_to_end(void **state)
{
	char *dir = test_tmpdir(), console[256], trace[256];
	struct verdict_input *in = calloc(1, sizeof(*in));
	struct report_paths p;
	struct verdict v;

	(void)state;
	/* swap: console lines and a trace with a PF_MEMALLOC worker */
	snprintf(console, sizeof(console), "%s/client.log", dir);
	test_write(console,
		   "[    3.0] nfstb: phase=booted scenario=swap-v3 workload=swap vers=3 "
		   "proto=tcp arm=fixed mode=swap run=swap-v3-fixed-swap-1 seed=77 nonce=n7 boot=b7\n"
		   "[    3.1] nfstb: phase=tracing events=20 heartbeat_ms=500\n"
		   "[   24.0] nfstb: phase=reconnect proto=tcp\n"
		   "[   60.0] nfstb-swapfill: verified mb=640 ok=1 pswpin=1 pswpout=2 "
		   "elapsed_ms=3 swapped_out_pages=7 swapped_in_pages=5\n"
		   "[   61.0] nfstb: phase=done rc=0\n");
	snprintf(trace, sizeof(trace), "%s/trace", dir);
	test_write(trace,
		   " sh-9 [000] ..... 3.050000: tracing_mark_write: nfstb-run "
		   "run=swap-v3-fixed-swap-1 seed=77 nonce=n7 boot=b7\n"
		   " pump-9 [000] ..... 3.100000: tracing_mark_write: nfstb-heartbeat seq=1\n"
		   " pump-9 [000] ..... 60.000000: tracing_mark_write: nfstb-heartbeat seq=2\n"
		   " kworker/u4:1-35 [001] ..... 24.100000: xs_connect_worker_enter: "
		   "proto=tcp dst=10.0.0.1:2049 entry_flags= flags=MEMALLOC|MEMALLOC_NOFS\n"
		   " kworker/u4:1-35 [001] ..... 24.200000: xs_connect_worker_exit: "
		   "proto=tcp dst=10.0.0.1:2049 entry_flags= flags= status=0\n");
	p = (struct report_paths){ console, trace, "/nonexistent/server", NULL };
	in->scenario = "swap-v3";
	set_arm(in, "fixed");
	set_mode(in, "swap");
	in->seed = "77";
	gather_facts(in, &p);
	verdict_decide(in, &v);
	assert_int_equal(in->swap.in_pages, 5);
	assert_string_equal(v.text, "PASS");
	assert_int_equal(in->trace.memalloc_in_worker, 1);
	assert_int_equal(in->trace.nofs_in_worker, 1);
	/* another seed than the orchestrator passed: not this run's evidence */
	in->seed = "78";
	verdict_decide(in, &v);
	assert_string_equal(v.text, "WRONG-RUN");
	assert_string_equal(v.reason, "boot marker says seed=77, judged seed=78");
	in->seed = "77";
	gather_free(in);
	/* another trace, with no record of this run: it judges nothing */
	p.trace = NFSTB_TEST_DATA "/trace/fixed-forced.trace";
	gather_facts(in, &p);
	verdict_decide(in, &v);
	assert_string_equal(v.reason,
		"the trace has no 'nfstb-run' record: it cannot be tied to this run");
	gather_free(in);

	free(in);
	test_rmtree(dir);
	free(dir);
}


/* Judge @console_text as run r9 of tcp-v3.fixed.@mode with nonce @nonce. */
static void judge_console(const char *console_text, const char *mode,
			  const char *nonce, struct verdict *v)
{
	char *dir = test_tmpdir(), console[256];
	struct verdict_input *in = calloc(1, sizeof(*in));
	struct report_paths p;

	snprintf(console, sizeof(console), "%s/client.log", dir);
	test_write(console, console_text);
	p = (struct report_paths){ console, "/nonexistent/trace",
				   "/nonexistent/server", NULL };
	in->scenario = "tcp-v3";
	set_arm(in, "fixed");
	set_mode(in, mode);
	in->seed = "77";
	in->run = "r9";
	in->nonce = nonce;
	gather_facts(in, &p);
	verdict_decide(in, v);
	gather_free(in);
	free(in);
	test_rmtree(dir);
	free(dir);
}

#define BOOTED(mode) "[    3.0] nfstb: phase=booted scenario=tcp-v3 workload=reconnect " \
	"vers=3 proto=tcp arm=fixed mode=" mode " run=r9 seed=77 nonce=n7 boot=b7\n"
#define KNOB "[    3.2] nfstb: phase=error what=missing-knob knob=reclaim_inject\n"

static void test_u_missing_knob_skips(void **state)
{
	static const char *const modes[] = { "forced", "natural", "smoke",
					      "lockdep", "swap", "creation" };
	char text[1024];
	struct verdict v;

	(void)state;
	/* every rule set: the kernel lacks the knob, the run stopped there */
	for (size_t i = 0; i < ARRAY_SIZE(modes); i++) {
		snprintf(text, sizeof(text),
			 "[    3.0] nfstb: phase=booted scenario=tcp-v3 workload=reconnect "
			 "vers=3 proto=tcp arm=fixed mode=%s run=r9 seed=77 nonce=n7 boot=b7\n"
			 KNOB "[    3.3] nfstb: phase=done rc=1\n", modes[i]);
		judge_console(text, modes[i], "n7", &v);
		assert_int_equal(v.kind, VERDICT_SKIP);
		assert_string_equal(v.text, "SKIP");
		assert_int_equal(v.rule, 'u');
		assert_string_equal(v.reason,
			"the kernel lacks reclaim_inject (the tree cannot run this cell)");
	}
	/* the console of another run (its nonce): not this run's skip */
	judge_console(BOOTED("forced") KNOB "[    3.3] nfstb: phase=done rc=1\n",
		      "forced", "n8", &v);
	assert_int_equal(v.kind, VERDICT_WRONG_RUN);
	assert_string_equal(v.reason, "boot marker says nonce=n7, judged nonce=n8");
	/* a missing-knob line before the run's boot marker is not its own */
	judge_console("[    1.0] nfstb: phase=error what=missing-knob knob=failslab\n"
		      BOOTED("forced") "[    3.3] nfstb: phase=done rc=1\n",
		      "forced", "n7", &v);
	assert_int_not_equal(v.kind, VERDICT_SKIP);
	assert_int_not_equal(v.rule, 'u');
	/* nor without any boot marker */
	judge_console(KNOB "[    3.3] nfstb: phase=done rc=1\n", "forced", "n7", &v);
	assert_int_equal(v.kind, VERDICT_WRONG_RUN);
	/* the run went on after it: not a clean skip */
	judge_console(BOOTED("forced") KNOB
		      "[   31.2] nfstb: phase=reconnect proto=tcp\n"
		      "[   40.0] nfstb: phase=done rc=1\n", "forced", "n7", &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_int_equal(v.rule, 'u');
	assert_string_equal(v.reason,
		"the guest says the kernel lacks reclaim_inject, but the run went on: "
		"phase=reconnect at 31.200000 s");
	judge_console(BOOTED("forced") KNOB "[    3.3] nfstb: phase=done rc=0\n",
		      "forced", "n7", &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_string_equal(v.reason,
		"the guest says the kernel lacks reclaim_inject, but the run went on: "
		"phase=done rc=0");
	/* a missing-knob line after the run had ended: not a skip either */
	judge_console(BOOTED("forced") "[    3.1] nfstb: phase=done rc=1\n" KNOB,
		      "forced", "n7", &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_string_equal(v.reason,
		"the guest says the kernel lacks reclaim_inject, but the run went on: "
		"phase=done at 3.100000 s, before it");
	/* no phase=done: the run did not end as a skip ends */
	judge_console(BOOTED("forced") KNOB, "forced", "n7", &v);
	assert_int_not_equal(v.kind, VERDICT_SKIP);
	assert_int_not_equal(v.rule, 'u');
}

static void test_u_missing_knob_hand_built(void **state)
{
	struct verdict_input *in = good_run();
	struct verdict v;

	(void)state;
	snprintf(in->client.missing_knob, sizeof(in->client.missing_knob),
		 "failslab");
	in->client.missing_knob_us = 9500000;
	in->client.missing_knob_phase = 0;
	in->client.nphases = 2;
	snprintf(in->client.phases[0].name, sizeof(in->client.phases[0].name), "error");
	snprintf(in->client.phases[1].name, sizeof(in->client.phases[1].name), "done");
	in->client.reconnect_us = TIME_NONE;
	in->client.done_rc = 1;
	in->client.writer_us = TIME_NONE;
	in->client.nsummaries = 0;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_SKIP);
	/* panic and the boot marker come first */
	snprintf(in->kernel.first[COMPLAINT_PANIC], sizeof(in->kernel.first[0]),
		 "Kernel panic - not syncing: x");
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_PANIC);
	in->kernel.first[COMPLAINT_PANIC][0] = '\0';
	/* a verify summary after it: the run went on */
	in->client.nsummaries = 1;
	in->client.summaries[0].time_us = 9600000;
	verdict_decide(in, &v);
	assert_int_equal(v.kind, VERDICT_NO_JUDGEMENT);
	assert_int_equal(v.rule, 'u');
	in->client.nsummaries = 0;
	/* a blocked-task report: the hang rules judge it */
	deadlock(in, 9700000);
	in->client.done = true;
	verdict_decide(in, &v);
	assert_int_not_equal(v.kind, VERDICT_SKIP);
	assert_int_equal(v.rule, 'a');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass),
		cmocka_unit_test(test_a_deadlock_with_detect_time),
		cmocka_unit_test(test_a_deadlock_without_reconnect_marker),
		cmocka_unit_test(test_a_other_hang_beats_everything_after),
		cmocka_unit_test(test_b_watchdog_without_report),
		cmocka_unit_test(test_c_no_done_marker),
		cmocka_unit_test(test_c_done_nonzero_rc),
		cmocka_unit_test(test_d_client_failed),
		cmocka_unit_test(test_d_server_missing),
		cmocka_unit_test(test_d_loss_outranks_missing),
		cmocka_unit_test(test_e_no_skip_evidence),
		cmocka_unit_test(test_e_smoke_needs_no_skip),
		cmocka_unit_test(test_unreadable_inputs),
		cmocka_unit_test(test_report_formats),
		cmocka_unit_test(test_json_has_the_facts),
		cmocka_unit_test(test_lockdep_pass),
		cmocka_unit_test(test_lockdep_reports),
		cmocka_unit_test(test_lockdep_rule_order),
		cmocka_unit_test(test_stock_arm),
		cmocka_unit_test(test_natural_mode),
		cmocka_unit_test(test_swap_pass),
		cmocka_unit_test(test_swap_squeeze_reach),
		cmocka_unit_test(test_swap_hang_keeps_signature),
		cmocka_unit_test(test_swap_oom_then_fail),
		cmocka_unit_test(test_swap_connect_starved),
		cmocka_unit_test(test_swap_starved_until_oom),
		cmocka_unit_test(test_swap_needs_done_and_verified),
		cmocka_unit_test(test_swap_needs_traffic),
		cmocka_unit_test(test_witness_heartbeat),
		cmocka_unit_test(test_swap_trace_rules),
		cmocka_unit_test(test_connect_error_rules),
		cmocka_unit_test(test_mode_outputs),
		cmocka_unit_test(test_gather_swap_end_to_end),
		cmocka_unit_test(test_u_missing_knob_skips),
		cmocka_unit_test(test_u_missing_knob_hand_built),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
