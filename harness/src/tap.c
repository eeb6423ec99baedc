// SPDX-License-Identifier: GPL-2.0
#include "tap.h"

#include <string.h>

void tap_plan(FILE *f, const struct run_list *l)
{
	fprintf(f, "1..%zu\n", l->n);
}

void tap_line(FILE *f, const struct run_row *r)
{
	const struct expectation *e = r->expect;
	char name[512], want[64];

	run_row_name(r, name, sizeof(name));
	fprintf(f, "%s %ld %s", run_judgement_failed(r->judgement) ? "not ok" : "ok",
		r->n, name);
	switch (r->judgement) {
	case RUN_OK:
		if (e->xfail)
			fprintf(f, " # XFAIL %s", r->verdict);
		break;
	case RUN_ALLOWED_MISS:
		expect_describe(e, r->planned, want, sizeof(want));
		fprintf(f, " # allowed miss %ld of %ld (%s): %s", r->misses,
			r->planned - expect_need(e, r->planned), want,
			r->verdict);
		break;
	case RUN_REPORT_ONLY:
		fprintf(f, " # report only: %s", r->verdict);
		break;
	case RUN_FAILED:
		fprintf(f, " # %s, expected %s%s%s", r->verdict, e->verdict,
			r->reason[0] ? ": " : "", r->reason);
		break;
	case RUN_NO_RECORD:
		fputs(" # no verdict record", f);
		break;
	}
	fputc('\n', f);
}

size_t tap_totals(FILE *f, const struct run_list *l)
{
	size_t bad = 0;

	for (size_t i = 0; i < l->n; i++)
		bad += run_judgement_failed(l->v[i].judgement);
	fprintf(f, "# %zu ok, %zu not ok\n", l->n - bad, bad);
	return bad;
}
