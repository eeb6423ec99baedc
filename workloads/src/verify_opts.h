#ifndef NFSTB_VERIFY_OPTS_H
#define NFSTB_VERIFY_OPTS_H

#include <limits.h>
#include <stddef.h>

#include "opt_table.h"

#define VERIFY_TOOL "nfstb-verify"

struct verify_opts {
	const char *dir;
	const char *manifest_arg; /* --manifest as given, or NULL */
	char manifest[PATH_MAX]; /* --manifest, or DIR/nfstb-manifest */
};

/* The --help text: usage/verify.txt, made a C string by the Makefile. */
extern const char verify_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-verify is src/main.c built around it. */
extern const struct tool_def verify_tool;

#endif
