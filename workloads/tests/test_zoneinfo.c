/* /proc/zoneinfo's headroom (zoneinfo.c) against a real sample
 * (tests/data/zoneinfo.sample) and inline text. */
#include "test_util.h"

#include "zoneinfo.h"

static void test_golden_sample(void **state)
{
	char path[1024], err[160];
	struct zone_headroom h;

	(void)state;
	snprintf(path, sizeof(path), "%s/zoneinfo.sample", TEST_DATA_DIR);
	assert_int_equal(zoneinfo_read(path, &h, err, sizeof(err)), 0);
	/* DMA32 and Normal; DMA (free 3840, min 23, low 28) and the empty
	 * Movable (min 32, low 32) and Device are left out */
	assert_int_equal(h.zones, 2);
	assert_int_equal(h.free_pages, 772787 + 1085343);
	assert_int_equal(h.min_pages, 4760 + 12111);
	assert_int_equal(h.low_pages, 5950 + 15138);
	assert_false(zone_near_min(&h));
}

static const char guest_zones[] =
	"Node 0, zone      DMA\n"
	"  pages free     1000\n"
	"        managed  3976\n"
	"        boost    0\n"
	"        min      10\n"
	"        low      12\n"
	"Node 0, zone    DMA32\n"
	"  per-node stats\n"
	"      nr_inactive_anon 5\n"
	"  pages free     %d\n"
	"        boost    0\n"
	"        min      569\n"
	"        low      711\n"
	"        high     853\n"
	"        spanned  94206\n"
	"        present  94206\n"
	"        managed  89210\n"
	"        protection: (0, 0, 0, 0)\n"
	"Node 0, zone  Movable\n"
	"  pages free     0\n"
	"        min      32\n"
	"        low      32\n"
	"        managed  0\n";

static void test_near_min(void **state)
{
	char text[1024], err[160];
	struct zone_headroom h;

	(void)state;
	/* (569 + 711) / 2 = 640: at it is near, above it is not */
	snprintf(text, sizeof(text), guest_zones, 640);
	assert_int_equal(zoneinfo_parse(text, &h, err, sizeof(err)), 0);
	assert_int_equal(h.zones, 1);	/* DMA32 only */
	assert_int_equal(h.free_pages, 640);
	assert_true(zone_near_min(&h));
	snprintf(text, sizeof(text), guest_zones, 641);
	assert_int_equal(zoneinfo_parse(text, &h, err, sizeof(err)), 0);
	assert_false(zone_near_min(&h));
}

static void test_errors(void **state)
{
	char err[160];
	struct zone_headroom h;

	(void)state;
	/* only DMA, or a zone without its low line, or not zoneinfo at all */
	assert_int_equal(zoneinfo_parse("Node 0, zone DMA\n  pages free 5\n min 1\n low 2\n",
					&h, err, sizeof(err)), -1);
	assert_string_equal(err,
		"zoneinfo has no zone besides DMA with pages managed and 'pages free', 'min' and 'low' lines");
	assert_int_equal(zoneinfo_parse("Node 0, zone DMA32\n  pages free 5\n min 1\n managed 9\n",
					&h, err, sizeof(err)), -1);
	assert_int_equal(zoneinfo_parse("MemTotal: 1 kB\n", &h, err, sizeof(err)), -1);
	assert_int_equal(zoneinfo_read("/nonexistent/zoneinfo", &h, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open /nonexistent/zoneinfo"));
	/* The live file of whatever kernel runs the tests. */
	assert_int_equal(zoneinfo_read("/proc/zoneinfo", &h, err, sizeof(err)), 0);
}

TEST_MAIN("zoneinfo", cmocka_unit_test(test_golden_sample),
	  cmocka_unit_test(test_near_min), cmocka_unit_test(test_errors))
