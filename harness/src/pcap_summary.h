/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the packets say about a run: RPC calls and replies by procedure, the
 * life of the client's TCP connections to the NFS port (close, reconnect
 * SYN, ports, the gap between them), XIDs sent again after the close, and
 * calls never answered.  Written as pcap-summary.txt (key=value lines).
 */
#ifndef NFSTB_PCAP_SUMMARY_H
#define NFSTB_PCAP_SUMMARY_H

#include "pcap_rec.h"

#include <stddef.h>
#include <stdio.h>

struct pcap_recs {
	struct pkt_rec *v;
	size_t n, cap;
};

void pcap_recs_add(struct pcap_recs *rs, const struct pkt_rec *r);
void pcap_recs_free(struct pcap_recs *rs);
/* Read packets.tsv; -1 if it cannot be opened. */
int pcap_recs_load(const char *path, struct pcap_recs *rs);

/* "WRITE" for NFS, "MOUNT.MNT" for other programs: the summary's key. */
const char *pkt_proc_key(const struct pkt_rec *r, char *buf, size_t len);

/*
 * Write the key=value summary of @rs (records in capture order) for a
 * server at @server.  Keys are documented in harness/README.md.
 */
/*
 * @capture is "ok", or "truncated" when tshark stopped with an error after
 * some packets (a file cut short): the summary then covers only those.
 */
void pcap_summary_write(FILE *f, const struct pcap_recs *rs, const char *server,
			const char *capture);

#endif
