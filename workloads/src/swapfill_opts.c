/* nfstb-swapfill: fills more anonymous memory than the guest has RAM with
 * a verifiable pattern (pushing it out to swap), holds, then reads it all
 * back and checks it. */
#include "swapfill_opts.h"

#include <stdio.h>

#include "swapfill.h"

static const struct opt_spec swapfill_specs[] = {
	{ "size", OPT_COUNT, offsetof(struct swapfill_opts, size_mb),
	  .min = 1, .max = SWAPFILL_MAX_MB,
	  .required = "--size MB is required (see --help)",
	  .invalid = "--size must be a number of MiB from 1 to " OPT_STR(SWAPFILL_MAX_MB) ", e.g. 640" },
	OPT_SPEC_SEED(struct swapfill_opts, seed, "--seed S is required (see --help)"),
	OPT_SPEC_HOLD_FILE(struct swapfill_opts, hold_file, "--hold-file must not be empty"),
	OPT_SPEC_TIMEOUT(struct swapfill_opts, timeout_s, SWAPFILL_DEFAULT_TIMEOUT_S),
	{ "passes", OPT_COUNT, offsetof(struct swapfill_opts, passes),
	  .min = 1, .max = SWAPFILL_MAX_PASSES, .def = SWAPFILL_DEFAULT_PASSES,
	  .invalid = "--passes must be a number from 1 to " OPT_STR(SWAPFILL_MAX_PASSES) ", e.g. 1" },
};

static int swapfill_main(const void *opts)
{
	return swapfill_run(opts, stdout, stderr);
}

TOOL_DEF(swapfill, SWAPFILL_TOOL, NULL);
