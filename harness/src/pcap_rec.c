// SPDX-License-Identifier: GPL-2.0
#include "pcap_rec.h"
#include "pcap_tshark.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A field's comma-separated values, split in place. */
struct values {
	char *v[256];
	int n;
};

static void split_values(char *s, struct values *vals)
{
	char *save = NULL;

	vals->n = 0;
	for (char *tok = strtok_r(s, ",", &save); tok && vals->n < 256;
	     tok = strtok_r(NULL, ",", &save))
		vals->v[vals->n++] = tok;
}

static long val_long(const struct values *vals, int i)
{
	return i >= 0 && i < vals->n ? strtol(vals->v[i], NULL, 0) : -1;
}

/* Split on tabs, keeping empty fields (strtok would merge them). */
static int split_tabs(char *line, char **cols, int max)
{
	int n = 0;

	cols[n++] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t') {
			*p = '\0';
			cols[n++] = p + 1;
		}
	return n;
}

static bool is_write(const struct pkt_rec *r)
{
	return !strcmp(r->prog, "NFS") && r->vers == 3 && !strcmp(r->proc, "WRITE");
}

int pkt_split_line(const char *line, const struct pcap_names *names,
		   struct pkt_rec *out, int max)
{
	char *copy = xstrdup(line), *cols[TSH_NFIELDS + 1];
	struct values xid, typ, prog, vers, proc, st3, com3, st4, opsn, ops, mainop;
	struct pkt_rec base;
	int ncols, n = 0, i_st3 = 0, i_com3 = 0, i_st4 = 0, i_op = 0, i_cmp = 0;
	char buf[64];

	copy[strcspn(copy, "\r\n")] = '\0';
	ncols = split_tabs(copy, cols, TSH_NFIELDS + 1);
	if (ncols != TSH_NFIELDS || !*cols[TSH_FRAME] ||
	    !parse_time_us(cols[TSH_TIME], &(int64_t){ 0 })) {
		free(copy);
		return -1;
	}
	memset(&base, 0, sizeof(base));
	base.frame = strtol(cols[TSH_FRAME], NULL, 10);
	parse_time_us(cols[TSH_TIME], &base.t_us);
	snprintf(base.src, sizeof(base.src), "%s", cols[TSH_IP_SRC]);
	snprintf(base.dst, sizeof(base.dst), "%s", cols[TSH_IP_DST]);
	base.udp = !*cols[TSH_TCP_SPORT];
	base.sport = strtol(base.udp ? cols[TSH_UDP_SPORT] : cols[TSH_TCP_SPORT], NULL, 10);
	base.dport = strtol(base.udp ? cols[TSH_UDP_DPORT] : cols[TSH_TCP_DPORT], NULL, 10);
	base.flags = base.udp ? 0 : (unsigned)strtoul(cols[TSH_TCP_FLAGS], NULL, 0);

	split_values(cols[TSH_XID], &xid);
	split_values(cols[TSH_MSGTYP], &typ);
	split_values(cols[TSH_PROGRAM], &prog);
	split_values(cols[TSH_VERSION], &vers);
	split_values(cols[TSH_PROCEDURE], &proc);
	split_values(cols[TSH_STABLE3], &st3);
	split_values(cols[TSH_COMMITTED3], &com3);
	split_values(cols[TSH_STABLE4], &st4);
	split_values(cols[TSH_OPS_COUNT], &opsn);
	split_values(cols[TSH_OPCODE], &ops);
	split_values(cols[TSH_MAIN_OPCODE], &mainop);

	/*
	 * tshark prints rpc.programversion twice per message (the header's
	 * and the reply's generated copy), so the step is the ratio.
	 */
	int vstep = xid.n && vers.n >= 2 * xid.n ? 2 : 1;

	for (int m = 0; m < xid.n && n < max; m++) {
		struct pkt_rec *r = &out[n++];
		long p = val_long(&prog, m), v = val_long(&vers, m * vstep);

		*r = base;
		snprintf(r->xid, sizeof(r->xid), "%s", xid.v[m]);
		r->reply = val_long(&typ, m) == 1;
		snprintf(r->prog, sizeof(r->prog), "%s", pcap_program_name(p, buf, sizeof(buf)));
		r->vers = v;
		snprintf(r->proc, sizeof(r->proc), "%s",
			 pcap_proc_name(names, p, v, val_long(&proc, m), buf, sizeof(buf)));
		/*
		 * Repeated NFS fields appear only in the messages that have
		 * them, in message order: the k-th WRITE call owns the k-th
		 * nfs.write.stable, the k-th COMPOUND the k-th nfs.ops.count.
		 */
		if (is_write(r) && !r->reply && i_st3 < st3.n)
			pcap_stable_name(names, val_long(&st3, i_st3++), r->stable, sizeof(r->stable));
		if (is_write(r) && r->reply && i_com3 < com3.n)
			pcap_stable_name(names, val_long(&com3, i_com3++), r->committed, sizeof(r->committed));
		if (!strcmp(r->prog, "NFS") && v == 4 && !strcmp(r->proc, "COMPOUND")) {
			long cnt = val_long(&opsn, i_cmp);
			size_t used = 0;

			if (i_cmp < mainop.n)
				snprintf(r->proc, sizeof(r->proc), "%s",
					 pcap_op_name(names, val_long(&mainop, i_cmp), buf, sizeof(buf)));
			i_cmp++;
			for (long k = 0; k < cnt && i_op < ops.n; k++) {
				long op = val_long(&ops, i_op++);
				const char *name = pcap_op_name(names, op, buf, sizeof(buf));

				used += snprintf(r->ops + used, used < sizeof(r->ops) ? sizeof(r->ops) - used : 0,
						 "%s%s", k ? "," : "", name);
				if (used >= sizeof(r->ops))
					used = sizeof(r->ops) - 1;
				/* WRITE4args.stable / WRITE4resok.committed */
				if (op == 38 && i_st4 < st4.n)
					pcap_stable_name(names, val_long(&st4, i_st4++),
							 r->reply ? r->committed : r->stable, 16);
			}
		}
	}
	/* A frame without RPC matters only as a TCP SYN, FIN or RST. */
	if (n == 0 && (base.flags & (TCPF_SYN | TCPF_FIN | TCPF_RST)) && max > 0)
		out[n++] = base;
	free(copy);
	return n;
}

