/* nfstb-tracepump: streams trace_pipe out with a heartbeat, and keeps
 * doing so while the rest of the guest is stuck in reclaim. */
#include "tracepump_opts.h"

#include "tracepump.h"

static const struct opt_spec tracepump_specs[] = {
	{ "tracefs", OPT_PATH, offsetof(struct tracepump_opts, tracefs),
	  .def_str = "/sys/kernel/tracing",
	  .empty = "--tracefs needs a directory, e.g. /sys/kernel/tracing" },
	{ "out", OPT_PATH, offsetof(struct tracepump_opts, out),
	  .required = "--out PATH is required (where the trace text goes, e.g. /dev/vport0p1)" },
	{ "heartbeat-ms", OPT_COUNT, offsetof(struct tracepump_opts, heartbeat_ms),
	  .min = 10, .max = 60000, .def = 500,
	  .invalid = "--heartbeat-ms must be a number of milliseconds from 10 to 60000, e.g. 500" },
	{ "below-min", OPT_CHOICE, offsetof(struct tracepump_opts, below_min),
	  .choices = "yes|no", .def_str = "no",
	  .invalid = "--below-min must be yes or no, got '%s'" },
	{ "beats", OPT_COUNT, offsetof(struct tracepump_opts, beats),
	  .min = 1, .max = 1u << 30,
	  .invalid = "--beats must be a positive number, e.g. 3" },
};

static int tracepump_main(const void *opts)
{
	return tracepump_run(opts, stdout, stderr);
}

TOOL_DEF(tracepump, TRACEPUMP_TOOL, NULL);
