#ifndef NFSTB_RECONNECT_OPTS_H
#define NFSTB_RECONNECT_OPTS_H

#include <stddef.h>

#include "cli.h"

#define RECONNECT_TOOL "nfstb-reconnect"

enum reconnect_method { RECONNECT_SYSFS, RECONNECT_SOCKDIAG };

struct reconnect_opts {
	unsigned port;
	enum reconnect_method method;
	const char *proto; /* "tcp", "udp", or NULL for any */
};

extern const char reconnect_usage[];

enum cli_result reconnect_parse_args(int argc, char **argv,
				     struct reconnect_opts *o, char *err,
				     size_t errlen);

#endif
