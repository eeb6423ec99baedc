/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One row of packets.tsv: a TCP control segment (SYN/FIN/RST) or one RPC
 * message.  A frame carrying several RPC messages (common: the client
 * batches WRITEs) gives one row per message, with the same frame number.
 */
#ifndef NFSTB_PCAP_REC_H
#define NFSTB_PCAP_REC_H

#include "pcap_names.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define TCPF_FIN 0x01
#define TCPF_SYN 0x02
#define TCPF_RST 0x04
#define TCPF_PSH 0x08
#define TCPF_ACK 0x10

struct pkt_rec {
	long frame;
	int64_t t_us;		/* capture clock (host epoch), microseconds */
	char src[48], dst[48];
	long sport, dport;
	bool udp;
	unsigned flags;		/* TCPF_*; 0 for UDP */
	char xid[16];		/* "0x11d30c5d", or "" if no RPC */
	bool reply;		/* valid if xid[0] */
	char prog[16];		/* "NFS", "MOUNT", ... */
	long vers;
	char proc[32];		/* for an NFSv4 COMPOUND: its main operation */
	char stable[16];	/* WRITE call: UNSTABLE/DATA_SYNC/FILE_SYNC */
	char committed[16];	/* WRITE reply: the level the server committed */
	char ops[256];		/* NFSv4 COMPOUND operations, comma separated */
};

#define PKT_MAX_PER_FRAME 64

/*
 * Split one tshark "-T fields" line (columns in tshark_fields order) into
 * rows.  tshark joins the values of a repeated field with ','; per-message
 * fields are re-aligned here (see the comments in the source).  Returns
 * the number of rows (0: not a relevant frame), -1 if the line is malformed.
 */
int pkt_split_line(const char *line, const struct pcap_names *names,
		   struct pkt_rec *out, int max);

/* packets.tsv: header and rows. */
void pkt_write_header(FILE *f);
void pkt_write(FILE *f, const struct pkt_rec *r);
/* Parse a row written by pkt_write; false for the header or a bad row. */
bool pkt_parse(const char *line, struct pkt_rec *r);

/* "SYN", "SYN|ACK", "FIN|ACK", "RST", ... or "-" (UDP / none). */
const char *pkt_flags_str(unsigned flags, char *buf, size_t len);
bool pkt_is_control(const struct pkt_rec *r);	/* SYN, FIN or RST */

#endif