const char *pkt_flags_str(unsigned flags, char *buf, size_t len)
{
	static const struct { unsigned bit; const char *name; } names[] = {
		{ TCPF_SYN, "SYN" }, { TCPF_FIN, "FIN" }, { TCPF_RST, "RST" },
		{ TCPF_PSH, "PSH" }, { TCPF_ACK, "ACK" },
	};
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if ((flags & names[i].bit) && used < len)
			used += snprintf(buf + used, len - used, "%s%s", used ? "|" : "", names[i].name);
	if (!buf[0])
		snprintf(buf, len, "-");
	return buf;
}

bool pkt_is_control(const struct pkt_rec *r)
{
	return r->flags & (TCPF_SYN | TCPF_FIN | TCPF_RST);
}

static const char *dash(const char *s)
{
	return *s ? s : "-";
}

void pkt_write_header(FILE *f)
{
	fputs("frame\ttime\tsrc\tsport\tdst\tdport\tproto\tflags\txid\tdir\tprog\tvers\tproc\tstable\tcommitted\tops\n", f);
}

void pkt_write(FILE *f, const struct pkt_rec *r)
{
	char t[32], fl[48], vers[16] = "-";

	if (r->xid[0])
		snprintf(vers, sizeof(vers), "%ld", r->vers);
	fprintf(f, "%ld\t%s\t%s\t%ld\t%s\t%ld\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
		r->frame, format_time_us(r->t_us, t, sizeof(t)), r->src, r->sport,
		r->dst, r->dport, r->udp ? "udp" : "tcp", pkt_flags_str(r->flags, fl, sizeof(fl)),
		dash(r->xid), r->xid[0] ? (r->reply ? "reply" : "call") : "-",
		dash(r->prog), vers, dash(r->proc), dash(r->stable),
		dash(r->committed), dash(r->ops));
}

static void undash(char *dst, size_t len, const char *s)
{
	snprintf(dst, len, "%s", strcmp(s, "-") ? s : "");
}

static unsigned flags_parse(const char *s)
{
	unsigned f = 0;

	f |= strstr(s, "SYN") ? TCPF_SYN : 0;
	f |= strstr(s, "FIN") ? TCPF_FIN : 0;
	f |= strstr(s, "RST") ? TCPF_RST : 0;
	f |= strstr(s, "PSH") ? TCPF_PSH : 0;
	f |= strstr(s, "ACK") ? TCPF_ACK : 0;
	return f;
}

bool pkt_parse(const char *line, struct pkt_rec *r)
{
	char *copy = xstrdup(line), *c[17];
	bool ok = false;

	copy[strcspn(copy, "\r\n")] = '\0';
	if (split_tabs(copy, c, 17) != 16 || !strcmp(c[0], "frame"))
		goto out;
	memset(r, 0, sizeof(*r));
	r->frame = strtol(c[0], NULL, 10);
	if (!parse_time_us(c[1], &r->t_us))
		goto out;
	snprintf(r->src, sizeof(r->src), "%s", c[2]);
	r->sport = strtol(c[3], NULL, 10);
	snprintf(r->dst, sizeof(r->dst), "%s", c[4]);
	r->dport = strtol(c[5], NULL, 10);
	r->udp = !strcmp(c[6], "udp");
	r->flags = flags_parse(c[7]);
	undash(r->xid, sizeof(r->xid), c[8]);
	r->reply = !strcmp(c[9], "reply");
	undash(r->prog, sizeof(r->prog), c[10]);
	r->vers = strtol(c[11], NULL, 10);
	undash(r->proc, sizeof(r->proc), c[12]);
	undash(r->stable, sizeof(r->stable), c[13]);
	undash(r->committed, sizeof(r->committed), c[14]);
	undash(r->ops, sizeof(r->ops), c[15]);
	ok = true;
out:
	free(copy);
	return ok;
}
