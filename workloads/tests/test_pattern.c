/* The data pattern: a pure function, fill and check agree at any offset
 * and alignment, and a single corrupted byte is found where it is. */
#include "test_util.h"

#include "pattern.h"

static void test_pure_function(void **state)
{
	(void)state;
	/* Same inputs, same byte; different file index or seed, different
	 * words (so misplaced data is detected). */
	assert_int_equal(pattern_word(42, 3, 1000), pattern_word(42, 3, 1000));
	assert_true(pattern_word(42, 3, 1000) != pattern_word(42, 4, 1000));
	assert_true(pattern_word(42, 3, 1000) != pattern_word(43, 3, 1000));
	assert_true(pattern_word(42, 3, 1000) != pattern_word(42, 3, 1001));
	/* Little-endian layout of word k at bytes 8k..8k+7. */
	uint64_t w = pattern_word(7, 1, 5);

	for (int b = 0; b < 8; b++)
		assert_int_equal(pattern_byte(7, 1, 40 + b), (uint8_t)(w >> (8 * b)));
}

static void test_known_value(void **state)
{
	(void)state;
	/* splitmix64(0): the first output of the reference generator seeded
	 * with 0. Pins the format so writer and verifier builds stay
	 * compatible. */
	assert_int_equal(pattern_word(0, 0, 0), 0xe220a8397b1dcdafULL);
}

static void test_fill_matches_bytes_unaligned(void **state)
{
	uint8_t buf[123];

	(void)state;
	for (uint64_t off = 0; off < 17; off++) {
		pattern_fill(buf, sizeof(buf), 99, 2, off);
		for (size_t i = 0; i < sizeof(buf); i++)
			assert_int_equal(buf[i], pattern_byte(99, 2, off + i));
	}
}

static void test_check_accepts_fill(void **state)
{
	static uint8_t buf[1 << 16];
	struct pattern_mismatch bad;

	(void)state;
	pattern_fill(buf, sizeof(buf), 1, 0, 4096);
	assert_true(pattern_check(buf, sizeof(buf), 1, 0, 4096, &bad));
	/* A chunk filled for another offset or file fails at its first byte. */
	assert_false(pattern_check(buf, sizeof(buf), 1, 1, 4096, &bad));
	assert_false(pattern_check(buf, sizeof(buf), 1, 0, 0, &bad));
	assert_int_equal(bad.offset, 0);
}

static void test_check_finds_corrupted_byte(void **state)
{
	static uint8_t buf[10000];
	struct pattern_mismatch bad;
	const size_t spots[] = { 0, 1, 7, 8, 4095, 5003, 9999 };

	(void)state;
	for (size_t s = 0; s < sizeof(spots) / sizeof(spots[0]); s++) {
		size_t at = spots[s];

		pattern_fill(buf, sizeof(buf), 5, 9, 1000003);
		buf[at] ^= 0x40;
		assert_false(pattern_check(buf, sizeof(buf), 5, 9, 1000003, &bad));
		assert_int_equal(bad.offset, 1000003 + at);
		assert_int_equal(bad.expected, pattern_byte(5, 9, 1000003 + at));
		assert_int_equal(bad.got, bad.expected ^ 0x40);
	}
}

static void test_first_of_two_mismatches(void **state)
{
	uint8_t buf[64];
	struct pattern_mismatch bad;

	(void)state;
	pattern_fill(buf, sizeof(buf), 0, 0, 0);
	buf[50] ^= 1;
	buf[20] ^= 1;
	assert_false(pattern_check(buf, sizeof(buf), 0, 0, 0, &bad));
	assert_int_equal(bad.offset, 20);
}

TEST_MAIN("pattern",
	  cmocka_unit_test(test_pure_function),
	  cmocka_unit_test(test_known_value),
	  cmocka_unit_test(test_fill_matches_bytes_unaligned),
	  cmocka_unit_test(test_check_accepts_fill),
	  cmocka_unit_test(test_check_finds_corrupted_byte),
	  cmocka_unit_test(test_first_of_two_mismatches))
