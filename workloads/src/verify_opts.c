/* nfstb-verify: checks the files nfstb-writer left, byte for byte. */
#include "verify_opts.h"

#include <stdio.h>

#include "manifest.h"
#include "verify.h"

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
