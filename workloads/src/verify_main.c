/* nfstb-verify: checks the files nfstb-writer left, byte for byte. */
#include <stdio.h>

#include "verify.h"

int main(int argc, char **argv)
{
	struct verify_opts o;
	char err[256];

	setvbuf(stdout, NULL, _IOLBF, 0);
	switch (verify_parse_args(argc, argv, &o, err, sizeof(err))) {
	case CLI_HELP:
		fputs(verify_usage, stdout);
		return 0;
	case CLI_ERROR:
		cli_die_line(VERIFY_TOOL, err);
		return EXIT_USAGE;
	case CLI_OK:
		break;
	}
	return verify_run(&o, stdout);
}
