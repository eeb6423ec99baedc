// SPDX-License-Identifier: GPL-2.0
/*
 * What a results directory says of its runs beside their records
 * (kcidb.h): the kernel tree (kernel-tree), each run's kernel flavour
 * (plan, column 10), each flavour's build (kernel-FLAVOUR.path: the
 * bzImage in build/kernels/[TAG]FLAVOUR-KEY/), each run's duration
 * (phases.tsv's run-total) and the source (kernel-source, kcidb_source.c).
 * The orchestrator writes all five
 * (harness/nfs-test.sh); none is a judgement, so a missing one only
 * leaves a fact out of kcidb.json.
 */
#include "kcidb.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLAN_FLAVOUR 9		/* column of the plan, from 0 */

/* The first line of DIR/NAME, or "" when there is none. */
static void first_line(const char *dir, const char *name, char *out,
		       size_t len)
{
	char path[4096];
	struct lines l;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (lines_load(path, &l))
		return;
	if (l.n)
		snprintf(out, len, "%s", l.v[0]);
	lines_free(&l);
}

/* The flavour the plan gives run @run, "unknown" without one. */
static void flavour_of(const struct lines *plan, const char *run, char *out,
		       size_t len)
{
	char col[256];

	snprintf(out, len, "unknown");
	for (size_t i = 0; i < plan->n; i++) {
		tsv_column(plan->v[i], 1, col, sizeof(col));
		if (strcmp(col, run))
			continue;
		tsv_column(plan->v[i], PLAN_FLAVOUR, col, sizeof(col));
		/* a flavour is a word (vm/build-kernel.sh's case) */
		if (col[0] && strlen(col) < len &&
		    strspn(col, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(col))
			memcpy(out, col, strlen(col) + 1);
		return;
	}
}

/*
 * The build of @flavour: its directory is the one kernel-FLAVOUR.path
 * names the bzImage in, and the key ends its name ("lockdep-2df73d18d9043d08",
 * "6.12-default-0e5bf8d7f8ff9e29").
 */
static void build_of(const char *dir, struct kcidb_build *b)
{
	char name[64], path[4096], *slash, *dash;

	snprintf(name, sizeof(name), "kernel-%s.path", b->flavour);
	first_line(dir, name, path, sizeof(path));
	slash = strrchr(path, '/');
	if (path[0] != '/' || !slash || strcmp(slash, "/bzImage"))
		return;
	*slash = '\0';
	snprintf(b->dir, sizeof(b->dir), "%s", path);
	snprintf(b->name, sizeof(b->name), "%s", strrchr(path, '/') + 1);
	dash = strrchr(b->name, '-');
	if (dash && dash[1] && strlen(dash + 1) < sizeof(b->key) &&
	    strspn(dash + 1, "0123456789abcdef") == strlen(dash + 1))
		memcpy(b->key, dash + 1, strlen(dash + 1) + 1);
}

static size_t build_index(const char *dir, struct kcidb_lab *lab,
			  const char *flavour)
{
	struct kcidb_build *b;

	for (size_t i = 0; i < lab->nbuilds; i++)
		if (!strcmp(lab->builds[i].flavour, flavour))
			return i;
	lab->builds = xrealloc(lab->builds, (lab->nbuilds + 1) * sizeof(*b));
	b = &lab->builds[lab->nbuilds];
	memset(b, 0, sizeof(*b));
	snprintf(b->flavour, sizeof(b->flavour), "%s", flavour);
	build_of(dir, b);
	return lab->nbuilds++;
}

/* phases.tsv's run-total of @run in seconds, -1 without one. */
static double run_total(const struct lines *phases, const char *run)
{
	char col[256], *end;
	double s;

	for (size_t i = 0; i < phases->n; i++) {
		tsv_column(phases->v[i], 0, col, sizeof(col));
		if (strcmp(col, run))
			continue;
		tsv_column(phases->v[i], 1, col, sizeof(col));
		if (strcmp(col, "run-total"))
			continue;
		tsv_column(phases->v[i], 2, col, sizeof(col));
		s = strtod(col, &end);
		return col[0] && !*end && s >= 0 ? s : -1;
	}
	return -1;
}

int kcidb_lab_load(const char *dir, const struct run_list *runs,
		   struct kcidb_lab *lab, char *err, size_t len)
{
	struct lines plan = { 0 }, phases = { 0 };
	char path[4096], why[512], *real, *text, flavour[32];
	const char *base;

	memset(lab, 0, sizeof(*lab));
	/* the run id of make nfs-test is the directory's name */
	real = realpath(dir, NULL);
	base = real ? strrchr(real, '/') + 1 : "";
	if (!*base || strlen(base) >= sizeof(lab->name)) {
		snprintf(err, len, "%s: cannot name the results directory", dir);
		free(real);
		return -1;
	}
	snprintf(lab->name, sizeof(lab->name), "%s", base);
	free(real);
	first_line(dir, "kernel-tree", lab->tree, sizeof(lab->tree));
	snprintf(path, sizeof(path), "%s/kernel-source", dir);
	text = read_whole_file(path);
	if (text && kcidb_source_parse(text, &lab->source))
		fprintf(stderr, "nfstb-kcidb: %s: not harness/kernel-source.sh's form, left out\n",
			path);
	else if (text && kcidb_source_verify(dir, &lab->source, why, sizeof(why))) {
		fprintf(stderr, "nfstb-kcidb: %s: %s, left out\n", path, why);
		kcidb_source_free(&lab->source);
	}
	free(text);
	snprintf(path, sizeof(path), "%s/plan", dir);
	if (lines_load(path, &plan))
		memset(&plan, 0, sizeof(plan));
	snprintf(path, sizeof(path), "%s/phases.tsv", dir);
	if (lines_load(path, &phases))
		memset(&phases, 0, sizeof(phases));
	lab->build_of = xcalloc(runs->n + 1, sizeof(*lab->build_of));
	lab->duration = xcalloc(runs->n + 1, sizeof(*lab->duration));
	for (size_t i = 0; i < runs->n; i++) {
		flavour_of(&plan, runs->v[i].run, flavour, sizeof(flavour));
		lab->build_of[i] = build_index(dir, lab, flavour);
		lab->duration[i] = run_total(&phases, runs->v[i].run);
	}
	lines_free(&plan);
	lines_free(&phases);
	return 0;
}

void kcidb_lab_free(struct kcidb_lab *lab)
{
	kcidb_source_free(&lab->source);
	free(lab->builds);
	free(lab->build_of);
	free(lab->duration);
	memset(lab, 0, sizeof(*lab));
}
