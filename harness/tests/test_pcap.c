// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-pcapsum: re-alignment of tshark's repeated fields (lines taken
 * from real captures), packets.tsv round trip, the packet check, and golden
 * summaries of the small real captures in tests/data/pcap (needs tshark).
 */
#include "golden.h"
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
	"0x26d30c5d,0x36d30c5d\t0,0\t100003,100003\t3,3,3,3\t7,21\t0\t\t\t\t\t\n";

/* Frame 71 of smoke-v42-1: three COMPOUNDs with a WRITE each. */
static const char v4_three_writes[] =
	"71\t1796286816.600000000\t10.213.59.20\t10.213.59.10\t780\t2049\t\t\t0x0018\t"
	"0x82e8fa95,0x83e8fa95,0x84e8fa95\t0,0,0\t100003,100003,100003\t4,4,4,4,4,4\t1,1,1\t"
	"\t\t0,0,0\t4,4,4\t53,22,38,9,53,22,38,9,53,22,38,9\t38,38,38\n";

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
					 "\t\t\t\t\t\t\t\t\t\t\t\n", n, r, 4), 1);
	assert_string_equal(pkt_flags_str(r[0].flags, buf, sizeof(buf)), "SYN");
	/* a pure ACK is not relevant */
	assert_int_equal(pkt_split_line("15\t1.6\t10.213.59.20\t10.213.59.10\t961\t2049\t\t\t0x0010"
					 "\t\t\t\t\t\t\t\t\t\t\t\n", n, r, 4), 0);
	assert_int_equal(pkt_split_line("not\ta\ttshark line\n", n, r, 4), -1);
	/* unknown procedure numbers keep their number */
	assert_int_equal(pkt_split_line("9\t2.0\t10.213.59.20\t10.213.59.10\t\t\t800\t2049\t\t"
					 "0x1\t0\t100003\t3,3\t99\t\t\t\t\t\t\n", n, r, 4), 1);
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

static void want_check(const char *sum, const char *verdict, const char *want)
{
	char out[512];

	packet_check(sum, verdict, out, sizeof(out));
	if (!starts_with(out, want))
		fail_msg("got '%s', want prefix '%s'", out, want);
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
}

static void test_verdict_column(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(verdict_tsv_verdict("tcp-v3\tcontrol\tforced\tDEADLOCK(reclaim-commit-deadlock)\tx\n",
						buf, sizeof(buf)), "DEADLOCK(reclaim-commit-deadlock)");
	assert_null(verdict_tsv_verdict("short\tline\n", buf, sizeof(buf)));
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
	test_rmtree(tmp);
	free(tmp);
}

static const struct golden_set pcaps = {
	.dir = NFSTB_TEST_DATA "/pcap", .ext = ".pcap",
	.prefix = "pcap", .fn = test_golden_pcap,
};

static void test_no_capture(void **state)
{
	char *tmp = test_tmpdir(), cmd[8192 + 256], path[4096], *sum;

	(void)state;
	snprintf(path, sizeof(path), "%s/empty.pcap", tmp);
	test_write(path, "");
	snprintf(cmd, sizeof(cmd), BIN "nfstb-pcapsum --pcap %s --server 10.213.59.10 --out %s/o >/dev/null", path, tmp);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), BIN "nfstb-pcapsum --pcap %s/missing.pcap --server 10.213.59.10 --out %s/o >/dev/null",
		 tmp, tmp);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/o/pcap-summary.txt", tmp);
	sum = golden_read(path);
	assert_string_equal(sum, "capture=none\nserver=10.213.59.10\n");
	free(sum);
	test_rmtree(tmp);
	free(tmp);
}

int main(void)
{
	static const struct CMUnitTest unit[] = {
		cmocka_unit_test(test_split_v3),
		cmocka_unit_test(test_split_v4),
		cmocka_unit_test(test_split_control_and_junk),
		cmocka_unit_test(test_tsv_round_trip),
		cmocka_unit_test(test_packet_check),
		cmocka_unit_test(test_verdict_column),
		cmocka_unit_test(test_no_capture),
	};
	return golden_main("pcap", unit, ARRAY_SIZE(unit), &pcaps);
}
