// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-pcapsum: re-alignment of tshark's repeated fields (lines taken
 * from real captures), packets.tsv round trip, the packet check, the
 * clock anchors, and golden summaries of the small captures in
 * tests/data/pcap (needs tshark).
 */
#include "golden.h"
#include "packet_check.h"
#include "pcap.h"
#include "pcap_test_names.h"
#include "timeline.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIN NFSTB_BIN_DIR "/"

static struct pcap_names *test_names(void)
{
	FILE *f = fmemopen((void *)pcap_test_values, strlen(pcap_test_values), "r");
	struct pcap_names *n = pcap_names_read(f);

	fclose(f);
	return n;
}

/* Frame 127 of smoke-v3-1: a WRITE call and a COMMIT call in one frame. */
static const char v3_two_calls[] =
	"127\t1796286688.175849000\t10.213.59.20\t10.213.59.10\t961\t2049\t\t\t0x0018\t"
	"0x26d30c5d,0x36d30c5d\t0,0\t100003,100003\t3,3,3,3\t7,21\t0\t\t\t\t\t\t\n";

/* Frame 71 of smoke-v42-1: three COMPOUNDs with a WRITE each. */
static const char v4_three_writes[] =
	"71\t1796286816.600000000\t10.213.59.20\t10.213.59.10\t780\t2049\t\t\t0x0018\t"
	"0x82e8fa95,0x83e8fa95,0x84e8fa95\t0,0,0\t100003,100003,100003\t4,4,4,4,4,4\t1,1,1\t"
	"\t\t0,0,0\t4,4,4\t53,22,38,9,53,22,38,9,53,22,38,9\t38,38,38\t\n";

static void test_split_v3(void **state)
{
	struct pcap_names *n = test_names();
	struct pkt_rec r[8];

	(void)state;
	assert_int_equal(pkt_split_line(v3_two_calls, n, r, 8), 2);
	assert_string_equal(r[0].proc, "WRITE");
	assert_string_equal(r[0].stable, "UNSTABLE");
	assert_string_equal(r[1].proc, "COMMIT");
	assert_string_equal(r[1].stable, "");
	assert_string_equal(r[1].xid, "0x36d30c5d");
	assert_int_equal(r[1].vers, 3);
	assert_int_equal(r[0].sport, 961);
	assert_false(r[0].reply);
	pcap_names_free(n);
}

static void test_split_v4(void **state)
{
	struct pcap_names *n = test_names();
	struct pkt_rec r[8];

	(void)state;
	assert_int_equal(pkt_split_line(v4_three_writes, n, r, 8), 3);
	for (int i = 0; i < 3; i++) {
		assert_string_equal(r[i].proc, "WRITE");
		assert_string_equal(r[i].ops, "SEQUENCE,PUTFH,WRITE,GETATTR");
		assert_string_equal(r[i].stable, "UNSTABLE");
		assert_int_equal(r[i].vers, 4);
	}
	pcap_names_free(n);
}

static void test_split_control_and_junk(void **state)
{
	struct pcap_names *n = test_names();
	struct pkt_rec r[4];
	char buf[32];

	(void)state;
	assert_int_equal(pkt_split_line("14\t1.5\t10.213.59.20\t10.213.59.10\t961\t2049\t\t\t0x0002"
					 "\t\t\t\t\t\t\t\t\t\t\t\t\n", n, r, 4), 1);
	assert_string_equal(pkt_flags_str(r[0].flags, buf, sizeof(buf)), "SYN");
	/* a pure ACK is not relevant */
	assert_int_equal(pkt_split_line("15\t1.6\t10.213.59.20\t10.213.59.10\t961\t2049\t\t\t0x0010"
					 "\t\t\t\t\t\t\t\t\t\t\t\t\n", n, r, 4), 0);
	assert_int_equal(pkt_split_line("not\ta\ttshark line\n", n, r, 4), -1);
	/* unknown procedure numbers keep their number */
	assert_int_equal(pkt_split_line("9\t2.0\t10.213.59.20\t10.213.59.10\t\t\t800\t2049\t\t"
					 "0x1\t0\t100003\t3,3\t99\t\t\t\t\t\t\t\n", n, r, 4), 1);
	assert_string_equal(r[0].proc, "PROC99");
	assert_true(r[0].udp);
	pcap_names_free(n);
}

