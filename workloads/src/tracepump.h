/* nfstb-tracepump: the guest's trace stream and its heartbeat in one
 * process that needs no new memory once started. A natural-mode deadlock
 * stops every task whose allocation enters direct reclaim with __GFP_FS
 * (nfs_release_folio waits on a COMMIT that never goes out): `cat
 * trace_pipe` and a shell loop forking `sleep` were such tasks, and the
 * witness went silent with the rest. This one runs as an I/O flusher
 * (PR_SET_IO_FLUSHER: its allocations never enter the filesystem), has its
 * memory locked, never forks and writes from static buffers. */
#ifndef NFSTB_TRACEPUMP_H
#define NFSTB_TRACEPUMP_H

#include <stdint.h>
#include <stdio.h>

#include "tracepump_opts.h"

/* The marker text of heartbeat @seq, as the verdict's rule w reads it. */
#define TRACEPUMP_BEAT_FMT "nfstb-heartbeat seq=%llu\n"

/* Opens <tracefs>/trace_pipe (non-blocking), <tracefs>/trace_marker and
 * @out, then copies trace_pipe to @out and writes heartbeat 1, 2, ... to
 * trace_marker every @heartbeat_ms (the first at once), until @beats
 * heartbeats (0: forever). Returns 0, or 1 with one line on @err. */
int tracepump_stream(const struct tracepump_opts *o, FILE *err);

/* The tool: becomes an I/O flusher and locks its memory (either failing
 * is said on @out and not fatal: the verdict sees a stream that stopped),
 * prints one line on @out, then tracepump_stream(). */
int tracepump_run(const struct tracepump_opts *o, FILE *out, FILE *err);

#endif
