// SPDX-License-Identifier: GPL-2.0
/*
 * A run's KCIDB status (kcidb.h).  Whether a run met its expectation is
 * results.c's judgement (the one the table, TAP and junit.xml show); this
 * only names it in KCIDB's words, so an expected DEADLOCK in a control arm
 * is a PASS here as it is an XFAIL ok there.
 */
#include "kcidb.h"
#include "util.h"
#include "verdict_names.h"

#include <string.h>

enum kcidb_status kcidb_status_of(const struct run_row *r)
{
	switch (r->judgement) {
	case RUN_NO_RECORD:	/* the harness left no record */
	case RUN_MALFORMED:	/* or one that is not this run's */
		return KCIDB_MISS;
	default:
		break;
	}
	/*
	 * Rule '-' is the judge saying an input could not be read: the
	 * harness did not deliver the evidence, whatever the kernel did.
	 */
	if (!strcmp(r->rec.rule, "-"))
		return KCIDB_MISS;
	if (r->judgement == RUN_OK)
		return KCIDB_PASS;
	/* the kernel cannot run the cell (rule u): not a result of it */
	if (r->judgement == RUN_SKIPPED)
		return KCIDB_SKIP;
	/*
	 * Otherwise a verdict that judges nothing stays an ERROR, even when
	 * the group's threshold allows the miss: KCIDB's status is the run's.
	 */
	if (verdict_unjudged(r->rec.verdict))
		return KCIDB_ERROR;
	switch (r->judgement) {
	case RUN_ALLOWED_MISS:
		return KCIDB_PASS;
	case RUN_REPORT_ONLY:
		return KCIDB_DONE;
	default:
		return KCIDB_FAIL;
	}
}

const char *kcidb_status_name(enum kcidb_status s)
{
	static const char *const names[] = {
		[KCIDB_FAIL] = "FAIL", [KCIDB_ERROR] = "ERROR",
		[KCIDB_MISS] = "MISS", [KCIDB_PASS] = "PASS",
		[KCIDB_DONE] = "DONE", [KCIDB_SKIP] = "SKIP",
	};

	return enum_name(names, ARRAY_SIZE(names), s, "ERROR");
}

const char *kcidb_judgement_name(enum run_judgement j)
{
	static const char *const names[] = {
		[RUN_OK] = "ok", [RUN_ALLOWED_MISS] = "allowed-miss",
		[RUN_REPORT_ONLY] = "report-only", [RUN_FAILED] = "failed",
		[RUN_NO_RECORD] = "no-record", [RUN_MALFORMED] = "malformed",
		[RUN_SKIPPED] = "skipped",
	};

	return enum_name(names, ARRAY_SIZE(names), j, "unknown");
}
