/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a lockdep report starts in a Linux 6.1 console log: the first
 * lines kernel/locking/lockdep.c prints ("WARNING: possible circular
 * locking dependency detected", ...).  One table, read by the lockdep
 * parser (parsers/lockdep.c), which names the report, and by the per-run
 * report, which cuts the reports out of the console text it shows.
 */
#ifndef NFSTB_LOCKDEP_HEAD_H
#define NFSTB_LOCKDEP_HEAD_H

#include <stdbool.h>

/* @msg (a printk message) is the first line of a lockdep report. */
bool lockdep_is_head(const char *msg);

#endif
