/* nfstb-slabfill: leaves a socket slab cache without a free object, so
 * that the next socket of that protocol needs a fresh page. */
#include "slabfill_opts.h"

#include <string.h>

#include "slabfill.h"

static const struct opt_spec slabfill_specs[] = {
	{ "proto", OPT_CHOICE, offsetof(struct slabfill_opts, proto),
	  .choices = "tcp|udp",
	  .required = "--proto tcp|udp is required (the sockets to open)",
	  .invalid = "--proto must be tcp or udp, got '%s'" },
	{ "cache", OPT_PATH, offsetof(struct slabfill_opts, cache),
	  .required = "--cache NAME is required (the slab cache, e.g. UDP)",
	  .empty = "--cache needs a slab cache name, e.g. UDP" },
	{ "slab-dir", OPT_PATH, offsetof(struct slabfill_opts, slab_dir),
	  .def_str = "/sys/kernel/slab",
	  .empty = "--slab-dir needs a directory, e.g. /sys/kernel/slab" },
	OPT_SPEC_HOLD_FILE(struct slabfill_opts, hold_file, "--hold-file must not be empty"),
	OPT_SPEC_TIMEOUT(struct slabfill_opts, timeout_s, SLABFILL_DEFAULT_TIMEOUT_S),
	{ "max", OPT_COUNT, offsetof(struct slabfill_opts, max),
	  .min = 1, .max = 65536, .def = SLABFILL_DEFAULT_MAX,
	  .invalid = "--max must be a number of sockets from 1 to 65536, e.g. 1024" },
	{ "destroy-port", OPT_COUNT, offsetof(struct slabfill_opts, destroy_port),
	  .min = 1, .max = 65535,
	  .invalid = "--destroy-port must be a port number from 1 to 65535, e.g. 2049" },
	{ "min-free-kbytes", OPT_COUNT, offsetof(struct slabfill_opts, min_free_kbytes),
	  .min = 128, .max = 4194304,
	  .invalid = "--min-free-kbytes must be a number of KiB from 128 to 4194304, e.g. 65536" },
	{ "min-free-path", OPT_PATH, offsetof(struct slabfill_opts, min_free_path),
	  .def_str = "/proc/sys/vm/min_free_kbytes",
	  .empty = "--min-free-path needs a file, e.g. /proc/sys/vm/min_free_kbytes" },
	{ "settle-ms", OPT_COUNT, offsetof(struct slabfill_opts, settle_ms),
	  .min = 1, .max = 10000, .def = SLABFILL_DEFAULT_SETTLE_MS,
	  .invalid = "--settle-ms must be a number of milliseconds from 1 to 10000, e.g. 300" },
};

/* A cache name is one directory under --slab-dir. */
static const char *slabfill_check(void *opts)
{
	const struct slabfill_opts *o = opts;

	if (strchr(o->cache, '/') || !strcmp(o->cache, ".") || !strcmp(o->cache, ".."))
		return "--cache must be a slab cache name, not a path, e.g. UDP";
	if (o->destroy_port && strcmp(o->proto, "tcp"))
		return "--destroy-port needs --proto tcp (SOCK_DESTROY is TCP only)";
	return NULL;
}

static int slabfill_main(const void *opts)
{
	return slabfill_run(opts, stdout, stderr);
}

TOOL_DEF(slabfill, SLABFILL_TOOL, slabfill_check);
