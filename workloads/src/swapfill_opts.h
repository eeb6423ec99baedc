#ifndef NFSTB_SWAPFILL_OPTS_H
#define NFSTB_SWAPFILL_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define SWAPFILL_TOOL "nfstb-swapfill"
#define SWAPFILL_MAX_MB 1048576 /* 1 TiB; a plain number, quoted by --size's error line */
#define SWAPFILL_MAX_PASSES 1000
#define SWAPFILL_DEFAULT_TIMEOUT_S 600
#define SWAPFILL_DEFAULT_PASSES 1

struct swapfill_opts {
	uint64_t size_mb;      /* anonymous region, MiB */
	uint64_t seed;
	const char *hold_file; /* NULL: verify right after "ready" */
	uint64_t timeout_s;
	uint64_t passes;       /* verify passes over the whole region */
};

/* The --help text: usage/swapfill.txt, made a C string by the Makefile. */
extern const char swapfill_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-swapfill is src/main.c built around it. */
extern const struct tool_def swapfill_tool;

#endif
