/* SPDX-License-Identifier: GPL-2.0 */
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
 * allows: so a group fails exactly when one of its runs fails.
 */
#ifndef NFSTB_EXPECT_H
#define NFSTB_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

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
};

/*
 * One run of a group of @planned runs, in run order.  @verdict is NULL
 * when the run has no record; *@misses counts the group's misses so far.
 */
enum run_judgement expect_run(const struct expectation *e, long planned,
			      const char *verdict, long *misses);
bool run_judgement_failed(enum run_judgement j);

#endif
