#ifndef NFSTB_RECONNECT_OPTS_H
#define NFSTB_RECONNECT_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define RECONNECT_TOOL "nfstb-reconnect"

enum reconnect_method { RECONNECT_SYSFS, RECONNECT_SOCKDIAG };

struct reconnect_opts {
	uint64_t port_arg;      /* --port as parsed; port is its value */
	const char *method_arg; /* --method as given; method is its value */
	unsigned port;
	enum reconnect_method method;
	const char *proto; /* "tcp", "udp", or NULL for any */
	/* --near-min: wait up to this long, once the sockets are found, for
	 * free memory near the min watermark before destroying them; 0: do
	 * not wait (sockdiag only) */
	uint64_t near_min_s;
};

/* The --help text: usage/reconnect.txt, made a C string by the Makefile. */
extern const char reconnect_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-reconnect is src/main.c built around it. */
extern const struct tool_def reconnect_tool;

#endif
