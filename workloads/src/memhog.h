#ifndef NFSTB_MEMHOG_H
#define NFSTB_MEMHOG_H

#include "memhog_opts.h"

/* Exit code when the allocating child was killed (OOM killer or other). */
#define MEMHOG_EXIT_CHILD_KILLED 3

/* Forks the allocating child, relays its lines, reports its death.
 * Returns the process exit code. */
int memhog_run(const struct memhog_opts *o);

#endif
