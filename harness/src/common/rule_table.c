// SPDX-License-Identifier: GPL-2.0
#include "rule_table.h"

#include "util.h"

/* In the order of the reconnect rule list, then lockdep's and swap's own. */
static const struct rule_doc rules[] = {
	{ '-', "ERROR", "an input file", "an evidence file cannot be read" },
	{ 'i', "NO-JUDGEMENT", "console (integrity)",
	  "two boots, printk time going back, a damaged, cut or contradictory result line" },
	{ 'd', "DATA-LOSS", "data (verify summaries)",
	  "a wrong or missing byte on any verifier" },
	{ 'p', "PANIC", "kernel (console)", "a Kernel panic record" },
	{ 'k', "OOPS", "kernel (console)",
	  "a crash, warning or detector report of the complaint table" },
	{ 'm', "WRONG-RUN", "boot marker",
	  "no boot marker, or one naming another scenario, arm, mode, seed or run, or no boot id" },
	{ 'u', "SKIP / NO-JUDGEMENT", "guest init (console)",
	  "this run's guest says the kernel lacks a knob (phase=error what=missing-knob) and stopped there; went on after it: NO-JUDGEMENT" },
	{ 'r', "NO-JUDGEMENT", "binding (trace, server)",
	  "the trace or a server summary not of this run, boot or clock; a task the trace cannot name" },
	{ 'f', "FLAGS-LEAK", "trace",
	  "a connect worker's exit flags differ from its entry flags, or a kworker entered one with a scope already set" },
	{ 'w', "NO-JUDGEMENT", "trace (heartbeat)",
	  "the heartbeat unannounced, absent, gapped, restarted or stopped, or events lost" },
	{ 'j', "WRONG-RUN", "trace", "natural mode with injected reclaims" },
	{ 'a', "DEADLOCK(...) / OTHER-HANG / WITNESS-DISAGREE / NO-JUDGEMENT",
	  "stack, trace and packets", "a blocked-task report and its witnesses, in order" },
	{ 'b', "OTHER-HANG", "orchestrator (watchdog)",
	  "no progress and no blocked-task report" },
	{ 'z', "LOCKDEP-OFF / LOCK-LEAK", "kernel (console)",
	  "lockdep switched itself off; a lock leaked to user space" },
	{ 'c', "ERROR", "guest init (console)", "no phase=done rc=0" },
	{ 'v', "NO-JUDGEMENT", "verify summaries",
	  "a verify summary or the writer's totals missing" },
	{ 'g', "BUG-PATH", "trace",
	  "fixed arm: a writeback, or an injected reclaim allowing FS, inside a connect worker" },
	{ 'e', "HAZARD-NOT-REACHED / NO-JUDGEMENT / PASS", "trace",
	  "the hazard reached (control, natural), the protection exercised (fixed)" },
	{ 'x', "WITNESS-DISAGREE", "trace", "a connect worker that never exited" },
	{ 'y', "NO-JUDGEMENT", "trace (story)",
	  "fixed arm: the story not told whole, in order, by one connect worker" },
	{ 'n', "WITNESS-DISAGREE / NO-JUDGEMENT", "packets",
	  "the packet summary damaged, of another transport, or disagreeing" },
	{ 'l', "LOCKDEP(...) / OTHER-LOCKDEP", "lockdep (console)",
	  "lockdep mode: a lockdep report" },
	{ 'o', "OOM", "swap (console)", "swap mode: nfstb-swapfill OOM-killed" },
	{ 's', "ERROR", "swap (console)",
	  "swap mode: nfstb-swapfill not verified ok=1, or no swap traffic" },
	{ 't', "BUG-PATH / ERROR / HAZARD-NOT-REACHED", "trace (swap)",
	  "swap mode, fixed arm: a worker after the reconnect without PF_MEMALLOC; no worker at all; a squeezed run whose worker needed no page below min" },
	{ 'q', "HAZARD-NOT-REACHED / NO-JUDGEMENT", "trace and writer (connect-error)",
	  "connect-error mode: no error exit, or its error never reached the writer" },
};

const struct rule_doc *rule_table(size_t *n)
{
	*n = ARRAY_SIZE(rules);
	return rules;
}

const struct rule_doc *rule_doc_find(char letter)
{
	for (size_t i = 0; i < ARRAY_SIZE(rules); i++)
		if (rules[i].letter == letter)
			return &rules[i];
	return NULL;
}
