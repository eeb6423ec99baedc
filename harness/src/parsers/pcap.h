/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Packets, as tshark dissects them, in four parts: running tshark; the
 * names of procedures, operations and stable levels from tshark's value
 * tables (both in pcap_tshark.c); tshark's lines split into packets.tsv
 * rows (the row itself: packets_tsv.h); and the summary of a run's
 * packets, pcap-summary.txt (both in pcap.c).
 */
#ifndef NFSTB_PCAP_H
#define NFSTB_PCAP_H

#include "packets_tsv.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/*
 * Running tshark.  Every packet fact nfstb reports comes from tshark's own
 * RPC/NFS dissectors (with TCP reassembly, so a 1 MiB WRITE split over many
 * segments is still one call); nfstb never parses packet bytes itself,
 * but for the text of the client's clock anchors (below), which tshark
 * gives as the hex of their UDP payload.
 */

struct tshark_proc {
	FILE *out;	/* tshark's stdout */
	pid_t pid;
};

/* The program to run: $NFSTB_TSHARK if set (tests), else "tshark". */
const char *tshark_program(void);

/*
 * Start tshark with @argv (argv[0] is replaced by tshark_program(); NULL
 * terminated), stderr discarded.  Returns 0, or -1 if it cannot start.
 */
int tshark_start(char *const argv[], struct tshark_proc *p);

/* Wait for it; returns its exit status (or -1 if it died of a signal). */
int tshark_finish(struct tshark_proc *p);

/*
 * The fields asked of tshark for each frame, in output column order; the
 * TSH_* indexes below name them.
 */
enum tshark_field {
	TSH_FRAME, TSH_TIME, TSH_IP_SRC, TSH_IP_DST,
	TSH_TCP_SPORT, TSH_TCP_DPORT, TSH_UDP_SPORT, TSH_UDP_DPORT,
	TSH_TCP_FLAGS, TSH_XID, TSH_MSGTYP, TSH_PROGRAM, TSH_VERSION,
	TSH_PROCEDURE, TSH_STABLE3, TSH_COMMITTED3, TSH_STABLE4,
	TSH_OPS_COUNT, TSH_OPCODE, TSH_MAIN_OPCODE, TSH_DATA,
	TSH_NFIELDS
};
extern const char *const tshark_fields[TSH_NFIELDS];

/*
 * The clock anchors' UDP port: nfstb-anchor (workloads/) in the client
 * guest writes "nfstb: anchor run=R seq=K" to the console and at once
 * sends the datagram "nfstb-anchor run=R seq=K\n" to this port of the
 * server (nothing listens there).  tshark is told to decode the port as
 * plain data (TSHARK_ANCHOR_DECODE), so the payload is always TSH_DATA.
 */
#define PCAP_ANCHOR_PORT 20051
#define TSHARK_ANCHOR_DECODE "udp.port==20051,data"

/* Display filter: the NFS port in either transport, any RPC, and the
 * anchors' port (ICMP errors quote the datagrams they answer: left out). */
#define TSHARK_FILTER "(tcp.port == 2049 or udp.port == 2049 or rpc or udp.port == 20051) and not icmp"

/*
 * Names of RPC procedures, NFSv4 operations and stable levels, taken from
 * tshark's own value tables ("tshark -G values"), so that nfstb names a
 * procedure exactly as Wireshark shows it and keeps no copy of the tables.
 */

struct pcap_names;

/* Read "V\tFIELD\tVALUE\tNAME" lines; keeps only the fields nfstb uses. */
struct pcap_names *pcap_names_read(FILE *f);
/* Run "tshark -G values"; NULL if tshark cannot be run. */
struct pcap_names *pcap_names_load(void);
void pcap_names_free(struct pcap_names *n);

/* NAME for FIELD=VALUE, or NULL. */
const char *pcap_name(const struct pcap_names *n, const char *field, long value);

