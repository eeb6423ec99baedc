// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-timeline: clock pairs and interpolation, and golden timelines of
 * the real (trimmed) run directories in tests/data/run/NAME.run/; the
 * .expected holds timeline.tsv then what the tool printed: the packet
 * check of the run's record (run.json), which it only shows.
 */
#include "golden.h"
#include "timeline.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BIN NFSTB_BIN_DIR "/"

static void test_interpolation(void **state)
{
	struct tl_anchor a = { .found = true, .n = 2 };

	(void)state;
	a.p[0].pkt_us = 100000000;	/* epoch 100 s = guest 4 s */
	a.p[0].guest_us = 4000000;
	a.p[1].pkt_us = 110000000;	/* 10 host s later, guest only 9 s */
	a.p[1].guest_us = 13000000;
	assert_int_equal(tl_to_guest(&a, 100000000), 4000000);
	assert_int_equal(tl_to_guest(&a, 105000000), 8500000);
	assert_int_equal(tl_to_guest(&a, 110000000), 13000000);
	/* outside the pairs: the nearest pair's offset, no extrapolated drift */
	assert_int_equal(tl_to_guest(&a, 99000000), 3000000);
	assert_int_equal(tl_to_guest(&a, 112000000), 15000000);
}

static void test_anchor_by_port(void **state)
{
	struct pcap_recs rs = { 0 };
	struct pkt_rec r = { 0 };
	struct lines trace;
	struct tl_anchor a;

	(void)state;
	lines_split("  kworker/u4:1-24 [000] ..... 3.840000: rpc_socket_connect: error=-115 socket:[37] "
		    "srcaddr=10.0.0.20:961 dstaddr=10.0.0.10:2049 state=2 (CONNECTING) sk_state=2 (SYN_SENT)\n"
		    "  kworker/0:1-19 [000] ..... 7.320000: rpc_socket_close: socket:[37] "
		    "srcaddr=10.0.0.20:961 dstaddr=10.0.0.10:2049 state=3 (CONNECTED) sk_state=4 (FIN_WAIT1)\n",
		    &trace);
	snprintf(r.src, sizeof(r.src), "10.0.0.20");
	snprintf(r.dst, sizeof(r.dst), "10.0.0.10");
	r.sport = 961;
	r.dport = 2049;
	r.frame = 1;
	r.t_us = 50000000;
	r.flags = TCPF_SYN;
	pcap_recs_add(&rs, &r);
	r.frame = 2;
	r.t_us = 54000000;
	r.flags = TCPF_FIN | TCPF_ACK;
	pcap_recs_add(&rs, &r);
	tl_find_anchor(&rs, &trace, "10.0.0.10", &a);
	assert_true(a.found);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.p[0].guest_us, 3840000);
	assert_int_equal(a.p[1].guest_us, 7320000);
	assert_non_null(strstr(a.p[1].what, "rpc_socket_close"));
	/* without a trace there is no anchor, and it says why */
	tl_find_anchor(&rs, NULL, "10.0.0.10", &a);
	assert_false(a.found);
	assert_non_null(strstr(a.why, "no connect event"));
	lines_free(&trace);
	pcap_recs_free(&rs);
}

/* Copy the fixture, run the tool, compare its two outputs. */
static void test_golden_run(void **state)
{
	const char *dir = *state;
	char *tmp = test_tmpdir(), cmd[8192 + 256], path[4096];
	struct stat st;

	snprintf(cmd, sizeof(cmd), "cp -r %s/. %s/ && " BIN "nfstb-timeline --rundir %s >%s/printed",
		 dir, tmp, tmp, tmp);
	assert_int_equal(system(cmd), 0);
	golden_check_files(dir, tmp, "timeline.tsv", "printed");
	/* the packet check is the judge's: the timeline writes none */
	snprintf(path, sizeof(path), "%s/packet-check.txt", tmp);
	assert_int_not_equal(stat(path, &st), 0);
	test_tmpdir_remove(tmp);
}

/* Without a record, or with one that is not, it says so and still draws. */
static void test_no_record(void **state)
{
	char *tmp = test_tmpdir(), cmd[1024], path[1024];

	(void)state;
	snprintf(cmd, sizeof(cmd), BIN "nfstb-timeline --rundir %s >%s/printed", tmp, tmp);
	assert_int_equal(system(cmd), 0);
	test_file_is("packet_check=n/a reason=no run record (run.json)\n", "%s/printed", tmp);
	snprintf(path, sizeof(path), "%s/run.json", tmp);
	test_write(path, "{\"schema\": \"nfstb-run/2\"}\n");
	assert_int_equal(system(cmd), 0);
	test_file_is("packet_check=n/a reason=run.json is not a run record: "
		     "key 'schema' is 'nfstb-run/2', expected 'nfstb-run/1'\n", "%s/printed", tmp);
	/* the timeline is still written */
	free(test_read("%s/timeline.tsv", tmp));
	test_tmpdir_remove(tmp);
}

static const struct golden_set runs = {
	.dir = NFSTB_TEST_DATA "/run", .ext = ".run",
	.prefix = "run", .fn = test_golden_run,
};

int main(void)
{
	static const struct CMUnitTest unit[] = {
		cmocka_unit_test(test_interpolation),
		cmocka_unit_test(test_anchor_by_port),
		cmocka_unit_test(test_no_record),
	};
	return golden_main("timeline", unit, ARRAY_SIZE(unit), &runs);
}
