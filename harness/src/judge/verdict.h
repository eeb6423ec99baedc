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

#include "complaints.h"
#include "console.h"
#include "hang.h"
#include "lockdep.h"
#include "trace.h"
#include "verdict_names.h"

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
	VERDICT_SKIP,		/* the kernel lacks a knob: the cell cannot run */
};

enum data_state {
	DATA_OK,	/* both summaries present, all of the writer's bytes */
	DATA_LOSS,	/* a wrong or missing byte (see rule_data_loss) */
	DATA_MISSING,	/* a summary is missing (e.g. the run hung) */
};

/*
 * Which rules judge a run and what its arm must show, as scenarios.def
 * declares them ('judge MODE RULES', 'role ARM ROLE'): the code never
 * reads meaning into an arm's or a mode's name.
 */
#define RULE_SETS(X) \
	X(RULES_SMOKE, "smoke")		/* write, verify, no hazard */ \
	X(RULES_RECONNECT_INJECTED, "reconnect-injected") /* the 2012 cycle, reclaim injected */ \
	X(RULES_RECONNECT_DIRECT, "reconnect-direct") /* the same from memory pressure */ \
	X(RULES_LOCKDEP, "lockdep")	/* lockdep's word on the cycle */ \
	X(RULES_SWAP, "swap")		/* swap over NFS through a reconnect */ \
	X(RULES_CONNECT_ERROR, "connect-error") /* a connect worker's error exit */

#define ARM_ROLES(X) \
	X(ROLE_NONE, "none")		/* no arms (smoke) */ \
	X(ROLE_FIXED, "fixed")		/* the fix: its protection seen to act */ \
	X(ROLE_CONTROL, "control")	/* without it: the hazard reached */ \
	X(ROLE_STOCK, "stock")		/* a kernel's own path, judged as it runs */

#define ENUM_VALUE(value, name) value,
enum rule_set { RULE_SETS(ENUM_VALUE) RULES_N };
enum arm_role { ARM_ROLES(ENUM_VALUE) ROLE_N };
#undef ENUM_VALUE

const char *rule_set_name(enum rule_set r);
const char *arm_role_name(enum arm_role r);
/* The value of @name, or -1. */
int rule_set_parse(const char *name);
int arm_role_parse(const char *name);

/*
 * The capture on the client's printk clock: each anchor seq K is a
 * console record (printk time) and a datagram (capture time, host epoch)
 * sent right after it.  offset = capture - printk of the least delayed
 * anchor; residual = how much later the second least delayed one came
 * (measured 0.0 to 2.9 ms in 7 real runs of 2026-12-06; a single anchor
 * was up to 21 ms late, which is why the least delayed ones are used).
 */
struct packet_clock {
	long matched;		/* anchors seen on the console and the wire */
	char run[160];		/* the run the datagrams name */
	int64_t offset_us;	/* host epoch - guest printk, or TIME_NONE */
	int64_t residual_us;
};

#define PACKET_CLOCK_MIN_ANCHORS 3
/*
 * The anchors tie the capture to the run and give the mapping (run.json's
 * binding.packet_clock), but the order of packet events against console
 * events is not judged: the guest's printk clock runs in jiffies under
 * TCG (10 ms steps) and was measured 160 ms off the capture's clock 3 s
 * after the anchors in one real run of 15 (v42-tcp-fixed-natural-1 of
 * 2026-12-06: a close "before" its reconnect).
 */
/* Above this the packets are on no known clock (docs/evidence.md). */
#define PACKET_CLOCK_RESIDUAL_US 10000

void packet_clock_map(const char *summary, const struct markers *console,
		      struct packet_clock *pc);

