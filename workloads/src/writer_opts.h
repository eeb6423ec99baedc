#ifndef NFSTB_WRITER_OPTS_H
#define NFSTB_WRITER_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

#define WRITER_TOOL "nfstb-writer"
#define WRITER_MAX_FILES 4096
#define WRITER_DEFAULT_TIMEOUT_S 600

struct writer_opts {
	const char *dir;
	uint64_t files;
	uint64_t size; /* bytes per file */
	uint64_t seed;
	const char *hold_file; /* NULL: commit right after "ready" */
	uint64_t timeout_s;
};

extern const char writer_usage[];

enum cli_result writer_parse_args(int argc, char **argv,
				  struct writer_opts *o, char *err,
				  size_t errlen);

#endif
