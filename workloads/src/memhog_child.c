#define _GNU_SOURCE
#include "memhog_child.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <signal.h>
#include <unistd.h>

#include "hold_file.h"
#include "meminfo.h"
#include "memhog_stall.h"

#define MEMINFO_PATH "/proc/meminfo"
#define OOM_SCORE_ADJ_PATH "/proc/self/oom_score_adj"

static int report_fd = -1;

/* Sends one protocol line; a short pipe write (< PIPE_BUF) is atomic. */
static void report(char kind, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	n = snprintf(line, sizeof(line), "%c ", kind);
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	if (write(report_fd, line, (size_t)n) < 0) {
		/* Parent gone: nobody to report to; PDEATHSIG ends us. */
	}
}

/* Makes this process the OOM killer's first choice, so the kernel kills
 * the hog (which the parent then reports) rather than the NFS workload. */
static void volunteer_for_oom(void)
{
	int fd = open(OOM_SCORE_ADJ_PATH, O_WRONLY | O_CLOEXEC);

	if (fd < 0 || write(fd, "1000", 4) != 4)
		report('E', "%s: warning: cannot set %s to 1000: %s", MEMHOG_TOOL,
		       OOM_SCORE_ADJ_PATH, strerror(errno));
	if (fd >= 0)
		close(fd);
}

struct hog {
	void **chunks;
	size_t count, max;
	size_t chunk_bytes;
};

static bool hog_grow(struct hog *h)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p;

	if (h->count == h->max)
		return false;
	p = mmap(NULL, h->chunk_bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return false;
	/* Write every page: a read would map the shared zero page and cost
	 * nothing. A non-zero value keeps KSM-style merging out of it. */
	for (size_t off = 0; off < h->chunk_bytes; off += (size_t)page)
		p[off] = (char)0x5a;
	h->chunks[h->count++] = p;
	return true;
}

static void hog_release(struct hog *h)
{
	for (size_t i = 0; i < h->count; i++)
		munmap(h->chunks[i], h->chunk_bytes);
	munmap(h->chunks, h->max * sizeof(void *));
	h->count = 0;
}

int memhog_child_main(const struct memhog_opts *o, int fd)
{
	struct hog h = { .chunk_bytes = o->chunk_mb << 20 };
	struct meminfo mi;
	char err[160];
	uint64_t target_kb, chunk_kb = o->chunk_mb * 1024;
	struct stall_detector stall;
	bool reached = false, released_by_file;
	const char *why_stopped = "target";

	report_fd = fd;
	prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the supervisor */
	volunteer_for_oom();
	if (meminfo_read(MEMINFO_PATH, &mi, err, sizeof(err)) < 0) {
		report('E', "%s: %s", MEMHOG_TOOL, err);
		return 1;
	}
	target_kb = memhog_target_kb(o, mi.mem_total_kb);
	report('O', "%s: start mem_total_mb=%" PRIu64 " mem_available_mb=%" PRIu64
	       " target_mb=%" PRIu64 " chunk_mb=%" PRIu64, MEMHOG_TOOL,
	       mi.mem_total_kb / 1024, mi.mem_available_kb / 1024,
	       target_kb / 1024, o->chunk_mb);

	/* The chunk table itself is mmap'ed up front: no malloc under
	 * pressure. Room for all of RAM plus slack. */
	h.max = (size_t)(mi.mem_total_kb / chunk_kb) + 16;
	h.chunks = mmap(NULL, h.max * sizeof(void *), PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h.chunks == MAP_FAILED) {
		report('E', "%s: cannot map chunk table: %s", MEMHOG_TOOL, strerror(errno));
		return 1;
	}
	stall_init(&stall, mi.mem_available_kb, o->chunk_mb);
	while (mi.mem_available_kb > target_kb) {
		if (!hog_grow(&h)) {
			why_stopped = "allocation-failed";
			break;
		}
		if (meminfo_read(MEMINFO_PATH, &mi, err, sizeof(err)) < 0) {
			report('E', "%s: %s", MEMHOG_TOOL, err);
			return 1;
		}
		report('P', "%zu", h.count * o->chunk_mb);
		if (stall_update(&stall, mi.mem_available_kb)) {
			why_stopped = "stalled";
			break;
		}
	}
	reached = mi.mem_available_kb <= target_kb;
	report('O', "%s: holding anon_mb=%" PRIu64 " mem_available_mb=%" PRIu64
	       " target_mb=%" PRIu64 " reached=%d%s%s", MEMHOG_TOOL,
	       (uint64_t)h.count * o->chunk_mb, mi.mem_available_kb / 1024,
	       target_kb / 1024, reached, reached ? "" : " stopped=",
	       reached ? "" : why_stopped);

	released_by_file = hold_file_wait(o->hold_file, o->timeout_s);
	hog_release(&h);
	report('O', "%s: released reason=%s", MEMHOG_TOOL,
	       released_by_file ? "hold-file" : "timeout");
	return 0;
}
