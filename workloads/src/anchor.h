/* nfstb-anchor: ties the host's packet capture to the run and to the
 * client guest's printk clock. For seq = 1..count it writes
 *   nfstb: anchor run=RUN seq=K
 * to /dev/kmsg in one write(2), so printk stamps it with the clock the
 * console and the trace share, and right after it, with no other system
 * call in between, sends one UDP datagram
 *   nfstb-anchor run=RUN seq=K
 * to the server, which the host's tcpdump captures with its epoch time.
 * The harness pairs the two by (run, seq): nfstb-pcapsum writes the
 * datagrams' capture times as anchor.K=, the verdict reads the console's
 * stamps. Nothing needs to listen on the port. */
#ifndef NFSTB_ANCHOR_H
#define NFSTB_ANCHOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "anchor_opts.h"

/* The console marker and the datagram of anchor @seq of @run. */
#define ANCHOR_KMSG_FMT "nfstb: anchor run=%s seq=%llu\n"
#define ANCHOR_DATAGRAM_FMT "nfstb-anchor run=%s seq=%llu\n"

/* Room for either text with the longest run and any seq. */
#define ANCHOR_TEXT_MAX 160

/* 1 to ANCHOR_RUN_MAX characters, each a letter, digit, '.', '_' or '-'. */
bool anchor_run_valid(const char *run);

/* The texts of anchor @seq into @buf; their length, or -1 if @len is too
 * small. */
int anchor_kmsg_text(char *buf, size_t len, const char *run, uint64_t seq);
int anchor_datagram_text(char *buf, size_t len, const char *run, uint64_t seq);

/* The tool: opens o->kmsg and a UDP socket, then per anchor the kmsg
 * write, the sendto() to o->addr:o->port and, between anchors, a sleep of
 * o->interval_ms. One line on @out once all were sent (exit 0); one line
 * on @err and exit 1 at the first failure (an ICMP error a datagram
 * draws is never reported: the socket is not connected). */
int anchor_run(const struct anchor_opts *o, FILE *out, FILE *err);

#endif
