/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregate verdict.tsv rows by (scenario, arm, mode) and check what each
 * group must show:
 *   control + forced : >= ceil(0.95 * runs) DEADLOCK(reclaim-commit-deadlock)
 *   control + lockdep: every run LOCKDEP(reclaim-connect)
 *   fixed (any mode) : every run PASS
 *   - + smoke        : every run PASS (smoke scenarios have no arms)
 *   control + natural, control + swap: no expectation, counts reported
 */
#ifndef NFSTB_TABLE_H
#define NFSTB_TABLE_H

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
};

struct table {
	struct table_group *v;
	size_t n;
};

/*
 * Add one verdict.tsv line.  Returns 0, or -1 with a one-line reason in
 * @err (without file name) if the line is malformed.  Blank lines are
 * accepted and ignored.
 */
int table_add_line(struct table *t, const char *line, char *err, size_t len);
/* A run of the matrix that has no verdict.tsv. */
void table_add_missing(struct table *t, const char *scenario, const char *arm,
		       const char *mode);
void table_sort(struct table *t);
void table_free(struct table *t);

/* Whether the group meets its expectation (expect.h); @expect says it. */
bool table_group_ok(const struct table_group *g, char *expect, size_t len);

/* Fixed-width table and the "N passed, N failed" line; returns failures. */
size_t table_print(FILE *f, const struct table *t);
void table_write_summary(FILE *f, const struct table *t);

/* Every verdict.tsv in a subdirectory (any depth) of @dir, sorted. */
int table_find_verdicts(const char *dir, char ***paths, size_t *n);

#endif
