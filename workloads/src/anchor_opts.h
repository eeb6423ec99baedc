#ifndef NFSTB_ANCHOR_OPTS_H
#define NFSTB_ANCHOR_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define ANCHOR_TOOL "nfstb-anchor"
#define ANCHOR_RUN_MAX 96	/* characters of --run */
#define ANCHOR_DEFAULT_COUNT 5
#define ANCHOR_MAX_COUNT 1000
#define ANCHOR_DEFAULT_INTERVAL_MS 50
#define ANCHOR_MAX_INTERVAL_MS 10000

struct anchor_opts {
	const char *to;		/* the server, dotted IPv4 */
	uint64_t port;		/* its UDP port the capture keeps */
	const char *run;	/* the run id the anchors name */
	uint64_t count;		/* anchors, seq 1..count */
	uint64_t interval_ms;	/* between two anchors */
	const char *kmsg;	/* /dev/kmsg (tests: a plain file) */
	uint32_t addr;		/* from --to by the check: network order */
};

/* The --help text: usage/anchor.txt, made a C string by the Makefile. */
extern const char anchor_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-anchor is src/main.c built around it. */
extern const struct tool_def anchor_tool;

#endif
