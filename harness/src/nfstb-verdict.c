// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-verdict: one run's verdict from its client console, trace and
 * server console; writes DIR/verdict.json and DIR/verdict.tsv.
 */
#include "cli.h"
#include "gather.h"
#include "report.h"
#include "verdict.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char *const prog = "nfstb-verdict";

static void usage(void)
{
	printf("usage: %s --console CLIENT_LOG --trace TRACE --server-console SERVER_LOG\n"
	       "       --scenario NAME --arm fixed|control|-\n"
	       "       --mode forced|natural|smoke|lockdep|swap\n"
	       "       --watchdog 0|1 --out DIR\n"
	       "\n"
	       "Decide one run's verdict; rules, first match wins:\n"
	       "  (a) blocked-task report: DEADLOCK(reclaim-commit-deadlock) or OTHER-HANG;\n"
	       "      detect_s = report time - 'nfstb: phase=reconnect' marker time\n"
	       "  (b) --watchdog 1 and no report: OTHER-HANG\n"
	       "  (c) no 'nfstb: phase=done rc=0': ERROR\n"
	       "  (d) 'nfstb-verify: summary' missing or failed>0, client or server: DATA-LOSS\n"
	       "  (e) nfs_release_folio skipped in a connect worker (trace): PASS, else ERROR;\n"
	       "      a smoke run (--arm - --mode smoke) passes without it\n"
	       "--mode lockdep: (a) (b) (c), then a lockdep report: LOCKDEP(reclaim-connect)\n"
	       "  (xprt_connect/fs_reclaim cycle) or OTHER-LOCKDEP, then (d), else PASS\n"
	       "--mode swap: (a) (b), nfstb-swapfill OOM-killed: OOM, its FAIL line:\n"
	       "  DATA-LOSS, (c), then ERROR without 'verified ... ok=1', without swap\n"
	       "  traffic both ways, with task flags not restored, or (fixed arm) with no\n"
	       "  connect worker under PF_MEMALLOC; else PASS (no server verify needed)\n"
	       "An unreadable input file gives ERROR, not a failure of this tool.\n"
	       "\n"
	       "Writes DIR/verdict.json (all facts) and DIR/verdict.tsv (one line:\n"
	       "scenario arm mode verdict signature detect_s reconnect_t hang_t\n"
	       "skip_evidence data) and prints:\n"
	       "  VERDICT <scenario> <arm> <mode> <VERDICT> signature=<..> detect_s=<..|-> reason=<..>\n"
	       "\n"
	       "Exit: 0 verdict written (whatever it is), 1 cannot write DIR, 2 usage.\n",
	       prog);
}

static bool valid_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr("._+-", *s)))
			return false;
	return true;
}

static void write_file(const char *dir, const char *name,
		       const struct verdict_input *in, const struct verdict *v,
		       const struct report_paths *p)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path,
			 strerror(errno));
	if (!strcmp(name, "verdict.json"))
		report_json(f, in, v, p);
	else
		report_tsv(f, in, v);
	if (ferror(f) | fclose(f))
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path,
			 strerror(errno));
}

int main(int argc, char **argv)
{
	enum { O_CONSOLE = 1, O_TRACE, O_SERVER, O_SCENARIO, O_ARM, O_MODE,
	       O_WATCHDOG, O_OUT, O_HELP };
	static const struct option opts[] = {
		{ "console", required_argument, NULL, O_CONSOLE },
		{ "trace", required_argument, NULL, O_TRACE },
		{ "server-console", required_argument, NULL, O_SERVER },
		{ "scenario", required_argument, NULL, O_SCENARIO },
		{ "arm", required_argument, NULL, O_ARM },
		{ "mode", required_argument, NULL, O_MODE },
		{ "watchdog", required_argument, NULL, O_WATCHDOG },
		{ "out", required_argument, NULL, O_OUT },
		{ "help", no_argument, NULL, O_HELP },
		{ NULL, 0, NULL, 0 },
	};
	/* static: ~10 KiB of facts, and every exit path leaves it be */
	static struct verdict_input facts;
	struct verdict_input *in = &facts;
	struct report_paths paths = { NULL, NULL, NULL };
	const char *watchdog = NULL, *out = NULL;
	struct verdict v;
	int opt;

	opterr = 0;	/* our own one-line message instead of getopt's */
	while ((opt = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (opt) {
		case O_CONSOLE: paths.console = optarg; break;
		case O_TRACE: paths.trace = optarg; break;
		case O_SERVER: paths.server_console = optarg; break;
		case O_SCENARIO: in->scenario = optarg; break;
		case O_ARM: in->arm = optarg; break;
		case O_MODE: in->mode = optarg; break;
		case O_WATCHDOG: watchdog = optarg; break;
		case O_OUT: out = optarg; break;
		case 'h':
		case O_HELP:
			usage();
			return 0;
		case ':':
			cli_usage_error(prog, "option '%s' needs a value",
					argv[optind - 1]);
		default:
			cli_usage_error(prog, "unknown option '%s'",
					argv[optind - 1]);
		}
	}
	if (optind < argc)
		cli_usage_error(prog, "unexpected argument '%s'", argv[optind]);
	if (!paths.console)
		cli_usage_error(prog, "missing --console");
	if (!paths.trace)
		cli_usage_error(prog, "missing --trace");
	if (!paths.server_console)
		cli_usage_error(prog, "missing --server-console");
	if (!in->scenario)
		cli_usage_error(prog, "missing --scenario");
	if (!valid_name(in->scenario))
		cli_usage_error(prog, "bad --scenario '%s' (letters, digits, ._+-)",
				in->scenario);
	if (!in->arm)
		cli_usage_error(prog, "missing --arm");
	if (!in->mode)
		cli_usage_error(prog, "missing --mode");
	/* smoke scenarios have no arms: the orchestrator passes "- smoke" */
	if (!strcmp(in->arm, "-") != !strcmp(in->mode, "smoke"))
		cli_usage_error(prog, "--arm - goes with --mode smoke and only with it");
	if (strcmp(in->arm, "fixed") && strcmp(in->arm, "control") &&
	    strcmp(in->arm, "-"))
		cli_usage_error(prog, "bad --arm '%s' (fixed|control|-)", in->arm);
	if (strcmp(in->mode, "forced") && strcmp(in->mode, "natural") &&
	    strcmp(in->mode, "smoke") && strcmp(in->mode, "lockdep") &&
	    strcmp(in->mode, "swap"))
		cli_usage_error(prog, "bad --mode '%s' (forced|natural|smoke|lockdep|swap)",
				in->mode);
	if (!watchdog)
		cli_usage_error(prog, "missing --watchdog");
	if (strcmp(watchdog, "0") && strcmp(watchdog, "1"))
		cli_usage_error(prog, "bad --watchdog '%s' (0|1)", watchdog);
	in->watchdog = watchdog[0] == '1';
	if (!out)
		cli_usage_error(prog, "missing --out");
	if (!*out)
		cli_usage_error(prog, "empty --out");

	if (mkdir(out, 0755) && errno != EEXIST)
		cli_fail(EXIT_IO, prog, "cannot create %s: %s", out,
			 strerror(errno));

	gather_facts(in, &paths);
	verdict_decide(in, &v);
	write_file(out, "verdict.json", in, &v, &paths);
	write_file(out, "verdict.tsv", in, &v, &paths);
	report_line(stdout, in, &v);
	if (fflush(stdout))
		cli_fail(EXIT_IO, prog, "cannot write output: %s",
			 strerror(errno));
	return 0;
}
