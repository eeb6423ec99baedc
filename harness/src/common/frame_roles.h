/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The frames of a blocked task's "Call Trace:": a frame line's bare
 * function name, and the part of the 2012 cycle (a writeback/commit wait,
 * under nfs_release_folio, under direct reclaim, under an RPC connect
 * worker) a name plays.  One table, read by the hang's classifier
 * (parsers/hang.c), which names the hang, and by the per-run report, which
 * marks the frames of the console text it shows.
 */
#ifndef NFSTB_FRAME_ROLES_H
#define NFSTB_FRAME_ROLES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Parse one stack line "  [? ]name[.suffix]+0xoff/0xlen [mod]" into the
 * bare function name (compiler clone suffixes such as ".isra.0" or
 * ".constprop.0" dropped so matching is stable across builds).
 */
bool frame_parse(const char *text, char *name, size_t len, bool *reliable);

/* The part of the cycle a frame's bare function name plays (exact names). */
enum frame_role {
	FRAME_OTHER,
	FRAME_WAIT,	/* a writeback or COMMIT wait */
	FRAME_RELEASE,	/* nfs_release_folio, nfs_release_page */
	FRAME_RECLAIM,	/* direct reclaim (exact names) or the injection point */
	FRAME_WORKER,	/* an RPC connect worker */
};
enum frame_role frame_role(const char *name);
/* "wait", "release", "reclaim", "worker" or "other". */
const char *frame_role_name(enum frame_role role);

/*
 * The wait frames ranked by how much they say: 0, a COMMIT wait, names the
 * cycle best, a bare writeback wait least; -1 for a name that is no wait.
 * A hang's title uses the best-ranked wait present.
 */
int frame_wait_rank(const char *name);

#endif
