// SPDX-License-Identifier: GPL-2.0
/*
 * The kcidb.json document (kcidb.h): KCIDB I/O schema v5.3, one checkout
 * for the results directory, a build per kernel flavour and key its runs
 * used, a test per run of the matrix.  Every id is "nfstb:" and the
 * results directory's run id, so that two results directories never
 * claim the same object (the schema makes ids unique per origin).
 */
#include "kcidb.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* A run's files worth fetching, under their own names. */
static const char *const run_files[] = {
	"client-console.log", "server-console.log",	/* the consoles */
	"client-trace.txt",				/* the trace */
	"capture.pcap",					/* the capture */
	"report.html",					/* the run's report */
};

static void set_str(json_t *o, const char *key, const char *value)
{
	json_object_set_new(o, key, json_string(value));
}

/*
 * The schema's paths allow [a-zA-Z0-9_-] between the dots: a scenario,
 * arm or mode with another character (scenarios.sh allows none) would
 * split the path, so it becomes '_'.
 */
static void path_part(char *out, size_t len, const char *s)
{
	size_t n = strlen(out);

	for (; *s && n + 1 < len; s++, n++)
		out[n] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *s) ? *s : '_';
	out[n] = '\0';
}

static void build_id(const struct kcidb_lab *lab, const struct kcidb_build *b,
		     char *out, size_t len)
{
	snprintf(out, len, KCIDB_ORIGIN ":%s:%s", lab->name,
		 b->name[0] ? b->name : b->flavour);
}

/* A local path as a file:// URL (RFC 8089), bytes outside RFC 3986's unreserved set escaped. */
static void file_url(const char *path, char *out, size_t len)
{
	size_t n = snprintf(out, len, "file://");

	for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < len; p++) {
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/", *p))
			out[n++] = (char)*p;
		else
			n += snprintf(out + n, len - n, "%%%02X", *p);
	}
	out[n] = '\0';
}

static json_t *resource(const char *name, const char *url)
{
	json_t *r = json_object();

	set_str(r, "name", name);
	set_str(r, "url", url);
	return r;
}

static json_t *checkout(const char *base_url, const struct kcidb_lab *lab)
{
	json_t *c = json_object(), *misc = json_object(), *files;
	const struct kcidb_source *src = &lab->source;
	char id[512], pkg[64], comment[1024], url[8192];

	snprintf(id, sizeof(id), KCIDB_ORIGIN ":%s", lab->name);
	set_str(c, "id", id);
	set_str(c, "origin", KCIDB_ORIGIN);
	if (lab->tree[0]) {
		/* the base is the Debian package vm/build-kernel.sh unpacks */
		snprintf(pkg, sizeof(pkg), "linux-source-%s", lab->tree);
		set_str(c, "tree_name", pkg);
		set_str(misc, "package", pkg);
		set_str(misc, "version", lab->tree);
		snprintf(comment, sizeof(comment),
			 "Debian %s%s%s with the nfstb patch series, results %s", pkg,
			 src->version[0] ? " " : "", src->version, lab->name);
	} else {
		snprintf(comment, sizeof(comment),
			 "the nfstb patch series, results %s", lab->name);
	}
	if (src->package[0]) {
		/* kernel-source: the package's own version and the patch set */
		set_str(misc, "source_package", src->package);
		if (src->version[0])
			set_str(misc, "package_version", src->version);
		set_str(c, "patchset_hash", src->patchset_hash);
		files = json_array();
		for (size_t i = 0; i < src->npatches; i++) {
			/* patches/NAME: kcidb_source.c let only URL-safe bytes in */
			snprintf(url, sizeof(url), "%s%s", base_url, src->patches[i].file);
			json_array_append_new(files,
					      resource(strchr(src->patches[i].file, '/') + 1, url));
		}
		json_object_set_new(c, "patchset_files", files);
	}
	set_str(c, "comment", comment);
	set_str(misc, "results", lab->name);
	json_object_set_new(c, "misc", misc);
	return c;
}

static json_t *build(const struct kcidb_lab *lab, const struct kcidb_build *b)
{
	json_t *o = json_object(), *misc = json_object(), *files;
	char id[1024], url[8192], path[4200];

	build_id(lab, b, id, sizeof(id));
	set_str(o, "id", id);
	set_str(o, "origin", KCIDB_ORIGIN);
	snprintf(id, sizeof(id), KCIDB_ORIGIN ":%s", lab->name);
	set_str(o, "checkout_id", id);
	/* vm/build-kernel.sh builds arch/x86/boot/bzImage */
	set_str(o, "architecture", "x86_64");
	set_str(o, "config_name", b->flavour);
	set_str(misc, "flavour", b->flavour);
	if (b->dir[0]) {
		snprintf(path, sizeof(path), "%s/config", b->dir);
		file_url(path, url, sizeof(url));
		set_str(o, "config_url", url);
		files = json_array();
		snprintf(path, sizeof(path), "%s/bzImage", b->dir);
		file_url(path, url, sizeof(url));
		json_array_append_new(files, resource("bzImage", url));
		json_object_set_new(o, "output_files", files);
		/* kernel-FLAVOUR.path names it only after a build succeeded */
		set_str(o, "status", "PASS");
		set_str(misc, "key", b->key);
		set_str(misc, "dir", b->dir);
	}
	json_object_set_new(o, "misc", misc);
	return o;
}

