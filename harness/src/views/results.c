// SPDX-License-Identifier: GPL-2.0
/*
 * The runs of a results directory, judged (results.h): expectations, the
 * run list, the table and the TAP lines.
 */
#include "record.h"
#include "results.h"
#include "util.h"
#include "verdict_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a run must show: expectations and the judgement of runs. */

int expect_parse(const char *verdict, const char *percent,
		 struct expectation *e, char *err, size_t len)
{
	char *end;
	long p;
	size_t n;

	memset(e, 0, sizeof(*e));
	if (!strcmp(verdict, "-") && !strcmp(percent, "-"))
		return 0;
	if (!record_verdict_valid(verdict) || strlen(verdict) >= sizeof(e->verdict)) {
		snprintf(err, len, "bad expected verdict '%s'", verdict);
		return -1;
	}
	p = strtol(percent, &end, 10);
	if (!*percent || *end || p < 1 || p > 100) {
		snprintf(err, len, "bad percent '%s' (1-100)", percent);
		return -1;
	}
	snprintf(e->verdict, sizeof(e->verdict), "%s", verdict);
	/* the name before "(...)": "DEADLOCK(x)" is labelled DEADLOCK */
	n = strcspn(verdict, "(");
	if (n >= sizeof(e->label))
		n = sizeof(e->label) - 1;
	memcpy(e->label, verdict, n);
	e->label[n] = '\0';
	e->percent = (int)p;
	e->xfail = strcmp(verdict, "PASS") != 0;
	return 1;
}

bool expect_same(const struct expectation *a, const struct expectation *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a->verdict, b->verdict) && a->percent == b->percent;
}

long expect_need(const struct expectation *e, long planned)
{
	/* in integers: 19 of 20, 3 of 3, 1 of 1 */
	return (e->percent * planned + 99) / 100;
}

void expect_describe(const struct expectation *e, long planned, char *buf,
		     size_t len)
{
	if (!e)
		snprintf(buf, len, "report only");
	else if (e->percent == 100)
		snprintf(buf, len, "%ld/%ld %s", planned, planned, e->label);
	else
		snprintf(buf, len, ">=%ld/%ld %s", expect_need(e, planned),
			 planned, e->label);
}

bool expect_group_ok(const struct expectation *e, long planned, long matched,
		     long missing)
{
	if (missing)
		return false;
	return !e || matched >= expect_need(e, planned);
}

enum run_judgement expect_run(const struct expectation *e, long planned,
			      const char *verdict, long *misses)
{
	if (!verdict)
		return RUN_NO_RECORD;
	if (verdict_skipped(verdict))
		return RUN_SKIPPED;
	if (!e)
		return RUN_REPORT_ONLY;
	if (!strcmp(verdict, e->verdict))
		return RUN_OK;
	++*misses;
	return *misses <= planned - expect_need(e, planned) ? RUN_ALLOWED_MISS
							    : RUN_FAILED;
}

bool run_judgement_failed(enum run_judgement j)
{
	return j == RUN_FAILED || j == RUN_NO_RECORD || j == RUN_MALFORMED;
}

/* The run list: matrix.tsv and each run's record. */

#define RUN_NAME_CHARS \
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"

/* RUN/run.json: the run's record, which must judge the run the matrix planned. */
static void read_record(const char *dir, struct run_row *r)
{
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/%s/" RECORD_FILE, dir, r->run);
	ret = record_load(path, &r->rec, r->why, sizeof(r->why));
	r->has_record = ret == 0;
	r->malformed = ret < 0;
	if (!r->has_record)
		return;
	if (strcmp(r->rec.scenario, r->scenario) || strcmp(r->rec.arm, r->arm) ||
	    strcmp(r->rec.mode, r->mode))
		snprintf(r->why, sizeof(r->why), "judges another run than the matrix's %s.%s.%s",
			 r->scenario, r->arm, r->mode);
	else if (r->rec.run[0] && strcmp(r->rec.run, r->run))
		snprintf(r->why, sizeof(r->why), "judges run '%s', not the matrix's %s",
			 r->rec.run, r->run);
	else
		return;
	r->has_record = false;
	r->malformed = true;
}

