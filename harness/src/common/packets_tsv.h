/* SPDX-License-Identifier: GPL-2.0 */
/*
 * packets.tsv, one row a TCP control segment (SYN/FIN/RST) or one RPC
 * message: the row, written and read back.  nfstb-pcapsum writes the rows
 * it splits from tshark's lines (parsers/pcap.h); the timeline, the packet
 * summary and the per-run report read them back with the same definition.
 * A frame carrying several RPC messages (common: the client batches
 * WRITEs) gives one row per message, with the same frame number.
 */
#ifndef NFSTB_PACKETS_TSV_H
#define NFSTB_PACKETS_TSV_H

#include <stdbool.h>
#include <stddef.h>
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

/* packets.tsv: header and rows. */
void pkt_write_header(FILE *f);
void pkt_write(FILE *f, const struct pkt_rec *r);
/* Parse a row written by pkt_write; false for the header or a bad row. */
bool pkt_parse(const char *line, struct pkt_rec *r);

/* "SYN", "SYN|ACK", "FIN|ACK", "RST", ... or "-" (UDP / none). */
const char *pkt_flags_str(unsigned flags, char *buf, size_t len);
bool pkt_is_control(const struct pkt_rec *r);	/* SYN, FIN or RST */

/* "WRITE" for NFS, "MOUNT.MNT" for other programs: a procedure's key. */
const char *pkt_proc_key(const struct pkt_rec *r, char *buf, size_t len);

#endif
