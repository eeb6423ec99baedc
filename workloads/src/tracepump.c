#define _GNU_SOURCE
#include "tracepump.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "hold_file.h"
#include "path_join.h"

#ifndef PR_SET_IO_FLUSHER
#define PR_SET_IO_FLUSHER 57	/* Linux 5.6 */
#endif

/* Static: no allocation once running. */
static char chunk[65536];

/*
 * At most this much per write(2): a virtio-serial port copies each write
 * into a kmalloc() buffer of its size (GFP_KERNEL; 32 KiB at most), and
 * one above 8 KiB comes from the page allocator. Below the min watermark
 * that allocation would wait in reclaim, which for this process (an IO
 * flusher, no IO in its reclaim) may never free a page: the stream would
 * stop just when a deadlock starts. 2 KiB buffers come from a slab cache,
 * where the buffer each write frees serves the next.
 */
#define WRITE_MAX 2048

/* WRITE_MAX with --below-min yes, else a whole read (at most 64 KiB). */
static size_t write_max = sizeof(chunk);

static bool write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len < write_max ? len : write_max);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= (size_t)n;
	}
	return true;
}

/* Copies what trace_pipe has now; false on a read or write error. */
static bool drain(int pipe_fd, int out_fd)
{
	for (;;) {
		ssize_t n = read(pipe_fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return true;
		if (n <= 0)	/* 0: a FIFO without writer (tests) */
			return n == 0;
		if (!write_all(out_fd, chunk, (size_t)n))
			return false;
	}
}

static int open_in(const char *dir, const char *name, int flags, FILE *err)
{
	char path[4096];
	int fd;

	if (!path_join(path, sizeof(path), dir, name)) {
		fprintf(err, "%s: path too long: %s/%s\n", TRACEPUMP_TOOL, dir, name);
		return -1;
	}
	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0)
		fprintf(err, "%s: cannot open %s: %s (is tracefs mounted?)\n",
			TRACEPUMP_TOOL, path, strerror(errno));
	return fd;
}

static int pump(int pipe_fd, int marker_fd, int out_fd,
		const struct tracepump_opts *o, FILE *err)
{
	unsigned long long seq = 0;
	uint64_t next = monotonic_ms();
	char beat[64];

	for (;;) {
		struct pollfd p = { .fd = pipe_fd, .events = POLLIN };
		uint64_t now = monotonic_ms();

		if (now >= next) {
			int len = snprintf(beat, sizeof(beat), TRACEPUMP_BEAT_FMT, ++seq);

			if (!write_all(marker_fd, beat, (size_t)len)) {
				fprintf(err, "%s: cannot write trace_marker: %s\n",
					TRACEPUMP_TOOL, strerror(errno));
				return 1;
			}
			next += o->heartbeat_ms;
			now = monotonic_ms();
		}
		if (o->beats && seq >= o->beats)
			break;
		if (poll(&p, 1, next > now ? (int)(next - now) : 0) < 0 &&
		    errno != EINTR) {
			fprintf(err, "%s: poll: %s\n", TRACEPUMP_TOOL, strerror(errno));
			return 1;
		}
		if (!drain(pipe_fd, out_fd))
			goto io_error;
	}
	if (drain(pipe_fd, out_fd))
		return 0;
io_error:
	fprintf(err, "%s: cannot copy trace_pipe to %s: %s\n", TRACEPUMP_TOOL,
		o->out, strerror(errno));
	return 1;
}

int tracepump_stream(const struct tracepump_opts *o, FILE *err)
{
	int pipe_fd, marker_fd = -1, out_fd = -1, rc = 1;

	pipe_fd = open_in(o->tracefs, "trace_pipe", O_RDONLY | O_NONBLOCK, err);
	if (pipe_fd >= 0)
		marker_fd = open_in(o->tracefs, "trace_marker", O_WRONLY, err);
	if (marker_fd >= 0) {
		out_fd = open(o->out, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		if (out_fd < 0)
			fprintf(err, "%s: cannot open %s: %s\n", TRACEPUMP_TOOL,
				o->out, strerror(errno));
	}
	if (out_fd >= 0)
		rc = pump(pipe_fd, marker_fd, out_fd, o, err);
	if (out_fd >= 0)
		close(out_fd);
	if (marker_fd >= 0)
		close(marker_fd);
	if (pipe_fd >= 0)
		close(pipe_fd);
	return rc;
}

/*
 * Pinned to the CPU it starts on: the buffer each port write frees then
 * goes back to the slab this CPU allocates the next one from, so the
 * stream needs no fresh page when memory is below the min watermark
 * (WRITE_MAX). -1 when it cannot be pinned.
 */
static int pin_to_this_cpu(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -1 : cpu;
}

/*
 * A real-time task's allocations that may sleep get ALLOC_MIN_RESERVE in
 * the page allocator (gfp_to_alloc_flags(): rt_task() && in_task()): they
 * may take free pages down to half the min watermark, which no ordinary
 * task, a connect worker included, may touch. A squeeze that holds free
 * memory below min, by less than free itself, so still leaves the stream
 * the pages its port writes need.
 */
static bool become_realtime(void)
{
	struct sched_param p = { .sched_priority = 1 };

	return sched_setscheduler(0, SCHED_FIFO, &p) == 0;
}

int tracepump_run(const struct tracepump_opts *o, FILE *out, FILE *err)
{
	bool flusher = prctl(PR_SET_IO_FLUSHER, 1, 0, 0, 0) == 0;
	bool locked = mlockall(MCL_CURRENT | MCL_FUTURE) == 0;
	/*
	 * Only a run that holds free memory below min needs these: in a
	 * natural-mode squeeze (min above free by 16 MiB) the real-time pump
	 * reclaimed clean page cache for itself and lifted free above min,
	 * so the connect worker's allocation never met the hazard (a CI run
	 * of 2026-12-06).
	 */
	bool below_min = o->below_min && !strcmp(o->below_min, "yes");
	int cpu = below_min ? pin_to_this_cpu() : -1;
	bool rt = below_min && become_realtime();

	if (below_min)
		write_max = WRITE_MAX;
	fprintf(out, "%s: streaming io_flusher=%d locked=%d cpu=%d realtime=%d heartbeat_ms=%llu\n",
		TRACEPUMP_TOOL, flusher, locked, cpu, rt, (unsigned long long)o->heartbeat_ms);
	fflush(out);
	return tracepump_stream(o, err);
}
