/* Parser for the sunrpc sysfs file
 * /sys/kernel/sunrpc/xprt-switches/switch-N/xprt-M-<proto>/xprt_info,
 * produced by rpc_sysfs_xprt_info_show() in net/sunrpc/sysfs.c (6.1):
 * "key=value" lines, or the single line "<closed>" when the transport is
 * not connected. */
#ifndef NFSTB_XPRT_INFO_H
#define NFSTB_XPRT_INFO_H

#include <stdbool.h>
#include <stddef.h>

struct xprt_info {
	bool closed;       /* file said "<closed>": no numbers available */
	unsigned dst_port; /* server port, e.g. 2049 */
	unsigned src_port; /* client port, 0 if the transport has none */
	int main_xprt;     /* 1 for the switch's main transport */
	unsigned num_reqs;
};

/* Returns 0, or -1 with err set when the text is neither "<closed>" nor
 * contains a numeric dst_port. Unknown keys are ignored (newer kernels add
 * some). */
int xprt_info_parse(const char *text, struct xprt_info *xi, char *err,
		    size_t errlen);

#endif
