/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Do the packets agree with the verdict?  PASS expects, over TCP, a close
 * followed by a reconnect SYN and every call answered (UDP: every call
 * answered); DEADLOCK(...) expects, over TCP, a close with no reconnect SYN
 * and no COMMIT call after it (UDP: no expectation, n/a).  Other verdicts
 * have no packet expectation.
 */
#ifndef NFSTB_TIMELINE_CHECK_H
#define NFSTB_TIMELINE_CHECK_H

#include <stddef.h>

/* Value of KEY in a key=value file's text, or NULL (static buffer). */
const char *kv_file_get(const char *text, const char *key, char *buf, size_t len);

/*
 * @summary: the text of pcap-summary.txt (NULL if missing); @verdict: the
 * verdict string (NULL if unknown).  Writes "packet_check=... reason=..."
 * (no newline) into @out.
 */
void packet_check(const char *summary, const char *verdict, char *out, size_t len);

/* The 4th column of verdict.tsv's first line into @buf, or NULL. */
const char *verdict_tsv_verdict(const char *tsv_text, char *buf, size_t len);

#endif
