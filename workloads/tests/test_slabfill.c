/* nfstb-slabfill against a fake /sys/kernel/slab: its counts are files
 * that do not move, so the loop's two ends can be pinned (full at once;
 * --max reached first), with real sockets opened in between. */
#include "test_util.h"

#include <sys/stat.h>
#include <unistd.h>

#include "slabfill.h"

struct fake_slab {
	char root[64], cache[96], hold[96];
};

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	static struct fake_slab f;

	snprintf(f.root, sizeof(f.root), "/tmp/nfstb-slabfill.XXXXXX");
	assert_non_null(mkdtemp(f.root));
	snprintf(f.cache, sizeof(f.cache), "%s/UDP", f.root);
	assert_int_equal(mkdir(f.cache, 0755), 0);
	snprintf(f.hold, sizeof(f.hold), "%s/go", f.root);
	put(f.root, "go", "");	/* released at once */
	put(f.cache, "shrink", "");
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fake_slab *f = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->root);
	assert_int_equal(system(cmd), 0);
	return 0;
}

static int run(struct fake_slab *f, uint64_t max, char **out)
{
	struct slabfill_opts o = { .proto = "udp", .cache = "UDP",
				   .slab_dir = f->root, .hold_file = f->hold,
				   .timeout_s = 1, .max = max, .settle_ms = 40 };
	size_t len = 0;
	FILE *mem = open_memstream(out, &len);
	int rc;

	rc = slabfill_run(&o, mem, stderr);
	fclose(mem);
	return rc;
}

static void test_attr_number(void **state)
{
	uint64_t v;

	(void)state;
	assert_true(slab_attr_number("12 N0=12\n", &v));
	assert_int_equal(v, 12);
	assert_true(slab_attr_number("0\n", &v));
	assert_int_equal(v, 0);
	assert_false(slab_attr_number("N0=12\n", &v));
	assert_false(slab_attr_number("12x\n", &v));
	assert_false(slab_attr_number("", &v));
}

/* Already full after the shrink: no socket, exit 0; the shrink was asked. */
static void test_full_at_once(void **state)
{
	struct fake_slab *f = *state;
	char *out = NULL;

	put(f->cache, "objects", "30 N0=30\n");
	put(f->cache, "total_objects", "30 N0=30\n");
	assert_int_equal(run(f, 8, &out), 0);
	assert_string_equal(out,
		"nfstb-slabfill: cache=UDP proto=udp sockets=0 objects=30 total_objects=30 full=1\n");
	free(out);
}

/* Free objects that never get used up (the fake does not move): --max
 * sockets, then exit 3 with full=0. */
static void test_max_first(void **state)
{
	struct fake_slab *f = *state;
	char *out = NULL;

	put(f->cache, "objects", "28 N0=28\n");
	put(f->cache, "total_objects", "30 N0=30\n");
	assert_int_equal(run(f, 3, &out), 3);
	assert_string_equal(out,
		"nfstb-slabfill: cache=UDP proto=udp sockets=3 objects=28 total_objects=30 full=0\n");
	free(out);
}

/* A cache without counts (no CONFIG_SLUB_DEBUG): one line, exit 1. */
static void test_no_counts(void **state)
{
	struct fake_slab *f = *state;
	char *out = NULL;

	assert_int_equal(run(f, 3, &out), 1);
	assert_string_equal(out, "");
	free(out);
}

TEST_MAIN("slabfill",
	  cmocka_unit_test(test_attr_number),
	  cmocka_unit_test_setup_teardown(test_full_at_once, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_max_first, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_no_counts, setup, teardown))
