// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-report --rundir DIR        DIR/report.md and DIR/report.html
 * nfstb-report --junit RESULTS_DIR RESULTS_DIR/junit.xml, report.md, report.html
 * The output has no timestamps of its own, so the same inputs always give
 * the same bytes (golden tests rely on it).
 */
#include "cli.h"
#include "junit.h"
#include "report_run.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *prog = "nfstb-report";

static void usage(void)
{
	printf("usage: %s --rundir DIR | --junit RESULTS_RUN_DIR\n"
	       "\n"
	       "--rundir DIR   writes DIR/report.md and DIR/report.html (self-contained: inline CSS\n"
	       "               and SVG). Every fact (verdict, reason, the blocked task and its frames,\n"
	       "               the packet check) is the run's record's, DIR/run.json; shown beside it:\n"
	       "               every blocked task's stack and lockdep report whole from the console\n"
	       "               with the cycle's frames marked, RPC procedures per connection\n"
	       "               (packets.tsv), the reconnect as a flow diagram (HTML) and the timeline\n"
	       "               plot (timeline.tsv); missing inputs are reported as such\n"
	       "--junit DIR    writes DIR/junit.xml (one testcase per run of DIR/matrix.tsv, from its\n"
	       "               RUN/run.json; classname scenario.arm.mode; a run.json that is not a\n"
	       "               record is an <error>) and the index DIR/report.md, DIR/report.html\n"
	       "               with DIR/summary.tsv (nfstb-table) and, per run, a link to its report, its\n"
	       "               reason and, for an unexpected verdict, the witness that decided it\n"
	       "A run fails when its verdict is not what its scenario declares for its arm and mode\n"
	       "(harness/scenarios.def, via matrix.tsv): e.g. fixed => PASS, control+forced and\n"
	       "control+natural => DEADLOCK(reclaim-commit-deadlock), control+swap => report only.\n"
	       "Exit: 0 written (whatever the verdicts), 1 I/O error, 2 usage error.\n", prog);
}

static FILE *open_out(const char *dir, const char *name, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path, strerror(errno));
	return f;
}

static void close_out(FILE *f, const char *path)
{
	if (fclose(f) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s", path);
}

static void run_report(const char *dir)
{
	struct report_run *r = malloc(sizeof(*r));
	char path[4096];
	FILE *f;

	if (!r)
		cli_fail(EXIT_IO, prog, "out of memory");
	report_run_load(dir, r);
	f = open_out(dir, "report.md", path, sizeof(path));
	report_write_md(f, r);
	close_out(f, path);
	f = open_out(dir, "report.html", path, sizeof(path));
	report_write_html(f, r);
	close_out(f, path);
	printf("report: %s\n", path);
	report_run_free(r);
	free(r);
}

static void junit_report(const char *dir)
{
	struct junit_case *c;
	size_t n;
	char path[4096], *summary;
	FILE *f;

	if (junit_collect(dir, &c, &n) < 0)
		cli_fail(EXIT_IO, prog, "cannot read %s: %s", dir, strerror(errno));
	snprintf(path, sizeof(path), "%s/summary.tsv", dir);
	summary = read_whole_file(path);
	f = open_out(dir, "junit.xml", path, sizeof(path));
	junit_write_xml(f, c, n);
	close_out(f, path);
	printf("junit: %s (%zu testcases)\n", path, n);
	f = open_out(dir, "report.md", path, sizeof(path));
	junit_write_index_md(f, c, n, summary);
	close_out(f, path);
	f = open_out(dir, "report.html", path, sizeof(path));
	junit_write_index_html(f, c, n, summary);
	close_out(f, path);
	printf("report: %s\n", path);
	free(summary);
	free(c);
}

int main(int argc, char **argv)
{
	const char *rundir = NULL, *junit = NULL;
	const struct cli_value values[] = {
		{ "rundir", &rundir }, { "junit", &junit },
	};
	struct stat st;

	cli_values(argc, argv, prog, values, ARRAY_SIZE(values), usage);
	if (!rundir == !junit)
		cli_usage_error(prog, "give exactly one of --rundir DIR or --junit RESULTS_RUN_DIR");
	const char *dir = rundir ? rundir : junit;
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		cli_usage_error(prog, "'%s' is not a directory", dir);
	if (rundir)
		run_report(rundir);
	else
		junit_report(junit);
	return 0;
}
