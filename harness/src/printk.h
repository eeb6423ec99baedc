/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Split a console line into its printk timestamp and the message text.
 * Accepts "[   25.123456] msg", the CONFIG_PRINTK_CALLER form
 * "[   25.123456][  T35] msg" and an optional "<6>" level prefix; a line
 * without a timestamp (firmware, init's stdout) keeps its text, time none.
 */
#ifndef NFSTB_PRINTK_H
#define NFSTB_PRINTK_H

#include <stdint.h>

/* Returns the message text inside @line; *t_us is TIME_NONE if absent. */
const char *printk_split(const char *line, int64_t *t_us);

/* The message text alone, for scanners that do not need the time. */
const char *printk_msg(const char *line);

#endif
