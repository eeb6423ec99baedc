/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's verdict in and out, in two parts: the verdict written out (the
 * one-line summary, the verdict.tsv row, run.json), and the facts
 * gathered from the run's files for the rules.  Both in verdict_io.c.
 */
#ifndef NFSTB_VERDICT_IO_H
#define NFSTB_VERDICT_IO_H

#include "verdict.h"

#include <stdio.h>

/*
 * Write a verdict out: the one-line summary, the verdict.tsv row that
 * nfstb-table aggregates, and run.json with every fact behind it.
 */

struct report_paths {
	const char *console;
	const char *trace;
	const char *server_console;
	const char *pcap_summary;	/* NULL: no --pcap-summary */
};

/* Column order of verdict.tsv (no header line in the file). */
#define VERDICT_TSV_COLUMNS \
	"scenario\tarm\tmode\tverdict\tsignature\tdetect_s\treconnect_t\thang_t\tskip_evidence\tdata\tworker_reclaim\tdeadlock_s"
#define VERDICT_TSV_NCOLS 12

void report_line(FILE *f, const struct verdict_input *in,
		 const struct verdict *v);
void report_tsv(FILE *f, const struct verdict_input *in,
		const struct verdict *v);
/* run.json's schema, docs/run-record.md: bumped when a key changes meaning */
#define RUN_RECORD_SCHEMA "nfstb-run/1"

void report_json(FILE *f, const struct verdict_input *in,
		 const struct verdict *v, const struct report_paths *paths);

/*
 * Read a run's inputs and fill the facts the verdict rules use.  An
 * unreadable file is recorded (console_read etc. false), not fatal: the run
 * still gets a verdict (ERROR) and a verdict.tsv row.
 */

void gather_facts(struct verdict_input *in, const struct report_paths *p);
/* Frees what gather_facts allocated (summaries, the packet summary). */
void gather_free(struct verdict_input *in);

#endif
