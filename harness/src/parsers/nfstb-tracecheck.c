// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-tracecheck TRACE_FILE: count the connect-worker and
 * nfs_release_folio events in a trace_pipe capture.
 */
#include "cli.h"
#include "trace.h"
#include "util.h"

#include <stdio.h>

static const char *const prog = "nfstb-tracecheck";

static void usage(void)
{
	printf("usage: %s TRACE_FILE\n"
	       "\n"
	       "Read raw /sys/kernel/tracing/trace_pipe text and print, one per line:\n"
	       "  worker_enter worker_exit inject_reclaim   xs_connect_* event counts\n"
	       "  release_skip_in_worker release_writeback_in_worker\n"
	       "  release_skip_elsewhere release_writeback_elsewhere\n"
	       "                          nfs_release_folio decisions skip_nofs/writeback,\n"
	       "                          inside a connect worker (connect_worker=1, or\n"
	       "                          the pid between enter and exit) or not\n"
	       "  flags_restored=ok|mismatch|n/a  each exit's flags equal its worker's\n"
	       "                          entry_flags (paired by pid); n/a without exits\n"
	       "  nofs_in_worker memalloc_in_worker  enters with MEMALLOC_NOFS / MEMALLOC\n"
	       "  first_skip_time first_writeback_time  earliest in-worker skip_nofs /\n"
	       "                          writeback, trace seconds, or none\n"
	       "\n"
	       "Lines that are not events are ignored.\n"
	       "Exit: 0 done, 1 cannot read the file, 2 usage.\n",
	       prog);
}

int main(int argc, char **argv)
{
	struct trace_counts c;
	struct lines trace;

	cli_load_operand(argc, argv, prog, "TRACE_FILE", usage, &trace);
	trace_count(&trace, &c);
	trace_print(stdout, &c);
	lines_free(&trace);
	cli_flush_stdout(prog);
	return 0;
}
