/* nfstb-anchor: the two texts, the run names it accepts, and the tool
 * itself on the loopback: a plain file stands in for /dev/kmsg and a UDP
 * socket on 127.0.0.1 for the server, so both ends are checked byte for
 * byte without a guest. */
#include "test_util.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "anchor.h"
#include "hold_file.h"

static void test_texts(void **state)
{
	char buf[ANCHOR_TEXT_MAX], run[ANCHOR_RUN_MAX + 1];

	(void)state;
	assert_int_equal(anchor_kmsg_text(buf, sizeof(buf), "v3-tcp-control-forced-1", 1), 48);
	assert_string_equal(buf, "nfstb: anchor run=v3-tcp-control-forced-1 seq=1\n");
	assert_int_equal(anchor_datagram_text(buf, sizeof(buf), "smoke_v4.2-3", 12), 37);
	assert_string_equal(buf, "nfstb-anchor run=smoke_v4.2-3 seq=12\n");
	/* the longest run name and a large seq still fit */
	memset(run, 'r', ANCHOR_RUN_MAX);
	run[ANCHOR_RUN_MAX] = '\0';
	assert_true(anchor_kmsg_text(buf, sizeof(buf), run, 1000) > 0);
	assert_true(anchor_datagram_text(buf, sizeof(buf), run, 1000) > 0);
	/* too small a buffer is refused, never cut */
	assert_int_equal(anchor_datagram_text(buf, 10, "run", 1), -1);
}

static void test_run_names(void **state)
{
	static const char *const good[] = { "a", "manual", "v3-tcp-control-forced-1",
					     "20261203-140703.smoke_v42-1" };
	static const char *const bad[] = { "", "a b", "run=x", "a/b", "a\n", "é", "x;y" };
	char longest[ANCHOR_RUN_MAX + 2];

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		assert_true(anchor_run_valid(good[i]));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_false(anchor_run_valid(bad[i]));
	memset(longest, 'x', sizeof(longest) - 1);
	longest[ANCHOR_RUN_MAX] = '\0';
	assert_true(anchor_run_valid(longest));
	longest[ANCHOR_RUN_MAX] = 'x';
	longest[ANCHOR_RUN_MAX + 1] = '\0';
	assert_false(anchor_run_valid(longest));
}

/* A UDP socket bound to 127.0.0.1 on a free port: the server's end. */
static int udp_listener(uint16_t *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr = { .s_addr = htonl(INADDR_LOOPBACK) } };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	*port = ntohs(a.sin_port);
	return fd;
}

/* Runs the tool; its stdout and stderr as strings (static). */
static int run_tool(const struct anchor_opts *o, char **out, char **err)
{
	static char *o_text, *e_text;
	size_t ol = 0, el = 0;
	FILE *of, *ef;
	int rc;

	free(o_text);
	free(e_text);
	o_text = e_text = NULL;
	of = open_memstream(&o_text, &ol);
	ef = open_memstream(&e_text, &el);
	rc = anchor_run(o, of, ef);
	fclose(of);
	fclose(ef);
	*out = o_text;
	*err = e_text;
	return rc;
}

