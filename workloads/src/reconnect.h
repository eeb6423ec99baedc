#ifndef NFSTB_RECONNECT_H
#define NFSTB_RECONNECT_H

#include <stdio.h>

#include "reconnect_opts.h"

#define SUNRPC_XPRT_SWITCHES "/sys/kernel/sunrpc/xprt-switches"

/* Method sysfs: scans <switches_root>/switch-* /xprt-* (a parameter so the
 * tests can point it at a fake tree) and rewrites dstaddr of every match.
 * Returns the process exit code. */
int reconnect_sysfs(const char *switches_root, const struct reconnect_opts *o,
		    FILE *out);

/* Method sockdiag: SOCK_DESTROY on every IPv4 TCP socket to o->port.
 * Returns the process exit code. */
int reconnect_sockdiag(const struct reconnect_opts *o, FILE *out);

#endif
