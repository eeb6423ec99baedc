#include "memhog_opts.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "parse_num.h"

const char memhog_usage[] =
	"usage: nfstb-memhog --available MB | --fraction F\n"
	"                    [--hold-file PATH] [--timeout SECS] [--chunk MB]\n"
	"\n"
	"Allocates and touches anonymous memory in --chunk MiB steps (default 4)\n"
	"until MemAvailable <= the target (--available MiB, or --fraction of\n"
	"MemTotal, 0 < F < 1), or until MemAvailable stops dropping (no swap:\n"
	"the target may be unreachable), then prints\n"
	"  nfstb-memhog: holding anon_mb=.. mem_available_mb=.. target_mb=.. reached=0|1\n"
	"and holds until PATH exists or --timeout seconds pass (default 600),\n"
	"frees everything and prints 'nfstb-memhog: released reason=..'.\n"
	"The allocating child is the OOM killer's preferred victim\n"
	"(oom_score_adj 1000); if it is killed the parent prints\n"
	"'nfstb-memhog: child killed by signal ...' and exits 3.\n"
	"Exit: 0 ok, 1 runtime failure, 2 bad usage, 3 child killed.\n";

enum { OPT_AVAILABLE = 256, OPT_FRACTION, OPT_HOLD, OPT_TIMEOUT, OPT_CHUNK,
       OPT_HELP };

static const struct option memhog_longopts[] = {
	{ "available", required_argument, NULL, OPT_AVAILABLE },
	{ "fraction", required_argument, NULL, OPT_FRACTION },
	{ "hold-file", required_argument, NULL, OPT_HOLD },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "chunk", required_argument, NULL, OPT_CHUNK },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

enum cli_result memhog_parse_args(int argc, char **argv,
				  struct memhog_opts *o, char *err,
				  size_t errlen)
{
	int c;

	memset(o, 0, sizeof(*o));
	o->timeout_s = MEMHOG_DEFAULT_TIMEOUT_S;
	o->chunk_mb = MEMHOG_DEFAULT_CHUNK_MB;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", memhog_longopts, NULL)) != -1) {
		switch (c) {
		case OPT_AVAILABLE:
			if (!parse_u64_range(optarg, 1, 1u << 30, &o->available_mb)) {
				snprintf(err, errlen, "--available must be a positive number of MiB, e.g. 64");
				return CLI_ERROR;
			}
			break;
		case OPT_FRACTION:
			if (!parse_fraction(optarg, &o->fraction)) {
				snprintf(err, errlen, "--fraction must be a number between 0 and 1 (exclusive), e.g. 0.10");
				return CLI_ERROR;
			}
			break;
		case OPT_HOLD:
			o->hold_file = optarg;
			break;
		case OPT_TIMEOUT:
			if (!cli_parse_timeout(optarg, &o->timeout_s, err, errlen))
				return CLI_ERROR;
			break;
		case OPT_CHUNK:
			if (!parse_u64_range(optarg, 1, 1024, &o->chunk_mb)) {
				snprintf(err, errlen, "--chunk must be a number of MiB from 1 to 1024, e.g. 4");
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
	if (o->available_mb && o->fraction > 0) {
		snprintf(err, errlen, "--available and --fraction are mutually exclusive: give one target");
		return CLI_ERROR;
	}
	if (!o->available_mb && !(o->fraction > 0)) {
		snprintf(err, errlen, "a target is required: --available MB or --fraction F");
		return CLI_ERROR;
	}
	return CLI_OK;
}

uint64_t memhog_target_kb(const struct memhog_opts *o, uint64_t mem_total_kb)
{
	if (o->available_mb)
		return o->available_mb * 1024;
	return (uint64_t)(o->fraction * (double)mem_total_kb);
}
