/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregate the runs of a matrix (runs.h) by (scenario, arm, mode) and
 * check each group against the expectation its runs declare (expect.h,
 * from harness/scenarios.def); a group without one is reported only.
 */
#ifndef NFSTB_TABLE_H
#define NFSTB_TABLE_H

#include "expect.h"
#include "runs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct table_group {
	char scenario[64];
	char arm[16];
	char mode[16];
	long runs;		/* records */
	long missing;		/* planned in matrix.tsv, without a record */
	long matched;		/* records with the expected verdict */
	long pass;
	long deadlock;		/* any DEADLOCK(...) */
	long lockdep;		/* any LOCKDEP(...) */
	long oom;		/* OOM */
	long other;		/* everything else */
	double detect_sum;	/* over DEADLOCK runs with a detect_s */
	long detect_n;
	struct expectation expect;	/* when has_expect */
	bool has_expect;
};

struct table {
	struct table_group *v;
	size_t n;
};

/*
 * Add one verdict.tsv line of a run expecting @e (NULL: report only).
 * Returns 0, or -1 with a one-line reason in @err (without file name) if
 * the line is malformed or its group expects something else.  Blank lines
 * are accepted and ignored.
 */
int table_add_line(struct table *t, const char *line,
		   const struct expectation *e, char *err, size_t len);
/*
 * Add a run of the matrix: its record, which must judge the run the matrix
 * planned, or a missing run.  0, or -1 with a one-line reason in @err.
 */
int table_add_run(struct table *t, const struct run_row *r, char *err,
		  size_t len);
/* The group's expectation, NULL for none. */
const struct expectation *table_group_expect(const struct table_group *g);
void table_sort(struct table *t);
void table_free(struct table *t);

/* Whether the group meets its expectation (expect.h); @expect says it. */
bool table_group_ok(const struct table_group *g, char *expect, size_t len);

/* Fixed-width table and the "N passed, N failed" line; returns failures. */
size_t table_print(FILE *f, const struct table *t);
void table_write_summary(FILE *f, const struct table *t);

#endif
