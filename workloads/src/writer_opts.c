#include "writer_opts.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "parse_num.h"

const char writer_usage[] =
	"usage: nfstb-writer --dir DIR --files N --size SIZE --seed S\n"
	"                    [--hold-file PATH] [--timeout SECS]\n"
	"\n"
	"Writes N files DIR/nfstb-data.<i> of SIZE bytes (suffix K, M or G) with\n"
	"a pattern derived from seed S, sends the WRITEs with sync_file_range()\n"
	"(UNSTABLE on NFS, no COMMIT) and pushes the folios to the inactive LRU\n"
	"tail with POSIX_FADV_DONTNEED, keeping the files open. Then writes the\n"
	"manifest DIR/nfstb-manifest and prints 'nfstb-writer: ready ...'.\n"
	"With --hold-file it waits (polling every 100 ms) until PATH exists or\n"
	"--timeout seconds pass (default 600; timeout is an error), then\n"
	"fsync()s (COMMITs) and closes every file and prints\n"
	"'nfstb-writer: committed ... elapsed_ms=<commit phase duration>'.\n"
	"Exit: 0 ok, 1 runtime failure, 2 bad usage.\n";

enum { OPT_DIR = 256, OPT_FILES, OPT_SIZE, OPT_SEED, OPT_HOLD, OPT_TIMEOUT,
       OPT_HELP };

static const struct option writer_longopts[] = {
	{ "dir", required_argument, NULL, OPT_DIR },
	{ "files", required_argument, NULL, OPT_FILES },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "hold-file", required_argument, NULL, OPT_HOLD },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

enum cli_result writer_parse_args(int argc, char **argv,
				  struct writer_opts *o, char *err,
				  size_t errlen)
{
	bool have_files = false, have_size = false, have_seed = false;
	int c;

	memset(o, 0, sizeof(*o));
	o->timeout_s = WRITER_DEFAULT_TIMEOUT_S;
	optind = 0; /* full getopt reset, so tests can parse repeatedly */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", writer_longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DIR:
			o->dir = optarg;
			break;
		case OPT_FILES:
			if (!parse_u64_range(optarg, 1, WRITER_MAX_FILES, &o->files)) {
				snprintf(err, errlen, "--files must be a number from 1 to %d, e.g. 4",
					 WRITER_MAX_FILES);
				return CLI_ERROR;
			}
			have_files = true;
			break;
		case OPT_SIZE:
			if (!parse_size_bytes(optarg, &o->size)) {
				snprintf(err, errlen, "--size must be a positive number of bytes, e.g. 64M");
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
	if (!o->dir || !*o->dir) {
		snprintf(err, errlen, "--dir DIR is required (the NFS-mounted directory to write into)");
		return CLI_ERROR;
	}
	if (!have_files || !have_size || !have_seed) {
		snprintf(err, errlen, "--%s is required (see --help)",
			 !have_files ? "files N" : !have_size ? "size SIZE" : "seed S");
		return CLI_ERROR;
	}
	if (o->size > UINT64_MAX / o->files) {
		snprintf(err, errlen, "--files times --size overflows 64 bits");
		return CLI_ERROR;
	}
	return CLI_OK;
}
