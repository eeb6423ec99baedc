// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-verdict: one run's verdict from its client console, trace, server
 * console and (optionally) packet summary; writes DIR/verdict.json and
 * DIR/verdict.tsv.
 */
#include "cli.h"
#include "verdict.h"
#include "verdict_io.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char *const prog = "nfstb-verdict";

static void usage(void)
{
	printf("usage: %s --console CLIENT_LOG --trace TRACE --server-console SERVER_LOG\n"
	       "       --scenario NAME --arm fixed|control|stock|-\n"
	       "       --mode forced|natural|smoke|lockdep|swap\n"
	       "       --watchdog 0|1 --out DIR [--seed N] [--pcap-summary FILE]\n"
	       "       [--outcome TEXT]\n"
	       "\n"
	       "Decide one run's verdict (harness/README.md has every rule); first match wins:\n"
	       "  (d) a wrong or missing byte on any verifier, or a summary whose counts\n"
	       "      differ from the writer's 'committed files= bytes=': DATA-LOSS\n"
	       "  (p) Kernel panic: PANIC; (k) BUG:/Oops:/general protection fault/\n"
	       "      WARNING: CPU:: OOPS\n"
	       "  (m) boot marker missing, or naming another scenario/arm/mode/seed: WRONG-RUN\n"
	       "  (f) a connect worker's exit flags differ from its entry flags: FLAGS-LEAK\n"
	       "  (a) blocked-task report: DEADLOCK(reclaim-commit-deadlock) when stack,\n"
	       "      trace and packets agree, WITNESS-DISAGREE when not, or OTHER-HANG\n"
	       "  (b) --watchdog 1 and no report: OTHER-HANG\n"
	       "  (z) lockdep switched off: LOCKDEP-OFF; a leaked lock: LOCK-LEAK\n"
	       "  (c) no 'nfstb: phase=done rc=0': ERROR\n"
	       "  (v) a verify summary or the writer's totals missing: NO-JUDGEMENT\n"
	       "  (g) fixed arm, decision=writeback in a connect worker: BUG-PATH\n"
	       "  (e) fixed arm without a skip in a connect worker: NO-JUDGEMENT;\n"
	       "      control arm without a writeback in one, stock arm without any\n"
	       "      release decision in one: HAZARD-NOT-REACHED\n"
	       "  (x) a connect worker that never exited, (n) the packet check\n"
	       "      disagreeing: WITNESS-DISAGREE\n"
	       "  else PASS\n"
	       "--mode lockdep adds LOCKDEP(reclaim-connect)/OTHER-LOCKDEP after (c);\n"
	       "--mode swap judges nfstb-swapfill's lines (OOM, verified ok=1, swap traffic);\n"
	       "a connect worker blocked in direct reclaim is DEADLOCK(swap-connect-starved).\n"
	       "--seed N: the booted marker must say seed=N.  --pcap-summary FILE:\n"
	       "nfstb-pcapsum's pcap-summary.txt, the packet witness.  --outcome TEXT:\n"
	       "what the orchestrator saw end the run (verdict.json's orchestrator, and\n"
	       "named in rule (c)'s reason).\n"
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
	       O_WATCHDOG, O_OUT, O_SEED, O_PCAP, O_OUTCOME };
	static const struct option opts[] = {
		{ "console", required_argument, NULL, O_CONSOLE },
		{ "trace", required_argument, NULL, O_TRACE },
		{ "server-console", required_argument, NULL, O_SERVER },
		{ "scenario", required_argument, NULL, O_SCENARIO },
		{ "arm", required_argument, NULL, O_ARM },
		{ "mode", required_argument, NULL, O_MODE },
		{ "watchdog", required_argument, NULL, O_WATCHDOG },
		{ "out", required_argument, NULL, O_OUT },
		{ "seed", required_argument, NULL, O_SEED },
		{ "pcap-summary", required_argument, NULL, O_PCAP },
		{ "outcome", required_argument, NULL, O_OUTCOME },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	/* static: ~10 KiB of facts, and every exit path leaves it be */
	static struct verdict_input facts;
	struct verdict_input *in = &facts;
	struct report_paths paths = { NULL, NULL, NULL, NULL };
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
		case O_SEED: in->seed = optarg; break;
		case O_PCAP: paths.pcap_summary = optarg; break;
		case O_OUTCOME: in->outcome = optarg; break;
		default:
			cli_other_option(prog, opt, argv, usage);
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
	    strcmp(in->arm, "stock") &&
	    strcmp(in->arm, "-"))
		cli_usage_error(prog, "bad --arm '%s' (fixed|control|stock|-)", in->arm);
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
	if (in->outcome && (!*in->outcome || strlen(in->outcome) > 200 ||
			    strpbrk(in->outcome, "\n\r\t")))
		cli_usage_error(prog, "bad --outcome (one line of at most 200 characters)");
	if (in->seed && !valid_name(in->seed))
		cli_usage_error(prog, "bad --seed '%s'", in->seed);
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
	gather_free(in);
	cli_flush_stdout(prog);
	return 0;
}
