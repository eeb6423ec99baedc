#define _GNU_SOURCE
#include "writer.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hold_file.h"
#include "manifest.h"
#include "pattern.h"

#define WRITE_CHUNK (1u << 20)

static void fail(const char *fmt, const char *what, int err)
{
	fprintf(stderr, "%s: ", WRITER_TOOL);
	fprintf(stderr, fmt, what);
	fprintf(stderr, ": %s\n", strerror(err));
}

static int write_pattern(int fd, const char *path, uint64_t size,
			 uint64_t seed, uint64_t index, uint8_t *buf)
{
	for (uint64_t off = 0; off < size;) {
		size_t len = size - off < WRITE_CHUNK ? size - off : WRITE_CHUNK;
		ssize_t n;

		pattern_fill(buf, len, seed, index, off);
		for (size_t done = 0; done < len; done += (size_t)n) {
			n = write(fd, buf + done, len - done);
			if (n < 0 && errno == EINTR) {
				n = 0;
				continue;
			}
			if (n <= 0) {
				fail("write %s failed", path, n < 0 ? errno : EIO);
				return -1;
			}
		}
		off += len;
	}
	return 0;
}

/* Gets the file's dirty folios written to the server WITHOUT a COMMIT and
 * makes them the first thing reclaim looks at.
 *
 * Why two sync_file_range() calls: WAIT_BEFORE|WRITE|WAIT_AFTER together
 * mean WB_SYNC_ALL writeback, which NFS turns into FLUSH_COND_STABLE: an
 * RPC that is the last one and has no earlier unstable data pending is
 * sent FILE_SYNC (fs/nfs/pagelist.c, nfs_generic_pgio/nfs_pgio_rpcsetup),
 * so a file of at most wsize bytes would never be unstable. A bare WRITE is
 * WB_SYNC_NONE, which NFS always sends UNSTABLE; the separate WAIT then
 * waits for the WRITE replies. We do the pair twice because WB_SYNC_NONE
 * writeback may skip a folio whose request is momentarily locked.
 *
 * Why POSIX_FADV_DONTNEED: unstable folios still carry an nfs_page, so
 * invalidation fails and the kernel deactivates them instead
 * (mm/fadvise.c -> deactivate_file_folio), moving them to the inactive
 * LRU tail, where direct reclaim starts. */
static int push_unstable(int fd, const char *path)
{
	for (int pass = 0; pass < 2; pass++) {
		if (sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE) < 0 ||
		    sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WAIT_BEFORE |
					     SYNC_FILE_RANGE_WAIT_AFTER) < 0) {
			fail("sync_file_range %s failed", path, errno);
			return -1;
		}
	}
	int err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);

	if (err) {
		fail("posix_fadvise(DONTNEED) %s failed", path, err);
		return -1;
	}
	return 0;
}

static int write_manifest(const struct writer_opts *o)
{
	char path[PATH_MAX];
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", o->dir, MANIFEST_NAME);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		fail("cannot create %s", path, errno);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	for (uint64_t i = 0; i < o->files; i++) {
		struct manifest_entry e = { .size = o->size, .seed = o->seed,
					    .file_index = i };

		snprintf(e.name, sizeof(e.name), DATA_FILE_PREFIX "%" PRIu64, i);
		manifest_format_entry(f, &e);
	}
	/* The trailer lets nfstb-verify notice a manifest cut short. */
	manifest_format_trailer(f, o->files);
	/* fsync commits only the manifest inode; the data files stay
	 * unstable. */
	if (fflush(f) != 0 || fsync(fd) != 0) {
		fail("cannot write %s", path, errno);
		fclose(f);
		return -1;
	}
	if (fclose(f) != 0) {
		fail("cannot close %s", path, errno);
		return -1;
	}
	return 0;
}

/*
 * A failed fsync with --retry-hold-file: say so, wait until the test has
 * taken the fault away, write the whole file again (NFS drops the
 * requests of a failed WRITE or COMMIT: the bytes are not on the server)
 * and fsync it once more.
 */
