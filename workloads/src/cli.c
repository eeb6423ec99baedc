#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "parse_num.h"

void cli_getopt_error(int c, char **argv, char *err, size_t errlen)
{
	/* With opterr = 0 and a leading ':' in optstring, getopt_long reports
	 * a missing value as ':' and an unknown option as '?'. optind already
	 * points past the offending word. */
	const char *word = argv[optind - 1];

	if (c == ':')
		snprintf(err, errlen, "option '%s' needs a value (see --help)", word);
	else if (strncmp(word, "--", 2) != 0 && optopt > 0 && optopt < 128)
		snprintf(err, errlen, "unknown option '-%c' (see --help)", optopt);
	else
		snprintf(err, errlen, "unknown option '%s' (see --help)", word);
}

void cli_die_line(const char *tool, const char *msg)
{
	fprintf(stderr, "%s: %s\n", tool, msg);
}

bool cli_parse_seed(const char *arg, uint64_t *seed, char *err, size_t errlen)
{
	if (parse_u64(arg, seed))
		return true;
	snprintf(err, errlen, "--seed must be an unsigned 64-bit number, e.g. 42 or 0x2a");
	return false;
}

bool cli_parse_timeout(const char *arg, uint64_t *secs, char *err, size_t errlen)
{
	if (parse_u64_range(arg, 1, 86400, secs))
		return true;
	snprintf(err, errlen, "--timeout must be a number of seconds from 1 to 86400, e.g. 600");
	return false;
}

bool cli_no_operands(int argc, char **argv, char *err, size_t errlen)
{
	if (optind >= argc)
		return true;
	snprintf(err, errlen, "unexpected argument '%s' (see --help)", argv[optind]);
	return false;
}
