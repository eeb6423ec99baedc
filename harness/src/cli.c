// SPDX-License-Identifier: GPL-2.0
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_usage_error(const char *prog, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see %s --help)\n", prog);
	exit(EXIT_USAGE);
}

void cli_fail(int code, const char *prog, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

const char *cli_one_operand(int argc, char **argv, const char *prog,
			    const char *name, void (*usage)(void))
{
	const char *operand = NULL;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage();
			exit(0);
		}
		if (argv[i][0] == '-' && argv[i][1])
			cli_usage_error(prog, "unknown option '%s'", argv[i]);
		if (operand)
			cli_usage_error(prog, "expected one %s, got '%s' too",
					name, argv[i]);
		operand = argv[i];
	}
	if (!operand)
		cli_usage_error(prog, "missing %s", name);
	return operand;
}

void cli_option_error(const char *prog, int opt, char *const *argv)
{
	if (opt == ':')
		cli_usage_error(prog, "option '%s' needs a value",
				argv[optind - 1]);
	cli_usage_error(prog, "unknown option '%s'", argv[optind - 1]);
}
