#define _GNU_SOURCE
#include "anchor.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

bool anchor_run_valid(const char *run)
{
	size_t n = strlen(run);

	if (n == 0 || n > ANCHOR_RUN_MAX)
		return false;
	for (const char *p = run; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '-'))
			return false;
	return true;
}

static int text(char *buf, size_t len, const char *fmt, const char *run, uint64_t seq)
{
	int n = snprintf(buf, len, fmt, run, (unsigned long long)seq);

	return n < 0 || (size_t)n >= len ? -1 : n;
}

int anchor_kmsg_text(char *buf, size_t len, const char *run, uint64_t seq)
{
	return text(buf, len, ANCHOR_KMSG_FMT, run, seq);
}

int anchor_datagram_text(char *buf, size_t len, const char *run, uint64_t seq)
{
	return text(buf, len, ANCHOR_DATAGRAM_FMT, run, seq);
}

static void sleep_ms(uint64_t ms)
{
	struct timespec ts = { .tv_sec = (time_t)(ms / 1000),
			       .tv_nsec = (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* Anchor @seq: the kmsg write, then at once the datagram. Both texts are
 * built first, so that nothing but the two system calls lies between. */
static int send_one(const struct anchor_opts *o, int kfd, int sfd,
		    const struct sockaddr_in *to, uint64_t seq, FILE *err)
{
	char line[ANCHOR_TEXT_MAX], dgram[ANCHOR_TEXT_MAX];
	int ln = anchor_kmsg_text(line, sizeof(line), o->run, seq);
	int dn = anchor_datagram_text(dgram, sizeof(dgram), o->run, seq);
	ssize_t w, s;
	int werr, serr;

	if (ln < 0 || dn < 0) {
		fprintf(err, "%s: run name too long for an anchor\n", ANCHOR_TOOL);
		return 1;
	}
	w = write(kfd, line, (size_t)ln);
	werr = errno;	/* a memory read, not a system call */
	s = sendto(sfd, dgram, (size_t)dn, 0, (const struct sockaddr *)to, sizeof(*to));
	serr = errno;
	if (w != ln) {
		fprintf(err, "%s: cannot write anchor seq=%llu to %s: %s\n", ANCHOR_TOOL,
			(unsigned long long)seq, o->kmsg, w < 0 ? strerror(werr) : "short write");
		return 1;
	}
	if (s != dn) {
		fprintf(err, "%s: cannot send anchor seq=%llu to %s:%llu: %s\n", ANCHOR_TOOL,
			(unsigned long long)seq, o->to, (unsigned long long)o->port,
			s < 0 ? strerror(serr) : "short send");
		return 1;
	}
	return 0;
}

int anchor_run(const struct anchor_opts *o, FILE *out, FILE *err)
{
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons((uint16_t)o->port),
				  .sin_addr = { .s_addr = o->addr } };
	int kfd, sfd, rc = 0;
	uint64_t seq;

	kfd = open(o->kmsg, O_WRONLY | O_CLOEXEC);
	if (kfd < 0) {
		fprintf(err, "%s: cannot open %s: %s\n", ANCHOR_TOOL, o->kmsg, strerror(errno));
		return 1;
	}
	/* Not connected: an ICMP port unreachable for one datagram must not
	 * fail the next send (nothing listens on the port). */
	sfd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (sfd < 0) {
		fprintf(err, "%s: cannot open a UDP socket: %s\n", ANCHOR_TOOL, strerror(errno));
		close(kfd);
		return 1;
	}
	for (seq = 1; seq <= o->count && rc == 0; seq++) {
		rc = send_one(o, kfd, sfd, &to, seq, err);
		if (rc == 0 && seq < o->count && o->interval_ms)
			sleep_ms(o->interval_ms);
	}
	close(sfd);
	close(kfd);
	if (rc == 0)
		fprintf(out, "%s: sent run=%s count=%llu to=%s:%llu interval_ms=%llu\n",
			ANCHOR_TOOL, o->run, (unsigned long long)o->count, o->to,
			(unsigned long long)o->port, (unsigned long long)o->interval_ms);
	return rc;
}