static bool same_group(const struct run_row *a, const struct run_row *b)
{
	return !strcmp(a->scenario, b->scenario) && !strcmp(a->arm, b->arm) &&
	       !strcmp(a->mode, b->mode);
}

static const struct expectation *declared(const struct run_row *r)
{
	return r->declared.verdict[0] ? &r->declared : NULL;
}

/* Whether the last row @r declares what the earlier rows of its group do. */
static bool same_group_expectation(const struct run_list *l,
				   const struct run_row *r)
{
	for (size_t k = 0; k + 1 < l->n; k++)
		if (same_group(r, &l->v[k]))
			return expect_same(declared(r), declared(&l->v[k]));
	return true;
}

/* Judge every row in list order, which is run order within a group. */
static void judge(struct run_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		struct run_row *r = &l->v[i];
		long misses = 0;

		r->expect = declared(r);
		r->planned = 0;
		/* a skipped run is not one of the runs the threshold counts */
		for (size_t k = 0; k < l->n; k++)
			r->planned += same_group(r, &l->v[k]) &&
				      !(l->v[k].has_record &&
					verdict_skipped(l->v[k].rec.verdict));
		/* the misses of the group's earlier rows */
		for (size_t k = i; k-- > 0;)
			if (same_group(r, &l->v[k])) {
				misses = l->v[k].misses;
				break;
			}
		if (r->malformed)
			r->judgement = RUN_MALFORMED;
		else
			r->judgement = expect_run(r->expect, r->planned,
						  r->has_record ? r->rec.verdict : NULL,
						  &misses);
		r->misses = misses;
	}
}

static struct run_row *add_row(struct run_list *l)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	memset(&l->v[l->n], 0, sizeof(l->v[0]));
	return &l->v[l->n++];
}

