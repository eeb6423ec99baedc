/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run's verdict from the facts the parsers extracted.  Pure: no I/O,
 * so each rule is unit-tested on hand-built facts.  Each mode is a list of
 * rules, first match wins (verdict.c, with the rules the modes share in
 * verdict_rules.c; the table is in harness/README.md).  A PASS needs every
 * witness to agree: the workload finished, every byte the writer committed
 * verified on both sides, the kernel did not complain, the boot marker
 * names this run, every connect worker restored its task flags and exited,
 * the fixed arm exercised the protection and never took the bug path, and
 * the packets agree.
 */
#ifndef NFSTB_VERDICT_H
#define NFSTB_VERDICT_H

#include "console.h"
#include "hang.h"
#include "lockdep.h"
#include "trace.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum verdict_kind {
	VERDICT_PASS,
	VERDICT_DEADLOCK,	/* DEADLOCK(reclaim-commit-deadlock) */
	VERDICT_OTHER_HANG,
	VERDICT_DATA_LOSS,
	VERDICT_ERROR,		/* the testbed could not run or read evidence */
	VERDICT_LOCKDEP,	/* LOCKDEP(reclaim-connect) */
	VERDICT_OTHER_LOCKDEP,
	VERDICT_OOM,
	VERDICT_PANIC,
	VERDICT_OOPS,
	VERDICT_WRONG_RUN,	/* the boot marker names another run */
	VERDICT_FLAGS_LEAK,	/* a connect worker did not restore its flags */
	VERDICT_WITNESS_DISAGREE,
	VERDICT_LOCKDEP_OFF,
	VERDICT_LOCK_LEAK,
	VERDICT_BUG_PATH,	/* fixed arm: writeback inside a connect worker */
	VERDICT_NO_JUDGEMENT,	/* the run ran, but its evidence cannot judge */
	VERDICT_HAZARD_NOT_REACHED,	/* control arm never reached the hazard */
};

enum data_state {
	DATA_OK,	/* both summaries present, all of the writer's bytes */
	DATA_LOSS,	/* a wrong or missing byte (see rule_data_loss) */
	DATA_MISSING,	/* a summary is missing (e.g. the run hung) */
};

struct verdict_input {
	const char *scenario;
	const char *arm;	/* fixed | control | - (smoke) */
	const char *mode;	/* forced | natural | smoke | lockdep | swap */
	const char *seed;	/* the seed the orchestrator passed, or NULL */
	int watchdog;		/* 1: the harness watchdog saw no progress */
	/* what the orchestrator saw end the run ("done", "panic", "run
	 * timeout 300s", a guest that died...), or NULL */
	const char *outcome;
	bool console_read;
	bool server_read;
	bool trace_read;
	bool pcap_given;	/* --pcap-summary was passed */
	bool pcap_read;
	const char *pcap_summary;	/* its text when read */
	struct classification cls;
	struct markers client;
	struct markers server;
	struct kernel_complaints kernel;	/* client console */
	struct trace_counts trace;
	struct worker_witness witness;	/* the blocked task, in the trace */
	struct lockdep_info lockdep;	/* client console */
	struct swap_facts swap;		/* client console */
};

struct verdict {
	enum verdict_kind kind;
	char rule;		/* the rule's letter, '-': unreadable input */
	char text[64];		/* PASS, DEADLOCK(reclaim-commit-deadlock), ... */
	char reason[512];
	int64_t detect_us;	/* hang time - reconnect marker, or TIME_NONE */
	/* DEADLOCK: the blocked worker's writeback decision - reconnect
	 * marker (how long the reconnect ran before it hung), or TIME_NONE */
	int64_t deadlock_us;
};

void verdict_decide(const struct verdict_input *in, struct verdict *v);
bool verdict_is_smoke(const struct verdict_input *in);
bool verdict_is_mode(const struct verdict_input *in, const char *mode);
bool verdict_is_arm(const struct verdict_input *in, const char *arm);

/* Every verdict text a run can get ("DEADLOCK(x)", "LOCKDEP(x)" forms). */
bool verdict_text_valid(const char *text);

enum data_state data_state(const struct verdict_input *in);
const char *data_state_name(enum data_state d);

/*
 * The rules the modes share (verdict_rules.c), for the rule lists of
 * verdict.c.  Each returns true when it decided @v; a rule that does not
 * apply to the run's mode or arm returns false.
 */

typedef bool (*verdict_rule)(const struct verdict_input *in,
			     struct verdict *v);

void verdict_set(struct verdict *v, enum verdict_kind kind, char rule,
		 const char *text, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Runs @rules in order; true when one of them decided. */
bool verdict_run_rules(const verdict_rule *rules, size_t n,
		       const struct verdict_input *in, struct verdict *v);

/* (d) a wrong or missing byte, any verifier (the data witnesses) */
bool rule_data_loss(const struct verdict_input *in, struct verdict *v);
/* (v) both summaries and the writer's totals present */
bool rule_verify_complete(const struct verdict_input *in, struct verdict *v);

/* (p) panic, (k) oops, (m) boot marker, (f) flags (the kernel's word) */
bool rule_panic(const struct verdict_input *in, struct verdict *v);
bool rule_oops(const struct verdict_input *in, struct verdict *v);
bool rule_wrong_run(const struct verdict_input *in, struct verdict *v);
bool rule_flags_leak(const struct verdict_input *in, struct verdict *v);
/* (w) the trace stream's heartbeat: announced, present, gapless, and
 * still beating when the console ended; otherwise NO-JUDGEMENT */
bool rule_witness_alive(const struct verdict_input *in, struct verdict *v);
bool rule_natural_uninjected(const struct verdict_input *in, struct verdict *v);
/* (z) lockdep switched off, a lock leaked to user space */
bool rule_kernel_locks(const struct verdict_input *in, struct verdict *v);
/* (c) no "nfstb: phase=done rc=0" */
bool rule_done(const struct verdict_input *in, struct verdict *v);

/* (a) a blocked-task report with its witnesses, (b) the watchdog
 * (the hang's witnesses) */
bool rule_hang(const struct verdict_input *in, struct verdict *v);
/* (g) fixed arm: decision=writeback inside a connect worker */
bool rule_bug_path(const struct verdict_input *in, struct verdict *v);
/* (x) a connect worker entered and never exited */
bool rule_unexited(const struct verdict_input *in, struct verdict *v);
/* (n) the packet check */
bool rule_packets(const struct verdict_input *in, struct verdict *v);

void verdict_decide_lockdep(const struct verdict_input *in, struct verdict *v);
void verdict_decide_swap(const struct verdict_input *in, struct verdict *v);
/* swap mode's data column: the swapfill's own read-back check */
enum data_state swap_data_state(const struct verdict_input *in);

#endif
