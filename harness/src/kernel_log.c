// SPDX-License-Identifier: GPL-2.0
#include "kernel_log.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/*
 * lockdep's "BUG: MAX_LOCKDEP_KEYS too low!" and friends are lockdep
 * giving up, not a crash: they count as lockdep switched off.
 */
static bool is_lockdep_off(const char *msg)
{
	return strstr(msg, "lockdep is turned off") ||
	       strstr(msg, "turning off the locking correctness validator") ||
	       starts_with(msg, "BUG: MAX_");
}

/*
 * Only the heads the kernel prints at the start of a report: lockdep's
 * "WARNING: possible circular locking ..." is not "WARNING: CPU:".
 */
static bool is_oops(const char *msg)
{
	return (starts_with(msg, "BUG: ") && !starts_with(msg, "BUG: MAX_")) ||
	       starts_with(msg, "Oops: ") || starts_with(msg, "Oops#") ||
	       starts_with(msg, "general protection fault") ||
	       starts_with(msg, "WARNING: CPU:");
}

static bool is_lock_leak(const char *msg)
{
	return strstr(msg, "lock held when returning to user space") ||
	       strstr(msg, "still has locks held");
}

static void keep_first(char *slot, const char *msg)
{
	if (!slot[0])
		snprintf(slot, KERNEL_LOG_LINE, "%s", msg);
}

void kernel_log_parse(const struct lines *log, struct kernel_complaints *k)
{
	memset(k, 0, sizeof(*k));
	for (size_t i = 0; i < log->n; i++) {
		const char *msg = skip_spaces(printk_msg(log->v[i]));

		if (starts_with(msg, "Kernel panic"))
			keep_first(k->panic, msg);
		else if (is_lockdep_off(msg))
			keep_first(k->lockdep_off, msg);
		else if (is_oops(msg))
			keep_first(k->oops, msg);
		if (is_lock_leak(msg))
			keep_first(k->lock_leak, msg);
	}
}
