/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of RPC procedures, NFSv4 operations and stable levels, taken from
 * tshark's own value tables ("tshark -G values"), so that nfstb names a
 * procedure exactly as Wireshark shows it and keeps no copy of the tables.
 */
#ifndef NFSTB_PCAP_NAMES_H
#define NFSTB_PCAP_NAMES_H

#include <stdio.h>

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

#endif
