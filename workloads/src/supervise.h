/* Runs a tool's memory-hungry work in a forked child that the OOM killer
 * prefers, so that an OOM kill is reported rather than silent (used by
 * nfstb-memhog and nfstb-swapfill).
 *
 * The supervising parent asks to be spared by the OOM killer
 * (oom_score_adj -1000), the child volunteers (oom_score_adj 1000) and
 * dies with the parent (PR_SET_PDEATHSIG). The child talks to the parent
 * only through a pipe, one line per message, written with
 * supervise_report():
 *   'P' "<text>"  progress, remembered by the parent, not printed
 *   'O' "<line>"  a line for the parent's out stream
 *   'E' "<line>"  a line for the parent's err stream
 * so that when the child is killed, the parent still knows how far it got
 * and prints
 *   <tool>: child killed by signal N (likely OOM killer) <last progress>
 * on err and returns SUPERVISE_EXIT_CHILD_KILLED. */
#ifndef NFSTB_SUPERVISE_H
#define NFSTB_SUPERVISE_H

#include <stdio.h>

/* Exit code when the child was killed by a signal (OOM killer or other). */
#define SUPERVISE_EXIT_CHILD_KILLED 3

/* Longest progress text kept by the parent. */
#define SUPERVISE_PROGRESS_MAX 128

/* The child's work; its return value becomes the child's exit status. */
typedef int (*supervise_fn)(void *arg);

/* Forks, runs fn(arg) in the child, relays its 'O' lines to out and 'E'
 * lines to err until the child exits, and returns the exit code for the
 * process: the child's exit status, SUPERVISE_EXIT_CHILD_KILLED if it died
 * from a signal (the line above is printed on err, ending with the last
 * 'P' text, or with initial_progress if none came), or 1 if pipe, fork or
 * waitpid failed (one line on err). */
int supervise_run(const char *tool, supervise_fn fn, void *arg,
		  const char *initial_progress, FILE *out, FILE *err);

/* In the child: sends one message to the parent. The line is cut to fit
 * a PIPE_BUF-sized atomic write; a missing parent is ignored
 * (PR_SET_PDEATHSIG ends the child). */
void supervise_report(char kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
