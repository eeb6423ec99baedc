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
 * An unreadable input is an ERROR where its facts would first be needed.
 */
#ifndef NFSTB_VERDICT_H
#define NFSTB_VERDICT_H

#include "classify.h"
#include "markers.h"
#include "trace.h"

#include <stdbool.h>
#include <stdint.h>

enum verdict_kind {
	VERDICT_PASS,
	VERDICT_DEADLOCK,
	VERDICT_OTHER_HANG,
	VERDICT_DATA_LOSS,
	VERDICT_ERROR,
};

enum data_state {
	DATA_OK,	/* both summaries present, nothing failed */
	DATA_LOSS,	/* some summary has failed > 0 */
	DATA_MISSING,	/* a summary is missing (e.g. the run hung) */
};

struct verdict_input {
	const char *scenario;
	const char *arm;	/* fixed | control | - (smoke) */
	const char *mode;	/* forced | natural | smoke */
	int watchdog;		/* 1: the harness watchdog saw no progress */
	bool console_read;
	bool server_read;
	bool trace_read;
	struct classification cls;
	struct markers client;
	struct markers server;
	struct trace_counts trace;
};

struct verdict {
	enum verdict_kind kind;
	char rule;		/* 'a'..'e', or '-' for an unreadable input */
	char text[64];		/* PASS, DEADLOCK(reclaim-commit-deadlock), ... */
	char reason[256];
	int64_t detect_us;	/* hang time - reconnect marker, or TIME_NONE */
};

void verdict_decide(const struct verdict_input *in, struct verdict *v);
bool verdict_is_smoke(const struct verdict_input *in);

enum data_state data_state(const struct verdict_input *in);
const char *data_state_name(enum data_state d);

#endif
