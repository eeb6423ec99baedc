// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-timeline --rundir DIR [--server IP]
 * Merge a run's packets (DIR/packets.tsv from nfstb-pcapsum), client trace
 * and consoles into DIR/timeline.tsv, for people to read; then print the
 * packet check of the run's record, DIR/run.json (nfstb-verdict's).
 */
#include "cli.h"
#include "record.h"
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
	       "Reads DIR/packets.tsv (nfstb-pcapsum), DIR/client-trace.txt, DIR/client-console.log\n"
	       "and DIR/server-console.log (each optional) and writes DIR/timeline.tsv: time_s source\n"
	       "key text, on the client guest's clock, for people to read (it judges nothing).\n"
	       "Packets are aligned by anchoring the first client SYN to IP:2049 (UDP: first call)\n"
	       "to the first connect event to port 2049 in the trace.  IP defaults to 10.213.59.10.\n"
	       "Then prints the packet check of the run's record, DIR/run.json (nfstb-verdict's\n"
	       "\"packets\": packet_check=agree|disagree|n/a reason=...), or why there is none.\n"
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

	/* The packet check is the judge's, in the run's record. */
	struct run_record rec;
	char err[512];
	int got;

	snprintf(path, sizeof(path), "%s/" RECORD_FILE, dir);
	got = record_load(path, &rec, err, sizeof(err));
	if (got == 0 && rec.has_packets)
		puts(rec.packets);
	else if (got == 0)
		puts("packet_check=n/a reason=the run was judged without a packet summary");
	else if (got > 0)
		puts("packet_check=n/a reason=no run record (" RECORD_FILE ")");
	else
		printf("packet_check=n/a reason=" RECORD_FILE " is not a run record: %s\n", err);
	cli_flush_stdout(prog);

	tl_free(&tl);
	pcap_recs_free(&rs);
	lines_free(&trace);
	lines_free(&console);
	lines_free(&sconsole);
	return 0;
}
