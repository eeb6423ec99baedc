// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-verdict: one run's verdict from its client console, trace, server
 * console and (optionally) packet summary; writes DIR/run.json and
 * DIR/verdict.tsv.
 */
#include "cli.h"
#include "rule_table.h"
#include "verdict.h"
#include "verdict_io.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const prog = "nfstb-verdict";

/* The rule list, from the one table of rules (rule_table.c). */
static void print_rules(void)
{
	size_t n;
	const struct rule_doc *r = rule_table(&n);

	for (size_t i = 0; i < n; i++)
		printf("  (%c) %s: %s [%s]\n", r[i].letter, r[i].checks,
		       r[i].verdicts, r[i].witness);
	printf("  otherwise PASS\n");
}

static void usage(void)
{
	printf("usage: %s --console CLIENT_LOG --trace TRACE --server-console SERVER_LOG\n"
	       "       --scenario NAME --arm NAME --mode NAME\n"
	       "       --rules smoke|reconnect-injected|reconnect-direct|lockdep|swap\n"
	       "       --role none|fixed|control|stock\n"
	       "       --watchdog 0|1 --out DIR [--seed N] [--run RID] [--nonce N] [--pcap-summary FILE]\n"
	       "       [--outcome TEXT] [--capture full|tcp-flags]\n"
	       "--rules and --role are what scenarios.def declares for the mode ('judge')\n"
	       "and the arm ('role'); --arm and --mode are the names the boot marker must say.\n"
	       "\n"
	       "Decide one run's verdict (harness/README.md has every rule); each rule\n"
	       "set runs its rules in order, first match wins:\n",
	       prog);
	print_rules();
	printf(
	       "--rules lockdep adds LOCKDEP(reclaim-connect)/OTHER-LOCKDEP after (c);\n"
	       "--rules swap judges nfstb-swapfill's lines (OOM, verified ok=1, swap traffic);\n"
	       "a connect worker starved in the allocator (stack; trace: no PF_MEMALLOC, direct reclaim\n"
	       "that freed nothing, no exit) is DEADLOCK(swap-connect-starved).\n"
	       "--seed N, --run RID, --nonce N: the booted marker must say them.  --pcap-summary FILE:\n"
	       "nfstb-pcapsum's pcap-summary.txt, the packet witness (--capture tcp-flags: the capture kept\n"
	       "only the NFS port's SYN, FIN and RST segments, so no RPC is judged).  --outcome TEXT:\n"
	       "what the orchestrator saw end the run (run.json's orchestrator, and\n"
	       "named in rule (c)'s reason).\n"
	       "An unreadable input file gives ERROR, not a failure of this tool.\n"
	       "\n"
	       "Writes DIR/run.json (the run record, docs/run-record.md) and DIR/verdict.tsv (one line:\n"
	       "scenario arm mode verdict signature detect_s reconnect_t hang_t\n"
	       "skip_evidence data) and prints:\n"
	       "  VERDICT <scenario> <arm> <mode> <VERDICT> signature=<..> detect_s=<..|-> reason=<..>\n"
	       "\n"
	       "Exit: 0 verdict written (whatever it is), 1 cannot write DIR, 2 usage.\n");
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

/*
 * Each output whole or not at all: written to a temporary name, then
 * renamed over the old one; an older record of the run is removed before
 * anything is written, so a failed write never leaves it for the views.
 */
static void write_file(const char *dir, const char *name,
		       const struct verdict_input *in, const struct verdict *v,
		       const struct report_paths *p)
{
	char path[4096], tmp[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
	f = fopen(tmp, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path,
			 strerror(errno));
	if (!strcmp(name, "run.json"))
		report_json(f, in, v, p);
	else
		report_tsv(f, in, v);
	if (ferror(f) | fclose(f) || rename(tmp, path)) {
		int err = errno;

		unlink(tmp);
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path,
			 strerror(err));
	}
}

static void remove_stale(const char *dir)
{
	static const char *const names[] = {
		"run.json", "verdict.tsv", "run.json",
	};
	char path[4096];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (unlink(path) && errno != ENOENT)
			cli_fail(EXIT_IO, prog, "cannot remove the old %s: %s",
				 path, strerror(errno));
	}
}

int main(int argc, char **argv)
{
	enum { O_CONSOLE = 1, O_TRACE, O_SERVER, O_SCENARIO, O_ARM, O_MODE,
	       O_WATCHDOG, O_OUT, O_SEED, O_PCAP, O_OUTCOME, O_RUN, O_RULES,
	       O_ROLE, O_NONCE, O_CAPTURE };
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
		{ "run", required_argument, NULL, O_RUN },
		{ "rules", required_argument, NULL, O_RULES },
		{ "role", required_argument, NULL, O_ROLE },
		{ "nonce", required_argument, NULL, O_NONCE },
		{ "capture", required_argument, NULL, O_CAPTURE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	/* static: ~10 KiB of facts, and every exit path leaves it be */
	static struct verdict_input facts;
	struct verdict_input *in = &facts;
	struct report_paths paths = { NULL, NULL, NULL, NULL };
	const char *watchdog = NULL, *out = NULL, *rules = NULL, *role = NULL;
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
		case O_RUN: in->run = optarg; break;
		case O_RULES: rules = optarg; break;
		case O_ROLE: role = optarg; break;
		case O_NONCE: in->nonce = optarg; break;
		case O_CAPTURE:
			if (!strcmp(optarg, "tcp-flags"))
				in->capture_tcp_flags = true;
			else if (strcmp(optarg, "full"))
				cli_usage_error(prog, "bad --capture '%s' (full|tcp-flags)", optarg);
			break;
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
	if (!valid_name(in->arm) || !valid_name(in->mode))
		cli_usage_error(prog, "bad --arm or --mode name (letters, digits, ._+-)");
	if (!rules)
		cli_usage_error(prog, "missing --rules");
	if (rule_set_parse(rules) < 0)
		cli_usage_error(prog, "bad --rules '%s' (smoke|reconnect-injected|reconnect-direct|lockdep|swap)",
				rules);
	in->rules = rule_set_parse(rules);
	if (!role)
		cli_usage_error(prog, "missing --role");
	if (arm_role_parse(role) < 0)
		cli_usage_error(prog, "bad --role '%s' (none|fixed|control|stock)", role);
	in->role = arm_role_parse(role);
	/* smoke has no arms, and only smoke has none */
	if ((in->rules == RULES_SMOKE) != (in->role == ROLE_NONE))
		cli_usage_error(prog, "--role none goes with --rules smoke and only with it");
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
	if (in->nonce && !valid_name(in->nonce))
		cli_usage_error(prog, "bad --nonce '%s'", in->nonce);
	if (in->run && !valid_name(in->run))
		cli_usage_error(prog, "bad --run '%s' (letters, digits, ._+-)",
				in->run);
	if (!out)
		cli_usage_error(prog, "missing --out");
	if (!*out)
		cli_usage_error(prog, "empty --out");

	if (mkdir(out, 0755) && errno != EEXIST)
		cli_fail(EXIT_IO, prog, "cannot create %s: %s", out,
			 strerror(errno));

	remove_stale(out);
	gather_facts(in, &paths);
	verdict_decide(in, &v);
	write_file(out, "run.json", in, &v, &paths);
	write_file(out, "verdict.tsv", in, &v, &paths);
	report_line(stdout, in, &v);
	gather_free(in);
	cli_flush_stdout(prog);
	return 0;
}
