// SPDX-License-Identifier: GPL-2.0
#include "table.h"
#include "expect.h"
#include "util.h"
#include "verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NCOLS 10

static bool valid_number(const char *s, double *out)
{
	char *end;

	if (!*s)
		return false;
	*out = strtod(s, &end);
	return *end == '\0' && isfinite(*out);
}

/* The group of @scenario.@arm.@mode, made with expectation @e if new;
 * NULL when it exists with another expectation. */
static struct table_group *group_of(struct table *t, const char *scenario,
				    const char *arm, const char *mode,
				    const struct expectation *e)
{
	struct table_group *g;

	for (size_t i = 0; i < t->n; i++) {
		g = &t->v[i];
		if (!strcmp(g->scenario, scenario) && !strcmp(g->arm, arm) &&
		    !strcmp(g->mode, mode))
			return expect_same(table_group_expect(g), e) ? g : NULL;
	}
	t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
	g = &t->v[t->n++];
	memset(g, 0, sizeof(*g));
	snprintf(g->scenario, sizeof(g->scenario), "%s", scenario);
	snprintf(g->arm, sizeof(g->arm), "%s", arm);
	snprintf(g->mode, sizeof(g->mode), "%s", mode);
	if (e) {
		g->expect = *e;
		g->has_expect = true;
	}
	return g;
}

const struct expectation *table_group_expect(const struct table_group *g)
{
	return g->has_expect ? &g->expect : NULL;
}