static int retry_after_error(const struct writer_opts *o, int fd,
			     const char *path, uint64_t index, int err,
			     FILE *out)
{
	uint8_t *buf;
	int rc = -1;

	fprintf(out, "%s: fsync-error file=%s errno=%d (%s)\n", WRITER_TOOL,
		path, err, strerror(err));
	fflush(out);
	if (!hold_file_wait(o->retry_hold_file, o->timeout_s)) {
		fprintf(stderr, "%s: timed out after %" PRIu64 " s waiting for retry hold file %s\n",
			WRITER_TOOL, o->timeout_s, o->retry_hold_file);
		return -1;
	}
	buf = malloc(WRITE_CHUNK);
	if (!buf) {
		fprintf(stderr, "%s: out of memory\n", WRITER_TOOL);
		return -1;
	}
	if (lseek(fd, 0, SEEK_SET) != 0)
		fail("lseek %s failed", path, errno);
	else if (write_pattern(fd, path, o->size, o->seed, index, buf) == 0) {
		if (fsync(fd) != 0)
			fail("fsync %s failed again", path, errno);
		else
			rc = 0;
	}
	free(buf);
	return rc;
}

static int commit_all(const struct writer_opts *o, int *fds, FILE *out,
		      uint64_t *retried)
{
	char path[PATH_MAX];
	int rc = 0;

	for (uint64_t i = 0; i < o->files; i++) {
		snprintf(path, sizeof(path), "%s/" DATA_FILE_PREFIX "%" PRIu64,
			 o->dir, i);
		/* fsync sends the COMMIT; close can still report a deferred
		 * write error on NFS, so check both. */
		if (rc == 0 && fsync(fds[i]) != 0) {
			int err = errno;

			if (o->retry_hold_file &&
			    retry_after_error(o, fds[i], path, i, err, out) == 0)
				++*retried;
			else {
				if (!o->retry_hold_file)
					fail("fsync %s failed", path, err);
				rc = -1;
			}
		}
		if (close(fds[i]) != 0 && rc == 0) {
			fail("close %s failed", path, errno);
			rc = -1;
		}
		fds[i] = -1;
	}
	return rc;
}

int writer_run(const struct writer_opts *o, FILE *out)
{
	uint64_t total = o->files * o->size;
	uint8_t *buf = malloc(WRITE_CHUNK);
	int *fds = calloc(o->files, sizeof(*fds));
	char path[PATH_MAX];
	int rc = 1;

	if (!buf || !fds) {
		fprintf(stderr, "%s: out of memory\n", WRITER_TOOL);
		goto out;
	}
	for (uint64_t i = 0; i < o->files; i++)
		fds[i] = -1;
	for (uint64_t i = 0; i < o->files; i++) {
		snprintf(path, sizeof(path), "%s/" DATA_FILE_PREFIX "%" PRIu64,
			 o->dir, i);
		fds[i] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fds[i] < 0) {
			fail("cannot create %s", path, errno);
			goto out;
		}
		if (write_pattern(fds[i], path, o->size, o->seed, i, buf) < 0 ||
		    push_unstable(fds[i], path) < 0)
			goto out;
	}
	if (write_manifest(o) < 0)
		goto out;
	fprintf(out, "%s: ready files=%" PRIu64 " bytes=%" PRIu64 " unstable=1\n",
		WRITER_TOOL, o->files, total);
	fflush(out);

	if (o->hold_file && !hold_file_wait(o->hold_file, o->timeout_s)) {
		fprintf(stderr, "%s: timed out after %" PRIu64 " s waiting for hold file %s\n",
			WRITER_TOOL, o->timeout_s, o->hold_file);
		goto out;
	}

	uint64_t start = monotonic_ms(), retried = 0;

	if (commit_all(o, fds, out, &retried) < 0)
		goto out;
	fprintf(out, "%s: committed files=%" PRIu64 " bytes=%" PRIu64
		" elapsed_ms=%" PRIu64, WRITER_TOOL, o->files, total,
		monotonic_ms() - start);
	if (o->retry_hold_file)
		fprintf(out, " retried=%" PRIu64, retried);
	fputc('\n', out);
	fflush(out);
	rc = 0;
out:
	/* On failure, exit would close (and so commit) anyway; do it here
	 * so the in-process end-to-end test does not leak descriptors. */
	for (uint64_t i = 0; fds && i < o->files; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(fds);
	free(buf);
	return rc;
}
