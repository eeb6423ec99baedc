/* nfstb-reconnect: makes the guest's NFS RPC transport reconnect now. */
#include "reconnect_opts.h"

#include <stdio.h>
#include <string.h>

#include "reconnect.h"

static const struct opt_spec reconnect_specs[] = {
	{ "port", OPT_COUNT, offsetof(struct reconnect_opts, port_arg),
	  .min = 1, .max = 65535,
	  .required = "--port PORT is required (the NFS server port, e.g. 2049)",
	  .invalid = "--port must be a port number from 1 to 65535, e.g. 2049" },
	{ "method", OPT_CHOICE, offsetof(struct reconnect_opts, method_arg),
	  .choices = "sysfs|sockdiag", .def_str = "sysfs",
	  .invalid = "--method must be sysfs or sockdiag, got '%s'" },
	{ "proto", OPT_CHOICE, offsetof(struct reconnect_opts, proto),
	  .choices = "tcp|udp",
	  .invalid = "--proto must be tcp or udp, got '%s'" },
	{ "near-min", OPT_COUNT, offsetof(struct reconnect_opts, near_min_s),
	  .min = 1, .max = 600,
	  .invalid = "--near-min must be a number of seconds from 1 to 600, got '%s'" },
};

/* Turns the parsed strings into the fields the methods use; SOCK_DESTROY
 * only exists for TCP sockets. */
static const char *reconnect_check(void *opts)
{
	struct reconnect_opts *o = opts;

	o->port = (unsigned)o->port_arg;
	o->method = strcmp(o->method_arg, "sockdiag") ? RECONNECT_SYSFS
						       : RECONNECT_SOCKDIAG;
	if (o->method == RECONNECT_SOCKDIAG && o->proto && strcmp(o->proto, "tcp"))
		return "--method sockdiag supports only --proto tcp";
	if (o->near_min_s && o->method != RECONNECT_SOCKDIAG)
		return "--near-min needs --method sockdiag (the sysfs write takes the transport's lock)";
	return NULL;
}

static int reconnect_main(const void *opts)
{
	const struct reconnect_opts *o = opts;

	if (o->method == RECONNECT_SOCKDIAG)
		return reconnect_sockdiag(o, stdout);
	return reconnect_sysfs(SUNRPC_XPRT_SWITCHES, o, stdout);
}

TOOL_DEF(reconnect, RECONNECT_TOOL, reconnect_check);
