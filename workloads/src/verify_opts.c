#include "verify_opts.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "manifest.h"

const char verify_usage[] =
	"usage: nfstb-verify --dir DIR [--manifest PATH]\n"
	"\n"
	"Checks every file listed in the manifest (default DIR/nfstb-manifest)\n"
	"for its size and pattern. Prints one line per file:\n"
	"  nfstb-verify: ok file=<name> bytes=<n>\n"
	"  nfstb-verify: FAIL file=<name> offset=<o> expected=0x<b> got=0x<b>\n"
	"  nfstb-verify: FAIL file=<name> missing | short size=<n> | long size=<n>\n"
	"then 'nfstb-verify: summary files=N ok=K failed=F bytes=<bytes of ok files>'.\n"
	"Exit: 0 all ok, 1 any failure, 2 bad usage.\n";

enum { OPT_DIR = 256, OPT_MANIFEST, OPT_HELP };

static const struct option verify_longopts[] = {
	{ "dir", required_argument, NULL, OPT_DIR },
	{ "manifest", required_argument, NULL, OPT_MANIFEST },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

enum cli_result verify_parse_args(int argc, char **argv,
				  struct verify_opts *o, char *err,
				  size_t errlen)
{
	const char *manifest = NULL;
	int c;

	memset(o, 0, sizeof(*o));
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", verify_longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DIR:
			o->dir = optarg;
			break;
		case OPT_MANIFEST:
			manifest = optarg;
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
		snprintf(err, errlen, "--dir DIR is required (the directory holding the data files)");
		return CLI_ERROR;
	}
	if (manifest && !*manifest) {
		snprintf(err, errlen, "--manifest must not be empty");
		return CLI_ERROR;
	}
	if ((size_t)snprintf(o->manifest, sizeof(o->manifest), "%s%s%s",
			     manifest ? manifest : o->dir, manifest ? "" : "/",
			     manifest ? "" : MANIFEST_NAME) >= sizeof(o->manifest)) {
		snprintf(err, errlen, "manifest path is too long");
		return CLI_ERROR;
	}
	return CLI_OK;
}
