/* nfstb-tracepump's stream: a FIFO stands in for trace_pipe and a plain
 * file for trace_marker, so the copy and the heartbeat can be checked
 * without tracefs. */
#include "test_util.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hold_file.h"
#include "tracepump.h"

struct fake_tracefs {
	char dir[64], pipe[96], marker[96], out[96];
	int pipe_writer;	/* keeps the FIFO open, as tracefs is */
};

static int setup(void **state)
{
	static struct fake_tracefs f;

	snprintf(f.dir, sizeof(f.dir), "/tmp/nfstb-tracepump.XXXXXX");
	assert_non_null(mkdtemp(f.dir));
	snprintf(f.pipe, sizeof(f.pipe), "%s/trace_pipe", f.dir);
	snprintf(f.marker, sizeof(f.marker), "%s/trace_marker", f.dir);
	snprintf(f.out, sizeof(f.out), "%s/out", f.dir);
	assert_int_equal(mkfifo(f.pipe, 0600), 0);
	f.pipe_writer = open(f.pipe, O_RDWR);
	assert_true(f.pipe_writer >= 0);
	close(open(f.marker, O_WRONLY | O_CREAT, 0600));
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fake_tracefs *f = *state;

	close(f->pipe_writer);
	unlink(f->pipe);
	unlink(f->marker);
	unlink(f->out);
	rmdir(f->dir);
	return 0;
}

/* What trace_pipe had reaches --out byte for byte; heartbeats 1..N are
 * written to trace_marker, one per period, the first at once. */
static void test_copies_and_beats(void **state)
{
	struct fake_tracefs *f = *state;
	const char text[] = "  kworker/u4:1-24 [001] ..... 2.79: xs_connect_worker_enter: proto=tcp\n";
	struct tracepump_opts o = { .tracefs = f->dir, .out = f->out,
				    .heartbeat_ms = 20, .beats = 3 };
	uint64_t start;

	assert_int_equal(write(f->pipe_writer, text, strlen(text)), (ssize_t)strlen(text));
	start = monotonic_ms();
	assert_int_equal(tracepump_stream(&o, stderr), 0);
	assert_true(monotonic_ms() - start >= 40);
	assert_string_equal(slurp(f->out), text);
	assert_string_equal(slurp(f->marker),
			    "nfstb-heartbeat seq=1\nnfstb-heartbeat seq=2\nnfstb-heartbeat seq=3\n");
}

/* No tracefs: one line naming the file, exit 1. */
static void test_missing_tracefs(void **state)
{
	struct fake_tracefs *f = *state;
	struct tracepump_opts o = { .tracefs = "/nonexistent", .out = f->out,
				    .heartbeat_ms = 20, .beats = 1 };
	char *msg = NULL;
	size_t len = 0;
	FILE *err = open_memstream(&msg, &len);

	assert_int_equal(tracepump_stream(&o, err), 1);
	fclose(err);
	assert_string_equal(msg,
			    "nfstb-tracepump: cannot open /nonexistent/trace_pipe: No such file or directory (is tracefs mounted?)\n");
	free(msg);
}

TEST_MAIN("tracepump",
	  cmocka_unit_test_setup_teardown(test_copies_and_beats, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_missing_tracefs, setup, teardown))
