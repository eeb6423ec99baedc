#ifndef NFSTB_TRACEPUMP_OPTS_H
#define NFSTB_TRACEPUMP_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define TRACEPUMP_TOOL "nfstb-tracepump"

struct tracepump_opts {
	const char *tracefs;	/* holds trace_pipe and trace_marker */
	const char *out;	/* where the trace text goes */
	uint64_t heartbeat_ms;	/* a numbered marker this often */
	uint64_t beats;		/* stop after this many; 0: never (tests) */
	/* --below-min: "yes" for a run that holds free memory below the
	 * min watermark (tracepump.c: real-time, pinned, small writes) */
	const char *below_min;
};

/* The --help text: usage/tracepump.txt, made a C string by the Makefile. */
extern const char tracepump_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-tracepump is src/main.c built around it. */
extern const struct tool_def tracepump_tool;

#endif
