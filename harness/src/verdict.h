/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run's verdict from the facts the parsers extracted.  Pure: no I/O,
 * so each rule is unit-tested on hand-built facts.  Rules, first match wins:
 *   (a) a blocked-task report: DEADLOCK(<signature>) or OTHER-HANG
 *   (b) harness watchdog fired but no report: OTHER-HANG
 *   (c) no "nfstb: phase=done rc=0": ERROR
 *   (d) a verify summary missing or failed>0 (client or server): DATA-LOSS
 *   (e) a nfs_release_folio skip inside a connect worker: PASS, else ERROR
 *       (smoke runs, --arm - --mode smoke, need no skip: PASS)
 * Modes lockdep and swap have their own rules (verdict_modes.c).
 * An unreadable input is an ERROR where its facts would first be needed.
 */
#ifndef NFSTB_VERDICT_H
#define NFSTB_VERDICT_H

#include "classify.h"
#include "lockdep.h"
#include "markers.h"
#include "swap.h"
#include "trace.h"

#include <stdbool.h>
#include <stdint.h>

enum verdict_kind {
	VERDICT_PASS,
	VERDICT_DEADLOCK,
	VERDICT_OTHER_HANG,
	VERDICT_DATA_LOSS,
	VERDICT_ERROR,
	VERDICT_LOCKDEP,	/* LOCKDEP(reclaim-connect) */
	VERDICT_OTHER_LOCKDEP,
	VERDICT_OOM,
};

enum data_state {
	DATA_OK,	/* both summaries present, nothing failed */
	DATA_LOSS,	/* some summary has failed > 0 */
	DATA_MISSING,	/* a summary is missing (e.g. the run hung) */
};

struct verdict_input {
	const char *scenario;
	const char *arm;	/* fixed | control | - (smoke) */
	const char *mode;	/* forced | natural | smoke | lockdep | swap */
	int watchdog;		/* 1: the harness watchdog saw no progress */
	bool console_read;
	bool server_read;
	bool trace_read;
	struct classification cls;
	struct markers client;
	struct markers server;
	struct trace_counts trace;
	struct lockdep_info lockdep;	/* client console */
	struct swap_facts swap;		/* client console */
};

struct verdict {
	enum verdict_kind kind;
	char rule;		/* 'a'..'e', modes' own, '-': unreadable input */
	char text[64];		/* PASS, DEADLOCK(reclaim-commit-deadlock), ... */
	char reason[256];
	int64_t detect_us;	/* hang time - reconnect marker, or TIME_NONE */
};

void verdict_decide(const struct verdict_input *in, struct verdict *v);
bool verdict_is_smoke(const struct verdict_input *in);
bool verdict_is_mode(const struct verdict_input *in, const char *mode);

/* Swap mode: "nfstb-swapfill: verified ... ok=1" ok, a FAIL line loss. */
enum data_state data_state(const struct verdict_input *in);
const char *data_state_name(enum data_state d);

#endif
