/* Option parsing of every tool: good inputs fill the struct, --help and -h
 * give CLI_HELP, bad inputs give CLI_ERROR with the expected one-line
 * message. The bad inputs are one table, as the tools are. */
#include "test_util.h"

#include <limits.h>

#include "memhog_opts.h"
#include "parse_num.h"
#include "reconnect_opts.h"
#include "swapfill_opts.h"
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

static void test_size_suffixes(void **state)
{
	uint64_t v;

	(void)state;
	assert_true(parse_size_bytes("4096", &v));
	assert_int_equal(v, 4096);
	assert_true(parse_size_bytes("4K", &v));
	assert_int_equal(v, 4096);
	assert_true(parse_size_bytes("64M", &v));
	assert_int_equal(v, 64ULL << 20);
	assert_true(parse_size_bytes("2g", &v));
	assert_int_equal(v, 2ULL << 30);
	assert_false(parse_size_bytes("0", &v));
	assert_false(parse_size_bytes("-1", &v));
	assert_false(parse_size_bytes("", &v));
	assert_false(parse_size_bytes("12T", &v));
	assert_false(parse_size_bytes("1MB", &v));
	assert_false(parse_size_bytes(" 1", &v));
	assert_false(parse_size_bytes("99999999999999999999", &v));
	assert_false(parse_size_bytes("17179869184G", &v)); /* 2^64 bytes */
}

