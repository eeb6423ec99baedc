// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-pcapsum --pcap FILE --server IP --out DIR
 * Decode a run's capture with tshark into DIR/packets.tsv and
 * DIR/pcap-summary.txt.  A missing or empty capture (CAPTURE=0) is not an
 * error: the summary then says capture=none.
 */
#include "cli.h"
#include "pcap.h"
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
	       "                        on port 2049, retransmitted XIDs, unanswered calls,\n"
	       "                        the client's clock anchors (UDP port 20051)\n"
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

/* RPC XIDs, sorted, for lookups in linear-logarithmic time. */
struct xid_set {
	unsigned long *v;
	size_t n;
};

static int cmp_xid(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* The XIDs of the replies (reply=true) or calls of rs. */
static void xid_set_of(const struct pcap_recs *rs, bool reply, struct xid_set *set)
{
	set->v = xcalloc(rs->n + 1, sizeof(*set->v));
	set->n = 0;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].xid[0] && rs->v[i].reply == reply)
			set->v[set->n++] = strtoul(rs->v[i].xid, NULL, 16);
	qsort(set->v, set->n, sizeof(*set->v), cmp_xid);
}

static bool xid_in(const struct xid_set *set, const char *xid)
{
	unsigned long x = strtoul(xid, NULL, 16);

	return bsearch(&x, set->v, set->n, sizeof(x), cmp_xid) != NULL;
}

static bool has_unanswered(const struct pcap_recs *rs, const struct xid_set *replies)
{
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].xid[0] && !rs->v[i].reply && !xid_in(replies, rs->v[i].xid))
			return true;
	return false;
}

/*
 * One tshark pass over pcap: its records are appended to rs, in frame
 * order, and its clock anchors to anchors (if not NULL). With
 * only_new_replies, only replies whose XID is not in it are kept.
 * Returns tshark's exit status.
 */
static int tshark_pass(const char *pcap, bool out_of_order, const struct pcap_names *names,
		       struct pcap_recs *rs, struct pcap_anchors *anchors,
		       const struct xid_set *only_new_replies)
{
	char *argv[24 + 2 * TSH_NFIELDS];
	struct pkt_rec recs[PKT_MAX_PER_FRAME];
	struct pcap_anchor a;
	struct tshark_proc tp;
	char *line = NULL;
	size_t cap = 0;
	int n = 0;

	argv[n++] = "tshark";
	argv[n++] = "-n";	/* no name resolution: addresses stay numeric */
	argv[n++] = "-o";
	argv[n++] = out_of_order ? "tcp.reassemble_out_of_order:TRUE" :
				   "tcp.reassemble_out_of_order:FALSE";
	/*
	 * The client's RPC sockets bind a reserved port (512-1023, mount.nfs
	 * and the kernel's xprt alike), and tshark picks the dissector of
	 * the lower port first: from port 853 (DNS over DTLS/TLS) every NFS
	 * packet was decoded as DTLS and none as RPC. Those ports carry
	 * nothing but RPC in a capture of the lab.
	 */
	argv[n++] = "-d";
	argv[n++] = "udp.port==512-1023,rpc";
	argv[n++] = "-d";
	argv[n++] = "tcp.port==512-1023,rpc";
	/* The anchors' payload as plain data, whatever a heuristic thinks. */
	argv[n++] = "-d";
	argv[n++] = TSHARK_ANCHOR_DECODE;
	argv[n++] = "-r";
	argv[n++] = (char *)pcap;
	argv[n++] = "-Y";
	argv[n++] = TSHARK_FILTER;
	argv[n++] = "-T";
	argv[n++] = "fields";
	for (int i = 0; i < TSH_NFIELDS; i++) {
		argv[n++] = "-e";
		argv[n++] = (char *)tshark_fields[i];
	}
	argv[n++] = "-E";
	argv[n++] = "separator=/t";
	argv[n] = NULL;
	if (tshark_start(argv, &tp) < 0)
		cli_fail(EXIT_IO, prog, "cannot run %s: %s", tshark_program(), strerror(errno));
	while (getline(&line, &cap, tp.out) > 0) {
		int k = pkt_split_line(line, names, recs, PKT_MAX_PER_FRAME);

		if (anchors && pkt_anchor_line(line, &a) == 1)
			pcap_anchors_add(anchors, &a);

		for (int i = 0; i < k; i++) {
			if (only_new_replies && !(recs[i].xid[0] && recs[i].reply &&
						  !xid_in(only_new_replies, recs[i].xid)))
				continue;
			pcap_recs_add(rs, &recs[i]);
		}
	}
	free(line);
	return tshark_finish(&tp);
}

/* Merge the records rs->v[mid..] into rs->v[..mid] by frame, both in frame
 * order; a first-pass record stays before a second-pass one of its frame. */
static void merge_by_frame(struct pcap_recs *rs, size_t mid)
{
	struct pkt_rec *m = xcalloc(rs->n + 1, sizeof(*m));
	size_t i = 0, j = mid, k = 0;

	while (i < mid || j < rs->n)
		if (j == rs->n || (i < mid && rs->v[i].frame <= rs->v[j].frame))
			m[k++] = rs->v[i++];
		else
			m[k++] = rs->v[j++];
	free(rs->v);
	rs->v = m;
	rs->cap = rs->n + 1;
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

	struct pcap_recs rs = { 0 };
	struct pcap_anchors anchors = { 0 };
	struct xid_set seen = { 0 };
	int rc = tshark_pass(pcap, false, names, &rs, &anchors, NULL);
	size_t first = rs.n;

	/*
	 * A capture on the bridge can hold a reply's TCP segments out of
	 * order (measured in make soak: "ACKed unseen segment", then the
	 * segment itself). tshark's default reassembly then drops that
	 * reply and its call looks unanswered; its out-of-order reassembly
	 * finds it, but loses what follows a segment that is really
	 * missing. So a second pass with it runs only when a call has no
	 * reply, and adds only replies the first pass did not see: every
	 * record either pass decoded is in the capture.
	 */
	xid_set_of(&rs, true, &seen);
	if (rc == 0 && has_unanswered(&rs, &seen)) {
		tshark_pass(pcap, true, names, &rs, NULL, &seen);
		merge_by_frame(&rs, first);
	}
	free(seen.v);

	FILE *pf = open_out(out, "packets.tsv");

	pkt_write_header(pf);
	for (size_t i = 0; i < rs.n; i++)
		pkt_write(pf, &rs.v[i]);
	if (fclose(pf) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s/packets.tsv", out);
	if (rc != 0 && rs.n == 0) {
		/* tshark refuses a truncated or foreign file: say so, no summary */
		cli_fail(EXIT_IO, prog, "tshark could not read %s (exit %d)", pcap, rc);
	}

	FILE *sf = open_out(out, "pcap-summary.txt");
	pcap_summary_write(sf, &rs, &anchors, server, rc != 0 ? "truncated" : "ok");
	if (fclose(sf) != 0)
		cli_fail(EXIT_IO, prog, "cannot write %s/pcap-summary.txt", out);
	pcap_recs_free(&rs);
	pcap_anchors_free(&anchors);
	pcap_names_free(names);
	printf("pcap-summary: %s/pcap-summary.txt\n", out);
	return 0;
}
