/* Shared shape of every tool's option parser: parse argv into a struct or
 * produce one human-readable error line, without printing or exiting, so
 * the unit tests can call the parsers directly. */
#ifndef NFSTB_CLI_H
#define NFSTB_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* The options several tools share. Each returns false with the tool's
 * standard error line in err. */
bool cli_parse_seed(const char *arg, uint64_t *seed, char *err, size_t errlen);
bool cli_parse_timeout(const char *arg, uint64_t *secs, char *err, size_t errlen);

/* After getopt_long: false, with an error line, if operands are left. */
bool cli_no_operands(int argc, char **argv, char *err, size_t errlen);

/* Prints "<tool>: <msg>\n" to stderr; used by all mains for the single
 * error line. */
void cli_die_line(const char *tool, const char *msg);

#endif