/* Split @line (modified) at tabs into exactly @n columns. */
static bool split_tabs(char *line, char **col, size_t n)
{
	size_t k = 0;

	for (char *p = line; k < n; k++) {
		col[k] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	return k + 1 == n && !strchr(col[n - 1], '\t');
}

static int parse_matrix(const char *text, struct run_list *l, char *err,
			size_t len)
{
	char *copy = xstrdup(text), *save = NULL, *line, *col[MATRIX_COLUMNS];
	char why[160];
	long lineno = 0;
	int ret = 0;

	for (line = strtok_r(copy, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		struct run_row *r;
		char *end;

		if (++lineno == 1) {
			if (strcmp(line, MATRIX_HEADER)) {
				snprintf(err, len, "matrix.tsv:1: expected the header '%s'",
					 MATRIX_HEADER);
				ret = -1;
			}
			continue;
		}
		if (!split_tabs(line, col, MATRIX_COLUMNS)) {
			snprintf(err, len, "matrix.tsv:%ld: expected %d tab-separated fields",
				 lineno, MATRIX_COLUMNS);
			ret = -1;
			continue;
		}
		r = add_row(l);
		r->n = strtol(col[0], &end, 10);
		if (*end || r->n != (long)l->n) {
			snprintf(err, len, "matrix.tsv:%ld: run number '%s', expected %zu",
				 lineno, col[0], l->n);
			ret = -1;
		}
		snprintf(r->run, sizeof(r->run), "%s", col[1]);
		/* a run directory's name below the results directory, once */
		if (!ret && (!*col[1] || *col[1] == '.' ||
			     strspn(col[1], RUN_NAME_CHARS) != strlen(col[1]) ||
			     strlen(col[1]) >= sizeof(r->run))) {
			snprintf(err, len, "matrix.tsv:%ld: bad run name '%s'", lineno, col[1]);
			ret = -1;
		}
		for (size_t k = 0; !ret && k + 1 < l->n; k++)
			if (!strcmp(l->v[k].run, r->run)) {
				snprintf(err, len, "matrix.tsv:%ld: run %s planned twice", lineno, r->run);
				ret = -1;
			}
		snprintf(r->scenario, sizeof(r->scenario), "%s", col[2]);
		snprintf(r->arm, sizeof(r->arm), "%s", col[3]);
		snprintf(r->mode, sizeof(r->mode), "%s", col[4]);
		r->index = strtol(col[5], &end, 10);
		if (*end || r->index < 1) {
			snprintf(err, len, "matrix.tsv:%ld: bad index '%s'", lineno,
				 col[5]);
			ret = -1;
		}
		snprintf(r->seed, sizeof(r->seed), "%s", col[6]);
		if (!ret && expect_parse(col[7], col[8], &r->declared, why,
					 sizeof(why)) < 0) {
			snprintf(err, len, "matrix.tsv:%ld: %s", lineno, why);
			ret = -1;
		}
		if (!ret && !same_group_expectation(l, r)) {
			snprintf(err, len, "matrix.tsv:%ld: run %s declares another expectation than the earlier runs of %s.%s.%s",
				 lineno, r->run, r->scenario, r->arm, r->mode);
			ret = -1;
		}
	}
	free(copy);
	if (!ret && !l->n) {
		snprintf(err, len, "matrix.tsv: no runs");
		ret = -1;
	}
	return ret;
}

int runs_load(const char *dir, struct run_list *l, char *err, size_t len)
{
	char path[4096], *text;
	int ret;

	memset(l, 0, sizeof(*l));
	snprintf(path, sizeof(path), "%s/matrix.tsv", dir);
	text = read_whole_file(path);
	if (!text) {
		snprintf(err, len, "cannot read %s: not a results directory of make nfs-test",
			 path);
		return 1;
	}
	ret = parse_matrix(text, l, err, len);
	free(text);
	if (ret) {
		runs_free(l);
		return ret;
	}
	for (size_t i = 0; i < l->n; i++)
		read_record(dir, &l->v[i]);
	judge(l);
	return 0;
}

void runs_free(struct run_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

void run_row_name(const struct run_row *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s.%s.%s.%ld", r->scenario, r->arm, r->mode,
		 r->index);
}

/* The table: the runs grouped by scenario x arm x mode. */

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

/* @title into the group's distinct titles, if new (and if it fits). */
static void add_syz_title(struct table_group *g, const char *title)
{
	size_t n = strlen(g->syz_titles), k = strlen(title);
	const char *p = g->syz_titles;

	if (!k)
		return;
	while ((p = strstr(p, title))) {
		if ((p == g->syz_titles || p[-1] == ' ') && (!p[k] || p[k] == ';'))
			return;
		p++;
	}
	if (n + k + 3 > sizeof(g->syz_titles))
		return;
	snprintf(g->syz_titles + n, sizeof(g->syz_titles) - n, "%s%s",
		 n ? "; " : "", title);
}

int table_add_record(struct table *t, const struct run_record *rec,
		     const struct expectation *e, char *err, size_t len)
{
	struct table_group *g = group_of(t, rec->scenario, rec->arm, rec->mode, e);
	const char *v = rec->verdict;

	if (!g) {
		snprintf(err, len, "%s.%s.%s: another expectation than its group's",
			 rec->scenario, rec->arm, rec->mode);
		return -1;
	}
	g->runs++;
	add_syz_title(g, record_syz_title(rec));
	g->reclaim += rec->reclaim_in_worker > 0;
	g->matched += e && !strcmp(v, e->verdict);
	if (verdict_skipped(v)) {
		g->skipped++;
	} else if (!strcmp(v, "PASS")) {
		g->pass++;
	} else if (starts_with(v, "LOCKDEP(")) {
		g->lockdep++;
	} else if (!strcmp(v, "OOM")) {
		g->oom++;
	} else if (starts_with(v, "DEADLOCK(")) {
		g->deadlock++;
		if (rec->detect_us != TIME_NONE) {
			g->detect_sum += rec->detect_us / 1e6;
			g->detect_n++;
		}
		if (rec->deadlock_us != TIME_NONE) {
			g->deadlock_sum += rec->deadlock_us / 1e6;
			g->deadlock_n++;
		}
	} else {
		g->other++;
	}
	return 0;
}

int table_add_run(struct table *t, const struct run_row *r, char *err,
		  size_t len)
{
	char why[sizeof(r->why)];
	struct table_group *g;

	if (r->malformed) {
		snprintf(err, len, "%s/" RECORD_FILE ": %s", r->run, r->why);
		return -1;
	}
	if (r->has_record) {
		if (!table_add_record(t, &r->rec, r->expect, why, sizeof(why)))
			return 0;
		snprintf(err, len, "%s/" RECORD_FILE ": %s", r->run, why);
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
	long planned = g->runs + g->missing - g->skipped;

	expect_describe(e, planned, expect, len);
	return expect_group_ok(e, planned, g->matched, g->missing);
}

static void mean_of(double sum, long n, char *buf, size_t len)
{
	if (n)
		snprintf(buf, len, "%.3f", sum / n);
	else
		snprintf(buf, len, "-");
}

/* The cells of a group's row that are worked out, not counted. */
struct group_cells {
	char expect[64], mean_detect[32], mean_deadlock[32];
	const char *ok;		/* "ok" or "FAIL" */
};

/* Fills @c for @g; returns whether the group met its expectation. */
static bool group_cells(const struct table_group *g, struct group_cells *c)
{
	bool ok = table_group_ok(g, c->expect, sizeof(c->expect));

	mean_of(g->detect_sum, g->detect_n, c->mean_detect, sizeof(c->mean_detect));
	mean_of(g->deadlock_sum, g->deadlock_n, c->mean_deadlock,
		sizeof(c->mean_deadlock));
	/* every run skipped: the tree cannot run the cell */
	c->ok = g->skipped && g->skipped == g->runs && !g->missing ? "skip" :
		ok ? "ok" : "FAIL";
	return ok;
}

size_t table_print(FILE *f, const struct table *t)
{
	int w = (int)strlen("scenario");
	size_t failed = 0;

	for (size_t i = 0; i < t->n; i++)
		if ((int)strlen(t->v[i].scenario) > w)
			w = (int)strlen(t->v[i].scenario);
	fprintf(f, "%-*s  %-7s  %-7s  %4s  %7s  %4s  %8s  %7s  %4s  %4s  %5s  %7s  %15s  %13s  %-18s  %-4s  %s\n",
		w, "scenario", "arm", "mode", "runs", "missing", "PASS",
		"DEADLOCK", "LOCKDEP", "OOM", "SKIP", "other", "reclaim",
		"mean_deadlock_s", "mean_detect_s", "expect", "ok", "syz_titles");
	for (size_t i = 0; i < t->n; i++) {
		const struct table_group *g = &t->v[i];
		struct group_cells c;

		failed += !group_cells(g, &c);
		fprintf(f, "%-*s  %-7s  %-7s  %4ld  %7ld  %4ld  %8ld  %7ld  %4ld  %4ld  %5ld  %7ld  %15s  %13s  %-18s  %-4s  %s\n",
			w, g->scenario, g->arm, g->mode, g->runs, g->missing,
			g->pass, g->deadlock, g->lockdep, g->oom, g->skipped, g->other,
			g->reclaim, c.mean_deadlock, c.mean_detect, c.expect, c.ok,
			g->syz_titles[0] ? g->syz_titles : "-");
	}
	fprintf(f, "%zu passed, %zu failed\n", t->n - failed, failed);
	return failed;
}

void table_write_summary(FILE *f, const struct table *t)
{
	fputs("scenario\tarm\tmode\truns\tmissing\tpass\tdeadlock\tlockdep\toom\tskip\tother\treclaim\tmean_deadlock_s\tmean_detect_s\texpect\tok\tsyz_titles\n",
	      f);
	for (size_t i = 0; i < t->n; i++) {
		const struct table_group *g = &t->v[i];
		struct group_cells c;

		group_cells(g, &c);
		fprintf(f, "%s\t%s\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%s\t%s\t%s\t%s\t%s\n",
			g->scenario, g->arm, g->mode, g->runs, g->missing, g->pass,
			g->deadlock, g->lockdep, g->oom, g->skipped, g->other, g->reclaim,
			c.mean_deadlock, c.mean_detect, c.expect, c.ok,
			g->syz_titles[0] ? g->syz_titles : "-");
	}
}

/* kselftest-style TAP lines of the runs. */

void tap_plan(FILE *f, const struct run_list *l)
{
	fprintf(f, "KTAP version 1\n1..%zu\n", l->n);
}

/*
 * What a failed run was, for KTAP's directive and the totals: the testbed
 * could not judge it (ERROR: no record, a malformed one, the verdicts
 * ERROR and NO-JUDGEMENT), it hit the orchestrator's run limit (TIMEOUT),
 * an expected failure that passed (XPASS), or the kernel failed it; or
 * the kernel cannot run the cell (SKIP).
 */
enum tap_kind { TAP_PASS, TAP_XFAIL, TAP_FAIL, TAP_XPASS, TAP_ERROR, TAP_TIMEOUT,
		TAP_SKIP };

static enum tap_kind tap_kind(const struct run_row *r)
{
	switch (r->judgement) {
	case RUN_OK:
		return r->expect->xfail ? TAP_XFAIL : TAP_PASS;
	case RUN_ALLOWED_MISS:
	case RUN_REPORT_ONLY:
		return TAP_PASS;
	case RUN_NO_RECORD:
	case RUN_MALFORMED:
		return TAP_ERROR;
	case RUN_SKIPPED:
		return TAP_SKIP;
	case RUN_FAILED:
		break;
	}
	if (!strcmp(r->rec.orchestrator, "timeout"))
		return TAP_TIMEOUT;
	if (verdict_unjudged(r->rec.verdict))
		return TAP_ERROR;
	if (r->expect->xfail && !strcmp(r->rec.verdict, "PASS"))
		return TAP_XPASS;
	return TAP_FAIL;
}

void tap_line(FILE *f, const struct run_row *r)
{
	const struct expectation *e = r->expect;
	char name[512], want[64];

	run_row_name(r, name, sizeof(name));
	fprintf(f, "%s %ld %s", run_judgement_failed(r->judgement) ? "not ok" : "ok",
		r->n, name);
	switch (r->judgement) {
	case RUN_OK:
		if (e->xfail)
			fprintf(f, " # XFAIL %s", r->rec.verdict);
		break;
	case RUN_ALLOWED_MISS:
		expect_describe(e, r->planned, want, sizeof(want));
		fprintf(f, " # allowed miss %ld of %ld (%s): %s", r->misses,
			r->planned - expect_need(e, r->planned), want,
			r->rec.verdict);
		break;
	case RUN_REPORT_ONLY:
		fprintf(f, " # report only: %s", r->rec.verdict);
		break;
	case RUN_SKIPPED:
		/* KTAP's directive: "# SKIP reason" */
		fprintf(f, " # SKIP %s", r->rec.reason[0] ? r->rec.reason :
			"the kernel cannot run this cell");
		break;
	case RUN_FAILED:
		fputs(tap_kind(r) == TAP_TIMEOUT ? " # TIMEOUT" :
		      tap_kind(r) == TAP_ERROR ? " # ERROR" :
		      tap_kind(r) == TAP_XPASS ? " # XPASS" : " #", f);
		fprintf(f, " %s, expected %s%s%s", r->rec.verdict, e->verdict,
			r->rec.reason[0] ? ": " : "", r->rec.reason);
		break;
	case RUN_NO_RECORD:
		fputs(" # ERROR no verdict record", f);
		break;
	case RUN_MALFORMED:
		fprintf(f, " # ERROR malformed record: %s", r->why);
		break;
	}
	fputc('\n', f);
}

size_t tap_totals(FILE *f, const struct run_list *l)
{
	size_t bad = 0;

	size_t kinds[TAP_SKIP + 1] = { 0 };

	for (size_t i = 0; i < l->n; i++) {
		bad += run_judgement_failed(l->v[i].judgement);
		kinds[tap_kind(&l->v[i])]++;
	}
	/* kselftest's line; a timeout is an error there too */
	fprintf(f, "# Totals: pass:%zu fail:%zu xfail:%zu xpass:%zu skip:%zu error:%zu\n",
		kinds[TAP_PASS], kinds[TAP_FAIL], kinds[TAP_XFAIL],
		kinds[TAP_XPASS], kinds[TAP_SKIP],
		kinds[TAP_ERROR] + kinds[TAP_TIMEOUT]);
	fprintf(f, "# %zu ok, %zu not ok\n", l->n - bad, bad);
	return bad;
}
