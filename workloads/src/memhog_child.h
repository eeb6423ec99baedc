/* The allocating half of nfstb-memhog. It talks to the supervising parent
 * only through a pipe, one line per message:
 *   "P <anon_mb>"  progress, remembered by the parent, not printed
 *   "O <line>"     a line for stdout
 *   "E <line>"     a line for stderr
 * so that when the OOM killer takes it, the parent still knows how far it
 * got. */
#ifndef NFSTB_MEMHOG_CHILD_H
#define NFSTB_MEMHOG_CHILD_H

#include "memhog_opts.h"

/* Runs in the forked child; returns its exit status. */
int memhog_child_main(const struct memhog_opts *o, int report_fd);

#endif
