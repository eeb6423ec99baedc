// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-table RESULTS_RUN_DIR: aggregate every run's verdict.tsv and check
 * each (scenario, arm, mode) group against what the testbed must show.
 */
#include "cli.h"
#include "lines.h"
#include "runs.h"
#include "table.h"

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
	       "Aggregate every */verdict.tsv below RESULTS_RUN_DIR by (scenario, arm,\n"
	       "mode): runs, PASS, DEADLOCK, LOCKDEP, OOM, other (the rest), mean\n"
	       "detect_s over DEADLOCK runs.\n"
	       "With RESULTS_RUN_DIR/matrix.tsv (the orchestrator's plan), the rows are\n"
	       "its runs, and a planned run without a verdict.tsv counts as missing.\n"
	       "Expectations (column ok; a missing run fails its row):\n"
	       "  control forced : >= ceil(0.95*runs) DEADLOCK(reclaim-commit-deadlock)\n"
	       "  control lockdep: every run LOCKDEP(reclaim-connect)\n"
	       "  fixed, any mode: every run PASS\n"
	       "  - smoke        : every run PASS\n"
	       "  control natural, control swap: none (counts reported)\n"
	       "Prints the table and 'N passed, N failed' (rows); writes\n"
	       "RESULTS_RUN_DIR/summary.tsv.\n"
	       "\n"
	       "Exit: 0 all rows ok, 1 a row failed / no verdict.tsv / I/O error,\n"
	       "2 usage or a malformed verdict.tsv.\n",
	       prog);
}

static void add_file(struct table *t, const char *path)
{
	struct lines l;
	char err[160];

	cli_load_lines(prog, path, &l);
	for (size_t i = 0; i < l.n; i++)
		if (table_add_line(t, l.v[i], err, sizeof(err)))
			cli_fail(EXIT_USAGE, prog, "%s:%zu: %s", path, i + 1,
				 err);
	lines_free(&l);
}

/* The matrix's runs: each record, or a missing run. */
static void add_matrix(struct table *t, const char *dir,
		       const struct run_list *l)
{
	char path[4096];

	for (size_t i = 0; i < l->n; i++) {
		const struct run_row *r = &l->v[i];

		if (!r->has_record) {
			table_add_missing(t, r->scenario, r->arm, r->mode);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s/verdict.tsv", dir, r->run);
		add_file(t, path);
	}
}

int main(int argc, char **argv)
{
	struct table t = { NULL, 0 };
	struct run_list runs;
	const char *dir;
	char **paths, summary[4096], err[256];
	size_t n, failed;
	struct stat st;
	FILE *f;
	int m;

	dir = cli_one_operand(argc, argv, prog, "RESULTS_RUN_DIR", usage);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		cli_usage_error(prog, "'%s' is not a directory", dir);
	m = runs_load_matrix(dir, &runs, err, sizeof(err));
	if (m < 0)
		cli_fail(EXIT_USAGE, prog, "%s/%s", dir, err);
	if (m == 0) {
		add_matrix(&t, dir, &runs);
		runs_free(&runs);
	} else if (table_find_verdicts(dir, &paths, &n))
		cli_fail(EXIT_IO, prog, "cannot read all of %s", dir);
	else if (!n)
		cli_fail(EXIT_IO, prog, "no */verdict.tsv found below %s", dir);
	else {
		for (size_t i = 0; i < n; i++) {
			add_file(&t, paths[i]);
			free(paths[i]);
		}
		free(paths);
	}
	if (!t.n)
		cli_fail(EXIT_USAGE, prog, "verdict.tsv files below %s hold no rows",
			 dir);
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
