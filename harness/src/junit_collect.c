// SPDX-License-Identifier: GPL-2.0
#include "junit.h"
#include "report_util.h"
#include "runs.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *junit_rule_witness(char rule)
{
	static const struct { const char *rules, *witness; } map[] = {
		{ "d", "data (verify summaries)" }, { "pk", "kernel (console)" },
		{ "m", "boot marker" }, { "fgex", "trace" }, { "ab", "stack (console)" },
		{ "n", "packets" }, { "lz", "lockdep (console)" }, { "c", "workload (console)" },
		{ "v", "verify summaries" }, { "ost", "swap (console)" }, { "-", "an input file" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (rule && strchr(map[i].rules, rule))
			return map[i].witness;
	return "";
}

/* One testcase per run of the run list: the matrix's, or the run dirs'. */
int junit_collect(const char *dir, struct junit_case **out, size_t *n)
{
	struct run_list l;
	char err[256];

	*out = NULL;
	*n = 0;
	if (runs_load(dir, &l, err, sizeof(err)))
		return -1;
	*out = xcalloc(l.n ? l.n : 1, sizeof(**out));
	for (size_t i = 0; i < l.n; i++) {
		const struct run_row *r = &l.v[i];
		struct junit_case *c = &(*out)[i];
		char path[4096], *text;

		snprintf(c->name, sizeof(c->name), "%s", r->run);
		snprintf(c->scenario, sizeof(c->scenario), "%s", r->scenario);
		snprintf(c->arm, sizeof(c->arm), "%s", r->arm);
		snprintf(c->mode, sizeof(c->mode), "%s", r->mode);
		snprintf(c->verdict, sizeof(c->verdict), "%s",
			 r->has_record ? r->verdict : "no verdict record");
		snprintf(c->expected, sizeof(c->expected), "%s",
			 r->expect ? r->expect->verdict : "");
		c->failed = run_judgement_failed(r->judgement);
		c->unexpected = r->judgement == RUN_FAILED || r->judgement == RUN_ALLOWED_MISS ||
				r->judgement == RUN_NO_RECORD;
		snprintf(c->reason, sizeof(c->reason), "%s", r->reason);
		if (!r->has_record)
			snprintf(c->witness, sizeof(c->witness), "no verdict record");
		else if (c->unexpected && !strcmp(r->verdict, "PASS"))
			snprintf(c->witness, sizeof(c->witness), "none: the run passed");
		snprintf(path, sizeof(path), "%s/%s/verdict.json", dir, r->run);
		if (c->unexpected && !c->witness[0] && (text = read_whole_file(path))) {
			char rule[8];

			if (json_string(text, "rule", rule, sizeof(rule)))
				snprintf(c->witness, sizeof(c->witness), "%s", junit_rule_witness(rule[0]));
			free(text);
		}
		snprintf(path, sizeof(path), "%s/%s/verdict.tsv", dir, r->run);
		if ((text = read_whole_file(path))) {
			tsv_column(text, 5, c->detect_s, sizeof(c->detect_s));
			free(text);
		}
		snprintf(path, sizeof(path), "%s/%s/packet-check.txt", dir, r->run);
		if ((text = read_whole_file(path))) {
			snprintf(c->check, sizeof(c->check), "%s", text);
			c->check[strcspn(c->check, "\n")] = '\0';
			free(text);
		}
	}
	*n = l.n;
	runs_free(&l);
	return 0;
}
