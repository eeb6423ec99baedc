// SPDX-License-Identifier: GPL-2.0
#include "expect.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static const struct expectation expectations[] = {
	{ "control", "forced", "DEADLOCK(reclaim-commit-deadlock)", "DEADLOCK", 95, true },
	{ "control", "lockdep", "LOCKDEP(reclaim-connect)", "LOCKDEP", 100, true },
	{ "fixed", "*", "PASS", "PASS", 100, false },
	{ "-", "smoke", "PASS", "PASS", 100, false },
};

static bool matches(const char *pattern, const char *s)
{
	return !strcmp(pattern, "*") || !strcmp(pattern, s);
}

const struct expectation *expect_for(const char *arm, const char *mode)
{
	for (size_t i = 0; i < ARRAY_SIZE(expectations); i++)
		if (matches(expectations[i].arm, arm) &&
		    matches(expectations[i].mode, mode))
			return &expectations[i];
	return NULL;
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
	return j == RUN_FAILED || j == RUN_NO_RECORD;
}
