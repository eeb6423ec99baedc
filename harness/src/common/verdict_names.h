/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The verdicts a run can get: shared by the judge (which writes them) and
 * the views (which refuse a record naming another), so that neither
 * includes the other.
 */
#ifndef NFSTB_VERDICT_NAMES_H
#define NFSTB_VERDICT_NAMES_H

#include <stdbool.h>

/* Every verdict text a run can get ("DEADLOCK(x)", "LOCKDEP(x)" forms). */
bool verdict_text_valid(const char *text);

/*
 * Whether @text says the testbed could not judge the run (ERROR,
 * NO-JUDGEMENT): neither a pass nor a failure of the kernel.  The TAP
 * stream's ERROR directive and KCIDB's ERROR status are both this.
 */
bool verdict_unjudged(const char *text);

/*
 * Whether @text says the cell cannot run on the booted kernel (SKIP: it
 * lacks a test switch or fault-injection capability).  Neither a pass nor
 * a failure: the TAP stream's SKIP directive, junit's <skipped/>, KCIDB's
 * SKIP status.
 */
bool verdict_skipped(const char *text);

#endif
