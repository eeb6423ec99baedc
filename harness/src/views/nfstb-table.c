// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-table RESULTS_RUN_DIR: aggregate the matrix's runs and check each
 * (scenario, arm, mode) group against the expectation it declares.
 */
#include "cli.h"
#include "results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const prog = "nfstb-table";

static void usage(void)
{
	printf("usage: %s RESULTS_RUN_DIR\n"
	       "\n"
	       "Aggregate the runs of RESULTS_RUN_DIR/matrix.tsv (the orchestrator's\n"
	       "plan) by (scenario, arm, mode): runs, PASS, DEADLOCK, LOCKDEP, OOM,\n"
	       "other (the rest), mean detect_s over DEADLOCK runs, each run read from\n"
	       "its record RUN/run.json (nfstb-verdict's); a planned run without one\n"
	       "counts as missing.\n"
	       "Each group is checked against the expectation the matrix declares for\n"
	       "it (from harness/scenarios.def; column ok; a missing run fails its\n"
	       "row; a group without one is 'report only').\n"
	       "Prints the table and 'N passed, N failed' (rows); writes\n"
	       "RESULTS_RUN_DIR/summary.tsv.\n"
	       "\n"
	       "Exit: 0 all rows ok, 1 a row failed / no matrix.tsv / I/O error,\n"
	       "2 usage, a malformed matrix.tsv, or a RUN/run.json that is not a record\n"
	       "(not UTF-8 JSON, another schema, a key missing or mistyped) or is the\n"
	       "record of another run: one line 'RUN/run.json: <reason>'.\n",
	       prog);
}

int main(int argc, char **argv)
{
	struct table t = { NULL, 0 };
	struct run_list runs;
	const char *dir;
	char summary[4096], err[512];
	size_t failed;
	struct stat st;
	FILE *f;
	int m;

	dir = cli_one_operand(argc, argv, prog, "RESULTS_RUN_DIR", usage);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		cli_usage_error(prog, "'%s' is not a directory", dir);
	m = runs_load(dir, &runs, err, sizeof(err));
	if (m > 0)
		cli_fail(EXIT_IO, prog, "%s", err);
	if (m < 0)
		cli_fail(EXIT_USAGE, prog, "%s/%s", dir, err);
	for (size_t i = 0; i < runs.n; i++)
		if (table_add_run(&t, &runs.v[i], err, sizeof(err)))
			cli_fail(EXIT_USAGE, prog, "%s/%s", dir, err);
	runs_free(&runs);
	table_sort(&t);
	failed = table_print(stdout, &t);

	snprintf(summary, sizeof(summary), "%s/summary.tsv", dir);
	f = fopen(summary, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", summary,
			 strerror(errno));
	table_write_summary(f, &t);
	if (ferror(f) | fclose(f))
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", summary,
			 strerror(errno));
	table_free(&t);
	return failed ? 1 : 0;
}
