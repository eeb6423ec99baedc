/* nfstb-memhog: drives the guest to low MemAvailable with anonymous
 * memory, holds it, releases it on command. */
#include "memhog_opts.h"

#include <stdio.h>

#include "memhog.h"

static const struct opt_spec memhog_specs[] = {
	{ "available", OPT_COUNT, offsetof(struct memhog_opts, available_mb),
	  .min = 1, .max = 1u << 30,
	  .invalid = "--available must be a positive number of MiB, e.g. 64" },
	{ "fraction", OPT_FRACTION, offsetof(struct memhog_opts, fraction),
	  .invalid = "--fraction must be a number between 0 and 1 (exclusive), e.g. 0.10" },
	{ "above-low", OPT_COUNT, offsetof(struct memhog_opts, above_low_mb),
	  .min = 1, .max = 1u << 20,
	  .invalid = "--above-low must be a positive number of MiB, e.g. 4" },
	OPT_SPEC_HOLD_FILE(struct memhog_opts, hold_file, NULL),
	OPT_SPEC_TIMEOUT(struct memhog_opts, timeout_s, MEMHOG_DEFAULT_TIMEOUT_S),
	{ "chunk", OPT_COUNT, offsetof(struct memhog_opts, chunk_mb),
	  .min = 1, .max = 1024, .def = MEMHOG_DEFAULT_CHUNK_MB,
	  .invalid = "--chunk must be a number of MiB from 1 to 1024, e.g. 4" },
};

/* Exactly one target: an absolute MemAvailable, a fraction of RAM, or
 * free pages just above the low watermark. */
static const char *memhog_check(void *opts)
{
	const struct memhog_opts *o = opts;
	int targets = !!o->available_mb + (o->fraction > 0) + !!o->above_low_mb;

	if (targets > 1)
		return "--available, --fraction and --above-low are mutually exclusive: give one target";
	if (!targets)
		return "a target is required: --available MB, --fraction F or --above-low MB";
	return NULL;
}

static int memhog_main(const void *opts)
{
	return memhog_run(opts);
}

TOOL_DEF(memhog, MEMHOG_TOOL, memhog_check);

uint64_t memhog_target_kb(const struct memhog_opts *o, uint64_t mem_total_kb)
{
	if (o->available_mb)
		return o->available_mb * 1024;
	return (uint64_t)(o->fraction * (double)mem_total_kb);
}
