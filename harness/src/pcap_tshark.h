/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running tshark.  Every packet fact nfstb reports comes from tshark's own
 * RPC/NFS dissectors (with TCP reassembly, so a 1 MiB WRITE split over many
 * segments is still one call); nfstb never parses packet bytes itself.
 */
#ifndef NFSTB_PCAP_TSHARK_H
#define NFSTB_PCAP_TSHARK_H

#include <stdio.h>
#include <sys/types.h>

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
	TSH_OPS_COUNT, TSH_OPCODE, TSH_MAIN_OPCODE,
	TSH_NFIELDS
};
extern const char *const tshark_fields[TSH_NFIELDS];

/* Display filter: the NFS port in either transport, and any RPC. */
#define TSHARK_FILTER "(tcp.port == 2049 or udp.port == 2049 or rpc) and not icmp"

#endif
