#ifndef NFSTB_VERIFY_OPTS_H
#define NFSTB_VERIFY_OPTS_H

#include <limits.h>
#include <stddef.h>

#include "cli.h"

#define VERIFY_TOOL "nfstb-verify"

struct verify_opts {
	const char *dir;
	char manifest[PATH_MAX]; /* --manifest, or DIR/nfstb-manifest */
};

extern const char verify_usage[];

enum cli_result verify_parse_args(int argc, char **argv,
				  struct verify_opts *o, char *err,
				  size_t errlen);

#endif
