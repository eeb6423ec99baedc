// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-tap: the TAP view of a results directory's runs, for the
 * orchestrator to print the plan before the first run and one line as each
 * run ends.  The judging is results.h's, as in nfstb-table and junit.xml.
 */
#include "cli.h"
#include "results.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static const char *const prog = "nfstb-tap";

static void usage(void)
{
	printf("usage: %s [--plan | --run RUN | --totals] RESULTS_RUN_DIR\n"
	       "\n"
	       "Reads RESULTS_RUN_DIR/matrix.tsv (the plan: every run, in order) and\n"
	       "each run's record RUN/run.json, and prints KTAP (version 1), as kselftest:\n"
	       "  --plan     'KTAP version 1' and the plan line, 1..N\n"
	       "  --run RUN  the line of run directory RUN, e.g.\n"
	       "             ok 7 v3-tcp.control.forced.1 # XFAIL DEADLOCK(reclaim-commit-deadlock)\n"
	       "             not ok 8 v3-tcp.fixed.forced.2 # BUG-PATH, expected PASS: <reason>\n"
	       "             not ok 9 v3-tcp.fixed.forced.3 # ERROR NO-JUDGEMENT, expected PASS: <reason>\n"
	       "             ok 12 v3-tcp.control.forced.3 # SKIP the kernel lacks reclaim_inject (...)\n"
	       "             (# ERROR: the testbed could not judge; # TIMEOUT: the run hit its\n"
	       "             limit; # XPASS: an expected failure passed; # SKIP: the verdict\n"
	       "             SKIP, the kernel lacks a knob of the cell)\n"
	       "  --totals   '# Totals: pass:N fail:N xfail:N xpass:N skip:N error:N'\n"
	       "             (error counts TIMEOUT too), then '# N ok, N not ok'\n"
	       "  (none)     the plan, every line, the totals\n"
	       "A run fails (not ok) without a verdict record, with a run.json that is\n"
	       "not its record ('# malformed record: <reason>'), or when it missed its\n"
	       "expected verdict beyond its group's threshold (control forced: 95%%).\n"
	       "\n"
	       "Exit: 0 printed (whatever the runs say), 1 no matrix.tsv or no such\n"
	       "RUN, 2 usage or a malformed matrix.tsv.\n",
	       prog);
}

int main(int argc, char **argv)
{
	enum { O_PLAN = 1, O_RUN, O_TOTALS };
	static const struct option opts[] = {
		{ "plan", no_argument, NULL, O_PLAN },
		{ "run", required_argument, NULL, O_RUN },
		{ "totals", no_argument, NULL, O_TOTALS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *run = NULL, *dir;
	int opt, what = 0, ret;
	struct run_list l;
	char err[256];

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (opt) {
		case O_PLAN:
		case O_TOTALS:
		case O_RUN:
			if (what)
				cli_usage_error(prog, "--plan, --run and --totals go alone");
			what = opt;
			if (opt == O_RUN)
				run = optarg;
			break;
		default:
			cli_other_option(prog, opt, argv, usage);
		}
	}
	if (optind == argc)
		cli_usage_error(prog, "missing RESULTS_RUN_DIR");
	if (optind + 1 < argc)
		cli_usage_error(prog, "unexpected argument '%s'", argv[optind + 1]);
	dir = argv[optind];

	ret = runs_load(dir, &l, err, sizeof(err));
	if (ret > 0)
		cli_fail(EXIT_IO, prog, "%s", err);
	if (ret < 0)
		cli_fail(EXIT_USAGE, prog, "%s/%s", dir, err);
	if (what == O_PLAN || !what)
		tap_plan(stdout, &l);
	for (size_t i = 0; i < l.n && what != O_PLAN && what != O_TOTALS; i++)
		if (!run || !strcmp(l.v[i].run, run))
			tap_line(stdout, &l.v[i]);
	if (what == O_RUN) {
		size_t i = 0;

		while (i < l.n && strcmp(l.v[i].run, run))
			i++;
		if (i == l.n)
			cli_fail(EXIT_IO, prog, "no run '%s' in %s/matrix.tsv", run, dir);
	}
	if (what == O_TOTALS || !what)
		tap_totals(stdout, &l);
	runs_free(&l);
	if (fflush(stdout))
		cli_fail(EXIT_IO, prog, "cannot write output");
	return 0;
}
