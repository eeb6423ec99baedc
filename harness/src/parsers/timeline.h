/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run's events on one clock: the client guest's (seconds since it
 * booted, shared by printk and trace_pipe).  Packets carry the host's epoch
 * clock and are moved onto the guest clock through an anchor: the first
 * client SYN to the NFS port (first client call for UDP) is the same moment
 * as the first connect event to port 2049 in the client's trace.  The
 * packet check, last, compares what the packets show with the verdict.
 */
#ifndef NFSTB_TIMELINE_H
#define NFSTB_TIMELINE_H

#include "pcap.h"
#include "timeline_tsv.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One packet and the trace event of the same moment. */
struct tl_pair {
	int64_t pkt_us;		/* capture clock (epoch) */
	int64_t guest_us;	/* trace clock */
	long frame;
	char what[96];		/* "SYN sport 961 = rpc_socket_connect" */
};

#define TL_MAX_PAIRS 64

struct tl_anchor {
	bool found;
	struct tl_pair p[TL_MAX_PAIRS];	/* sorted by pkt_us */
	size_t n;
	char why[160];		/* when not found */
};

/*
 * The first pair is the first client SYN to port 2049 (UDP: first call)
 * with the first connect event to port 2049 in the trace.  When the trace
 * names the socket's source port (rpc_socket_connect, rpc_socket_close),
 * every client SYN and every client FIN/RST of that port is paired too:
 * the guest clock of a TCG guest drifts from the host's by several percent,
 * so one offset would misplace later events by a good fraction of a second.
 */
void tl_find_anchor(const struct pcap_recs *rs, const struct lines *trace,
		    const char *server, struct tl_anchor *a);

/*
 * A capture time on the guest clock: linear between the surrounding pairs,
 * the nearest pair's offset outside them (no extrapolated drift).
 */
int64_t tl_to_guest(const struct tl_anchor *a, int64_t pkt_us);

void tl_add_packets(struct timeline *tl, const struct pcap_recs *rs,
		    const char *server, const struct tl_anchor *a);
void tl_add_trace(struct timeline *tl, const struct lines *trace);
/* @source "console" (client, guest clock) or "server" (its own clock). */
void tl_add_console(struct timeline *tl, const struct lines *log, const char *source);

/* Sort by time (server rows last, in their own order). */
void tl_sort(struct timeline *tl);
void tl_write(FILE *f, const struct timeline *tl, const struct tl_anchor *a,
	      const char *server);

#endif
