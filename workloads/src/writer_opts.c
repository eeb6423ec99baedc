/* nfstb-writer: leaves many page-cache folios holding UNSTABLE NFS writes,
 * then commits them on command. */
#include "writer_opts.h"

#include <stdio.h>

#include "writer.h"

static const struct opt_spec writer_specs[] = {
	{ "dir", OPT_PATH, offsetof(struct writer_opts, dir),
	  .required = "--dir DIR is required (the NFS-mounted directory to write into)" },
	{ "files", OPT_COUNT, offsetof(struct writer_opts, files),
	  .min = 1, .max = WRITER_MAX_FILES,
	  .required = "--files N is required (see --help)",
	  .invalid = "--files must be a number from 1 to " OPT_STR(WRITER_MAX_FILES) ", e.g. 4" },
	{ "size", OPT_SIZE, offsetof(struct writer_opts, size),
	  .required = "--size SIZE is required (see --help)",
	  .invalid = "--size must be a positive number of bytes, e.g. 64M" },
	OPT_SPEC_SEED(struct writer_opts, seed, "--seed S is required (see --help)"),
	OPT_SPEC_HOLD_FILE(struct writer_opts, hold_file, NULL),
	{ "retry-hold-file", OPT_PATH,
	  offsetof(struct writer_opts, retry_hold_file),
	  .empty = "--retry-hold-file needs a path (the file that says the fault is gone)" },
	OPT_SPEC_TIMEOUT(struct writer_opts, timeout_s, WRITER_DEFAULT_TIMEOUT_S),
};

static const char *writer_check(void *opts)
{
	const struct writer_opts *o = opts;

	/* The manifest and the "ready" line carry the total in 64 bits. */
	if (o->size > UINT64_MAX / o->files)
		return "--files times --size overflows 64 bits";
	return NULL;
}

static int writer_main(const void *opts)
{
	return writer_run(opts, stdout);
}

TOOL_DEF(writer, WRITER_TOOL, writer_check);
