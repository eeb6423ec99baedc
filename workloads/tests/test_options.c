/* Option parsing of every tool: good inputs fill the struct, --help and -h
 * give CLI_HELP, bad inputs give CLI_ERROR with the expected one-line
 * message. The bad inputs are one table, as the tools are. */
#include "test_util.h"

#include <arpa/inet.h>
#include <limits.h>

#include "anchor_opts.h"
#include "memhog_opts.h"
#include "parse_num.h"
#include "reconnect_opts.h"
#include "slabfill_opts.h"
#include "swapfill_opts.h"
#include "tracepump_opts.h"
#include "verify_opts.h"
#include "writer_opts.h"

static char err[256];

/* Room for any tool's options struct (verify's holds a PATH_MAX path),
 * aligned for its uint64_t and double fields. */
static union {
	max_align_t align;
	char bytes[2 * PATH_MAX];
} any_opts;

/* --- shared number parsing --- */

struct size_case {
	const char *text;
	bool ok;
	uint64_t bytes; /* when ok */
};

static const struct size_case sizes[] = {
	{ "4096", true, 4096 }, { "4K", true, 4096 }, { "64M", true, 64ULL << 20 },
	{ "2g", true, 2ULL << 30 }, { "0", false, 0 }, { "-1", false, 0 },
	{ "", false, 0 }, { "12T", false, 0 }, { "1MB", false, 0 }, { " 1", false, 0 },
	{ "99999999999999999999", false, 0 },
	{ "17179869184G", false, 0 }, /* 2^64 bytes */
};

static void test_size_suffixes(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		uint64_t v = 0;

		assert_int_equal(parse_size_bytes(sizes[i].text, &v), sizes[i].ok);
		if (sizes[i].ok)
			assert_int_equal(v, sizes[i].bytes);
	}
}

static void test_fraction(void **state)
{
	static const char *const refused[] = { "0", "1", "1.5", "-0.1", "0.1x" };
	double f;

	(void)state;
	assert_true(parse_fraction("0.10", &f));
	assert_true(f > 0.0999 && f < 0.1001);
	assert_true(parse_fraction(".5", &f));
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		assert_false(parse_fraction(refused[i], &f));
}

/* --- nfstb-writer --- */

static void test_writer_good(void **state)
{
	struct writer_opts o;
	char **argv = ARGV("nfstb-writer", "--dir", "/mnt/nfs", "--files", "4",
			   "--size", "8M", "--seed", "0x2a", "--hold-file",
			   "/tmp/go", "--timeout", "30");

	(void)state;
	assert_int_equal(cli_parse(&writer_tool, ARGC(argv), argv, &o, err, sizeof(err)), CLI_OK);
	assert_string_equal(o.dir, "/mnt/nfs");
	assert_int_equal(o.files, 4);
	assert_int_equal(o.size, 8 << 20);
	assert_int_equal(o.seed, 42);
	assert_string_equal(o.hold_file, "/tmp/go");
	assert_int_equal(o.timeout_s, 30);
}

static void test_writer_defaults(void **state)
{
	struct writer_opts o;
	char **argv = ARGV("nfstb-writer", "--dir", "d", "--files", "1",
			   "--size", "1", "--seed", "0");

	(void)state;
	assert_int_equal(cli_parse(&writer_tool, ARGC(argv), argv, &o, err, sizeof(err)), CLI_OK);
	assert_null(o.hold_file);
	assert_null(o.retry_hold_file);
	assert_int_equal(o.timeout_s, 600);
}

static void test_writer_retry_hold_file(void **state)
{
	struct writer_opts o;
	char **good = ARGV("nfstb-writer", "--dir", "d", "--files", "1",
			   "--size", "1", "--seed", "0", "--retry-hold-file",
			   "/tmp/retry");
	char **empty = ARGV("nfstb-writer", "--dir", "d", "--files", "1",
			    "--size", "1", "--seed", "0", "--retry-hold-file",
			    "");

	(void)state;
	assert_int_equal(cli_parse(&writer_tool, ARGC(good), good, &o, err, sizeof(err)), CLI_OK);
	assert_string_equal(o.retry_hold_file, "/tmp/retry");
	assert_int_equal(cli_parse(&writer_tool, ARGC(empty), empty, &o, err, sizeof(err)), CLI_ERROR);
	assert_string_equal(err, "--retry-hold-file needs a path (the file that says the fault is gone)");
}

