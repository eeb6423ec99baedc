/* Shared shape of every tool's option parser: parse argv into a struct or
 * produce one human-readable error line, without printing or exiting, so
 * the unit tests can call the parsers directly. */
#ifndef NFSTB_CLI_H
#define NFSTB_CLI_H

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

/* Prints "<tool>: <msg>\n" to stderr; used by all mains for the single
 * error line. */
void cli_die_line(const char *tool, const char *msg);

#endif
