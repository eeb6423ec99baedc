/* nfstb-slabfill against a fake /sys/kernel/slab: its counts are files
 * that do not move, so the loop's two ends can be pinned (full at once;
 * --max reached first), with real sockets opened in between. */
#include "test_util.h"

#include <limits.h>
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

/*
 * The fake cache counts @objects of @total_objects (the files' text; NULL:
 * no such files); slabfill with --max @max must exit @rc and print exactly
 * @want.
 */
static void expect_fill(struct fake_slab *f, const char *objects,
			const char *total_objects, uint64_t max, int rc,
			const char *want)
{
	struct slabfill_opts o = { .proto = "udp", .cache = "UDP",
				   .slab_dir = f->root, .hold_file = f->hold,
				   .timeout_s = 1, .max = max, .settle_ms = 40 };
	char *out = NULL;
	size_t len = 0;
	FILE *mem;

	if (objects)
		put(f->cache, "objects", objects);
	if (total_objects)
		put(f->cache, "total_objects", total_objects);
	mem = open_memstream(&out, &len);
	assert_int_equal(slabfill_run(&o, mem, stderr), rc);
	fclose(mem);
	assert_string_equal(out, want);
	free(out);
}

/* The first number of a count file; "N0=12" alone, or junk after it, is none. */
static void test_attr_number(void **state)
{
	static const struct {
		const char *text;
		bool ok;
		uint64_t value;	/* when ok */
	} cases[] = {
		{ "12 N0=12\n", true, 12 }, { "0\n", true, 0 },
		{ "N0=12\n", false, 0 }, { "12x\n", false, 0 }, { "", false, 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t v = UINT64_MAX;

		assert_int_equal(slab_attr_number(cases[i].text, &v), cases[i].ok);
		if (cases[i].ok)
			assert_int_equal(v, cases[i].value);
	}
}

/* Already full after the shrink: no socket, exit 0; the shrink was asked. */
static void test_full_at_once(void **state)
{
	expect_fill(*state, "30 N0=30\n", "30 N0=30\n", 8, 0,
		    "nfstb-slabfill: cache=UDP proto=udp sockets=0 objects=30 total_objects=30 full=1\n");
}

/* Free objects that never get used up (the fake does not move): --max
 * sockets, then exit 3 with full=0. */
static void test_max_first(void **state)
{
	expect_fill(*state, "28 N0=28\n", "30 N0=30\n", 3, 3,
		    "nfstb-slabfill: cache=UDP proto=udp sockets=3 objects=28 total_objects=30 full=0\n");
}

/* A cache without counts (no CONFIG_SLUB_DEBUG): one line, exit 1. */
static void test_no_counts(void **state)
{
	expect_fill(*state, NULL, NULL, 3, 1, "");
}

/* --min-free-kbytes: written once full, old and new value on the line;
 * once not full it is not written; an unreadable file is one error. */
static void test_min_free_band(void **state)
{
	struct fake_slab *f = *state;
	struct slabfill_opts o = { .proto = "udp", .cache = "UDP",
				   .slab_dir = f->root, .hold_file = f->hold,
				   .timeout_s = 1, .max = 2, .settle_ms = 40,
				   .min_free_kbytes = 27976 };
	char path[PATH_MAX], text[32] = "", *out = NULL;
	size_t len = 0;
	FILE *mem, *in;

	snprintf(path, sizeof(path), "%s/min_free_kbytes", f->root);
	o.min_free_path = path;
	put(f->root, "min_free_kbytes", "2370\n");
	put(f->cache, "objects", "30 N0=30\n");
	put(f->cache, "total_objects", "30 N0=30\n");
	mem = open_memstream(&out, &len);
	assert_int_equal(slabfill_run(&o, mem, stderr), 0);
	fclose(mem);
	assert_string_equal(out, "nfstb-slabfill: cache=UDP proto=udp sockets=0 objects=30 "
			    "total_objects=30 full=1 min_free_kbytes=2370->27976\n");
	free(out);
	in = fopen(path, "r");
	assert_non_null(in);
	assert_non_null(fgets(text, sizeof(text), in));
	fclose(in);
	assert_string_equal(text, "27976\n");
	/* not full: the band stays */
	put(f->root, "min_free_kbytes", "2370\n");
	put(f->cache, "objects", "28 N0=28\n");
	mem = open_memstream(&out, &len);
	assert_int_equal(slabfill_run(&o, mem, stderr), 3);
	fclose(mem);
	free(out);
	in = fopen(path, "r");
	assert_non_null(in);
	assert_non_null(fgets(text, sizeof(text), in));
	fclose(in);
	assert_string_equal(text, "2370\n");
	/* full, but no readable min_free_kbytes */
	put(f->cache, "objects", "30 N0=30\n");
	put(f->root, "min_free_kbytes", "junk\n");
	mem = open_memstream(&out, &len);
	assert_int_equal(slabfill_run(&o, mem, stderr), 1);
	fclose(mem);
	free(out);
}

TEST_MAIN("slabfill",
	  cmocka_unit_test(test_attr_number),
	  cmocka_unit_test_setup_teardown(test_full_at_once, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_max_first, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_no_counts, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_min_free_band, setup, teardown))
