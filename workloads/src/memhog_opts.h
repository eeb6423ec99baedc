#ifndef NFSTB_MEMHOG_OPTS_H
#define NFSTB_MEMHOG_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define MEMHOG_TOOL "nfstb-memhog"
#define MEMHOG_DEFAULT_TIMEOUT_S 600
#define MEMHOG_DEFAULT_CHUNK_MB 4

struct memhog_opts {
	uint64_t available_mb; /* target MemAvailable in MiB, or 0 ... */
	double fraction;       /* ... target as a fraction of MemTotal */
	uint64_t above_low_mb; /* ... or: zone free pages <= low + this */
	const char *hold_file; /* NULL: hold for --timeout seconds */
	uint64_t timeout_s;
	uint64_t chunk_mb;
};

/* The --help text: usage/memhog.txt, made a C string by the Makefile. */
extern const char memhog_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-memhog is src/main.c built around it. */
extern const struct tool_def memhog_tool;

/* Target MemAvailable in kB for a machine with mem_total_kb of RAM. */
uint64_t memhog_target_kb(const struct memhog_opts *o, uint64_t mem_total_kb);

#endif
