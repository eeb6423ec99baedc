// SPDX-License-Identifier: GPL-2.0
#include "cli.h"
#include "util.h"

#include <errno.h>
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

void cli_other_option(const char *prog, int opt, char *const *argv,
		      void (*usage)(void))
{
	if (opt == 'h') {
		usage();
		exit(0);
	}
	cli_option_error(prog, opt, argv);
}

/* getopt_long's value for --help; values[i] is returned as CLI_VALUE + i. */
#define CLI_HELP 1
#define CLI_VALUE 256

void cli_values(int argc, char **argv, const char *prog,
		const struct cli_value *values, size_t n, void (*usage)(void))
{
	struct option *opts = xcalloc(n + 2, sizeof(*opts));
	int c;

	for (size_t i = 0; i < n; i++)
		opts[i] = (struct option){ values[i].name, required_argument,
					   NULL, CLI_VALUE + (int)i };
	opts[n] = (struct option){ "help", no_argument, NULL, CLI_HELP };
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == CLI_HELP) {
			usage();
			exit(0);
		}
		if (c < CLI_VALUE || c >= CLI_VALUE + (int)n)
			cli_usage_error(prog, "unknown or incomplete option '%s'",
					argv[optind - 1]);
		*values[c - CLI_VALUE].value = optarg;
	}
	free(opts);
	if (optind < argc)
		cli_usage_error(prog, "unexpected argument '%s'", argv[optind]);
}

void cli_load_lines(const char *prog, const char *path, struct lines *l)
{
	if (lines_load(path, l))
		cli_fail(EXIT_IO, prog, "cannot read %s: %s", path,
			 errno == EINVAL ? "not a regular file" : strerror(errno));
}

void cli_flush_stdout(const char *prog)
{
	if (fflush(stdout))
		cli_fail(EXIT_IO, prog, "cannot write output: %s",
			 strerror(errno));
}

void cli_load_operand(int argc, char **argv, const char *prog,
		      const char *name, void (*usage)(void), struct lines *l)
{
	cli_load_lines(prog, cli_one_operand(argc, argv, prog, name, usage), l);
}
