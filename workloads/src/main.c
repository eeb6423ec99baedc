/* The one main of every tool: built once per tool with
 * -DNFSTB_TOOL=<tool>_tool (see the Makefile), so each static binary
 * carries only its own table and work. Line-buffered stdout, parse,
 * --help to stdout (exit 0), one "<tool>: <error>" line to stderr
 * (exit 2), else the tool's run() decides the exit code. */
#include <stdio.h>
#include <stdlib.h>

#include "opt_table.h"

#ifndef NFSTB_TOOL
#error "NFSTB_TOOL must name the tool's struct tool_def (see the Makefile)"
#endif

extern const struct tool_def NFSTB_TOOL;

int main(int argc, char **argv)
{
	const struct tool_def *t = &NFSTB_TOOL;
	char err[256];
	void *opts = calloc(1, t->opts_size);

	if (!opts) {
		fprintf(stderr, "%s: out of memory\n", t->name);
		return 1;
	}
	/* The harness greps the console for our lines as they happen. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	switch (cli_parse(t, argc, argv, opts, err, sizeof(err))) {
	case CLI_HELP:
		fputs(t->usage, stdout);
		return 0;
	case CLI_ERROR:
		fprintf(stderr, "%s: %s\n", t->name, err);
		return EXIT_USAGE;
	case CLI_OK:
		break;
	}
	return t->run(opts);
}
