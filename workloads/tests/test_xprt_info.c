/* sunrpc xprt_info parsing (golden samples written from the 6.1 source)
 * and the sysfs reconnect method run against a fake sysfs tree. */
#include "test_util.h"

#include <sys/stat.h>

#include "path_join.h"
#include "reconnect.h"
#include "xprt_info.h"

/* What each golden sample must parse to; -1: not asserted (the UDP and
 * closed samples are there for their ports and for "<closed>"). */
struct golden {
	const char *file;
	bool closed;
	int dst_port, src_port, main_xprt, num_reqs;
};

static const struct golden goldens[] = {
	{ "xprt_info.tcp-connected", false, 2049, 859, 1, 2 },
	{ "xprt_info.udp-portmap", false, 111, 792, -1, -1 },
	{ "xprt_info.closed", true, -1, -1, -1, -1 },
};

static void expect_field(int want, unsigned long long got)
{
	if (want >= 0)
		assert_int_equal(got, (unsigned long long)want);
}

static void test_goldens(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
		const struct golden *g = &goldens[i];
		char *text = read_golden(g->file), err[128];
		struct xprt_info xi;

		assert_int_equal(xprt_info_parse(text, &xi, err, sizeof(err)), 0);
		assert_int_equal(xi.closed, g->closed);
		expect_field(g->dst_port, xi.dst_port);
		expect_field(g->src_port, xi.src_port);
		expect_field(g->main_xprt, (unsigned long long)xi.main_xprt);
		expect_field(g->num_reqs, xi.num_reqs);
		free(text);
	}
}

static void test_garbage(void **state)
{
	struct xprt_info xi;
	char err[128];

	(void)state;
	assert_int_equal(xprt_info_parse("src_port=1\n", &xi, err, sizeof(err)), -1);
	assert_string_equal(err, "xprt_info has no numeric dst_port line");
	assert_int_equal(xprt_info_parse("dst_port=nfs\n", &xi, err, sizeof(err)), -1);
	/* "xdst_port=" in the middle of a line is not the key. */
	assert_int_equal(xprt_info_parse("a=1 dst_port=2049\n", &xi, err, sizeof(err)), -1);
}

/* --- reconnect_sysfs against a fake /sys/kernel/sunrpc/xprt-switches --- */

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[1024];
	FILE *f;

	assert_true(path_join(path, sizeof(path), dir, name));
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *read_file(const char *dir, const char *name)
{
	char path[1024];

	assert_true(path_join(path, sizeof(path), dir, name));
	return slurp(path);
}

static void add_xprt(const char *root, const char *sw, const char *xprt,
		     const char *golden, const char *addr)
{
	char dir[1024];
	char *info = read_golden(golden);

	snprintf(dir, sizeof(dir), "%s/%s", root, sw);
	mkdir(dir, 0755);
	snprintf(dir, sizeof(dir), "%s/%s/%s", root, sw, xprt);
	assert_int_equal(mkdir(dir, 0755), 0);
	write_file(dir, "xprt_info", info);
	write_file(dir, "dstaddr", addr);
	free(info);
}

static int fake_tree_setup(void **state)
{
	char *root = make_temp_dir();

	add_xprt(root, "switch-0", "xprt-0-udp", "xprt_info.udp-portmap", "10.0.2.2\n");
	add_xprt(root, "switch-1", "xprt-1-tcp", "xprt_info.closed", "10.0.2.2\n");
	add_xprt(root, "switch-2", "xprt-2-tcp", "xprt_info.tcp-connected", "10.0.2.2\n");
	*state = root;
	return 0;
}

static int fake_tree_teardown(void **state)
{
	rm_tree(*state);
	free(*state);
	return 0;
}

static void test_sysfs_rewrites_matching_dstaddr(void **state)
{
	const char *root = *state;
	struct reconnect_opts o = { .port = 2049, .method = RECONNECT_SYSFS, .proto = "tcp" };
	char *out = NULL, dir[1024];
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_int_equal(reconnect_sysfs(root, &o, f), 0);
	fclose(f);
	assert_string_equal(out, "nfstb-reconnect: method=sysfs xprt=xprt-2-tcp dst=10.0.2.2:2049 done\n");
	/* The address is written back without the newline sysfs shows. */
	snprintf(dir, sizeof(dir), "%s/switch-2/xprt-2-tcp", root);
	assert_string_equal(read_file(dir, "dstaddr"), "10.0.2.2");
	free(out);
}

static void test_sysfs_no_match_fails(void **state)
{
	const char *root = *state;
	struct reconnect_opts udp = { .port = 2049, .method = RECONNECT_SYSFS, .proto = "udp" };
	struct reconnect_opts other = { .port = 20049, .method = RECONNECT_SYSFS };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_int_equal(reconnect_sysfs(root, &udp, f), 1);
	assert_int_equal(reconnect_sysfs(root, &other, f), 1);
	assert_int_equal(reconnect_sysfs("/nonexistent", &other, f), 1);
	fclose(f);
	assert_string_equal(out, "");
	free(out);
}

TEST_MAIN("xprt_info",
	  cmocka_unit_test(test_goldens), cmocka_unit_test(test_garbage),
	  cmocka_unit_test_setup_teardown(test_sysfs_rewrites_matching_dstaddr,
					  fake_tree_setup, fake_tree_teardown),
	  cmocka_unit_test_setup_teardown(test_sysfs_no_match_fails,
					  fake_tree_setup, fake_tree_teardown))