/* --- nfstb-verify --- */

static void test_verify_good(void **state)
{
	struct verify_opts o;
	char **a = ARGV("v", "--dir", "/mnt/nfs");
	char **b = ARGV("v", "--dir", "/mnt/nfs", "--manifest", "/tmp/m");

	(void)state;
	assert_int_equal(cli_parse(&verify_tool, ARGC(a), a, &o, err, sizeof(err)), CLI_OK);
	assert_string_equal(o.manifest, "/mnt/nfs/nfstb-manifest");
	assert_int_equal(cli_parse(&verify_tool, ARGC(b), b, &o, err, sizeof(err)), CLI_OK);
	assert_string_equal(o.manifest, "/tmp/m");
}

/* --- nfstb-memhog --- */

static void test_memhog_good(void **state)
{
	struct memhog_opts o;
	char **a = ARGV("m", "--available", "64", "--hold-file", "/tmp/h", "--chunk", "8");
	char **b = ARGV("m", "--fraction", "0.10");
	char **c = ARGV("m", "--above-low", "2", "--chunk", "1");

	(void)state;
	assert_int_equal(cli_parse(&memhog_tool, ARGC(a), a, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.available_mb, 64);
	assert_int_equal(o.chunk_mb, 8);
	assert_int_equal(o.timeout_s, 600);
	assert_int_equal(memhog_target_kb(&o, 1 << 20), 64 * 1024);
	assert_int_equal(cli_parse(&memhog_tool, ARGC(b), b, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.chunk_mb, 4);
	assert_null(o.hold_file);
	assert_int_equal(memhog_target_kb(&o, 1000000), 100000);
	assert_int_equal(cli_parse(&memhog_tool, ARGC(c), c, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.above_low_mb, 2);
	assert_int_equal(o.available_mb, 0);
	assert_int_equal(o.chunk_mb, 1);
}

/* --- nfstb-reconnect --- */

static void test_reconnect_good(void **state)
{
	struct reconnect_opts o;
	char **a = ARGV("r", "--port", "2049");
	char **b = ARGV("r", "--port", "2049", "--method", "sockdiag", "--proto", "tcp");
	char **c = ARGV("r", "--port", "20049", "--method", "sysfs", "--proto", "udp");

	(void)state;
	assert_int_equal(cli_parse(&reconnect_tool, ARGC(a), a, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.port, 2049);
	assert_int_equal(o.method, RECONNECT_SYSFS);
	assert_null(o.proto);
	assert_int_equal(cli_parse(&reconnect_tool, ARGC(b), b, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.method, RECONNECT_SOCKDIAG);
	assert_string_equal(o.proto, "tcp");
	assert_int_equal(cli_parse(&reconnect_tool, ARGC(c), c, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.port, 20049);
	assert_string_equal(o.proto, "udp");
	assert_int_equal(o.near_min_s, 0);
	char **d = ARGV("r", "--port", "2049", "--method", "sockdiag", "--near-min", "20");

	assert_int_equal(cli_parse(&reconnect_tool, ARGC(d), d, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.near_min_s, 20);
}

/* --- nfstb-swapfill --- */

static void test_swapfill_good(void **state)
{
	struct swapfill_opts o;
	char **a = ARGV("s", "--size", "640", "--seed", "0x2a", "--hold-file", "/tmp/go",
			"--timeout", "900", "--passes", "3");
	char **b = ARGV("s", "--seed", "0", "--size", "1");

	(void)state;
	assert_int_equal(cli_parse(&swapfill_tool, ARGC(a), a, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.size_mb, 640);
	assert_int_equal(o.seed, 42);
	assert_string_equal(o.hold_file, "/tmp/go");
	assert_int_equal(o.timeout_s, 900);
	assert_int_equal(o.passes, 3);
	assert_int_equal(cli_parse(&swapfill_tool, ARGC(b), b, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.size_mb, 1);
	assert_int_equal(o.seed, 0);
	assert_null(o.hold_file);
	assert_int_equal(o.timeout_s, 600);
	assert_int_equal(o.passes, 1);
}

/* --- nfstb-anchor --- */

static void test_anchor_good(void **state)
{
	struct anchor_opts o;
	char **a = ARGV("a", "--to", "10.213.59.10", "--port", "20051", "--run",
			"v3-tcp-control-forced-1");
	char **b = ARGV("a", "--to", "127.0.0.1", "--port", "9", "--run", "x.y_z",
			"--count", "16", "--interval-ms", "0", "--kmsg", "/tmp/k");

	(void)state;
	assert_int_equal(cli_parse(&anchor_tool, ARGC(a), a, &o, err, sizeof(err)), CLI_OK);
	assert_string_equal(o.to, "10.213.59.10");
	assert_int_equal(o.addr, inet_addr("10.213.59.10"));
	assert_int_equal(o.port, 20051);
	assert_string_equal(o.run, "v3-tcp-control-forced-1");
	assert_int_equal(o.count, 5);
	assert_int_equal(o.interval_ms, 50);
	assert_string_equal(o.kmsg, "/dev/kmsg");
	assert_int_equal(cli_parse(&anchor_tool, ARGC(b), b, &o, err, sizeof(err)), CLI_OK);
	assert_int_equal(o.addr, htonl(INADDR_LOOPBACK));
	assert_int_equal(o.port, 9);
	assert_int_equal(o.count, 16);
	assert_int_equal(o.interval_ms, 0);
	assert_string_equal(o.kmsg, "/tmp/k");
}

/* --- every tool: --help and -h --- */

static const struct tool_def *const all_tools[] = {
	&writer_tool, &verify_tool, &memhog_tool, &reconnect_tool, &swapfill_tool,
	&tracepump_tool, &slabfill_tool, &anchor_tool,
};

static void test_help(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(all_tools) / sizeof(all_tools[0]); i++) {
		const struct tool_def *t = all_tools[i];
		const char *words[] = { "--help", "-h" };

		for (size_t w = 0; w < 2; w++) {
			char *argv[] = { (char *)t->name, (char *)words[w], NULL };

			assert_non_null(t->usage);
			assert_true(t->opts_size <= sizeof(any_opts));
			assert_int_equal(cli_parse(t, 2, argv, &any_opts, err, sizeof(err)),
					 CLI_HELP);
		}
	}
}

/* --- bad input: the cases are data, tests/data/bad_options.txt --- */

static const struct tool_def *tool_named(const char *word)
{
	for (size_t i = 0; i < sizeof(all_tools) / sizeof(all_tools[0]); i++)
		if (!strcmp(all_tools[i]->name + strlen("nfstb-"), word))
			return all_tools[i];
	fail_msg("bad_options.txt names no tool '%s'", word);
	return NULL;
}

/* Splits one case's command line into argv; "''" is an empty word. */
static int split_words(char *line, char **argv, int max)
{
	char *save = NULL;
	int argc = 0;

	for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		assert_true(argc < max - 1);
		argv[argc++] = strcmp(w, "''") ? w : "";
	}
	argv[argc] = NULL;
	return argc;
}

static void test_bad(void **state)
{
	char *text = read_golden("bad_options.txt"), *save = NULL, *line;
	int cases = 0;

	(void)state;
	while ((line = strtok_r(cases ? NULL : text, "\n", &save))) {
		char *msg = strtok_r(NULL, "\n", &save), *argv[16];
		int argc = split_words(line, argv, 16);

		assert_non_null(msg);
		err[0] = '\0';
		assert_int_equal(cli_parse(tool_named(argv[0]), argc, argv, &any_opts, err,
					   sizeof(err)), CLI_ERROR);
		assert_string_equal(err, msg);
		cases++;
	}
	assert_int_equal(cases, 70);
	free(text);
}

TEST_MAIN("options",
	  cmocka_unit_test(test_size_suffixes), cmocka_unit_test(test_fraction),
	  cmocka_unit_test(test_writer_good),
	  cmocka_unit_test(test_writer_defaults),
	  cmocka_unit_test(test_writer_retry_hold_file),
	  cmocka_unit_test(test_verify_good), cmocka_unit_test(test_memhog_good),
	  cmocka_unit_test(test_reconnect_good),
	  cmocka_unit_test(test_swapfill_good), cmocka_unit_test(test_anchor_good),
	  cmocka_unit_test(test_help),
	  cmocka_unit_test(test_bad))
