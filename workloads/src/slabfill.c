#include "slabfill.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "hold_file.h"
#include "kv_file.h"
#include "path_join.h"
#include "reconnect.h"

bool slab_attr_number(const char *text, uint64_t *v)
{
	char *end;

	if (*text < '0' || *text > '9')
		return false;
	errno = 0;
	*v = strtoull(text, &end, 10);
	return !errno && (*end == '\0' || *end == ' ' || *end == '\n');
}

static bool read_attr(const char *dir, const char *name, uint64_t *v,
		      FILE *err)
{
	char path[PATH_MAX], text[4096], why[160];

	if (!path_join(path, sizeof(path), dir, name) ||
	    kv_read_file(path, text, sizeof(text), why, sizeof(why)) < 0) {
		fprintf(err, "%s: cannot read %s/%s (a kernel without CONFIG_SLUB_DEBUG has no counts)\n",
			SLABFILL_TOOL, dir, name);
		return false;
	}
	if (!slab_attr_number(text, v)) {
		fprintf(err, "%s: %s/%s does not start with a number\n",
			SLABFILL_TOOL, dir, name);
		return false;
	}
	return true;
}

bool slab_shrink_and_count(const char *dir, struct slab_counts *c, FILE *err)
{
	char path[PATH_MAX];
	FILE *f;

	if (!path_join(path, sizeof(path), dir, "shrink") ||
	    !(f = fopen(path, "w"))) {
		fprintf(err, "%s: cannot open %s/shrink: %s (no such cache?)\n",
			SLABFILL_TOOL, dir, strerror(errno));
		return false;
	}
	if (fputs("1\n", f) == EOF || fclose(f) == EOF) {
		fprintf(err, "%s: cannot shrink %s: %s\n", SLABFILL_TOOL, dir,
			strerror(errno));
		return false;
	}
	return read_attr(dir, "objects", &c->objects, err) &&
	       read_attr(dir, "total_objects", &c->total, err);
}

#define SLABFILL_POLL_MS 20

/* --destroy-port: the sockets' SOCK_DESTROY, its line on @out. */
static bool destroy_first(const struct slabfill_opts *o, FILE *out)
{
	struct reconnect_opts r = {
		.port = (unsigned)o->destroy_port,
		.method = RECONNECT_SOCKDIAG,
		.proto = "tcp",
	};

	/*
	 * From the destroy until the cache is full, a page of this process
	 * that had to come back from swap would need the transport whose
	 * socket it just destroyed.
	 */
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		fprintf(out, "%s: warning: mlockall: %s\n", SLABFILL_TOOL,
			strerror(errno));
	return reconnect_sockdiag(&r, out) == 0;
}

/* --min-free-kbytes: writes it, and the old value into @was. */
static bool write_min_free(const struct slabfill_opts *o, uint64_t *was,
			   FILE *err)
{
	char text[32];
	FILE *f = fopen(o->min_free_path, "r");

	if (!f || !fgets(text, sizeof(text), f) || !slab_attr_number(text, was)) {
		fprintf(err, "%s: cannot read %s\n", SLABFILL_TOOL, o->min_free_path);
		if (f)
			fclose(f);
		return false;
	}
	fclose(f);
	f = fopen(o->min_free_path, "w");
	if (!f || fprintf(f, "%" PRIu64 "\n", o->min_free_kbytes) < 0 || fclose(f)) {
		fprintf(err, "%s: cannot write %s: %s\n", SLABFILL_TOOL,
			o->min_free_path, strerror(errno));
		return false;
	}
	return true;
}

int slabfill_run(const struct slabfill_opts *o, FILE *out, FILE *err)
{
	int type = strcmp(o->proto, "tcp") ? SOCK_DGRAM : SOCK_STREAM;
	char dir[PATH_MAX];
	struct slab_counts c;
	uint64_t sockets = 0, min_free_was = 0;
	char band[64] = "";
	bool full;

	if (!path_join(dir, sizeof(dir), o->slab_dir, o->cache)) {
		fprintf(err, "%s: path too long: %s/%s\n", SLABFILL_TOOL,
			o->slab_dir, o->cache);
		return 1;
	}
	if (o->destroy_port && !destroy_first(o, out))
		return 1;
	if (!slab_shrink_and_count(dir, &c, err))
		return 1;
	for (;;) {
		uint64_t since;

		while (c.objects < c.total && sockets < o->max) {
			/* Held until exit: each takes one free object. */
			if (socket(AF_INET, type | SOCK_CLOEXEC, 0) < 0) {
				fprintf(err, "%s: socket: %s\n", SLABFILL_TOOL,
					strerror(errno));
				return 1;
			}
			sockets++;
			if (!slab_shrink_and_count(dir, &c, err))
				return 1;
		}
		if (c.objects < c.total)
			break;	/* --max first */
		/*
		 * A socket closed just before may still hold its object: UDP
		 * and TCP free theirs after an RCU grace period. Full means
		 * full for --settle-ms; an object freed meanwhile is taken.
		 */
		since = monotonic_ms();
		while (c.objects >= c.total && monotonic_ms() - since < o->settle_ms) {
			usleep(SLABFILL_POLL_MS * 1000);
			if (!slab_shrink_and_count(dir, &c, err))
				return 1;
		}
		if (c.objects >= c.total)
			break;
	}
	full = c.objects >= c.total;
	if (full && o->min_free_kbytes) {
		if (!write_min_free(o, &min_free_was, err))
			return 1;
		snprintf(band, sizeof(band), " min_free_kbytes=%" PRIu64 "->%" PRIu64,
			 min_free_was, o->min_free_kbytes);
	}
	fprintf(out, "%s: cache=%s proto=%s sockets=%" PRIu64 " objects=%" PRIu64
		" total_objects=%" PRIu64 " full=%d%s\n", SLABFILL_TOOL, o->cache,
		o->proto, sockets, c.objects, c.total, full, band);
	fflush(out);
	hold_file_wait(o->hold_file, o->timeout_s);
	return full ? 0 : 3;
}
