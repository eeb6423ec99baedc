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

#endif
