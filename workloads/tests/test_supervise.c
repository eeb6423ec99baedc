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

static void test_lines_relayed_and_status(void **state)
{
	struct captured c;

	(void)state;
	capture_open(&c);
	assert_int_equal(supervise_run("t", child_ok, "world", "", c.fout, c.ferr), 0);
	capture_close(&c);
	/* The child volunteers for the OOM killer; progress is not printed. */
	assert_string_equal(c.out, "t: hello world\nt: oom_score_adj=1000\n");
	assert_string_equal(c.err, "");
	capture_free(&c);
}

static void test_child_exit_status(void **state)
{
	struct captured c;

	(void)state;
	capture_open(&c);
	assert_int_equal(supervise_run("t", child_fails, NULL, "", c.fout, c.ferr), 1);
	capture_close(&c);
	assert_string_equal(c.out, "");
	assert_string_equal(c.err, "t: something broke\n");
	capture_free(&c);
}

static void test_killed_child_reported(void **state)
{
	struct captured c;

	(void)state;
	capture_open(&c);
	assert_int_equal(supervise_run("t", child_killed, NULL, "x=0", c.fout, c.ferr),
			 SUPERVISE_EXIT_CHILD_KILLED);
	capture_close(&c);
	assert_string_equal(c.out, "t: started\n");
	assert_string_equal(c.err, "t: child killed by signal 9 (likely OOM killer) "
				   "phase=two mb_at_last_report=128\n");
	capture_free(&c);
}

static void test_other_signal_and_initial_progress(void **state)
{
	struct captured c;
	char want[160];

	(void)state;
	capture_open(&c);
	assert_int_equal(supervise_run("t", child_killed_early, NULL, "anon_mb_at_last_report=0",
				       c.fout, c.ferr), SUPERVISE_EXIT_CHILD_KILLED);
	capture_close(&c);
	snprintf(want, sizeof(want), "t: child killed by signal %d (%s) anon_mb_at_last_report=0\n",
		 SIGTERM, strsignal(SIGTERM));
	assert_string_equal(c.err, want);
	capture_free(&c);
}

TEST_MAIN("supervise",
	  cmocka_unit_test(test_lines_relayed_and_status),
	  cmocka_unit_test(test_child_exit_status),
	  cmocka_unit_test(test_killed_child_reported),
	  cmocka_unit_test(test_other_signal_and_initial_progress))
