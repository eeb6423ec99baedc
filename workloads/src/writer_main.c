/* nfstb-writer: leaves many page-cache folios holding UNSTABLE NFS writes,
 * then commits them on command. See writer_opts.c for the usage text. */
#include <stdio.h>
#include <stdlib.h>

#include "writer.h"

int main(int argc, char **argv)
{
	struct writer_opts o;
	char err[256];

	/* The harness greps the console for our lines as they happen. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	switch (writer_parse_args(argc, argv, &o, err, sizeof(err))) {
	case CLI_HELP:
		fputs(writer_usage, stdout);
		return 0;
	case CLI_ERROR:
		cli_die_line(WRITER_TOOL, err);
		return EXIT_USAGE;
	case CLI_OK:
		break;
	}
	return writer_run(&o, stdout);
}
