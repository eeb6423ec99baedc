#ifndef NFSTB_WRITER_OPTS_H
#define NFSTB_WRITER_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define WRITER_TOOL "nfstb-writer"
#define WRITER_MAX_FILES 4096
#define WRITER_DEFAULT_TIMEOUT_S 600

struct writer_opts {
	const char *dir;
	uint64_t files;
	uint64_t size; /* bytes per file */
	uint64_t seed;
	const char *hold_file; /* NULL: commit right after "ready" */
	/* NULL: a failed fsync is the end. Else: say it, wait for this
	 * file, write the file again and fsync it once more. */
	const char *retry_hold_file;
	uint64_t timeout_s;
};

/* The --help text: usage/writer.txt, made a C string by the Makefile. */
extern const char writer_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-writer is src/main.c built around it. */
extern const struct tool_def writer_tool;

#endif
