/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The packet check (packet_check.c): the judge's reading of nfstb-pcapsum's
 * pcap-summary.txt against a verdict.  The views show its result from
 * run.json ("packets"); none of them computes it.
 */
#ifndef NFSTB_PACKET_CHECK_H
#define NFSTB_PACKET_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Do the packets agree with the verdict?  PASS expects, over TCP, a close
 * followed by a reconnect SYN and every call answered (UDP: every call
 * answered); DEADLOCK(...) expects, over TCP, a close with no reconnect SYN
 * and no COMMIT call after it (UDP: no expectation, n/a).  Other verdicts
 * have no packet expectation.  @tcp_flags_only: the capture kept only the
 * NFS port's SYN, FIN and RST segments (scenarios.def 'capture
 * tcp-flags'): no call is on the wire to be answered, so only the close
 * and the reconnect SYN are judged, and a summary that counts RPC calls
 * is not of such a capture.  The judge's: nfstb-verdict runs it and
 * writes the line to run.json ("packets"), which the views show.
 */

/* Value of KEY in a key=value file's text, or NULL (static buffer). */
const char *kv_file_get(const char *text, const char *key, char *buf, size_t len);

/*
 * @summary: the text of pcap-summary.txt (NULL if missing); @verdict: the
 * verdict string (NULL if unknown).  Writes "packet_check=... reason=..."
 * (no newline) into @out.
 */
void packet_check(const char *summary, const char *verdict, bool tcp_flags_only,
		  char *out, size_t len);

#endif
