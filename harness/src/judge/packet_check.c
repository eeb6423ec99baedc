// SPDX-License-Identifier: GPL-2.0
/* The packet check: do the packets agree with the verdict (packet_check.h)? */
#include "packet_check.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *kv_file_get(const char *text, const char *key, char *buf, size_t len)
{
	size_t kl = strlen(key);

	for (const char *p = text; p && *p;) {
		const char *eol = strchr(p, '\n');
		size_t ll = eol ? (size_t)(eol - p) : strlen(p);

		if (ll > kl && !strncmp(p, key, kl) && p[kl] == '=') {
			size_t vl = ll - kl - 1;

			if (vl >= len)
				vl = len - 1;
			memcpy(buf, p + kl + 1, vl);
			buf[vl] = '\0';
			return buf;
		}
		p = eol ? eol + 1 : p + ll;
	}
	return NULL;
}

static long kv_long(const char *text, const char *key)
{
	char v[32];

	return kv_file_get(text, key, v, sizeof(v)) ? strtol(v, NULL, 10) : -1;
}

/*
 * The NFS calls the summary counts ("calls.PROC=N" lines other than the
 * MOUNT protocol's, whose port a tcp-flags capture keeps whole); a line
 * whose count cannot be read counts as one call.
 */
static long nfs_calls(const char *summary)
{
	long n = 0;

	for (const char *l = summary; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *eq = strchr(l, '=');
		char *end;
		long v;

		if (strncmp(l, "calls.", 6) || !strncmp(l, "calls.MOUNT.", 12) || !eq)
			continue;
		v = strtol(eq + 1, &end, 10);
		n += (*end == '\n' || !*end) && v >= 0 ? v : 1;
	}
	return n;
}

void packet_check(const char *summary, const char *verdict, bool tcp_flags_only,
		  char *out, size_t len)
{
	char v[64], transport[16];
	bool pass, deadlock;

	if (!summary) {
		snprintf(out, len, "packet_check=n/a reason=no pcap-summary.txt");
		return;
	}
	if (kv_file_get(summary, "capture", v, sizeof(v)) && !strcmp(v, "none")) {
		snprintf(out, len, "packet_check=n/a reason=no capture (CAPTURE=0 or empty pcap)");
		return;
	}
	if (!verdict) {
		snprintf(out, len, "packet_check=n/a reason=no verdict");
		return;
	}
	pass = !strcmp(verdict, "PASS");
	deadlock = starts_with(verdict, "DEADLOCK");
	if (!pass && !deadlock) {
		snprintf(out, len, "packet_check=n/a reason=verdict %s has no packet expectation", verdict);
		return;
	}
	if (!kv_file_get(summary, "transport", transport, sizeof(transport)))
		snprintf(transport, sizeof(transport), "none");
	if (!strcmp(transport, "none")) {
		snprintf(out, len, "packet_check=disagree reason=verdict %s but no NFS traffic in the capture", verdict);
		return;
	}
	bool tcp = !strcmp(transport, "tcp");

	if (tcp_flags_only &&
	    (!tcp || nfs_calls(summary) || kv_long(summary, "unanswered_calls") > 0)) {
		snprintf(out, len, "packet_check=disagree reason=the capture was to keep the NFS port's TCP SYN, FIN and RST segments only, but the summary has transport=%s, %ld NFS call(s) and %ld unanswered",
			 transport, nfs_calls(summary), kv_long(summary, "unanswered_calls"));
		return;
	}
	long closes = kv_long(summary, "closes"), syn = kv_long(summary, "reconnect_syn");
	long unanswered = kv_long(summary, "unanswered_calls");
	/*
	 * tcpdump's "packets dropped by kernel" (capture_dropped=, added by
	 * the orchestrator): a reply the capture dropped looks unanswered.
	 * Up to that many unanswered calls cannot be told from a lossy
	 * capture, so they are reported, not judged; more than that are.
	 */
	long dropped = kv_long(summary, "capture_dropped");
	char why[256] = "";
	size_t used = 0;

#define WHY(...) (used += snprintf(why + used, used < sizeof(why) ? sizeof(why) - used : 0, __VA_ARGS__))
	if (pass) {
		if (tcp && closes < 1)
			WHY("%sno close of the NFS connection", used ? "; " : "");
		if (tcp && syn != 1)
			WHY("%sno reconnect SYN after the close", used ? "; " : "");
		if (!tcp_flags_only && unanswered > (dropped > 0 ? dropped : 0))
			WHY("%s%ld call(s) unanswered", used ? "; " : "", unanswered);
	} else if (!tcp) {
		/*
		 * UDP has no connection whose absence could be seen: the stuck
		 * connect worker shows only as traffic that stops.
		 */
		snprintf(out, len, "packet_check=n/a reason=udp has no connection to watch, %ld call(s) unanswered",
			 unanswered);
		return;
	} else {
		/*
		 * The calls that wait for the new connection are never sent
		 * (the connect worker never creates the socket), so they are
		 * not on the wire to be unanswered: the packet fact of the
		 * deadlock is the close with no SYN after it.
		 */
		if (closes < 1)
			WHY("%sno close of the NFS connection", used ? "; " : "");
		if (syn == 1)
			WHY("%sthe client reconnected after the close", used ? "; " : "");
		if (kv_long(summary, "commits_after_close") > 0)
			WHY("%s%ld COMMIT call(s) on the wire after the close", used ? "; " : "",
			    kv_long(summary, "commits_after_close"));
	}
#undef WHY
	if (used) {
		snprintf(out, len, "packet_check=disagree reason=%s expected but %s", verdict, why);
		return;
	}
	if (tcp_flags_only)
		snprintf(out, len, "packet_check=agree reason=%s (TCP SYN, FIN and RST only: no RPC captured)",
			 pass ? "close then reconnect SYN" : "close with no reconnect SYN");
	else if (pass && unanswered)
		snprintf(out, len, "packet_check=agree reason=%s%ld call(s) unanswered, not judged: the capture dropped %ld packet(s)",
			 tcp ? "close then reconnect SYN, " : "udp, ", unanswered, dropped);
	else if (pass)
		snprintf(out, len, "packet_check=agree reason=%s%s", tcp ? "close then reconnect SYN, " : "udp, ",
			 "every call answered");
	else
		snprintf(out, len, "packet_check=agree reason=close with no reconnect SYN, %ld call(s) unanswered",
			 unanswered);
}