static void test_tsv_round_trip(void **state)
{
	struct pcap_names *n = test_names();
	struct pkt_rec r[4], back;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_int_equal(pkt_split_line(v3_two_calls, n, r, 4), 2);
	pkt_write_header(f);
	pkt_write(f, &r[0]);
	fclose(f);
	assert_false(pkt_parse(text, &back));	/* the header */
	assert_true(pkt_parse(strchr(text, '\n') + 1, &back));
	assert_string_equal(back.xid, r[0].xid);
	assert_string_equal(back.stable, "UNSTABLE");
	assert_int_equal(back.t_us, r[0].t_us);
	assert_int_equal(back.flags, TCPF_PSH | TCPF_ACK);
	free(text);
	pcap_names_free(n);
}

static const char sum_fixed[] = "capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=1\nunanswered_calls=0\n";
static const char sum_control[] = "capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=0\nunanswered_calls=3\n";
static const char sum_udp_hung[] = "capture=ok\ntransport=udp\nunanswered_calls=2\n";

static void want_scoped(const char *sum, const char *verdict, bool tcp_flags_only,
			const char *want)
{
	char out[512];

	packet_check(sum, verdict, tcp_flags_only, out, sizeof(out));
	if (!starts_with(out, want))
		fail_msg("got '%s', want prefix '%s'", out, want);
}

static void want_check(const char *sum, const char *verdict, const char *want)
{
	want_scoped(sum, verdict, false, want);
}

static void test_packet_check(void **state)
{
	(void)state;
	want_check(sum_fixed, "PASS", "packet_check=agree reason=close then reconnect SYN");
	want_check(sum_control, "DEADLOCK(reclaim-commit-deadlock)",
		     "packet_check=agree reason=close with no reconnect SYN, 3 call(s)");
	want_check(sum_control, "PASS",
		     "packet_check=disagree reason=PASS expected but no reconnect SYN after the close; 3 call(s) unanswered");
	want_check(sum_fixed, "DEADLOCK(reclaim-commit-deadlock)",
		     "packet_check=disagree reason=DEADLOCK(reclaim-commit-deadlock) expected but the client reconnected");
	want_check(sum_udp_hung, "DEADLOCK(reclaim-commit-deadlock)",
		   "packet_check=n/a reason=udp has no connection to watch, 2 call(s)");
	/* A real control run: the waiting COMMIT never reaches the wire. */
	want_check("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=0\nunanswered_calls=0\n",
		   "DEADLOCK(reclaim-commit-deadlock)",
		   "packet_check=agree reason=close with no reconnect SYN, 0 call(s)");
	want_check(sum_udp_hung, "PASS", "packet_check=disagree");
	want_check("capture=none\n", "PASS", "packet_check=n/a reason=no capture");
	want_check(sum_fixed, "ERROR", "packet_check=n/a reason=verdict ERROR");
	want_check(NULL, "PASS", "packet_check=n/a");
	/* capture tcp-flags: no call on the wire to be answered ... */
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=1\nrpc_calls=0\nunanswered_calls=0\n",
		    "PASS", true, "packet_check=agree reason=close then reconnect SYN (TCP SYN, FIN and RST only");
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=0\nrpc_calls=0\nunanswered_calls=0\n",
		    "PASS", true, "packet_check=disagree reason=PASS expected but no reconnect SYN");
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=0\nrpc_calls=0\nunanswered_calls=0\n",
		    "DEADLOCK(swap-connect-starved)", true,
		    "packet_check=agree reason=close with no reconnect SYN (TCP SYN");
	/* ... and a summary with calls in it is not of such a capture */
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=1\nrpc_calls=42\ncalls.MOUNT.MNT=2\ncalls.WRITE=40\nunanswered_calls=0\n",
		    "PASS", true, "packet_check=disagree reason=the capture was to keep the NFS port's TCP SYN, FIN and RST segments only, but the summary has transport=tcp, 40 NFS call(s) and 0 unanswered");
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=1\nrpc_calls=0\nunanswered_calls=3\n",
		    "PASS", true, "packet_check=disagree");
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=1\nrpc_calls=2\ncalls.MOUNT.MNT=2\ncalls.WRITE=x\nunanswered_calls=0\n",
		    "PASS", true, "packet_check=disagree");
	/* the MOUNT port is kept whole: its calls are not the NFS port's */
	want_scoped("capture=ok\ntransport=tcp\ncloses=1\nreconnect_syn=1\nrpc_calls=2\ncalls.MOUNT.MNT=1\ncalls.MOUNT.NULL=1\nunanswered_calls=0\n",
		    "PASS", true, "packet_check=agree");
}

