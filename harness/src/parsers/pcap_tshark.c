// SPDX-License-Identifier: GPL-2.0
/*
 * Talking to tshark (pcap.h): running it, the fields asked of it, and the
 * names from its value tables ("tshark -G values").
 */
#include "pcap.h"
#include "util.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Running tshark. */

const char *const tshark_fields[TSH_NFIELDS] = {
	[TSH_FRAME] = "frame.number",
	[TSH_TIME] = "frame.time_epoch",
	[TSH_IP_SRC] = "ip.src",
	[TSH_IP_DST] = "ip.dst",
	[TSH_TCP_SPORT] = "tcp.srcport",
	[TSH_TCP_DPORT] = "tcp.dstport",
	[TSH_UDP_SPORT] = "udp.srcport",
	[TSH_UDP_DPORT] = "udp.dstport",
	[TSH_TCP_FLAGS] = "tcp.flags",
	[TSH_XID] = "rpc.xid",
	[TSH_MSGTYP] = "rpc.msgtyp",
	[TSH_PROGRAM] = "rpc.program",
	[TSH_VERSION] = "rpc.programversion",
	[TSH_PROCEDURE] = "rpc.procedure",
	[TSH_STABLE3] = "nfs.write.stable",
	[TSH_COMMITTED3] = "nfs.write.committed",
	[TSH_STABLE4] = "nfs.stable_how4",
	[TSH_OPS_COUNT] = "nfs.ops.count",
	[TSH_OPCODE] = "nfs.opcode",
	[TSH_MAIN_OPCODE] = "nfs.main_opcode",
	/* A payload no dissector took: the anchors' (PCAP_ANCHOR_PORT). */
	[TSH_DATA] = "data.data",
};

const char *tshark_program(void)
{
	const char *p = getenv("NFSTB_TSHARK");

	return p && *p ? p : "tshark";
}

int tshark_start(char *const argv[], struct tshark_proc *p)
{
	int fd[2];
	pid_t pid;

	if (pipe(fd) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		/* tshark chats on stderr ("Running as user root ..."). */
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDERR_FILENO);
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execvp(tshark_program(), argv);
		_exit(127);
	}
	close(fd[1]);
	p->out = fdopen(fd[0], "r");
	p->pid = pid;
	if (!p->out) {
		close(fd[0]);
		tshark_finish(p);
		return -1;
	}
	return 0;
}

int tshark_finish(struct tshark_proc *p)
{
	int status;

	if (p->out)
		fclose(p->out);
	p->out = NULL;
	if (waitpid(p->pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Names from tshark's value tables. */

struct pcap_name_entry {
	char field[32];
	long value;
	char name[48];
};

struct pcap_names {
	struct pcap_name_entry *v;
	size_t n, cap;
};

/* The only value tables nfstb looks up. */
static const char *const wanted[] = {
	"nfs.procedure_v3", "nfs.procedure_v4", "nfs.opcode",
	"nfs.write.stable", "nfs.stable_how4", "mount.procedure_v1",
	"mount.procedure_v3", "portmap.procedure_v2", "portmap.procedure_v3",
	"portmap.procedure_v4", "nlm.procedure_v4",
};

static bool is_wanted(const char *field)
{
	for (size_t i = 0; i < ARRAY_SIZE(wanted); i++)
		if (!strcmp(field, wanted[i]))
			return true;
	return false;
}

struct pcap_names *pcap_names_read(FILE *f)
{
	struct pcap_names *n = xcalloc(1, sizeof(*n));
	char line[512];

	while (fgets(line, sizeof(line), f)) {
		char *save = NULL, *tag, *field, *value, *name;

		line[strcspn(line, "\r\n")] = '\0';
		tag = strtok_r(line, "\t", &save);
		field = strtok_r(NULL, "\t", &save);
		value = strtok_r(NULL, "\t", &save);
		name = strtok_r(NULL, "\t", &save);
		if (!tag || strcmp(tag, "V") || !field || !value || !name ||
		    !is_wanted(field))
			continue;
		if (n->n == n->cap) {
			n->cap = n->cap ? n->cap * 2 : 256;
			n->v = xrealloc(n->v, n->cap * sizeof(*n->v));
		}
		snprintf(n->v[n->n].field, sizeof(n->v[n->n].field), "%s", field);
		n->v[n->n].value = strtol(value, NULL, 0);
		snprintf(n->v[n->n].name, sizeof(n->v[n->n].name), "%s", name);
		n->n++;
	}
	return n;
}

struct pcap_names *pcap_names_load(void)
{
	char *argv[] = { "tshark", "-G", "values", NULL };
	struct tshark_proc p;
	struct pcap_names *n;

	if (tshark_start(argv, &p) < 0)
		return NULL;
	n = pcap_names_read(p.out);
	if (tshark_finish(&p) != 0 || n->n == 0) {
		pcap_names_free(n);
		return NULL;
	}
	return n;
}

void pcap_names_free(struct pcap_names *n)
{
	if (!n)
		return;
	free(n->v);
	free(n);
}

const char *pcap_name(const struct pcap_names *n, const char *field, long value)
{
	for (size_t i = 0; n && i < n->n; i++)
		if (n->v[i].value == value && !strcmp(n->v[i].field, field))
			return n->v[i].name;
	return NULL;
}

const char *pcap_program_name(long prog, char *buf, size_t len)
{
	switch (prog) {
	case 100000: return "PORTMAP";
	case 100003: return "NFS";
	case 100005: return "MOUNT";
	case 100021: return "NLM";
	}
	snprintf(buf, len, "%ld", prog);
	return buf;
}

static const char *named_or_number(const char *name, long v, char *buf, size_t len)
{
	if (name)
		return name;
	snprintf(buf, len, "PROC%ld", v);
	return buf;
}

const char *pcap_proc_name(const struct pcap_names *n, long prog, long vers,
			   long proc, char *buf, size_t len)
{
	char field[32] = "";

	if (prog == 100003 && (vers == 3 || vers == 4))
		snprintf(field, sizeof(field), "nfs.procedure_v%ld", vers);
	else if (prog == 100005)
		snprintf(field, sizeof(field), "mount.procedure_v%ld", vers == 1 ? 1L : 3L);
	else if (prog == 100000)
		snprintf(field, sizeof(field), "portmap.procedure_v%ld", vers);
	else if (prog == 100021)
		snprintf(field, sizeof(field), "nlm.procedure_v4");
	return named_or_number(*field ? pcap_name(n, field, proc) : NULL, proc, buf, len);
}

const char *pcap_op_name(const struct pcap_names *n, long op, char *buf, size_t len)
{
	const char *name = pcap_name(n, "nfs.opcode", op);

	if (name)
		return name;
	snprintf(buf, len, "OP%ld", op);
	return buf;
}

const char *pcap_stable_name(const struct pcap_names *n, long v, char *buf, size_t len)
{
	const char *name = pcap_name(n, "nfs.write.stable", v);

	if (!name)
		name = pcap_name(n, "nfs.stable_how4", v);
	if (!name) {
		snprintf(buf, len, "STABLE%ld", v);
		return buf;
	}
	snprintf(buf, len, "%s", name);
	/* UNSTABLE4 -> UNSTABLE: one vocabulary for v3 and v4 */
	size_t l = strlen(buf);
	if (l > 1 && buf[l - 1] == '4')
		buf[l - 1] = '\0';
	return buf;
}
