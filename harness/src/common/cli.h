/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line conventions shared by the tools. */
#ifndef NFSTB_CLI_H
#define NFSTB_CLI_H

#include <stddef.h>

/* Exit codes: 0 done, 1 I/O error (or the tool's own failure), 2 usage. */
#define EXIT_IO 1
#define EXIT_USAGE 2

struct lines;

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
 * The default: of a getopt_long loop with ":h" as its optstring and 'h' as
 * its "help" option's value: prints @usage and exits 0 for -h/--help, any
 * other @opt is cli_option_error's.
 */
void cli_other_option(const char *prog, int opt, char *const *argv,
		      void (*usage)(void)) __attribute__((noreturn));

/* A "--NAME VALUE" option of a tool that takes only those and --help. */
struct cli_value {
	const char *name;
	const char **value;	/* set to the option's argument */
};

/*
 * The argument list of a tool that takes only the @n options @values (each
 * with an argument) and --help, no operands: stores each value; prints
 * @usage and exits 0 for --help; exits 2 with one line for an unknown or
 * incomplete option or for an operand.
 */
void cli_values(int argc, char **argv, const char *prog,
		const struct cli_value *values, size_t n, void (*usage)(void));

/* lines_load(@path), or exit 1 with "cannot read PATH: ERROR". */
void cli_load_lines(const char *prog, const char *path, struct lines *l);

/* Flushes stdout, or exits 1 with "cannot write output: ERROR". */
void cli_flush_stdout(const char *prog);

/*
 * The argument list of a tool that takes one operand and only --help:
 * returns the operand; prints @usage and exits 0 for --help/-h; exits 2
 * with one line for an unknown option, a second operand or none.
 * @name names the operand in those lines (e.g. "CONSOLE_LOG").
 */
const char *cli_one_operand(int argc, char **argv, const char *prog,
			    const char *name, void (*usage)(void));


/* A tool whose one operand is a text file: cli_one_operand, then its lines. */
void cli_load_operand(int argc, char **argv, const char *prog,
		      const char *name, void (*usage)(void), struct lines *l);

#endif