struct verdict_input {
	const char *scenario;
	const char *arm;	/* the arm's name, as the boot marker says it */
	const char *mode;	/* the mode's name, likewise */
	enum rule_set rules;
	enum arm_role role;
	const char *seed;	/* the seed the orchestrator passed, or NULL */
	const char *run;	/* the run's id the orchestrator passed, or NULL */
	const char *nonce;	/* the run's one-time token it passed, or NULL */
	int watchdog;		/* 1: the harness watchdog saw no progress */
	/* what the orchestrator saw end the run ("done", "panic", "run
	 * timeout 300s", a guest that died...), or NULL */
	const char *outcome;
	bool console_read;
	bool server_read;
	bool trace_read;
	bool pcap_given;	/* --pcap-summary was passed */
	/* --capture tcp-flags: the scenario's capture kept only the NFS
	 * port's SYN, FIN and RST segments (harness/scenarios.def) */
	bool capture_tcp_flags;
	bool pcap_read;
	const char *pcap_summary;	/* its text when read */
	struct classification cls;
	struct markers client;
	struct markers server;
	struct kernel_complaints kernel;	/* client console */
	struct trace_counts trace;
	struct worker_witness witness;	/* the blocked task, in the trace */
	/* swap: the first worker after the reconnect that starved */
	struct worker_witness starved;
	struct story story;		/* the fixed arm's story, in the trace */
	struct after_reconnect after;	/* workers from the reconnect on */
	struct packet_clock pclock;	/* the capture on the console's clock */
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
/* (u) the guest's missing-knob marker of this run, and the run stopped
 * there: SKIP (went on after it: NO-JUDGEMENT) */
bool rule_missing_knob(const struct verdict_input *in, struct verdict *v);
/*
 * The evidence itself (verdict_bind.c).  Printk times of the two vCPUs
 * interleave: a step back of up to PRINTK_BACK_SLACK_US is the clock's,
 * more is a spliced log.  The trace's "nfstb-run" record and the
 * console's phase=tracing are written one after the other on one clock:
 * more than TRACE_CLOCK_SLACK_US apart, the trace is on another clock (or
 * shifted).  Measured over 11 real runs: the record 80 ms before to 72 ms
 * after the marker (the vCPUs' clocks), and no printk step back at
 * all after the guest init's first marker.  (The trace may go on past
 * the console's last line: the client beats while the server verifies.)
 */
#define PRINTK_BACK_SLACK_US 100000
#define TRACE_CLOCK_SLACK_US 1000000
/* (i) one boot, printk time that does not go back, result lines whole */
bool rule_console_sound(const struct verdict_input *in, struct verdict *v);
/* (r) the trace's run record, clock and tasks; the server's run */
bool rule_bound(const struct verdict_input *in, struct verdict *v);
/* (w) the trace stream's heartbeat: announced, present, gapless, and
 * beating from the start of tracing to the console's end */
bool rule_witness_alive(const struct verdict_input *in, struct verdict *v);
/* (n) the packet summary whole and of this run's transport (else
 * NO-JUDGEMENT), or unreadable (ERROR); false when it can be used */
bool packets_unreadable(const struct verdict_input *in, struct verdict *v);
bool rule_natural_uninjected(const struct verdict_input *in, struct verdict *v);
/* (z) lockdep switched off, a lock leaked to user space */
bool rule_kernel_locks(const struct verdict_input *in, struct verdict *v);
/* (c) no "nfstb: phase=done rc=0" */
bool rule_done(const struct verdict_input *in, struct verdict *v);

/* (a) a blocked-task report with its witnesses, (b) the watchdog
 * (the hang's witnesses) */
bool rule_hang(const struct verdict_input *in, struct verdict *v);
bool rule_swap_starved_oom(const struct verdict_input *in, struct verdict *v);
/* (g) fixed arm: decision=writeback inside a connect worker */
bool rule_bug_path(const struct verdict_input *in, struct verdict *v);
/* (x) a connect worker entered and never exited */
bool rule_unexited(const struct verdict_input *in, struct verdict *v);
/* (n) the packet check */
bool rule_packets(const struct verdict_input *in, struct verdict *v);

void verdict_decide_lockdep(const struct verdict_input *in, struct verdict *v);
void verdict_decide_swap(const struct verdict_input *in, struct verdict *v);
void verdict_decide_connect_error(const struct verdict_input *in,
				  struct verdict *v);
/* swap mode's data column: the swapfill's own read-back check */
enum data_state swap_data_state(const struct verdict_input *in);

#endif
