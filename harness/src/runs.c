// SPDX-License-Identifier: GPL-2.0
#include "runs.h"
#include "report_util.h"
#include "timeline.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUN_NAME_CHARS \
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"

static void read_record(const char *dir, struct run_row *r)
{
	char path[4096], *text;

	snprintf(path, sizeof(path), "%s/%s/verdict.tsv", dir, r->run);
	text = read_whole_file(path);
	r->has_record = text &&
			verdict_tsv_verdict(text, r->verdict, sizeof(r->verdict));
	if (r->has_record)
		snprintf(r->record, sizeof(r->record), "%.*s",
			 (int)strcspn(text, "\n"), text);
	else
		r->verdict[0] = r->record[0] = '\0';
	free(text);
	snprintf(path, sizeof(path), "%s/%s/verdict.json", dir, r->run);
	text = read_whole_file(path);
	if (!text || !json_string(text, "reason", r->reason, sizeof(r->reason)))
		r->reason[0] = '\0';
	free(text);
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
		for (size_t k = 0; k < l->n; k++)
			r->planned += same_group(r, &l->v[k]);
		/* the misses of the group's earlier rows */
		for (size_t k = i; k-- > 0;)
			if (same_group(r, &l->v[k])) {
				misses = l->v[k].misses;
				break;
			}
		r->judgement = expect_run(r->expect, r->planned,
					  r->has_record ? r->verdict : NULL,
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
	l->from_matrix = true;
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
