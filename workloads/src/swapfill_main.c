/* nfstb-swapfill: fills more anonymous memory than the guest has RAM with
 * a verifiable pattern (pushing it out to swap), holds, then reads it all
 * back and checks it. See swapfill_opts.c for the usage text. */
#include <stdio.h>

#include "swapfill.h"

int main(int argc, char **argv)
{
	struct swapfill_opts o;
	char err[256];

	/* The harness greps the console for our lines as they happen. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	switch (swapfill_parse_args(argc, argv, &o, err, sizeof(err))) {
	case CLI_HELP:
		fputs(swapfill_usage, stdout);
		return 0;
	case CLI_ERROR:
		cli_die_line(SWAPFILL_TOOL, err);
		return EXIT_USAGE;
	case CLI_OK:
		break;
	}
	return swapfill_run(&o, stdout, stderr);
}
