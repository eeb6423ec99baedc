/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The runs of a results directory, each judged against its expectation
 * (expect.h).  The list comes from RESULTS_DIR/matrix.tsv, the plan the
 * orchestrator writes before the first run, so a planned run whose record
 * (RUN/verdict.tsv) is missing is still a row, and fails.  A directory
 * without a matrix has no runs to judge.
 *
 * matrix.tsv: a header, then one row per run, in the order they run:
 *   n  run  scenario  arm  mode  index  seed  expect  percent
 * n is the TAP test number (1..N), run the run directory's name, index the
 * run's number within its scenario x arm x mode, expect and percent the
 * declared expectation ('-' '-': report only), the same on every row of a
 * scenario x arm x mode.
 */
#ifndef NFSTB_RUNS_H
#define NFSTB_RUNS_H

#include "expect.h"

#include <stdbool.h>
#include <stddef.h>

#define MATRIX_HEADER "n\trun\tscenario\tarm\tmode\tindex\tseed\texpect\tpercent"
#define MATRIX_COLUMNS 9

struct run_row {
	long n;
	char run[256], scenario[64], arm[16], mode[16], seed[32];
	long index;
	bool has_record;
	char verdict[96];	/* verdict.tsv's 4th column, "" without record */
	char record[1024];	/* verdict.tsv's line, "" without record */
	char reason[512];	/* verdict.json's reason, or "" */
	enum run_judgement judgement;
	struct expectation declared;	/* from the matrix */
	const struct expectation *expect;	/* &declared, or NULL: report only */
	long planned;		/* runs of its scenario x arm x mode */
	long misses;		/* its group's misses up to and with it */
};

struct run_list {
	struct run_row *v;
	size_t n;
	bool from_matrix;
};

/*
 * Read RESULTS_DIR/matrix.tsv and every run's record, then judge.
 * Returns 0; 1 without a matrix; -1 for a malformed one; both with a
 * one-line reason in @err.
 */
int runs_load(const char *dir, struct run_list *l, char *err, size_t len);
void runs_free(struct run_list *l);

/* "v3-tcp.control.forced.1" */
void run_row_name(const struct run_row *r, char *buf, size_t len);

#endif