/* "NFS", "MOUNT", "PORTMAP", "NLM" or the number. */
const char *pcap_program_name(long prog, char *buf, size_t len);

/* The procedure name of PROG/VERS/PROC ("WRITE", "MNT", "GETPORT", ...). */
const char *pcap_proc_name(const struct pcap_names *n, long prog, long vers,
			   long proc, char *buf, size_t len);

/* NFSv4 operation name ("WRITE", "SEQUENCE", ...). */
const char *pcap_op_name(const struct pcap_names *n, long op, char *buf, size_t len);

/* Stable level without NFSv4's "4" suffix: UNSTABLE, DATA_SYNC, FILE_SYNC. */
const char *pcap_stable_name(const struct pcap_names *n, long v, char *buf, size_t len);

/* Rows of packets.tsv (packets_tsv.h), split from tshark's lines. */

#define PKT_MAX_PER_FRAME 64

/*
 * Split one tshark "-T fields" line (columns in tshark_fields order) into
 * rows.  tshark joins the values of a repeated field with ','; per-message
 * fields are re-aligned here (see the comments in the source).  Returns
 * the number of rows (0: not a relevant frame, as is every UDP datagram
 * from or to PCAP_ANCHOR_PORT), -1 if the line is malformed.
 */
int pkt_split_line(const char *line, const struct pcap_names *names,
		   struct pkt_rec *out, int max);

/*
 * What the packets say about a run: RPC calls and replies by procedure, the
 * life of the client's TCP connections to the NFS port (close, reconnect
 * SYN, ports, the gap between them), XIDs sent again after the close, and
 * calls never answered.  Written as pcap-summary.txt (key=value lines).
 */

struct pcap_recs {
	struct pkt_rec *v;
	size_t n, cap;
};

void pcap_recs_add(struct pcap_recs *rs, const struct pkt_rec *r);
void pcap_recs_free(struct pcap_recs *rs);
/* Read packets.tsv; -1 if it cannot be opened. */
int pcap_recs_load(const char *path, struct pcap_recs *rs);

/*
 * The clock anchors: UDP datagrams on PCAP_ANCHOR_PORT whose payload is
 * "nfstb-anchor run=R seq=K" (a final newline allowed, nothing else).
 * They are no packets.tsv row; the summary gives their capture times.
 */

#define PCAP_ANCHOR_RUN_MAX 96	/* R: letters, digits, '.', '_', '-' */

struct pcap_anchor {
	long frame;
	int64_t t_us;		/* capture clock (host epoch), microseconds */
	char src[48], dst[48];
	long sport, dport;
	char run[PCAP_ANCHOR_RUN_MAX + 1];
	long seq;		/* K >= 1 */
};

struct pcap_anchors {
	struct pcap_anchor *v;
	size_t n, cap;
};

/*
 * Parse an anchor's payload, as tshark prints data.data (hex, with or
 * without ':' between the bytes).  False unless it is exactly the text
 * above.
 */
bool pcap_anchor_payload(const char *hex, char *run, size_t runlen, long *seq);

/*
 * A tshark line (the columns of pkt_split_line) as an anchor: 1 when it
 * is a UDP datagram to PCAP_ANCHOR_PORT whose payload parses (filled
 * in), 0 when not, -1 if the line is malformed.
 */
int pkt_anchor_line(const char *line, struct pcap_anchor *a);

void pcap_anchors_add(struct pcap_anchors *as, const struct pcap_anchor *a);
void pcap_anchors_free(struct pcap_anchors *as);

/*
 * Write the key=value summary of @rs (records in capture order) and of
 * @anchors (capture order; NULL: none) for a server at @server.  Keys are
 * documented in harness/README.md.
 *
 * @capture is "ok", or "truncated" when tshark stopped with an error after
 * some packets (a file cut short): the summary then covers only those.
 */
void pcap_summary_write(FILE *f, const struct pcap_recs *rs,
			const struct pcap_anchors *anchors, const char *server,
			const char *capture);

#endif
