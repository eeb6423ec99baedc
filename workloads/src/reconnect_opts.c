#include "reconnect_opts.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "parse_num.h"

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

enum { OPT_PORT = 256, OPT_METHOD, OPT_PROTO, OPT_HELP };

static const struct option reconnect_longopts[] = {
	{ "port", required_argument, NULL, OPT_PORT },
	{ "method", required_argument, NULL, OPT_METHOD },
	{ "proto", required_argument, NULL, OPT_PROTO },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

enum cli_result reconnect_parse_args(int argc, char **argv,
				     struct reconnect_opts *o, char *err,
				     size_t errlen)
{
	uint64_t port = 0;
	int c;

	memset(o, 0, sizeof(*o));
	o->method = RECONNECT_SYSFS;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", reconnect_longopts, NULL)) != -1) {
		switch (c) {
		case OPT_PORT:
			if (!parse_u64_range(optarg, 1, 65535, &port)) {
				snprintf(err, errlen, "--port must be a port number from 1 to 65535, e.g. 2049");
				return CLI_ERROR;
			}
			break;
		case OPT_METHOD:
			if (!strcmp(optarg, "sysfs")) {
				o->method = RECONNECT_SYSFS;
			} else if (!strcmp(optarg, "sockdiag")) {
				o->method = RECONNECT_SOCKDIAG;
			} else {
				snprintf(err, errlen, "--method must be sysfs or sockdiag, got '%s'", optarg);
				return CLI_ERROR;
			}
			break;
		case OPT_PROTO:
			if (strcmp(optarg, "tcp") && strcmp(optarg, "udp")) {
				snprintf(err, errlen, "--proto must be tcp or udp, got '%s'", optarg);
				return CLI_ERROR;
			}
			o->proto = optarg;
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
	if (!port) {
		snprintf(err, errlen, "--port PORT is required (the NFS server port, e.g. 2049)");
		return CLI_ERROR;
	}
	o->port = (unsigned)port;
	if (o->method == RECONNECT_SOCKDIAG && o->proto && strcmp(o->proto, "tcp")) {
		snprintf(err, errlen, "--method sockdiag supports only --proto tcp");
		return CLI_ERROR;
	}
	return CLI_OK;
}
