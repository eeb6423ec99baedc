/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line conventions shared by the tools. */
#ifndef NFSTB_CLI_H
#define NFSTB_CLI_H

/* Exit codes: 0 done, 1 I/O error (or the tool's own failure), 2 usage. */
#define EXIT_IO 1
#define EXIT_USAGE 2

/* One line on stderr, "PROG: MESSAGE (see PROG --help)", then exit 2. */
void cli_usage_error(const char *prog, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));
/* One line on stderr, "PROG: MESSAGE", then exit @code. */
void cli_fail(int code, const char *prog, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

/*
 * getopt_long (with opterr = 0 and a leading ':' in its optstring) returned
 * @opt, ':' or '?': one line naming the option, then exit 2.
 */
void cli_option_error(const char *prog, int opt, char *const *argv)
	__attribute__((noreturn));

/*
 * The argument list of a tool that takes one operand and only --help:
 * returns the operand; prints @usage and exits 0 for --help/-h; exits 2
 * with one line for an unknown option, a second operand or none.
 * @name names the operand in those lines (e.g. "CONSOLE_LOG").
 */
const char *cli_one_operand(int argc, char **argv, const char *prog,
			    const char *name, void (*usage)(void));

#endif
