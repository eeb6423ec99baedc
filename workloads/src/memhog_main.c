/* nfstb-memhog: drives the guest to low MemAvailable with anonymous
 * memory, holds it, releases it on command. */
#include <stdio.h>

#include "memhog.h"

int main(int argc, char **argv)
{
	struct memhog_opts o;
	char err[256];

	setvbuf(stdout, NULL, _IOLBF, 0);
	switch (memhog_parse_args(argc, argv, &o, err, sizeof(err))) {
	case CLI_HELP:
		fputs(memhog_usage, stdout);
		return 0;
	case CLI_ERROR:
		cli_die_line(MEMHOG_TOOL, err);
		return EXIT_USAGE;
	case CLI_OK:
		break;
	}
	return memhog_run(&o);
}
