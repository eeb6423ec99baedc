/* nfstb-anchor: clock anchors between the guest's printk clock and the
 * host's packet capture. */
#include "anchor_opts.h"

#include <arpa/inet.h>
#include <stdio.h>

#include "anchor.h"

static const struct opt_spec anchor_specs[] = {
	{ "to", OPT_PATH, offsetof(struct anchor_opts, to),
	  .required = "--to IPv4 is required (the NFS server, e.g. 10.213.59.10)" },
	{ "port", OPT_COUNT, offsetof(struct anchor_opts, port),
	  .min = 1, .max = 65535,
	  .required = "--port N is required (the UDP port the capture keeps, e.g. 20051)",
	  .invalid = "--port must be a port number from 1 to 65535, e.g. 20051" },
	{ "run", OPT_PATH, offsetof(struct anchor_opts, run),
	  .required = "--run RUN is required (the run id the anchors name)" },
	{ "count", OPT_COUNT, offsetof(struct anchor_opts, count),
	  .min = 1, .max = ANCHOR_MAX_COUNT, .def = ANCHOR_DEFAULT_COUNT,
	  .invalid = "--count must be a number from 1 to " OPT_STR(ANCHOR_MAX_COUNT) ", e.g. 5" },
	{ "interval-ms", OPT_COUNT, offsetof(struct anchor_opts, interval_ms),
	  .min = 0, .max = ANCHOR_MAX_INTERVAL_MS, .def = ANCHOR_DEFAULT_INTERVAL_MS,
	  .invalid = "--interval-ms must be a number of milliseconds from 0 to "
		     OPT_STR(ANCHOR_MAX_INTERVAL_MS) ", e.g. 50" },
	{ "kmsg", OPT_PATH, offsetof(struct anchor_opts, kmsg),
	  .def_str = "/dev/kmsg",
	  .empty = "--kmsg needs a path, e.g. /dev/kmsg" },
};

/* --to must be a dotted IPv4 address (kept in network order for
 * sendto()); --run goes verbatim into both texts, so it is a word the
 * harness can match: letters, digits, '.', '_', '-'. */
static const char *anchor_check(void *opts)
{
	struct anchor_opts *o = opts;
	struct in_addr a;

	if (inet_pton(AF_INET, o->to, &a) != 1)
		return "--to must be an IPv4 address, e.g. 10.213.59.10";
	o->addr = a.s_addr;
	if (!anchor_run_valid(o->run))
		return "--run must be 1 to " OPT_STR(ANCHOR_RUN_MAX)
		       " letters, digits, '.', '_' or '-', e.g. v3-tcp-control-forced-1";
	return NULL;
}

static int anchor_main(const void *opts)
{
	return anchor_run(opts, stdout, stderr);
}

TOOL_DEF(anchor, ANCHOR_TOOL, anchor_check);
