// SPDX-License-Identifier: GPL-2.0
#include "table.h"
#include "expect.h"
#include "util.h"
#include "verdict.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define NCOLS 10

static const char *const modes[] = {
	"forced", "natural", "smoke", "lockdep", "swap",
};

static bool valid_mode(const char *m)
{
	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if (!strcmp(m, modes[i]))
			return true;
	return false;
}

static bool valid_number(const char *s, double *out)
{
	char *end;

	if (!*s)
		return false;
	*out = strtod(s, &end);
	return *end == '\0' && isfinite(*out);
}

static struct table_group *group_of(struct table *t, const char *scenario,
				    const char *arm, const char *mode)
{
	struct table_group *g;

	for (size_t i = 0; i < t->n; i++) {
		g = &t->v[i];
		if (!strcmp(g->scenario, scenario) && !strcmp(g->arm, arm) &&
		    !strcmp(g->mode, mode))
			return g;
	}
	t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
	g = &t->v[t->n++];
	memset(g, 0, sizeof(*g));
	snprintf(g->scenario, sizeof(g->scenario), "%s", scenario);
	snprintf(g->arm, sizeof(g->arm), "%s", arm);
	snprintf(g->mode, sizeof(g->mode), "%s", mode);
	return g;
}

int table_add_line(struct table *t, const char *line, char *err, size_t len)
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
	if (!col[0][0] || strlen(col[0]) >= sizeof(g->scenario)) {
		snprintf(err, len, "bad scenario '%s'", col[0]);
		return -1;
	}
	if (strcmp(col[1], "fixed") && strcmp(col[1], "control") &&
	    strcmp(col[1], "-")) {
		snprintf(err, len, "bad arm '%s' (fixed|control|-)", col[1]);
		return -1;
	}
	if (!valid_mode(col[2])) {
		snprintf(err, len, "bad mode '%s' (forced|natural|smoke|lockdep|swap)",
			 col[2]);
		return -1;
	}
	if (!strcmp(col[1], "-") != !strcmp(col[2], "smoke")) {
		snprintf(err, len, "arm '-' goes with mode 'smoke' only");
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

	g = group_of(t, col[0], col[1], col[2]);
	g->runs++;
	const struct expectation *e = expect_for(g->arm, g->mode);

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

void table_add_missing(struct table *t, const char *scenario, const char *arm,
		       const char *mode)
{
	group_of(t, scenario, arm, mode)->missing++;
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
	const struct expectation *e = expect_for(g->arm, g->mode);
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

struct pathlist {
	char **v;
	size_t n;
};

/* Directories only by lstat: a symlink loop cannot make us spin. */
static int walk(const char *dir, int depth, struct pathlist *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		struct stat st;
		char *path;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (asprintf(&path, "%s/%s", dir, e->d_name) < 0) {
			ret = -1;
			break;
		}
		if (lstat(path, &st)) {
			free(path);
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			if (walk(path, depth + 1, out))
				ret = -1;
			free(path);
		} else if (S_ISREG(st.st_mode) && depth > 0 &&
			   !strcmp(e->d_name, "verdict.tsv")) {
			out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
			out->v[out->n++] = path;
		} else {
			free(path);
		}
	}
	closedir(d);
	return ret;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int table_find_verdicts(const char *dir, char ***paths, size_t *n)
{
	struct pathlist pl = { NULL, 0 };
	int ret = walk(dir, 0, &pl);

	qsort(pl.v, pl.n, sizeof(*pl.v), cmp_path);
	*paths = pl.v;
	*n = pl.n;
	return ret;
}
