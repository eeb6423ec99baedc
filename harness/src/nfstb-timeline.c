// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-timeline --rundir DIR [--server IP]
 * Merge a run's packets (DIR/packets.tsv from nfstb-pcapsum), client trace
 * and consoles into DIR/timeline.tsv, and check the packet facts against
 * the verdict into DIR/packet-check.txt.
 */
#include "cli.h"
#include "timeline.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *prog = "nfstb-timeline";

static void usage(void)
{
	printf("usage: %s --rundir DIR [--server IP]\n"
	       "\n"
	       "Reads DIR/packets.tsv, DIR/pcap-summary.txt (nfstb-pcapsum), DIR/client-trace.txt,\n"
	       "DIR/client-console.log, DIR/server-console.log and DIR/verdict.tsv (each optional)\n"
	       "and writes:\n"
	       "  DIR/timeline.tsv      time_s source key text, on the client guest's clock\n"
	       "  DIR/packet-check.txt  packet_check=agree|disagree|n/a reason=... (also printed)\n"
	       "Packets are aligned by anchoring the first client SYN to IP:2049 (UDP: first call)\n"
	       "to the first connect event to port 2049 in the trace.  IP defaults to 10.213.59.10.\n"
	       "Exit: 0 written, 1 I/O error, 2 usage error.\n", prog);
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *server = "10.213.59.10";
	const struct cli_value values[] = {
		{ "rundir", &dir }, { "server", &server },
	};
	struct in_addr addr;
	struct stat st;
	char path[4096];

	cli_values(argc, argv, prog, values, ARRAY_SIZE(values), usage);
	if (!dir)
		cli_usage_error(prog, "--rundir is required");
	if (inet_pton(AF_INET, server, &addr) != 1)
		cli_usage_error(prog, "--server '%s' is not an IPv4 address", server);
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		cli_usage_error(prog, "--rundir '%s' is not a directory", dir);

	struct pcap_recs rs = { 0 };
	struct lines trace = { 0 }, console = { 0 }, sconsole = { 0 };
	struct timeline tl = { 0 };
	struct tl_anchor a;

	snprintf(path, sizeof(path), "%s/packets.tsv", dir);
	pcap_recs_load(path, &rs);	/* missing: no packet rows */
	snprintf(path, sizeof(path), "%s/client-trace.txt", dir);
	lines_load(path, &trace);
	snprintf(path, sizeof(path), "%s/client-console.log", dir);
	lines_load(path, &console);
	snprintf(path, sizeof(path), "%s/server-console.log", dir);
	lines_load(path, &sconsole);

	tl_find_anchor(&rs, &trace, server, &a);
	if (!rs.n)
		snprintf(a.why, sizeof(a.why), "no packets.tsv rows");
	tl_add_packets(&tl, &rs, server, &a);
	tl_add_trace(&tl, &trace);
	tl_add_console(&tl, &console, "console");
	tl_add_console(&tl, &sconsole, "server");
	tl_sort(&tl);

	snprintf(path, sizeof(path), "%s/timeline.tsv", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path, strerror(errno));
	tl_write(f, &tl, &a, server);
	if (fclose(f) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s", path);

	char *summary, *tsv, vbuf[96], check[512];
	snprintf(path, sizeof(path), "%s/pcap-summary.txt", dir);
	summary = read_whole_file(path);
	snprintf(path, sizeof(path), "%s/verdict.tsv", dir);
	tsv = read_whole_file(path);
	packet_check(summary, tsv ? verdict_tsv_verdict(tsv, vbuf, sizeof(vbuf)) : NULL,
		     check, sizeof(check));
	snprintf(path, sizeof(path), "%s/packet-check.txt", dir);
	f = fopen(path, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path, strerror(errno));
	fprintf(f, "%s\n", check);
	if (fclose(f) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s", path);
	puts(check);

	free(summary);
	free(tsv);
	tl_free(&tl);
	pcap_recs_free(&rs);
	lines_free(&trace);
	lines_free(&console);
	lines_free(&sconsole);
	return 0;
}
