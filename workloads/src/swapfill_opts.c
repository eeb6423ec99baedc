#include "swapfill_opts.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "parse_num.h"

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

enum { OPT_SIZE = 256, OPT_SEED, OPT_HOLD, OPT_TIMEOUT, OPT_PASSES, OPT_HELP };

static const struct option swapfill_longopts[] = {
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "hold-file", required_argument, NULL, OPT_HOLD },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "passes", required_argument, NULL, OPT_PASSES },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

enum cli_result swapfill_parse_args(int argc, char **argv,
				    struct swapfill_opts *o, char *err,
				    size_t errlen)
{
	bool have_size = false, have_seed = false;
	int c;

	memset(o, 0, sizeof(*o));
	o->timeout_s = SWAPFILL_DEFAULT_TIMEOUT_S;
	o->passes = SWAPFILL_DEFAULT_PASSES;
	optind = 0; /* full getopt reset, so tests can parse repeatedly */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", swapfill_longopts, NULL)) != -1) {
		switch (c) {
		case OPT_SIZE:
			if (!parse_u64_range(optarg, 1, SWAPFILL_MAX_MB, &o->size_mb)) {
				snprintf(err, errlen, "--size must be a number of MiB from 1 to %u, e.g. 640",
					 SWAPFILL_MAX_MB);
				return CLI_ERROR;
			}
			have_size = true;
			break;
		case OPT_SEED:
			if (!cli_parse_seed(optarg, &o->seed, err, errlen))
				return CLI_ERROR;
			have_seed = true;
			break;
		case OPT_HOLD:
			o->hold_file = optarg;
			break;
		case OPT_TIMEOUT:
			if (!cli_parse_timeout(optarg, &o->timeout_s, err, errlen))
				return CLI_ERROR;
			break;
		case OPT_PASSES:
			if (!parse_u64_range(optarg, 1, SWAPFILL_MAX_PASSES, &o->passes)) {
				snprintf(err, errlen, "--passes must be a number from 1 to %d, e.g. 1",
					 SWAPFILL_MAX_PASSES);
				return CLI_ERROR;
			}
			break;
		case 'h':
		case OPT_HELP:
			return CLI_HELP;
		default:
			cli_getopt_error(c, argv, err, errlen);
			return CLI_ERROR;
		}
	}
	if (!cli_no_operands(argc, argv, err, errlen))
		return CLI_ERROR;
	if (!have_size || !have_seed) {
		snprintf(err, errlen, "--%s is required (see --help)",
			 !have_size ? "size MB" : "seed S");
		return CLI_ERROR;
	}
	if (o->hold_file && !*o->hold_file) {
		snprintf(err, errlen, "--hold-file must not be empty");
		return CLI_ERROR;
	}
	return CLI_OK;
}
