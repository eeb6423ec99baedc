/* The result of parsing a command line, and the getopt error lines every
 * tool shares. Parsing never prints or exits, so the unit tests can call
 * the parser directly (opt_table.h). */
#ifndef NFSTB_WORKLOADS_CLI_H
#define NFSTB_WORKLOADS_CLI_H

#include <stdbool.h>
#include <stddef.h>

enum cli_result {
	CLI_OK,    /* options valid, struct filled */
	CLI_HELP,  /* --help given: caller prints usage, exits 0 */
	CLI_ERROR, /* err holds one line (no tool prefix): caller exits 2 */
};

/* Exit codes shared by all tools. */
enum {
	EXIT_USAGE = 2,
};

/* Formats the getopt_long failure for the option at argv[optind - 1] into
 * err. 'c' is what getopt_long returned (':' or '?'). */
void cli_getopt_error(int c, char **argv, char *err, size_t errlen);

/* After getopt_long: false, with an error line, if operands are left. */
bool cli_no_operands(int argc, char **argv, char *err, size_t errlen);

#endif
