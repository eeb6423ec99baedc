/* nfstb-swapfill: the page-by-page fill and check against the pattern
 * unit, and small runs of the whole tool on the host (no swap needed: the
 * region simply stays resident), through the supervised child. */
#include "test_util.h"

#include <inttypes.h>
#include <unistd.h>

#include "path_join.h"
#include "pattern.h"
#include "swapfill.h"

#define SEED 0x5eedULL

struct run {
	int rc;
	char *out, *err;
};

static struct run run_swapfill(const struct swapfill_opts *o)
{
	struct run r = { 0 };
	size_t out_len = 0, err_len = 0;
	FILE *out = open_memstream(&r.out, &out_len);
	FILE *err = open_memstream(&r.err, &err_len);

	assert_non_null(out);
	assert_non_null(err);
	r.rc = swapfill_run(o, out, err);
	fclose(out);
	fclose(err);
	return r;
}

static void free_run(struct run *r)
{
	free(r->out);
	free(r->err);
}

/* Parses one "verified" line; returns the text after it. */
static const char *expect_verified(const char *line, uint64_t mb, uint64_t pass)
{
	uint64_t got_mb, in, out, ms, d_out, d_in, got_pass;
	int n = -1;

	assert_int_equal(sscanf(line, "nfstb-swapfill: verified mb=%" SCNu64 " ok=1 pswpin=%" SCNu64
				" pswpout=%" SCNu64 " elapsed_ms=%" SCNu64
				" swapped_out_pages=%" SCNu64 " swapped_in_pages=%" SCNu64
				" pass=%" SCNu64 "\n%n",
				&got_mb, &in, &out, &ms, &d_out, &d_in, &got_pass, &n), 7);
	assert_true(n > 0);
	assert_int_equal(got_mb, mb);
	assert_int_equal(got_pass, pass);
	/* Deltas since start can never exceed the counters since boot. */
	assert_true(d_out <= out);
	assert_true(d_in <= in);
	return line + n;
}

static const char *expect_ready(const char *line, uint64_t mb)
{
	uint64_t got_mb, in, out;
	int n = -1;

	assert_int_equal(sscanf(line, "nfstb-swapfill: ready mb=%" SCNu64 " pswpin=%" SCNu64
				" pswpout=%" SCNu64 "\n%n", &got_mb, &in, &out, &n), 3);
	assert_true(n > 0);
	assert_int_equal(got_mb, mb);
	return line + n;
}

static void count_progress(uint64_t done_mb, void *ctx)
{
	uint64_t *calls = ctx;

	calls[0]++;
	calls[1] = done_mb;
}

static void test_fill_matches_pattern_unit(void **state)
{
	const uint64_t bytes = 3 << 20;
	uint8_t *buf = malloc(bytes), *ref = malloc(bytes);
	struct pattern_mismatch bad;
	uint64_t calls[2] = { 0, 0 };

	(void)state;
	assert_non_null(buf);
	assert_non_null(ref);
	memset(buf, 0, bytes);
	swapfill_fill(buf, bytes, SEED, count_progress, calls);
	/* The region is "file" 0 of seed S, as nfstb-writer would write it. */
	pattern_fill(ref, bytes, SEED, 0, 0);
	assert_memory_equal(buf, ref, bytes);
	assert_true(swapfill_check(buf, bytes, SEED, &bad, count_progress, calls));
	/* Less than SWAPFILL_REPORT_MB: no progress calls. */
	assert_int_equal(calls[0], 0);
	/* A different seed is a mismatch at offset 0. */
	assert_false(swapfill_check(buf, bytes, SEED + 1, &bad, NULL, NULL));
	assert_int_equal(bad.offset, 0);
	free(buf);
	free(ref);
}

static void test_check_finds_corruption(void **state)
{
	const uint64_t bytes = 2 << 20, where = (1 << 20) + 4097;
	uint8_t *buf = malloc(bytes);
	struct pattern_mismatch bad;

	(void)state;
	assert_non_null(buf);
	swapfill_fill(buf, bytes, SEED, NULL, NULL);
	buf[where] ^= 0x5a;
	assert_false(swapfill_check(buf, bytes, SEED, &bad, NULL, NULL));
	assert_int_equal(bad.offset, where);
	assert_int_equal(bad.expected, pattern_byte(SEED, 0, where));
	assert_int_equal(bad.got, pattern_byte(SEED, 0, where) ^ 0x5a);
	free(buf);
}

