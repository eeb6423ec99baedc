/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kselftest-style TAP lines for the runs of a results directory (runs.h),
 * judged as the table and junit.xml judge them (expect.h):
 *   ok 7 v3-tcp.control.forced.1 # XFAIL DEADLOCK(reclaim-commit-deadlock)
 *   ok 3 v3-tcp.fixed.forced.1
 *   ok 9 v3-tcp.control.forced.2 # allowed miss 1 of 1 (>=19/20 DEADLOCK): PASS
 *   ok 5 v3-tcp.control.natural.1 # report only: PASS
 *   not ok 8 v3-tcp.fixed.forced.2 # BUG-PATH, expected PASS: <reason>
 *   not ok 4 v42-tcp.fixed.forced.1 # no verdict record
 */
#ifndef NFSTB_TAP_H
#define NFSTB_TAP_H

#include "runs.h"

#include <stdio.h>

void tap_plan(FILE *f, const struct run_list *l);
void tap_line(FILE *f, const struct run_row *r);
/* "# N ok, N not ok"; returns the not-ok count. */
size_t tap_totals(FILE *f, const struct run_list *l);

#endif
