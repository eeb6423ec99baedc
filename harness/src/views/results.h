/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The runs of a results directory, judged, in four parts: what a run must
 * show (the expectations of harness/scenarios.def); the run list read from
 * matrix.tsv; the table of the runs grouped by scenario x arm x mode; and
 * the TAP lines of the runs.  All in results.c.
 */
#ifndef NFSTB_RESULTS_H
#define NFSTB_RESULTS_H

#include "record.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * What a run must show.  Declared once, per scenario x arm x mode, in
 * harness/scenarios.def ('expect ARM MODE VERDICT PERCENT'); the
 * orchestrator copies it into every row of the run matrix (matrix.tsv,
 * columns expect and percent, '-' '-' for none), and the table, junit.xml
 * and the TAP stream read it from there, so the three agree by
 * construction.
 * A group meets its expectation when no planned run lacks a record and at
 * least ceil(percent * planned / 100) runs got the expected verdict.  A
 * single run fails when it has no record, or when it missed the expected
 * verdict and the misses so far (in run order) exceed what the threshold
 * allows: so a group fails exactly when one of its runs fails.  A run
 * judged SKIP (the booted kernel lacks a knob of the cell) neither meets
 * nor misses it: it is not counted among the planned runs the threshold
 * is taken of, and a group whose runs were all skipped is skipped.
 */

struct expectation {
	char verdict[96];	/* the verdict a run must get */
	char label[32];		/* its short name in the table: PASS, DEADLOCK */
	int percent;		/* of the planned runs, at least */
	bool xfail;		/* the expected verdict is the bug (not PASS): TAP XFAIL */
};

/*
 * Parse matrix.tsv's expect and percent columns into @e.  Returns 1 for an
 * expectation, 0 for none ("-" "-": report only), -1 with a one-line
 * reason in @err when they are malformed.
 */
int expect_parse(const char *verdict, const char *percent,
		 struct expectation *e, char *err, size_t len);
/* Whether two expectations are the same declaration (NULL: none). */
bool expect_same(const struct expectation *a, const struct expectation *b);
/* ceil(percent * planned / 100) */
long expect_need(const struct expectation *e, long planned);
/* ">=19/20 DEADLOCK", "3/3 PASS" or "report only" (@e NULL) */
void expect_describe(const struct expectation *e, long planned, char *buf,
		     size_t len);
bool expect_group_ok(const struct expectation *e, long planned, long matched,
		     long missing);

enum run_judgement {
	RUN_OK,			/* got the expected verdict */
	RUN_ALLOWED_MISS,	/* missed it, within the threshold */
	RUN_REPORT_ONLY,	/* no expectation */
	RUN_FAILED,		/* missed it beyond the threshold */
	RUN_NO_RECORD,		/* planned, but no verdict record */
	RUN_MALFORMED,		/* its run.json is not a record of this run */
	RUN_SKIPPED,		/* SKIP: the kernel cannot run the cell; it
				 * neither meets nor misses the expectation */
};

/*
 * One run of a group of @planned runs, in run order.  @verdict is NULL
 * when the run has no record; *@misses counts the group's misses so far.
 * (A malformed record is judged before this: runs_load.)
 */
enum run_judgement expect_run(const struct expectation *e, long planned,
			      const char *verdict, long *misses);
bool run_judgement_failed(enum run_judgement j);

/*
 * The runs of a results directory, each judged against its expectation
 * (above).  The list comes from RESULTS_DIR/matrix.tsv, the plan the
 * orchestrator writes before the first run, so a planned run whose record
 * (RUN/run.json, record.h) is missing is still a row, and fails.  A
 * run.json that is not a record, or is the record of another run (its
 * scenario, arm, mode or run id are not the matrix's), makes the row
 * malformed: the table stops on it, TAP and junit.xml fail the run.  A
 * directory without a matrix has no runs to judge.
 *
 * matrix.tsv: a header, then one row per run, in the order they run:
 *   n  run  scenario  arm  mode  index  seed  expect  percent
 * n is the TAP test number (1..N), run the run directory's name, index the
 * run's number within its scenario x arm x mode, expect and percent the
 * declared expectation ('-' '-': report only), the same on every row of a
 * scenario x arm x mode.
 */

