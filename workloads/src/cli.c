#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

bool cli_no_operands(int argc, char **argv, char *err, size_t errlen)
{
	if (optind >= argc)
		return true;
	snprintf(err, errlen, "unexpected argument '%s' (see --help)", argv[optind]);
	return false;
}