static void test_sends_on_loopback(void **state)
{
	char *dir = make_temp_dir(), kmsg[256], *out, *err, got[256];
	struct anchor_opts o = { .to = "127.0.0.1", .run = "v3-tcp-fixed-forced-2",
				 .count = 3, .interval_ms = 20, .kmsg = kmsg,
				 .addr = htonl(INADDR_LOOPBACK) };
	uint16_t port;
	int fd = udp_listener(&port);
	uint64_t start;

	(void)state;
	o.port = port;
	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", dir);
	close(open(kmsg, O_WRONLY | O_CREAT, 0600));
	start = monotonic_ms();
	assert_int_equal(run_tool(&o, &out, &err), 0);
	/* two sleeps between three anchors, none after the last */
	assert_true(monotonic_ms() - start >= 40);
	assert_string_equal(err, "");
	snprintf(got, sizeof(got),
		 "nfstb-anchor: sent run=v3-tcp-fixed-forced-2 count=3 to=127.0.0.1:%u interval_ms=20\n",
		 port);
	assert_string_equal(out, got);
	assert_string_equal(slurp(kmsg),
			    "nfstb: anchor run=v3-tcp-fixed-forced-2 seq=1\n"
			    "nfstb: anchor run=v3-tcp-fixed-forced-2 seq=2\n"
			    "nfstb: anchor run=v3-tcp-fixed-forced-2 seq=3\n");
	for (int k = 1; k <= 3; k++) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		char want[64];
		ssize_t n;

		assert_int_equal(poll(&p, 1, 1000), 1);
		n = recv(fd, got, sizeof(got) - 1, 0);
		assert_true(n > 0);
		got[n] = '\0';
		snprintf(want, sizeof(want), "nfstb-anchor run=v3-tcp-fixed-forced-2 seq=%d\n", k);
		assert_string_equal(got, want);
	}
	close(fd);
	rm_tree(dir);
	free(dir);
}

/* Nothing listens: the ICMP port unreachable each datagram draws must
 * not fail the next send (the socket is not connected). */
static void test_nobody_listening(void **state)
{
	char *dir = make_temp_dir(), kmsg[256], *out, *err;
	struct anchor_opts o = { .to = "127.0.0.1", .run = "r", .count = 3,
				 .interval_ms = 5, .kmsg = kmsg,
				 .addr = htonl(INADDR_LOOPBACK) };
	uint16_t port;
	int fd = udp_listener(&port);

	(void)state;
	close(fd);	/* the port is now closed: ICMP port unreachable */
	o.port = port;
	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", dir);
	close(open(kmsg, O_WRONLY | O_CREAT, 0600));
	assert_int_equal(run_tool(&o, &out, &err), 0);
	assert_string_equal(err, "");
	rm_tree(dir);
	free(dir);
}

/* No kmsg: one line, exit 1, nothing sent. */
static void test_no_kmsg(void **state)
{
	struct anchor_opts o = { .to = "127.0.0.1", .port = 9, .run = "r", .count = 1,
				 .kmsg = "/nonexistent/kmsg", .addr = htonl(INADDR_LOOPBACK) };
	char *out, *err;

	(void)state;
	assert_int_equal(run_tool(&o, &out, &err), 1);
	assert_string_equal(out, "");
	assert_string_equal(err, "nfstb-anchor: cannot open /nonexistent/kmsg: No such file or directory\n");
}

/* A send the kernel refuses (broadcast without SO_BROADCAST, or no route):
 * one line naming the anchor, exit 1, no further anchor. */
static void test_send_error(void **state)
{
	char *dir = make_temp_dir(), kmsg[256], *out, *err;
	struct anchor_opts o = { .to = "255.255.255.255", .port = 20051, .run = "r",
				 .count = 3, .interval_ms = 0, .kmsg = kmsg,
				 .addr = htonl(INADDR_BROADCAST) };

	(void)state;
	snprintf(kmsg, sizeof(kmsg), "%s/kmsg", dir);
	close(open(kmsg, O_WRONLY | O_CREAT, 0600));
	assert_int_equal(run_tool(&o, &out, &err), 1);
	assert_string_equal(out, "");
	assert_true(!strncmp(err, "nfstb-anchor: cannot send anchor seq=1 to 255.255.255.255:20051: ",
			     strlen("nfstb-anchor: cannot send anchor seq=1 to 255.255.255.255:20051: ")));
	assert_non_null(strchr(err, '\n'));
	assert_null(strchr(err, '\n')[1] ? "more than one line" : NULL);
	assert_string_equal(slurp(kmsg), "nfstb: anchor run=r seq=1\n");
	rm_tree(dir);
	free(dir);
}

TEST_MAIN("anchor",
	  cmocka_unit_test(test_texts), cmocka_unit_test(test_run_names),
	  cmocka_unit_test(test_sends_on_loopback),
	  cmocka_unit_test(test_nobody_listening),
	  cmocka_unit_test(test_no_kmsg), cmocka_unit_test(test_send_error))
