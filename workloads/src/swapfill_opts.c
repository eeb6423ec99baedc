/* nfstb-swapfill: fills more anonymous memory than the guest has RAM with
 * a verifiable pattern (pushing it out to swap), holds, then reads it all
 * back and checks it. */
#include "swapfill_opts.h"

#include <stdio.h>

#include "swapfill.h"

const char swapfill_usage[] =
	"usage: nfstb-swapfill --size MB --seed S [--hold-file PATH] [--timeout SECS]\n"
	"                      [--passes N]\n"
	"\n"
	"Maps --size MiB of private anonymous memory and writes every page with\n"
	"the pattern of seed S (the region is file index 0 of the nfstb-writer\n"
	"pattern), printing 'nfstb-swapfill: filled mb=.. pswpout=..' every\n"
	"64 MiB; with more data than RAM this pushes pages out to swap. Then\n"
	"prints 'nfstb-swapfill: ready mb=.. pswpin=.. pswpout=..', waits\n"
	"(polling every 100 ms) until PATH exists or --timeout seconds pass\n"
	"(default 600; timeout is an error), and reads the whole region back\n"
	"--passes times (default 1), checking every byte:\n"
	"  nfstb-swapfill: verified mb=.. ok=1 pswpin=.. pswpout=.. elapsed_ms=..\n"
	"                  swapped_out_pages=.. swapped_in_pages=.. pass=..\n"
	"  nfstb-swapfill: FAIL offset=.. expected=0x.. got=0x..   (exit 1)\n"
	"pswpin/pswpout are /proc/vmstat's; swapped_*_pages count from start.\n"
	"The work runs in a child that the OOM killer prefers (oom_score_adj\n"
	"1000); if it is killed the parent prints\n"
	"'nfstb-swapfill: child killed by signal ...' and exits 3.\n"
	"Exit: 0 ok, 1 runtime failure or mismatch, 2 bad usage, 3 child killed.\n";

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
