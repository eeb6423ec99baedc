/* The supervised child of nfstb-memhog and nfstb-swapfill: its lines are
 * relayed, its exit status passed on, and a death by signal is reported
 * with the last progress, never silent. */
#include "test_util.h"

#include <signal.h>
#include <unistd.h>

#include "supervise.h"

struct captured {
	char *out, *err;
	size_t out_len, err_len;
	FILE *fout, *ferr;
};

static void capture_open(struct captured *c)
{
	memset(c, 0, sizeof(*c));
	c->fout = open_memstream(&c->out, &c->out_len);
	c->ferr = open_memstream(&c->err, &c->err_len);
	assert_non_null(c->fout);
	assert_non_null(c->ferr);
}

static void capture_close(struct captured *c)
{
	fclose(c->fout);
	fclose(c->ferr);
}

static void capture_free(struct captured *c)
{
	free(c->out);
	free(c->err);
}

/* Child bodies: no cmocka asserts in here, they run in the child. */

static int child_ok(void *arg)
{
	char adj[16] = "";
	FILE *f = fopen("/proc/self/oom_score_adj", "r");

	if (f) {
		if (!fgets(adj, sizeof(adj), f))
			adj[0] = '\0';
		fclose(f);
	}
	adj[strcspn(adj, "\n")] = '\0';
	supervise_report('P', "step=1");
	supervise_report('O', "t: hello %s", (const char *)arg);
	supervise_report('O', "t: oom_score_adj=%s", adj);
	return 0;
}

static int child_fails(void *arg)
{
	(void)arg;
	supervise_report('E', "t: something broke");
	return 1;
}

static int child_killed(void *arg)
{
	(void)arg;
	supervise_report('O', "t: started");
	supervise_report('P', "phase=one mb_at_last_report=64");
	supervise_report('P', "phase=two mb_at_last_report=128");
	kill(getpid(), SIGKILL);
	pause();
	return 0;
}

static int child_killed_early(void *arg)
{
	(void)arg;
	raise(SIGTERM);
	pause();
	return 0;
}

/* Runs child under supervise_run() and checks its exit code and what the
 * parent printed; a NULL want_* is not checked. */
static void expect_run(int (*child)(void *), void *arg, const char *progress,
		       int want_rc, const char *want_out, const char *want_err)
{
	struct captured c;

	capture_open(&c);
	assert_int_equal(supervise_run("t", child, arg, progress, c.fout, c.ferr), want_rc);
	capture_close(&c);
	if (want_out)
		assert_string_equal(c.out, want_out);
	if (want_err)
		assert_string_equal(c.err, want_err);
	capture_free(&c);
}

static void test_lines_relayed_and_status(void **state)
{
	(void)state;
	/* The child volunteers for the OOM killer; progress is not printed. */
	expect_run(child_ok, "world", "", 0, "t: hello world\nt: oom_score_adj=1000\n", "");
}

static void test_child_exit_status(void **state)
{
	(void)state;
	expect_run(child_fails, NULL, "", 1, "", "t: something broke\n");
}

static void test_killed_child_reported(void **state)
{
	(void)state;
	expect_run(child_killed, NULL, "x=0", SUPERVISE_EXIT_CHILD_KILLED, "t: started\n",
		   "t: child killed by signal 9 (likely OOM killer) "
		   "phase=two mb_at_last_report=128\n");
}

static void test_other_signal_and_initial_progress(void **state)
{
	char want[160];

	(void)state;
	snprintf(want, sizeof(want), "t: child killed by signal %d (%s) anon_mb_at_last_report=0\n",
		 SIGTERM, strsignal(SIGTERM));
	expect_run(child_killed_early, NULL, "anon_mb_at_last_report=0",
		   SUPERVISE_EXIT_CHILD_KILLED, NULL, want);
}

TEST_MAIN("supervise",
	  cmocka_unit_test(test_lines_relayed_and_status),
	  cmocka_unit_test(test_child_exit_status),
	  cmocka_unit_test(test_killed_child_reported),
	  cmocka_unit_test(test_other_signal_and_initial_progress))