/* RFC 3339 in UTC, microseconds: "2026-12-06T19:07:22.540638+00:00" */
static void rfc3339(int64_t epoch_us, char *out, size_t len)
{
	time_t s = (time_t)(epoch_us / 1000000);
	struct tm tm;
	char day[32];

	gmtime_r(&s, &tm);
	strftime(day, sizeof(day), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out, len, "%s.%06lld+00:00", day, (long long)(epoch_us % 1000000));
}

static json_t *output_files(const char *dir, const char *base_url,
			    const struct run_row *r)
{
	json_t *files = json_array();
	char path[4096], url[8192];
	struct stat st;

	for (size_t i = 0; i < ARRAY_SIZE(run_files); i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", dir, r->run, run_files[i]);
		if (stat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		snprintf(url, sizeof(url), "%s%s/%s", base_url, r->run, run_files[i]);
		json_array_append_new(files, resource(run_files[i], url));
	}
	return files;
}

static json_t *test_misc(const struct run_row *r)
{
	json_t *misc = json_object();

	set_str(misc, "run", r->run);
	json_object_set_new(misc, "index", json_integer(r->index));
	set_str(misc, "seed", r->seed);
	set_str(misc, "judgement", kcidb_judgement_name(r->judgement));
	if (r->expect) {
		char want[96];

		set_str(misc, "expected", r->expect->verdict);
		expect_describe(r->expect, r->planned, want, sizeof(want));
		set_str(misc, "expectation", want);
	}
	if (r->malformed)
		set_str(misc, "why", r->why);
	if (!r->has_record)
		return misc;
	set_str(misc, "verdict", r->rec.verdict);
	set_str(misc, "signature", r->rec.signature);
	set_str(misc, "rule", r->rec.rule);
	set_str(misc, "reason", r->rec.reason);
	if (r->rec.orchestrator[0])
		set_str(misc, "orchestrator", r->rec.orchestrator);
	return misc;
}

static json_t *test(const char *dir, const char *base_url,
		    const struct kcidb_lab *lab, const struct run_row *r, size_t i)
{
	json_t *o = json_object();
	char id[1024], path[256] = "nfstb.", name[512], when[64];

	snprintf(id, sizeof(id), KCIDB_ORIGIN ":%s:%s", lab->name, r->run);
	set_str(o, "id", id);
	set_str(o, "origin", KCIDB_ORIGIN);
	build_id(lab, &lab->builds[lab->build_of[i]], id, sizeof(id));
	set_str(o, "build_id", id);
	path_part(path, sizeof(path), r->scenario);
	strcat(path, ".");
	path_part(path, sizeof(path), r->arm);
	strcat(path, ".");
	path_part(path, sizeof(path), r->mode);
	set_str(o, "path", path);
	run_row_name(r, name, sizeof(name));
	set_str(o, "comment", name);
	set_str(o, "status", kcidb_status_name(kcidb_status_of(r)));
	/* the client's boot, by the capture's clock: the run's only wall time */
	if (r->has_record && r->rec.boot_epoch_us != TIME_NONE) {
		rfc3339(r->rec.boot_epoch_us, when, sizeof(when));
		set_str(o, "start_time", when);
	}
	if (lab->duration[i] >= 0)
		json_object_set_new(o, "duration", json_real(lab->duration[i]));
	json_object_set_new(o, "output_files", output_files(dir, base_url, r));
	json_object_set_new(o, "misc", test_misc(r));
	return o;
}

json_t *kcidb_document(const char *dir, const char *base_url,
		       const struct run_list *runs, const struct kcidb_lab *lab)
{
	json_t *doc = json_object(), *v = json_object(), *a;

	json_object_set_new(v, "major", json_integer(KCIDB_MAJOR));
	json_object_set_new(v, "minor", json_integer(KCIDB_MINOR));
	json_object_set_new(doc, "version", v);
	a = json_array();
	json_array_append_new(a, checkout(base_url, lab));
	json_object_set_new(doc, "checkouts", a);
	a = json_array();
	for (size_t i = 0; i < lab->nbuilds; i++)
		json_array_append_new(a, build(lab, &lab->builds[i]));
	json_object_set_new(doc, "builds", a);
	a = json_array();
	for (size_t i = 0; i < runs->n; i++)
		json_array_append_new(a, test(dir, base_url, lab, &runs->v[i], i));
	json_object_set_new(doc, "tests", a);
	return doc;
}
