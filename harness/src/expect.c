// SPDX-License-Identifier: GPL-2.0
#include "expect.h"
#include "util.h"
#include "verdict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int expect_parse(const char *verdict, const char *percent,
		 struct expectation *e, char *err, size_t len)
{
	char *end;
	long p;

	memset(e, 0, sizeof(*e));
	if (!strcmp(verdict, "-") && !strcmp(percent, "-"))
		return 0;
	if (!verdict_text_valid(verdict) || strlen(verdict) >= sizeof(e->verdict)) {
		snprintf(err, len, "bad expected verdict '%s'", verdict);
		return -1;
	}
	p = strtol(percent, &end, 10);
	if (!*percent || *end || p < 1 || p > 100) {
		snprintf(err, len, "bad percent '%s' (1-100)", percent);
		return -1;
	}
	snprintf(e->verdict, sizeof(e->verdict), "%s", verdict);
	snprintf(e->label, sizeof(e->label), "%.*s",
		 (int)strcspn(verdict, "("), verdict);
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
