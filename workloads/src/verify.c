#include "verify.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pattern.h"

#define READ_CHUNK (1u << 20)

/* Reads exactly len bytes unless EOF comes first; returns bytes read or
 * -1 (errno). */
static ssize_t read_full(int fd, uint8_t *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, buf + got, len - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

static bool check_contents(int fd, const struct manifest_entry *e,
			   uint8_t *buf, FILE *out)
{
	for (uint64_t off = 0; off < e->size;) {
		size_t want = e->size - off < READ_CHUNK ? e->size - off : READ_CHUNK;
		ssize_t n = read_full(fd, buf, want);
		struct pattern_mismatch bad;

		if (n < 0) {
			fprintf(out, "%s: FAIL file=%s offset=%" PRIu64 " read_error=\"%s\"\n",
				VERIFY_TOOL, e->name, off, strerror(errno));
			return false;
		}
		if (!pattern_check(buf, (size_t)n, e->seed, e->file_index, off, &bad)) {
			fprintf(out, "%s: FAIL file=%s offset=%" PRIu64
				" expected=0x%02x got=0x%02x\n",
				VERIFY_TOOL, e->name, bad.offset, bad.expected, bad.got);
			return false;
		}
		if ((size_t)n < want) {
			/* The file shrank between fstat and read. */
			fprintf(out, "%s: FAIL file=%s short size=%" PRIu64 "\n",
				VERIFY_TOOL, e->name, off + (uint64_t)n);
			return false;
		}
		off += (uint64_t)n;
	}
	return true;
}

bool verify_file(const char *dir, const struct manifest_entry *e, FILE *out)
{
	char path[PATH_MAX];
	struct stat st;
	uint8_t *buf;
	bool ok;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, e->name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			fprintf(out, "%s: FAIL file=%s missing\n", VERIFY_TOOL, e->name);
		else
			fprintf(out, "%s: FAIL file=%s open_error=\"%s\"\n",
				VERIFY_TOOL, e->name, strerror(errno));
		return false;
	}
	if (fstat(fd, &st) != 0) {
		fprintf(out, "%s: FAIL file=%s stat_error=\"%s\"\n", VERIFY_TOOL,
			e->name, strerror(errno));
		close(fd);
		return false;
	}
	if ((uint64_t)st.st_size != e->size) {
		fprintf(out, "%s: FAIL file=%s %s size=%" PRIu64 "\n", VERIFY_TOOL,
			e->name, (uint64_t)st.st_size < e->size ? "short" : "long",
			(uint64_t)st.st_size);
		close(fd);
		return false;
	}
	buf = malloc(READ_CHUNK);
	if (!buf) {
		fprintf(out, "%s: FAIL file=%s out_of_memory\n", VERIFY_TOOL, e->name);
		close(fd);
		return false;
	}
	ok = check_contents(fd, e, buf, out);
	free(buf);
	close(fd);
	if (ok)
		fprintf(out, "%s: ok file=%s bytes=%" PRIu64 "\n", VERIFY_TOOL,
			e->name, e->size);
	return ok;
}

int verify_run(const struct verify_opts *o, FILE *out)
{
	struct verify_totals t = { 0 };
	struct manifest m;
	char err[256];
	FILE *f = fopen(o->manifest, "r");

	if (!f) {
		fprintf(stderr, "%s: cannot open manifest %s: %s\n", VERIFY_TOOL,
			o->manifest, strerror(errno));
		return 1;
	}
	if (manifest_read(f, &m, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: bad manifest %s: %s\n", VERIFY_TOOL,
			o->manifest, err);
		fclose(f);
		return 1;
	}
	fclose(f);
	for (size_t i = 0; i < m.count; i++) {
		t.files++;
		if (verify_file(o->dir, &m.entries[i], out)) {
			t.ok++;
			t.bytes += m.entries[i].size;
		} else {
			t.failed++;
		}
	}
	/* Files a cut manifest no longer names cannot be checked: say so. */
	if (!m.complete) {
		if (m.has_trailer)
			fprintf(out, "%s: FAIL manifest=truncated entries=%zu expected=%zu\n",
				VERIFY_TOOL, m.count, m.trailer_count);
		else
			fprintf(out, "%s: FAIL manifest=truncated entries=%zu expected=unknown\n",
				VERIFY_TOOL, m.count);
	}
	fprintf(out, "%s: summary files=%" PRIu64 " ok=%" PRIu64 " failed=%" PRIu64
		" bytes=%" PRIu64 " manifest=%s\n", VERIFY_TOOL, t.files, t.ok,
		t.failed, t.bytes, m.complete ? "complete" : "truncated");
	fflush(out);
	int rc = t.failed || !m.complete ? 1 : 0;

	manifest_free(&m);
	return rc;
}