static void test_progress_every_64mb(void **state)
{
	const uint64_t bytes = 129ULL << 20;
	uint8_t *buf = malloc(bytes);
	struct pattern_mismatch bad;
	uint64_t calls[2] = { 0, 0 };

	(void)state;
	assert_non_null(buf);
	swapfill_fill(buf, bytes, SEED, count_progress, calls);
	assert_int_equal(calls[0], 2);
	assert_int_equal(calls[1], 128);
	calls[0] = 0;
	assert_true(swapfill_check(buf, bytes, SEED, &bad, count_progress, calls));
	assert_int_equal(calls[0], 2);
	free(buf);
}

static void test_host_run_without_hold_file(void **state)
{
	struct swapfill_opts o = { .size_mb = 8, .seed = SEED, .timeout_s = 5,
				   .passes = 2 };
	struct run r = run_swapfill(&o);
	const char *p;

	(void)state;
	assert_int_equal(r.rc, 0);
	assert_string_equal(r.err, "");
	p = expect_ready(r.out, 8);
	p = expect_verified(p, 8, 1);
	p = expect_verified(p, 8, 2);
	assert_string_equal(p, "");
	free_run(&r);
}

static void test_host_run_filled_lines(void **state)
{
	struct swapfill_opts o = { .size_mb = 65, .seed = 1, .timeout_s = 5,
				   .passes = 1 };
	struct run r = run_swapfill(&o);
	uint64_t pswpout;
	int n = -1;
	const char *p;

	(void)state;
	assert_int_equal(r.rc, 0);
	assert_int_equal(sscanf(r.out, "nfstb-swapfill: filled mb=64 pswpout=%" SCNu64 "\n%n",
				&pswpout, &n), 1);
	assert_true(n > 0);
	p = expect_ready(r.out + n, 65);
	/* The check reports its progress every 64 MiB too. */
	n = -1;
	assert_int_equal(sscanf(p, "nfstb-swapfill: checked mb=64 pass=1\n%n", &n), 0);
	assert_true(n > 0);
	p = expect_verified(p + n, 65, 1);
	assert_string_equal(p, "");
	free_run(&r);
}

static void test_hold_file_timeout(void **state)
{
	struct swapfill_opts o = { .size_mb = 1, .seed = SEED, .timeout_s = 1,
				   .passes = 1, .hold_file = "/nonexistent/go" };
	struct run r = run_swapfill(&o);

	(void)state;
	/* Ready is printed, then the missing hold file times out: exit 1. */
	assert_int_equal(r.rc, 1);
	assert_string_equal(expect_ready(r.out, 1), "");
	assert_string_equal(r.err, "nfstb-swapfill: timed out after 1 s waiting for hold file "
				   "/nonexistent/go\n");
	free_run(&r);
}

static void test_hold_file_present(void **state)
{
	char *dir = make_temp_dir(), hold[1024];
	struct swapfill_opts o = { .size_mb = 1, .seed = SEED, .timeout_s = 5,
				   .passes = 1, .hold_file = hold };
	struct run r;
	FILE *f;

	(void)state;
	assert_true(path_join(hold, sizeof(hold), dir, "go"));
	f = fopen(hold, "w");
	assert_non_null(f);
	fclose(f);
	r = run_swapfill(&o);
	assert_int_equal(r.rc, 0);
	assert_string_equal(expect_verified(expect_ready(r.out, 1), 1, 1), "");
	free_run(&r);
	rm_tree(dir);
	free(dir);
}

TEST_MAIN("swapfill",
	  cmocka_unit_test(test_fill_matches_pattern_unit),
	  cmocka_unit_test(test_check_finds_corruption),
	  cmocka_unit_test(test_progress_every_64mb),
	  cmocka_unit_test(test_host_run_without_hold_file),
	  cmocka_unit_test(test_host_run_filled_lines),
	  cmocka_unit_test(test_hold_file_timeout),
	  cmocka_unit_test(test_hold_file_present))
