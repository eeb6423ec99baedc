/* nfstb-writer: leaves many page-cache folios holding UNSTABLE NFS writes,
 * then commits them on command. */
#include "writer_opts.h"

#include <stdio.h>

#include "writer.h"

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
