/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read a run's inputs and fill the facts the verdict rules use.  An
 * unreadable file is recorded (console_read etc. false), not fatal: the run
 * still gets a verdict (ERROR) and a verdict.tsv row.
 */
#ifndef NFSTB_GATHER_H
#define NFSTB_GATHER_H

#include "report.h"
#include "verdict.h"

void gather_facts(struct verdict_input *in, const struct report_paths *p);
/* Frees what gather_facts allocated (summaries, the packet summary). */
void gather_free(struct verdict_input *in);

#endif
