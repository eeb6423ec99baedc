#ifndef NFSTB_SWAPFILL_OPTS_H
#define NFSTB_SWAPFILL_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

#define SWAPFILL_TOOL "nfstb-swapfill"
#define SWAPFILL_MAX_MB (1u << 20) /* 1 TiB */
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

extern const char swapfill_usage[];

enum cli_result swapfill_parse_args(int argc, char **argv,
				    struct swapfill_opts *o, char *err,
				    size_t errlen);

#endif
