// SPDX-License-Identifier: GPL-2.0
#include "pcap_tshark.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

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
