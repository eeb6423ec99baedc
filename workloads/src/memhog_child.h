/* The allocating half of nfstb-memhog, run by supervise_run() in a child
 * that the OOM killer prefers. It reports to the supervising parent with
 * supervise_report(); its progress message is
 * "anon_mb_at_last_report=<anon_mb>", so when the OOM killer takes it, the
 * parent still knows how far it got. */
#ifndef NFSTB_MEMHOG_CHILD_H
#define NFSTB_MEMHOG_CHILD_H

#include "memhog_opts.h"

/* Runs in the forked child; returns its exit status. */
int memhog_child_main(const struct memhog_opts *o);

#endif