#define MATRIX_HEADER "n\trun\tscenario\tarm\tmode\tindex\tseed\texpect\tpercent"
#define MATRIX_COLUMNS 9

struct run_row {
	long n;
	char run[256], scenario[64], arm[16], mode[16], seed[32];
	long index;
	bool has_record;	/* rec holds the run's record */
	bool malformed;		/* run.json is there but not its record */
	char why[640];		/* then why, without the file: "missing key 'verdict'" */
	struct run_record rec;
	enum run_judgement judgement;
	struct expectation declared;	/* from the matrix */
	const struct expectation *expect;	/* &declared, or NULL: report only */
	long planned;		/* runs of its scenario x arm x mode, less
				 * those judged SKIP */
	long misses;		/* its group's misses up to and with it */
};

struct run_list {
	struct run_row *v;
	size_t n;
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

/*
 * Aggregate the runs of a matrix (above) by (scenario, arm, mode) and
 * check each group against the expectation its runs declare (above,
 * from harness/scenarios.def); a group without one is reported only.
 */

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
	long skipped;		/* SKIP: not among the planned runs */
	long other;		/* everything else */
	long reclaim;		/* runs with a direct reclaim begun inside a
				 * connect worker (trace.reclaim_in_worker) */
	double detect_sum;	/* over DEADLOCK runs with a detect_s */
	long detect_n;
	double deadlock_sum;	/* over DEADLOCK runs with a deadlock_s */
	long deadlock_n;
	struct expectation expect;	/* when has_expect */
	bool has_expect;
	/* the distinct syzkaller-style titles beside its runs' hang and
	 * lockdep verdicts (record_syz_title), "; " between, in run order */
	char syz_titles[512];
};

struct table {
	struct table_group *v;
	size_t n;
};

/*
 * Add the record of a run expecting @e (NULL: report only).  Returns 0, or
 * -1 with a one-line reason in @err if its group expects something else.
 */
int table_add_record(struct table *t, const struct run_record *rec,
		     const struct expectation *e, char *err, size_t len);
/*
 * Add a run of the matrix: its record, or a missing run.  0, or -1 with a
 * one-line reason in @err: a malformed record ("RUN/run.json: ...") or
 * another expectation than its group's.
 */
int table_add_run(struct table *t, const struct run_row *r, char *err,
		  size_t len);
/* The group's expectation, NULL for none. */
const struct expectation *table_group_expect(const struct table_group *g);
void table_sort(struct table *t);
void table_free(struct table *t);

/* Whether the group meets its expectation (above); @expect says it. */
bool table_group_ok(const struct table_group *g, char *expect, size_t len);

/* Fixed-width table and the "N passed, N failed" line; returns failures. */
size_t table_print(FILE *f, const struct table *t);
void table_write_summary(FILE *f, const struct table *t);

/*
 * kselftest-style TAP lines for the runs of a results directory (above),
 * judged as the table and junit.xml judge them (above):
 *   ok 7 v3-tcp.control.forced.1 # XFAIL DEADLOCK(reclaim-commit-deadlock)
 *   ok 3 v3-tcp.fixed.forced.1
 *   ok 9 v3-tcp.control.forced.2 # allowed miss 1 of 1 (>=19/20 DEADLOCK): PASS
 *   ok 5 swap-v3.control.swap.1 # report only: PASS
 *   ok 12 v3-tcp.control.forced.3 # SKIP the kernel lacks reclaim_inject (...)
 *   not ok 8 v3-tcp.fixed.forced.2 # BUG-PATH, expected PASS: <reason>
 *   not ok 4 v42-tcp.fixed.forced.1 # no verdict record
 *   not ok 6 v3-udp.fixed.forced.1 # malformed record: missing key 'verdict'
 */

void tap_plan(FILE *f, const struct run_list *l);
void tap_line(FILE *f, const struct run_row *r);
/* "# N ok, N not ok"; returns the not-ok count. */
size_t tap_totals(FILE *f, const struct run_list *l);

#endif
