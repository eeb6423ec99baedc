/* nfstb-reconnect: makes the guest's NFS RPC transport reconnect now. */
#include "reconnect_opts.h"

#include <stdio.h>
#include <string.h>

#include "reconnect.h"

const char reconnect_usage[] =
	"usage: nfstb-reconnect --port PORT [--method sysfs|sockdiag] [--proto tcp|udp]\n"
	"\n"
	"Forces the NFS client's RPC transport to the server port PORT (e.g. 2049)\n"
	"to disconnect, so the kernel's connect worker must create a new socket.\n"
	"  sysfs (default): for each /sys/kernel/sunrpc/xprt-switches/switch-*/xprt-*\n"
	"    whose xprt_info says dst_port=PORT (and whose name ends in -PROTO),\n"
	"    write dstaddr back to itself (calls xprt_force_disconnect()).\n"
	"    Linux 6.1 accepts this for TCP (and RDMA) transports only.\n"
	"  sockdiag: SOCK_DESTROY (like 'ss -K') every TCP socket with destination\n"
	"    port PORT; needs CONFIG_INET_DIAG_DESTROY. TCP only.\n"
	"Prints one 'nfstb-reconnect: method=... done' line per transport.\n"
	"Exit: 0 ok, 1 nothing matched or failure, 2 bad usage.\n";

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
