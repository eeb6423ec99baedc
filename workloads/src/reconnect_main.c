/* nfstb-reconnect: makes the guest's NFS RPC transport reconnect now. */
#include <stdio.h>

#include "reconnect.h"

int main(int argc, char **argv)
{
	struct reconnect_opts o;
	char err[256];

	setvbuf(stdout, NULL, _IOLBF, 0);
	switch (reconnect_parse_args(argc, argv, &o, err, sizeof(err))) {
	case CLI_HELP:
		fputs(reconnect_usage, stdout);
		return 0;
	case CLI_ERROR:
		cli_die_line(RECONNECT_TOOL, err);
		return EXIT_USAGE;
	case CLI_OK:
		break;
	}
	if (o.method == RECONNECT_SOCKDIAG)
		return reconnect_sockdiag(&o, stdout);
	return reconnect_sysfs(SUNRPC_XPRT_SWITCHES, &o, stdout);
}
