#ifndef NFSTB_MEMHOG_H
#define NFSTB_MEMHOG_H

#include "memhog_opts.h"
#include "supervise.h"

/* Exit code when the allocating child was killed (OOM killer or other). */
#define MEMHOG_EXIT_CHILD_KILLED SUPERVISE_EXIT_CHILD_KILLED

/* Forks the allocating child, relays its lines, reports its death
 * (supervise.h). Returns the process exit code. */
int memhog_run(const struct memhog_opts *o);

#endif
