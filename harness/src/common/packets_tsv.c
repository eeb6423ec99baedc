// SPDX-License-Identifier: GPL-2.0
/* packets.tsv rows (packets_tsv.h): written and read back. */
#include "packets_tsv.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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
	if (tsv_split(copy, c, 17) != 16 || !strcmp(c[0], "frame"))
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

const char *pkt_proc_key(const struct pkt_rec *r, char *buf, size_t len)
{
	if (!strcmp(r->prog, "NFS"))
		snprintf(buf, len, "%s", r->proc);
	else
		snprintf(buf, len, "%s.%s", r->prog, r->proc);
	return buf;
}
