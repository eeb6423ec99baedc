/* Manifest format/parse: golden file, round trip, rejected lines. */
#include "test_util.h"

#include "manifest.h"

static void test_golden(void **state)
{
	char path[1024], err[200];
	struct manifest m;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/manifest.sample", TEST_DATA_DIR);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(manifest_read(f, &m, err, sizeof(err)), 0);
	fclose(f);
	assert_int_equal(m.count, 3); /* the blank line is skipped */
	assert_true(m.complete);
	assert_string_equal(m.entries[0].name, "nfstb-data.0");
	assert_int_equal(m.entries[1].size, 33554432);
	assert_int_equal(m.entries[1].seed, 42);
	assert_int_equal(m.entries[1].file_index, 1);
	assert_int_equal(m.entries[2].seed, UINT64_MAX);
	manifest_free(&m);
}

static void test_round_trip(void **state)
{
	struct manifest_entry in[] = {
		{ "nfstb-data.0", 1, 0, 0 },
		{ "nfstb-data.17", 1ULL << 33, 0xdeadbeefcafeULL, 17 },
	};
	char *text = NULL, err[200];
	size_t len = 0;
	struct manifest m;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	for (size_t i = 0; i < 2; i++)
		assert_int_equal(manifest_format_entry(f, &in[i]), 0);
	assert_int_equal(manifest_format_trailer(f, 2), 0);
	fclose(f);
	assert_string_equal(text, "nfstb-data.0 1 0 0\n"
				  "nfstb-data.17 8589934592 244837814094590 17\n"
				  "end entries=2\n");
	f = fmemopen(text, len, "r");
	assert_int_equal(manifest_read(f, &m, err, sizeof(err)), 0);
	fclose(f);
	assert_int_equal(m.count, 2);
	assert_true(m.complete);
	for (size_t i = 0; i < 2; i++) {
		assert_string_equal(m.entries[i].name, in[i].name);
		assert_int_equal(m.entries[i].size, in[i].size);
		assert_int_equal(m.entries[i].seed, in[i].seed);
		assert_int_equal(m.entries[i].file_index, in[i].file_index);
	}
	manifest_free(&m);
	free(text);
}

static void expect_bad(const char *text, const char *msg)
{
	struct manifest m;
	char err[200];
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	assert_int_equal(manifest_read(f, &m, err, sizeof(err)), -1);
	fclose(f);
	assert_string_equal(err, msg);
}

static void test_bad_lines(void **state)
{
	(void)state;
	expect_bad("a 1 2 3\nb 1 2\n",
		   "line 2: expected '<name> <size> <seed> <file-index>', got 'b 1 2\n'");
	expect_bad("a 1 2 3 4\n",
		   "line 1: expected '<name> <size> <seed> <file-index>', got 'a 1 2 3 4\n'");
	expect_bad("../etc/passwd 1 2 3\n", "line 1: bad file name '../etc/passwd'");
	expect_bad("a -1 2 3\n",
		   "line 1: size, seed and file-index must be unsigned numbers, got 'a -1 2 3\n'");
	expect_bad("\n\n", "no entries");
	expect_bad("a 1 2 3\nend entries=x\n",
		   "line 2: expected 'end entries=<count>', got 'end entries=x\n'");
	expect_bad("a 1 2 3\nend entries=1\nb 1 2 3\n", "line 3: text after the end line");
}

/* A manifest cut at a line boundary still parses, but is not complete. */
static void expect_incomplete(const char *text, bool has_trailer)
{
	struct manifest m;
	char err[200];
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	assert_int_equal(manifest_read(f, &m, err, sizeof(err)), 0);
	fclose(f);
	assert_false(m.complete);
	assert_int_equal(m.has_trailer, has_trailer);
	manifest_free(&m);
}

static void test_cut_manifest(void **state)
{
	(void)state;
	expect_incomplete("a 1 2 0\nb 1 2 1\n", false);		/* trailer lost */
	expect_incomplete("a 1 2 0\nb 1 2 1\nend entries=4\n", true);	/* lines lost */
}

TEST_MAIN("manifest",
	  cmocka_unit_test(test_golden), cmocka_unit_test(test_round_trip),
	  cmocka_unit_test(test_bad_lines), cmocka_unit_test(test_cut_manifest))
