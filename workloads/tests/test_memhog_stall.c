/* When nfstb-memhog gives up because MemAvailable stopped dropping. */
#include "test_util.h"

#include "memhog_stall.h"

static void test_steady_drop_never_stalls(void **state)
{
	struct stall_detector sd;
	uint64_t avail = 1000 * 1024;

	(void)state;
	stall_init(&sd, avail, 4);
	assert_int_equal(sd.limit, 32); /* 128 MiB of 4 MiB chunks */
	for (int i = 0; i < 200; i++) {
		avail -= 4 * 1024;
		assert_false(stall_update(&sd, avail));
	}
}

/*
 * Starts @sd at 500 MiB available and feeds it that same reading one time
 * short of its limit: none of those may stall.
 */
static void flat_below_limit(struct stall_detector *sd, uint64_t chunk_mb)
{
	stall_init(sd, 500 * 1024, chunk_mb);
	for (unsigned i = 1; i < sd->limit; i++)
		assert_false(stall_update(sd, 500 * 1024));
}

static void test_flat_available_stalls_after_limit(void **state)
{
	struct stall_detector sd;

	(void)state;
	flat_below_limit(&sd, 4);
	assert_true(stall_update(&sd, 500 * 1024));
}

static void test_small_drops_do_not_count(void **state)
{
	struct stall_detector sd;
	uint64_t avail = 500 * 1024;

	(void)state;
	stall_init(&sd, avail, 64); /* big chunks: limit floors at 8 */
	assert_int_equal(sd.limit, 8);
	for (unsigned i = 1; i < sd.limit; i++)
		assert_false(stall_update(&sd, avail -= 1024)); /* < 16 MiB */
	assert_true(stall_update(&sd, avail -= 1024));
}

static void test_new_low_resets(void **state)
{
	struct stall_detector sd;

	(void)state;
	flat_below_limit(&sd, 16);
	assert_false(stall_update(&sd, 400 * 1024));
	assert_int_equal(sd.misses, 0);
	assert_int_equal(sd.best_kb, 400 * 1024);
}

TEST_MAIN("memhog_stall",
	  cmocka_unit_test(test_steady_drop_never_stalls),
	  cmocka_unit_test(test_flat_available_stalls_after_limit),
	  cmocka_unit_test(test_small_drops_do_not_count),
	  cmocka_unit_test(test_new_low_resets))