static void test_fraction(void **state)
{
	double f;

	(void)state;
	assert_true(parse_fraction("0.10", &f));
	assert_true(f > 0.0999 && f < 0.1001);
	assert_true(parse_fraction(".5", &f));
	assert_false(parse_fraction("0", &f));
	assert_false(parse_fraction("1", &f));
	assert_false(parse_fraction("1.5", &f));
	assert_false(parse_fraction("-0.1", &f));
	assert_false(parse_fraction("0.1x", &f));
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
	assert_int_equal(o.timeout_s, 600);
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

/* --- every tool: --help and -h --- */

static const struct tool_def *const all_tools[] = {
	&writer_tool, &verify_tool, &memhog_tool, &reconnect_tool, &swapfill_tool,
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

/* --- bad input: one row per case, the tool and its expected line --- */

struct bad_case {
	const struct tool_def *tool;
	char **argv;
	const char *msg;
};

static const struct bad_case bad_cases[] = {
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "4", "--size", "64Q", "--seed", "1"),
	  "--size must be a positive number of bytes, e.g. 64M" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "4", "--size", "0", "--seed", "1"),
	  "--size must be a positive number of bytes, e.g. 64M" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "0", "--size", "1M", "--seed", "1"),
	  "--files must be a number from 1 to 4096, e.g. 4" },
	{ &writer_tool, ARGV("w", "--files", "4", "--size", "1M", "--seed", "1"),
	  "--dir DIR is required (the NFS-mounted directory to write into)" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--size", "1M", "--seed", "1"),
	  "--files N is required (see --help)" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "2", "--seed", "1"),
	  "--size SIZE is required (see --help)" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "2", "--size", "1M"),
	  "--seed S is required (see --help)" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "2", "--size", "1M", "--seed", "x"),
	  "--seed must be an unsigned 64-bit number, e.g. 42 or 0x2a" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "2", "--size", "1M", "--seed", "1", "--timeout", "0"),
	  "--timeout must be a number of seconds from 1 to 86400, e.g. 600" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--frobnicate"),
	  "unknown option '--frobnicate' (see --help)" },
	{ &writer_tool, ARGV("w", "-x"),
	  "unknown option '-x' (see --help)" },
	{ &writer_tool, ARGV("w", "--help=yes"),
	  "unknown option '--help=yes' (see --help)" },
	{ &writer_tool, ARGV("w", "--dir"),
	  "option '--dir' needs a value (see --help)" },
	{ &writer_tool, ARGV("w", "--dir", "d", "--files", "2", "--size", "1M", "--seed", "1", "extra"),
	  "unexpected argument 'extra' (see --help)" },
	{ &verify_tool, ARGV("v", "--manifest", "/tmp/m"),
	  "--dir DIR is required (the directory holding the data files)" },
	{ &verify_tool, ARGV("v", "--dir", "d", "--size", "1"),
	  "unknown option '--size' (see --help)" },
	{ &memhog_tool, ARGV("m", "--available", "64", "--fraction", "0.1"),
	  "--available and --fraction are mutually exclusive: give one target" },
	{ &memhog_tool, ARGV("m", "--hold-file", "/tmp/h"),
	  "a target is required: --available MB or --fraction F" },
	{ &memhog_tool, ARGV("m", "--fraction", "1.5"),
	  "--fraction must be a number between 0 and 1 (exclusive), e.g. 0.10" },
	{ &memhog_tool, ARGV("m", "--available", "0"),
	  "--available must be a positive number of MiB, e.g. 64" },
	{ &memhog_tool, ARGV("m", "--available", "64", "--chunk", "0"),
	  "--chunk must be a number of MiB from 1 to 1024, e.g. 4" },
	{ &memhog_tool, ARGV("m", "--available", "64", "--swap"),
	  "unknown option '--swap' (see --help)" },
	{ &reconnect_tool, ARGV("r", "--method", "sysfs"),
	  "--port PORT is required (the NFS server port, e.g. 2049)" },
	{ &reconnect_tool, ARGV("r", "--port", "70000"),
	  "--port must be a port number from 1 to 65535, e.g. 2049" },
	{ &reconnect_tool, ARGV("r", "--port", "2049", "--method", "ss"),
	  "--method must be sysfs or sockdiag, got 'ss'" },
	{ &reconnect_tool, ARGV("r", "--port", "2049", "--proto", "rdma"),
	  "--proto must be tcp or udp, got 'rdma'" },
	{ &reconnect_tool, ARGV("r", "--port", "2049", "--method", "sockdiag", "--proto", "udp"),
	  "--method sockdiag supports only --proto tcp" },
	{ &swapfill_tool, ARGV("s", "--seed", "1"),
	  "--size MB is required (see --help)" },
	{ &swapfill_tool, ARGV("s", "--size", "64"),
	  "--seed S is required (see --help)" },
	{ &swapfill_tool, ARGV("s", "--size", "0", "--seed", "1"),
	  "--size must be a number of MiB from 1 to 1048576, e.g. 640" },
	{ &swapfill_tool, ARGV("s", "--size", "64M", "--seed", "1"),
	  "--size must be a number of MiB from 1 to 1048576, e.g. 640" },
	{ &swapfill_tool, ARGV("s", "--size", "-1", "--seed", "1"),
	  "--size must be a number of MiB from 1 to 1048576, e.g. 640" },
	{ &swapfill_tool, ARGV("s", "--size", "1048577", "--seed", "1"),
	  "--size must be a number of MiB from 1 to 1048576, e.g. 640" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "x"),
	  "--seed must be an unsigned 64-bit number, e.g. 42 or 0x2a" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "--timeout", "0"),
	  "--timeout must be a number of seconds from 1 to 86400, e.g. 600" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "--passes", "0"),
	  "--passes must be a number from 1 to 1000, e.g. 1" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "--passes", "1001"),
	  "--passes must be a number from 1 to 1000, e.g. 1" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "--hold-file", ""),
	  "--hold-file must not be empty" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "--hold-file"),
	  "option '--hold-file' needs a value (see --help)" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "--chunk", "4"),
	  "unknown option '--chunk' (see --help)" },
	{ &swapfill_tool, ARGV("s", "--size", "64", "--seed", "1", "extra"),
	  "unexpected argument 'extra' (see --help)" },
};

static void test_bad(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];

		err[0] = '\0';
		assert_int_equal(cli_parse(c->tool, ARGC(c->argv), c->argv, &any_opts, err,
					   sizeof(err)), CLI_ERROR);
		assert_string_equal(err, c->msg);
	}
}

TEST_MAIN("options",
	  cmocka_unit_test(test_size_suffixes), cmocka_unit_test(test_fraction),
	  cmocka_unit_test(test_writer_good),
	  cmocka_unit_test(test_writer_defaults),
	  cmocka_unit_test(test_verify_good), cmocka_unit_test(test_memhog_good),
	  cmocka_unit_test(test_reconnect_good),
	  cmocka_unit_test(test_swapfill_good), cmocka_unit_test(test_help),
	  cmocka_unit_test(test_bad))
