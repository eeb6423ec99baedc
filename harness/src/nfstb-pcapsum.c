// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-pcapsum --pcap FILE --server IP --out DIR
 * Decode a run's capture with tshark into DIR/packets.tsv and
 * DIR/pcap-summary.txt.  A missing or empty capture (CAPTURE=0) is not an
 * error: the summary then says capture=none.
 */
#include "cli.h"
#include "pcap_rec.h"
#include "pcap_summary.h"
#include "pcap_tshark.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *prog = "nfstb-pcapsum";

static void usage(void)
{
	printf("usage: %s --pcap FILE --server IP --out DIR\n"
	       "\n"
	       "Decodes FILE with tshark's RPC/NFS dissectors and writes:\n"
	       "  DIR/packets.tsv       one row per RPC message and per TCP SYN/FIN/RST\n"
	       "  DIR/pcap-summary.txt  key=value facts: calls/replies per procedure,\n"
	       "                        WRITE stable levels, connection close and reconnect\n"
	       "                        on port 2049, retransmitted XIDs, unanswered calls\n"
	       "A missing or empty FILE gives capture=none (exit 0).\n"
	       "Environment: NFSTB_TSHARK overrides the tshark program.\n"
	       "Exit: 0 written, 1 tshark or I/O failure, 2 usage error.\n", prog);
}

static FILE *open_out(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", path, strerror(errno));
	return f;
}

static void write_no_capture(const char *dir, const char *server)
{
	FILE *f = open_out(dir, "pcap-summary.txt");

	fprintf(f, "capture=none\nserver=%s\n", server);
	fclose(f);
	f = open_out(dir, "packets.tsv");
	pkt_write_header(f);
	fclose(f);
	puts("capture=none");
}

int main(int argc, char **argv)
{
	const char *pcap = NULL, *server = NULL, *out = NULL;
	const struct cli_value values[] = {
		{ "pcap", &pcap }, { "server", &server }, { "out", &out },
	};
	struct in_addr addr;
	struct stat st;

	cli_values(argc, argv, prog, values, ARRAY_SIZE(values), usage);
	if (!pcap || !server || !out)
		cli_usage_error(prog, "--pcap, --server and --out are required");
	if (inet_pton(AF_INET, server, &addr) != 1)
		cli_usage_error(prog, "--server '%s' is not an IPv4 address", server);
	if (mkdir(out, 0755) < 0 && errno != EEXIST)
		cli_fail(EXIT_IO, prog, "cannot create %s: %s", out, strerror(errno));

	if (stat(pcap, &st) < 0 || st.st_size == 0) {
		write_no_capture(out, server);
		return 0;
	}

	struct pcap_names *names = pcap_names_load();
	if (!names)
		cli_fail(EXIT_IO, prog, "cannot run '%s -G values' (is tshark installed?)", tshark_program());

	char *targv[8 + 2 * TSH_NFIELDS];
	int n = 0;
	targv[n++] = "tshark";
	targv[n++] = "-n";	/* no name resolution: addresses stay numeric */
	targv[n++] = "-r";
	targv[n++] = (char *)pcap;
	targv[n++] = "-Y";
	targv[n++] = TSHARK_FILTER;
	targv[n++] = "-T";
	targv[n++] = "fields";
	for (int i = 0; i < TSH_NFIELDS; i++) {
		targv[n++] = "-e";
		targv[n++] = (char *)tshark_fields[i];
	}
	char *tail[] = { "-E", "separator=/t", NULL };
	char *full[sizeof(targv) / sizeof(targv[0]) + 3];
	memcpy(full, targv, n * sizeof(char *));
	memcpy(full + n, tail, sizeof(tail));

	struct tshark_proc tp;
	if (tshark_start(full, &tp) < 0)
		cli_fail(EXIT_IO, prog, "cannot run %s: %s", tshark_program(), strerror(errno));

	struct pcap_recs rs = { 0 };
	struct pkt_rec recs[PKT_MAX_PER_FRAME];
	char *line = NULL;
	size_t cap = 0;
	FILE *pf = open_out(out, "packets.tsv");

	pkt_write_header(pf);
	while (getline(&line, &cap, tp.out) > 0) {
		int k = pkt_split_line(line, names, recs, PKT_MAX_PER_FRAME);

		for (int i = 0; i < k; i++) {
			pkt_write(pf, &recs[i]);
			pcap_recs_add(&rs, &recs[i]);
		}
	}
	free(line);
	int rc = tshark_finish(&tp);
	if (fclose(pf) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s/packets.tsv", out);
	if (rc != 0 && rs.n == 0) {
		/* tshark refuses a truncated or foreign file: say so, no summary */
		cli_fail(EXIT_IO, prog, "tshark could not read %s (exit %d)", pcap, rc);
	}

	FILE *sf = open_out(out, "pcap-summary.txt");
	pcap_summary_write(sf, &rs, server, rc != 0 ? "truncated" : "ok");
	if (fclose(sf) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s/pcap-summary.txt", out);
	pcap_recs_free(&rs);
	pcap_names_free(names);
	printf("pcap-summary: %s/pcap-summary.txt\n", out);
	return 0;
}
