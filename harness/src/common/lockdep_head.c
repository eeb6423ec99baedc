// SPDX-License-Identifier: GPL-2.0
/* Where a lockdep report starts (lockdep_head.h). */
#include "lockdep_head.h"
#include "util.h"

/* The first line of every report in 6.1's kernel/locking/lockdep.c. */
static const char *const heads[] = {
	"WARNING: possible circular locking dependency detected",
	"WARNING: possible recursive locking detected",
	"WARNING: inconsistent lock state",
	"WARNING: possible irq lock inversion dependency detected",
	"WARNING: bad unlock balance detected!",
	"WARNING: bad contention detected!",
	"WARNING: held lock freed!",
	"WARNING: lock held when returning to user space!",
	"WARNING: Nested lock was not taken",
	"WARNING: chain_key collision",
	"WARNING: suspicious RCU usage",
	"INFO: trying to register non-static key.",
};

bool lockdep_is_head(const char *msg)
{
	if (starts_with_any(msg, heads, ARRAY_SIZE(heads)))
		return true;
	/* "%s-safe -> %s-unsafe lock order", "%s/%d still has locks held!" */
	if (starts_with(msg, "WARNING: ") &&
	    (ends_with(msg, "-unsafe lock order detected") ||
	     ends_with(msg, " still has locks held!")))
		return true;
	/* lockdep turned itself off: what it did not check proves nothing */
	return starts_with(msg, "BUG: MAX_") && ends_with(msg, " too low!");
}
