/* nfstb-verify: checks the files nfstb-writer left, byte for byte. */
#include "verify_opts.h"

#include <stdio.h>

#include "manifest.h"
#include "verify.h"

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

static const struct opt_spec verify_specs[] = {
	{ "dir", OPT_PATH, offsetof(struct verify_opts, dir),
	  .required = "--dir DIR is required (the directory holding the data files)" },
	{ "manifest", OPT_PATH, offsetof(struct verify_opts, manifest_arg),
	  .empty = "--manifest must not be empty" },
};

/* Resolves the manifest path: --manifest, or DIR/nfstb-manifest. */
static const char *verify_check(void *opts)
{
	struct verify_opts *o = opts;
	const char *m = o->manifest_arg;

	if ((size_t)snprintf(o->manifest, sizeof(o->manifest), "%s%s%s",
			     m ? m : o->dir, m ? "" : "/",
			     m ? "" : MANIFEST_NAME) >= sizeof(o->manifest))
		return "manifest path is too long";
	return NULL;
}

static int verify_main(const void *opts)
{
	return verify_run(opts, stdout);
}

TOOL_DEF(verify, VERIFY_TOOL, verify_check);
