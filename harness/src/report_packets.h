/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The RPC procedures of each connection of packets.tsv, for the run's
 * report: calls, replies and calls left unanswered on that connection.
 */
#ifndef NFSTB_REPORT_PACKETS_H
#define NFSTB_REPORT_PACKETS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define REPORT_MAX_CONNS 32
#define REPORT_MAX_PROCS 48

struct report_proc {
	char name[48];		/* "WRITE" for NFS, "MOUNT.MNT" for other programs */
	long calls, replies, unanswered;
};

struct report_conn {
	bool udp;
	char client[48], server[48];
	long cport, sport;
	int64_t first_us, last_us;	/* capture clock */
	int syn, fin, rst;		/* client SYNs; FIN and RST from either side */
	struct report_proc procs[REPORT_MAX_PROCS];
	size_t nprocs;
};

struct report_conns {
	struct report_conn v[REPORT_MAX_CONNS];
	size_t n;
	bool loaded;		/* packets.tsv was read */
};

/*
 * Reads @path (packets.tsv).  The client is the side that is not @server
 * (pcap-summary.txt's server=; "" takes the side of port 2049 or the lower
 * port).  A TCP connection starts at a client SYN on a 4-tuple with no open
 * connection, and is closed by a FIN or RST; rows before any SYN start one
 * too.  A UDP flow is one 4-tuple.  A call is answered by a reply of the same
 * program and XID on the same connection.
 */
void report_conns_load(const char *path, const char *server, struct report_conns *c);
void report_conns_html(FILE *f, const struct report_conns *c);
void report_conns_md(FILE *f, const struct report_conns *c);

#endif
