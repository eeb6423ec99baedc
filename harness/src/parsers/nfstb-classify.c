// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-classify CONSOLE_LOG: name the hang in a client console log.
 */
#include "cli.h"
#include "hang.h"
#include "lockdep.h"
#include "util.h"

#include <stdio.h>

static const char *const prog = "nfstb-classify";

static void usage(void)
{
	printf("usage: %s CONSOLE_LOG\n"
	       "\n"
	       "Read a Linux 6.1 serial console log and name the hang in it, if any.\n"
	       "Prints key=value lines:\n"
	       "  signature=reclaim-commit-deadlock|connect-alloc-stall|other-hang|none\n"
	       "  title=<one line>|none\n"
	       "  task=<comm> pid=<n>\n"
	       "  time=<printk seconds of the named task's report>\n"
	       "  frames=<up to 8 reliable, non-scheduler frames, innermost first>\n"
	       "  lockdep=reclaim-connect|other|none\n"
	       "  lockdep_title=<one line>|none\n"
	       "\n"
	       "reclaim-commit-deadlock: one blocked task whose stack holds an RPC connect\n"
	       "worker (xs_{tcp,udp,local}_setup_socket, frame or Workqueue: line), direct\n"
	       "reclaim, nfs_release_folio and a writeback/commit wait, in that nesting.\n"
	       "Any other blocked-task report (hung task detector or SysRq-w) is other-hang.\n"
	       "\n"
	       "lockdep=reclaim-connect: a 'possible circular locking dependency' report\n"
	       "naming the locks xprt_connect and fs_reclaim (up to 'stack backtrace:');\n"
	       "any other lockdep report (recursive locking, inconsistent lock state, ...)\n"
	       "is other.\n"
	       "\n"
	       "Exit: 0 classified (any signature), 1 cannot read the log, 2 usage.\n",
	       prog);
}

int main(int argc, char **argv)
{
	struct hang_reports reports;
	struct classification c;
	struct lockdep_info li;
	struct lines log;

	cli_load_operand(argc, argv, prog, "CONSOLE_LOG", usage, &log);
	hang_parse(&log, &reports);
	classify(&reports, &c);
	classify_print(stdout, &c);
	lockdep_parse(&log, &li);
	lockdep_print(stdout, &li);
	hang_free(&reports);
	lines_free(&log);
	cli_flush_stdout(prog);
	return 0;
}
