/* Forcing a sunrpc disconnect with NETLINK_SOCK_DIAG SOCK_DESTROY, which
 * is what 'ss -K' does: tcp_abort() sets ECONNABORTED on the socket, the
 * sunrpc error/state callbacks see it and the xprt must reconnect. Needs
 * CONFIG_INET_DIAG_DESTROY and CAP_NET_ADMIN. Kernel sockets (like the
 * NFS client's) are in the TCP hash tables, so the dump finds them. */
#define _GNU_SOURCE
#include "reconnect.h"

#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "zoneinfo.h"

#define MAX_VICTIMS 64

struct diag_request {
	struct nlmsghdr nlh;
	struct inet_diag_req_v2 req;
};

struct victim {
	struct inet_diag_sockid id;
	unsigned char state;
};

/* Every TCP state that has a peer to lose; LISTEN, TIME_WAIT and CLOSE
 * sockets are not live connections. */
static const unsigned live_states =
	0xfff & ~((1u << TCP_LISTEN) | (1u << TCP_TIME_WAIT) | (1u << TCP_CLOSE));

static int send_request(int fd, uint16_t type, uint16_t flags,
			const struct inet_diag_sockid *id, unsigned states)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct diag_request r = {
		.nlh = { .nlmsg_len = sizeof(r), .nlmsg_type = type,
			 .nlmsg_flags = flags, .nlmsg_seq = 1 },
		.req = { .sdiag_family = AF_INET, .sdiag_protocol = IPPROTO_TCP,
			 .idiag_states = states },
	};

	if (id)
		r.req.id = *id;
	return sendto(fd, &r, sizeof(r), 0, (struct sockaddr *)&kernel,
		      sizeof(kernel)) == (ssize_t)sizeof(r) ? 0 : -1;
}

/* Dumps IPv4 TCP sockets and keeps those with destination port 'port'.
 * Returns the number found or -1 (errno). */
static int find_victims(int fd, unsigned port, struct victim *v, int max)
{
	static char buf[32768] __attribute__((aligned(NLMSG_ALIGNTO)));
	int found = 0;

	if (send_request(fd, SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP,
			 NULL, live_states) < 0)
		return -1;
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		for (struct nlmsghdr *h = (struct nlmsghdr *)buf; NLMSG_OK(h, (size_t)n);
		     h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_type == NLMSG_DONE)
				return found;
			if (h->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(h);

				errno = -e->error;
				return -1;
			}
			struct inet_diag_msg *m = NLMSG_DATA(h);

			if (ntohs(m->id.idiag_dport) == port && found < max) {
				v[found].id = m->id;
				v[found].state = m->idiag_state;
				found++;
			}
		}
	}
}

/* Sends SOCK_DESTROY for one socket and reads the ack; 0 or -errno. */
static int destroy_one(int fd, const struct victim *v)
{
	char buf[1024] __attribute__((aligned(NLMSG_ALIGNTO)));
	ssize_t n;

	if (send_request(fd, SOCK_DESTROY, NLM_F_REQUEST | NLM_F_ACK, &v->id,
			 1u << v->state) < 0)
		return -errno;
	do
		n = recv(fd, buf, sizeof(buf), 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	struct nlmsghdr *h = (struct nlmsghdr *)buf;

	if (!NLMSG_OK(h, (size_t)n) || h->nlmsg_type != NLMSG_ERROR)
		return -EPROTO;
	return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
}

/*
 * Polls /proc/zoneinfo every 10 ms for up to @seconds until free memory is
 * near the min watermark (zone_near_min()); the sockets are already found,
 * so the destroy follows the reading at once. Writes " memory=reached|
 * not-reached free_pages=F min_pages=M low_pages=L waited_ms=W" (the last
 * reading) to @out. Returns 0, or -1 when zoneinfo cannot be read.
 */
static int wait_near_min(uint64_t seconds, char *out, size_t len)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	struct timespec start, now;
	struct zone_headroom h;
	char err[160];
	long waited_ms;
	bool near;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		if (zoneinfo_read("/proc/zoneinfo", &h, err, sizeof(err)) < 0) {
			fprintf(stderr, "%s: %s\n", RECONNECT_TOOL, err);
			return -1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		waited_ms = (now.tv_sec - start.tv_sec) * 1000 +
			    (now.tv_nsec - start.tv_nsec) / 1000000;
		near = zone_near_min(&h);
		if (near || waited_ms >= (long)seconds * 1000)
			break;
		nanosleep(&tick, NULL);
	}
	snprintf(out, len,
		 " memory=%s free_pages=%" PRIu64 " min_pages=%" PRIu64
		 " low_pages=%" PRIu64 " waited_ms=%ld",
		 near ? "reached" : "not-reached", h.free_pages, h.min_pages,
		 h.low_pages, waited_ms);
	return 0;
}

int reconnect_sockdiag(const struct reconnect_opts *o, FILE *out)
{
	struct victim v[MAX_VICTIMS];
	char sports[MAX_VICTIMS * 7] = "", memory[160] = "";
	int fd, n, destroyed = 0, rc = 0;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	if (fd < 0) {
		fprintf(stderr, "%s: cannot open NETLINK_SOCK_DIAG socket: %s\n",
			RECONNECT_TOOL, strerror(errno));
		return 1;
	}
	n = find_victims(fd, o->port, v, MAX_VICTIMS);
	if (n < 0) {
		fprintf(stderr, "%s: sock_diag dump of TCP sockets failed: %s (kernel needs CONFIG_INET_DIAG and CONFIG_INET_TCP_DIAG)\n",
			RECONNECT_TOOL, strerror(errno));
		close(fd);
		return 1;
	}
	if (n == 0) {
		fprintf(stderr, "%s: no IPv4 TCP socket with destination port %u to destroy\n",
			RECONNECT_TOOL, o->port);
		close(fd);
		return 1;
	}
	if (o->near_min_s && wait_near_min(o->near_min_s, memory,
					    sizeof(memory)) < 0) {
		close(fd);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int err = destroy_one(fd, &v[i]);
		size_t used = strlen(sports);

		if (err) {
			fprintf(stderr, "%s: SOCK_DESTROY of sport=%u dport=%u failed: %s%s\n",
				RECONNECT_TOOL, ntohs(v[i].id.idiag_sport), o->port,
				strerror(-err),
				err == -EOPNOTSUPP ? " (kernel needs CONFIG_INET_DIAG_DESTROY)" : "");
			rc = 1;
			continue;
		}
		destroyed++;
		snprintf(sports + used, sizeof(sports) - used, "%s%u",
			 used ? "," : "", ntohs(v[i].id.idiag_sport));
	}
	close(fd);
	if (destroyed)
		fprintf(out, "%s: method=sockdiag destroyed=%d sport=%s dport=%u%s\n",
			RECONNECT_TOOL, destroyed, sports, o->port, memory);
	return destroyed ? rc : 1;
}