/* --- the clock anchors --- */

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	if (n >= m && !strcmp(s + n - m, suffix))
		return true;
	print_error("'%s' does not end in '%s'\n", s, suffix);
	return false;
}

/* "nfstb-anchor run=v3-tcp-fixed-forced-1 seq=1\n", as tshark prints
 * data.data (4.0: plain hex; older: ':' between the bytes). */
#define ANCHOR_HEX "6e667374622d616e63686f722072756e3d76332d7463702d66697865642d666f726365642d31207365713d310a"

/* The anchor's frame as tshark's line: UDP 45678 -> 20051, the payload
 * last; rpc fields set anyway, to show the port alone keeps it no row. */
static const char anchor_line[] =
	"19\t1796288100.300123000\t10.213.59.20\t10.213.59.10\t\t\t45678\t20051\t\t"
	"0x1\t0\t100003\t3,3\t7\t\t\t\t\t\t\t" ANCHOR_HEX "\n";

/* The hex of "nfstb-anchor run=<n times 'a'> seq=1". */
static void anchor_hex(int n, char *hex, size_t len)
{
	char text[256];
	size_t used = 0;

	snprintf(text, sizeof(text), "nfstb-anchor run=%.*s seq=1", n,
		 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	hex[0] = '\0';
	for (const char *c = text; *c && used + 3 <= len; c++)
		used += snprintf(hex + used, len - used, "%02x", (unsigned char)*c);
}

static void test_anchor_payload(void **state)
{
	static const char *const bad[] = {
		"",
		"6e6673",					/* "nfs" */
		"6e667374622d616e63686f722072756e3d78207365713d30",	/* seq=0 */
		"6e667374622d616e63686f722072756e3d78207365713d3031",	/* seq=01 */
		"6e667374622d616e63686f722072756e3d78207365713d312078",	/* seq=1 x */
		"6e667374622d616e63686f722072756e3d612f62207365713d31",	/* run=a/b */
		"6e667374622d616e63686f722072756e3d207365713d31",	/* run= */
		"6e667374622d616e63686f722072756e3d78207365713d31000a",	/* a NUL */
		"6e667374622d616e63686f722072756e3d78207365713d310a0a",	/* two newlines */
		"6e667374622d616e63686f722072756e3d78207365713d3",	/* odd digits */
		"zz",
	};
	char run[PCAP_ANCHOR_RUN_MAX + 1], colons[512] = "", hex[512];
	long seq = 0;

	(void)state;
	assert_true(pcap_anchor_payload(ANCHOR_HEX, run, sizeof(run), &seq));
	assert_string_equal(run, "v3-tcp-fixed-forced-1");
	assert_int_equal(seq, 1);
	/* the same bytes with ':' between them */
	for (const char *hex0 = ANCHOR_HEX, *h = hex0; *h; h += 2)
		snprintf(colons + strlen(colons), sizeof(colons) - strlen(colons), "%s%.2s",
			 h == hex0 ? "" : ":", h);
	seq = 0;
	assert_true(pcap_anchor_payload(colons, run, sizeof(run), &seq));
	assert_int_equal(seq, 1);
	/* no final newline, upper-case hex, a large seq */
	assert_true(pcap_anchor_payload("6E667374622D616E63686F722072756E3D782E795F7A207365713D3132",
					run, sizeof(run), &seq));
	assert_string_equal(run, "x.y_z");
	assert_int_equal(seq, 12);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		if (pcap_anchor_payload(bad[i], run, sizeof(run), &seq))
			fail_msg("payload %s parsed", bad[i]);
	/* a run of 96 characters is one, of 97 none */
	anchor_hex(PCAP_ANCHOR_RUN_MAX, hex, sizeof(hex));
	assert_true(pcap_anchor_payload(hex, run, sizeof(run), &seq));
	assert_int_equal(strlen(run), PCAP_ANCHOR_RUN_MAX);
	anchor_hex(PCAP_ANCHOR_RUN_MAX + 1, hex, sizeof(hex));
	assert_false(pcap_anchor_payload(hex, run, sizeof(run), &seq));
}

static void test_anchor_line(void **state)
{
	struct pcap_names *n = test_names();
	struct pcap_anchor a;
	struct pkt_rec r[4];
	char *other;

	(void)state;
	assert_int_equal(pkt_anchor_line(anchor_line, &a), 1);
	assert_int_equal(a.frame, 19);
	assert_int_equal(a.t_us, 1796288100300123LL);
	assert_string_equal(a.src, "10.213.59.20");
	assert_string_equal(a.dst, "10.213.59.10");
	assert_int_equal(a.sport, 45678);
	assert_int_equal(a.dport, PCAP_ANCHOR_PORT);
	assert_string_equal(a.run, "v3-tcp-fixed-forced-1");
	assert_int_equal(a.seq, 1);
	/* no row, whatever tshark made of it */
	assert_int_equal(pkt_split_line(anchor_line, n, r, 4), 0);
	/* an RPC line is no anchor; a junk line is malformed */
	assert_int_equal(pkt_anchor_line(v3_two_calls, &a), 0);
	assert_int_equal(pkt_anchor_line("not\ta\ttshark line\n", &a), -1);
	/* the anchor's payload on another port is no anchor */
	other = xstrdup(anchor_line);
	memcpy(strstr(other, "\t20051\t") + 1, "20052", 5);
	assert_int_equal(pkt_anchor_line(other, &a), 0);
	free(other);
	pcap_names_free(n);
}

static char *summary_of(const struct pcap_anchors *as)
{
	struct pcap_recs rs = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	pcap_summary_write(f, &rs, as, "10.213.59.10", "ok");
	fclose(f);
	return text;
}

static void test_anchor_summary(void **state)
{
	struct pcap_anchors as = { 0 };
	struct pcap_anchor a;
	char *sum;

	(void)state;
	/* none: anchors=0, anchor_run=-, no anchor.K */
	sum = summary_of(NULL);
	assert_true(has_suffix(sum, "unanswered_xids=-\nanchors=0\nanchor_run=-\n"));
	free(sum);
	sum = summary_of(&as);
	assert_true(has_suffix(sum, "\nanchors=0\nanchor_run=-\n"));
	free(sum);

	/* seq 2 before seq 1 on the wire, seq 1 twice: sorted, first kept */
	assert_int_equal(pkt_anchor_line(anchor_line, &a), 1);
	a.seq = 2;
	a.t_us = 1000000;
	pcap_anchors_add(&as, &a);
	a.seq = 1;
	a.t_us = 1500000;
	pcap_anchors_add(&as, &a);
	a.t_us = 1600000;
	pcap_anchors_add(&as, &a);
	/* from the server, and to another host: not counted */
	snprintf(a.src, sizeof(a.src), "10.213.59.10");
	snprintf(a.dst, sizeof(a.dst), "10.213.59.20");
	pcap_anchors_add(&as, &a);
	snprintf(a.src, sizeof(a.src), "10.213.59.20");
	snprintf(a.dst, sizeof(a.dst), "10.213.59.30");
	snprintf(a.run, sizeof(a.run), "other");
	pcap_anchors_add(&as, &a);
	sum = summary_of(&as);
	assert_true(has_suffix(sum, "\nanchors=3\nanchor_run=v3-tcp-fixed-forced-1\n"
				   "anchor.1=1.500000\nanchor.2=1.000000\n"));
	free(sum);

	/* a second run named: mixed */
	snprintf(a.dst, sizeof(a.dst), "10.213.59.10");
	a.seq = 3;
	pcap_anchors_add(&as, &a);
	sum = summary_of(&as);
	assert_true(has_suffix(sum, "\nanchors=4\nanchor_run=mixed\n"
				   "anchor.1=1.500000\nanchor.2=1.000000\nanchor.3=1.600000\n"));
	free(sum);
	pcap_anchors_free(&as);
}

/* nfstb-pcapsum on a capture; its pcap-summary.txt (malloc'ed). */
static char *pcapsum(const char *name)
{
	char *tmp = test_tmpdir(), cmd[8192 + 256], *sum;

	snprintf(cmd, sizeof(cmd), BIN "nfstb-pcapsum --pcap " NFSTB_TEST_DATA "/pcap/%s "
		 "--server 10.213.59.10 --out %s >/dev/null", name, tmp);
	assert_int_equal(system(cmd), 0);
	sum = test_read("%s/pcap-summary.txt", tmp);
	test_tmpdir_remove(tmp);
	return sum;
}

/*
 * The anchors of a crafted capture (tests/data/pcap/README.md): the real
 * frames of v3-tcp-fixed-forced-reconnect, then five anchors, one of them
 * twice, each answered by an ICMP port unreachable, a datagram on the
 * port that is no anchor and one from the server's port. Every other key
 * is the real capture's, unchanged; a capture without anchors says so.
 */
static void test_anchor_capture(void **state)
{
	char *with = pcapsum("v3-tcp-fixed-forced-anchors.pcap");
	char *without = pcapsum("v3-tcp-fixed-forced-reconnect.pcap");
	char *mixed = pcapsum("anchors-mixed-runs.pcap");
	const char *tail = strstr(with, "anchors=");

	(void)state;
	assert_non_null(tail);
	assert_string_equal(tail, "anchors=6\n"
				  "anchor_run=v3-tcp-fixed-forced-1\n"
				  "anchor.1=1796288100.300123\n"
				  "anchor.2=1796288100.350240\n"
				  "anchor.3=1796288100.400357\n"
				  "anchor.4=1796288100.450474\n"
				  "anchor.5=1796288100.500591\n");
	assert_true(has_suffix(without, "\nanchors=0\nanchor_run=-\n"));
	/* the rest, rows= and transport= among it, is the same */
	assert_int_equal(tail - with, strstr(without, "anchors=") - without);
	assert_memory_equal(with, without, (size_t)(tail - with));
	must_contain_all(with, "\ntransport=tcp\n", "\nrows=8\n", "\nrpc_calls=2\n",
			 "\nunanswered_calls=0\n", "\nlast_time=1796288100.217565\n");
	/* two runs: mixed; other hosts and bad payloads do not count */
	assert_true(has_suffix(mixed, "\nanchors=4\nanchor_run=mixed\n"
				     "anchor.1=1796290000.000001\n"
				     "anchor.2=1796290000.050001\n"
				     "anchor.3=1796290002.050001\n"));
	must_contain_all(mixed, "\ntransport=none\n", "\nrows=0\n", "\nrpc_calls=0\n");
	free(with);
	free(without);
	free(mixed);
}

/* Golden: summary, a separator, then packets.tsv. */
static void test_golden_pcap(void **state)
{
	const char *pcap = *state;
	char *tmp = test_tmpdir(), cmd[8192 + 256];

	snprintf(cmd, sizeof(cmd), BIN "nfstb-pcapsum --pcap %s --server 10.213.59.10 --out %s >/dev/null",
		 pcap, tmp);
	assert_int_equal(system(cmd), 0);
	golden_check_files(pcap, tmp, "pcap-summary.txt", "packets.tsv");
	test_tmpdir_remove(tmp);
}

static const struct golden_set pcaps = {
	.dir = NFSTB_TEST_DATA "/pcap", .ext = ".pcap",
	.prefix = "pcap", .fn = test_golden_pcap,
};

static void test_no_capture(void **state)
{
	char *tmp = test_tmpdir(), cmd[8192 + 256], path[4096];

	(void)state;
	snprintf(path, sizeof(path), "%s/empty.pcap", tmp);
	test_write(path, "");
	snprintf(cmd, sizeof(cmd), BIN "nfstb-pcapsum --pcap %s --server 10.213.59.10 --out %s/o >/dev/null", path, tmp);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), BIN "nfstb-pcapsum --pcap %s/missing.pcap --server 10.213.59.10 --out %s/o >/dev/null",
		 tmp, tmp);
	assert_int_equal(system(cmd), 0);
	test_file_is("capture=none\nserver=10.213.59.10\n", "%s/o/pcap-summary.txt", tmp);
	test_tmpdir_remove(tmp);
}

int main(void)
{
	static const struct CMUnitTest unit[] = {
		cmocka_unit_test(test_split_v3),
		cmocka_unit_test(test_split_v4),
		cmocka_unit_test(test_split_control_and_junk),
		cmocka_unit_test(test_tsv_round_trip),
		cmocka_unit_test(test_packet_check),
		cmocka_unit_test(test_no_capture),
		cmocka_unit_test(test_anchor_payload),
		cmocka_unit_test(test_anchor_line),
		cmocka_unit_test(test_anchor_summary),
		cmocka_unit_test(test_anchor_capture),
	};
	return golden_main("pcap", unit, ARRAY_SIZE(unit), &pcaps);
}
