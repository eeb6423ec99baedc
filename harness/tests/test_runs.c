// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict on real run directories, syzkaller style: every
 * tests/data/verdict/NAME.run/ holds a real run's evidence
 * (client-console.log, client-trace.txt trimmed by make-bases.py,
 * server-console.log, pcap-summary.txt) and a "judge" file with what the
 * orchestrator passes (scenario, arm, mode, rules, role, watchdog, seed,
 * run); NAME.expected holds the verdict, its rule and reason, which must
 * be the verdict the real run got.  The same directories are the bases
 * of the evidence-mutation tool (tests/mutate.py).
 */
#include "golden.h"
#include "util.h"
#include "verdict.h"
#include "verdict_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct judge {
	char scenario[64], arm[16], mode[16], seed[32], run[96], nonce[40];
	char rules[32], role[16], capture[16];
	int watchdog;
};

static void read_judge(const char *dir, struct judge *j)
{
	char *text, *line, *save = NULL;

	memset(j, 0, sizeof(*j));
	text = test_read("%s/judge", dir);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		long wd;

		if (line[0] == '#')
			continue;
		kv_get(line, "scenario", j->scenario, sizeof(j->scenario));
		kv_get(line, "arm", j->arm, sizeof(j->arm));
		kv_get(line, "mode", j->mode, sizeof(j->mode));
		kv_get(line, "seed", j->seed, sizeof(j->seed));
		kv_get(line, "run", j->run, sizeof(j->run));
		kv_get(line, "nonce", j->nonce, sizeof(j->nonce));
		kv_get(line, "rules", j->rules, sizeof(j->rules));
		kv_get(line, "role", j->role, sizeof(j->role));
		kv_get(line, "capture", j->capture, sizeof(j->capture));
		if (kv_get_long(line, "watchdog", &wd))
			j->watchdog = (int)wd;
	}
	free(text);
	assert_true(j->scenario[0] && j->arm[0] && j->mode[0] && j->seed[0] &&
		    j->run[0] && rule_set_parse(j->rules) >= 0 &&
		    arm_role_parse(j->role) >= 0);
}

static void test_run_dir(void **state)
{
	const char *dir = *state;
	char console[512], trace[512], server[512], pcap[512], out[1024];
	struct verdict_input *in = calloc(1, sizeof(*in));
	struct report_paths p;
	struct judge j;
	struct verdict v;

	assert_non_null(in);
	read_judge(dir, &j);
	snprintf(console, sizeof(console), "%s/client-console.log", dir);
	snprintf(trace, sizeof(trace), "%s/client-trace.txt", dir);
	snprintf(server, sizeof(server), "%s/server-console.log", dir);
	snprintf(pcap, sizeof(pcap), "%s/pcap-summary.txt", dir);
	p = (struct report_paths){ console, trace, server,
				   access(pcap, R_OK) ? NULL : pcap };
	in->scenario = j.scenario;
	in->arm = j.arm;
	in->mode = j.mode;
	in->seed = j.seed;
	in->run = j.run;
	in->nonce = j.nonce[0] ? j.nonce : NULL;
	in->rules = rule_set_parse(j.rules);
	in->role = arm_role_parse(j.role);
	in->watchdog = j.watchdog;
	/* the scenario's capture scope; a judge file without one: full */
	assert_true(!j.capture[0] || !strcmp(j.capture, "full") ||
		    !strcmp(j.capture, "tcp-flags"));
	in->capture_tcp_flags = !strcmp(j.capture, "tcp-flags");
	gather_facts(in, &p);
	verdict_decide(in, &v);
	snprintf(out, sizeof(out), "verdict=%s\nrule=%c\nreason=%s\n", v.text,
		 v.rule, v.reason);
	golden_check(dir, out);
	gather_free(in);
	free(in);
}

static const struct golden_set runs = {
	.dir = NFSTB_TEST_DATA "/verdict", .ext = ".run",
	.prefix = "verdict", .fn = test_run_dir,
};

int main(void)
{
	return golden_main("test_runs", NULL, 0, &runs);
}
