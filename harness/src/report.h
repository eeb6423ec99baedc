/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Write a verdict out: the one-line summary, the verdict.tsv row that
 * nfstb-table aggregates, and verdict.json with every fact behind it.
 */
#ifndef NFSTB_REPORT_H
#define NFSTB_REPORT_H

#include "verdict.h"

#include <stdio.h>

struct report_paths {
	const char *console;
	const char *trace;
	const char *server_console;
	const char *pcap_summary;	/* NULL: no --pcap-summary */
};

/* Column order of verdict.tsv (no header line in the file). */
#define VERDICT_TSV_COLUMNS \
	"scenario\tarm\tmode\tverdict\tsignature\tdetect_s\treconnect_t\thang_t\tskip_evidence\tdata"
#define VERDICT_TSV_NCOLS 10

void report_line(FILE *f, const struct verdict_input *in,
		 const struct verdict *v);
void report_tsv(FILE *f, const struct verdict_input *in,
		const struct verdict *v);
void report_json(FILE *f, const struct verdict_input *in,
		 const struct verdict *v, const struct report_paths *paths);

#endif