int table_add_line(struct table *t, const char *line,
		   const struct expectation *e, char *err, size_t len)
{
	char buf[1024], *col[NCOLS + 1], *p = buf;
	struct table_group *g;
	size_t n = 0;
	double detect = 0;

	if (!*skip_spaces(line))
		return 0;
	snprintf(buf, sizeof(buf), "%s", line);
	while (n <= NCOLS) {
		col[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (n != NCOLS) {
		snprintf(err, len, "expected %d tab-separated fields, got %zu%s",
			 NCOLS, n, n > NCOLS ? "+" : "");
		return -1;
	}
	if (!col[0][0] || strlen(col[0]) >= sizeof(g->scenario) ||
	    !col[1][0] || strlen(col[1]) >= sizeof(g->arm) ||
	    !col[2][0] || strlen(col[2]) >= sizeof(g->mode)) {
		snprintf(err, len, "bad scenario, arm or mode '%s' '%s' '%s'",
			 col[0], col[1], col[2]);
		return -1;
	}
	if (!verdict_text_valid(col[3])) {
		snprintf(err, len, "bad verdict '%s'", col[3]);
		return -1;
	}
	if (strcmp(col[5], "-") && !valid_number(col[5], &detect)) {
		snprintf(err, len, "bad detect_s '%s'", col[5]);
		return -1;
	}

	g = group_of(t, col[0], col[1], col[2], e);
	if (!g) {
		snprintf(err, len, "%s.%s.%s: another expectation than its group's",
			 col[0], col[1], col[2]);
		return -1;
	}
	g->runs++;
	g->matched += e && !strcmp(col[3], e->verdict);
	if (!strcmp(col[3], "PASS")) {
		g->pass++;
	} else if (starts_with(col[3], "LOCKDEP(")) {
		g->lockdep++;
	} else if (!strcmp(col[3], "OOM")) {
		g->oom++;
	} else if (starts_with(col[3], "DEADLOCK(")) {
		g->deadlock++;
		if (strcmp(col[5], "-")) {
			g->detect_sum += detect;
			g->detect_n++;
		}
	} else {
		g->other++;
	}
	return 0;
}

int table_add_run(struct table *t, const struct run_row *r, char *err,
		  size_t len)
{
	char planned[256];
	struct table_group *g;

	if (r->has_record) {
		snprintf(planned, sizeof(planned), "%s\t%s\t%s\t", r->scenario,
			 r->arm, r->mode);
		if (!starts_with(r->record, planned)) {
			snprintf(err, len, "%s/verdict.tsv judges another run than the matrix's %s.%s.%s",
				 r->run, r->scenario, r->arm, r->mode);
			return -1;
		}
		if (!table_add_line(t, r->record, r->expect, err, len))
			return 0;
		snprintf(planned, sizeof(planned), "%s", err);
		snprintf(err, len, "%s/verdict.tsv: %s", r->run, planned);
		return -1;
	}
	g = group_of(t, r->scenario, r->arm, r->mode, r->expect);
	if (!g) {
		snprintf(err, len, "%s: another expectation than its group's", r->run);
		return -1;
	}
	g->missing++;
	return 0;
}

static int cmp_group(const void *a, const void *b)
{
	const struct table_group *x = a, *y = b;
	int r = strcmp(x->scenario, y->scenario);

	if (!r)
		r = strcmp(x->arm, y->arm);
	if (!r)
		r = strcmp(x->mode, y->mode);
	return r;
}

void table_sort(struct table *t)
{
	qsort(t->v, t->n, sizeof(*t->v), cmp_group);
}

void table_free(struct table *t)
{
	free(t->v);
	t->v = NULL;
	t->n = 0;
}

bool table_group_ok(const struct table_group *g, char *expect, size_t len)
{
	const struct expectation *e = table_group_expect(g);
	long planned = g->runs + g->missing;

	expect_describe(e, planned, expect, len);
	return expect_group_ok(e, planned, g->matched, g->missing);
}

static void mean_detect(const struct table_group *g, char *buf, size_t len)
{
	if (g->detect_n)
		snprintf(buf, len, "%.3f", g->detect_sum / g->detect_n);
	else
		snprintf(buf, len, "-");
}

size_t table_print(FILE *f, const struct table *t)
{
	int w = (int)strlen("scenario");
	size_t failed = 0;
	char expect[64], mean[32];

	for (size_t i = 0; i < t->n; i++)
		if ((int)strlen(t->v[i].scenario) > w)
			w = (int)strlen(t->v[i].scenario);
	fprintf(f, "%-*s  %-7s  %-7s  %4s  %7s  %4s  %8s  %7s  %4s  %5s  %13s  %-18s  %s\n",
		w, "scenario", "arm", "mode", "runs", "missing", "PASS",
		"DEADLOCK", "LOCKDEP", "OOM", "other", "mean_detect_s",
		"expect", "ok");
	for (size_t i = 0; i < t->n; i++) {
		const struct table_group *g = &t->v[i];
		bool ok = table_group_ok(g, expect, sizeof(expect));

		mean_detect(g, mean, sizeof(mean));
		fprintf(f, "%-*s  %-7s  %-7s  %4ld  %7ld  %4ld  %8ld  %7ld  %4ld  %5ld  %13s  %-18s  %s\n",
			w, g->scenario, g->arm, g->mode, g->runs, g->missing,
			g->pass, g->deadlock, g->lockdep, g->oom, g->other,
			mean, expect, ok ? "ok" : "FAIL");
		failed += !ok;
	}
	fprintf(f, "%zu passed, %zu failed\n", t->n - failed, failed);
	return failed;
}

void table_write_summary(FILE *f, const struct table *t)
{
	char expect[64], mean[32];

	fputs("scenario\tarm\tmode\truns\tmissing\tpass\tdeadlock\tlockdep\toom\tother\tmean_detect_s\texpect\tok\n",
	      f);
	for (size_t i = 0; i < t->n; i++) {
		const struct table_group *g = &t->v[i];
		bool ok = table_group_ok(g, expect, sizeof(expect));

		mean_detect(g, mean, sizeof(mean));
		fprintf(f, "%s\t%s\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%s\t%s\t%s\n",
			g->scenario, g->arm, g->mode, g->runs, g->missing, g->pass,
			g->deadlock, g->lockdep, g->oom, g->other, mean,
			expect, ok ? "ok" : "FAIL");
	}
}
