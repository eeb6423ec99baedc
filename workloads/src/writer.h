#ifndef NFSTB_WRITER_H
#define NFSTB_WRITER_H

#include <stdio.h>

#include "writer_opts.h"

/* Runs the whole writer: data files, manifest, "ready", hold, commit.
 * Progress lines go to out, the single failure line to stderr. Returns
 * the process exit code (0 ok, 1 failure). */
int writer_run(const struct writer_opts *o, FILE *out);

#endif
