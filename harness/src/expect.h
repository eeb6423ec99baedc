/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each arm x mode must show, declared once and used by the table,
 * junit.xml and the TAP stream, so that the three agree by construction:
 *   control + forced : DEADLOCK(reclaim-commit-deadlock) in >= 95 % of runs
 *   control + lockdep: LOCKDEP(reclaim-connect) in every run
 *   fixed, any mode  : PASS in every run
 *   - + smoke        : PASS in every run
 *   anything else    : no expectation (report only)
 * A group meets its expectation when no planned run lacks a record and at
 * least ceil(percent * planned / 100) runs got the expected verdict.  A
 * single run fails when it has no record, or when it missed the expected
 * verdict and the misses so far (in run order) exceed what the threshold
 * allows: so a group fails exactly when one of its runs fails.
 */
#ifndef NFSTB_EXPECT_H
#define NFSTB_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

struct expectation {
	const char *arm, *mode;	/* "*": any */
	const char *verdict;	/* the verdict a run must get */
	const char *label;	/* its short name in the table: PASS, DEADLOCK */
	int percent;		/* of the planned runs, at least */
	bool xfail;		/* the expected verdict is the bug: TAP XFAIL */
};

/* NULL when the arm x mode has no expectation (report only). */
const struct expectation *expect_for(const char *arm, const char *mode);
/* ceil(percent * planned / 100) */
long expect_need(const struct expectation *e, long planned);
/* ">=19/20 DEADLOCK", "3/3 PASS" or "report only" */
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
};

/*
 * One run of a group of @planned runs, in run order.  @verdict is NULL
 * when the run has no record; *@misses counts the group's misses so far.
 */
enum run_judgement expect_run(const struct expectation *e, long planned,
			      const char *verdict, long *misses);
bool run_judgement_failed(enum run_judgement j);

#endif
