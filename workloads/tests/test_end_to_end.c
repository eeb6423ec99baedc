/* nfstb-writer then nfstb-verify in a temporary directory on the host's
 * local filesystem (sync_file_range and fadvise work there too), including
 * corruption, truncation and a missing file, which verify must catch. */
#include "test_util.h"

#include <fcntl.h>
#include <unistd.h>

#include "path_join.h"
#include "pattern.h"
#include "verify.h"
#include "writer.h"

#define FILES 3
#define SIZE ((1u << 20) + 12345) /* not a multiple of the 1 MiB chunk */
#define SEED 0x5eedULL

struct fixture {
	char *dir;
	struct verify_opts vopts;
};

/*
 * Runs nfstb-verify over the fixture: it must exit @rc, print exactly
 * @exact (unless NULL) and print each of the lines after it somewhere.
 */
#define expect_verify(fx, rc, ...) \
	expect_verify_((fx), (rc), __VA_ARGS__, (const char *)NULL)
static void expect_verify_(struct fixture *fx, int rc, const char *exact, ...)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	const char *line;
	va_list ap;

	assert_int_equal(verify_run(&fx->vopts, f), rc);
	fclose(f);
	if (exact)
		assert_string_equal(out, exact);
	va_start(ap, exact);
	while ((line = va_arg(ap, const char *)))
		assert_non_null(strstr(out, line));
	va_end(ap);
	free(out);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct writer_opts wo = { .files = FILES, .size = SIZE, .seed = SEED,
				  .timeout_s = 5 };
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	fx->dir = make_temp_dir();
	wo.dir = fx->dir;
	f = open_memstream(&out, &len);
	assert_int_equal(writer_run(&wo, f), 0);
	fclose(f);
	assert_non_null(strstr(out, "nfstb-writer: ready files=3 bytes=3182763 unstable=1\n"));
	assert_non_null(strstr(out, "nfstb-writer: committed files=3 bytes=3182763 elapsed_ms="));
	free(out);
	fx->vopts.dir = fx->dir;
	assert_true(path_join(fx->vopts.manifest, sizeof(fx->vopts.manifest),
			      fx->dir, "nfstb-manifest"));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	rm_tree(fx->dir);
	free(fx->dir);
	free(fx);
	return 0;
}

static void data_path(struct fixture *fx, int i, char *buf, size_t len)
{
	char name[32];

	snprintf(name, sizeof(name), "nfstb-data.%d", i);
	assert_true(path_join(buf, len, fx->dir, name));
}

static void test_intact_files_verify(void **state)
{
	expect_verify(*state, 0,
		"nfstb-verify: ok file=nfstb-data.0 bytes=1060921\n"
		"nfstb-verify: ok file=nfstb-data.1 bytes=1060921\n"
		"nfstb-verify: ok file=nfstb-data.2 bytes=1060921\n"
		"nfstb-verify: summary files=3 ok=3 failed=0 bytes=3182763 manifest=complete\n");
}

static void test_manifest_contents(void **state)
{
	struct fixture *fx = *state;

	assert_string_equal(slurp(fx->vopts.manifest), "nfstb-data.0 1060921 24301 0\n"
				  "nfstb-data.1 1060921 24301 1\n"
				  "nfstb-data.2 1060921 24301 2\n"
				  "end entries=3\n");
}

static void test_corruption_found_at_offset(void **state)
{
	struct fixture *fx = *state;
	const off_t where = (1 << 20) + 7; /* in the second read chunk */
	uint8_t want = pattern_byte(SEED, 1, (uint64_t)where), bad = want ^ 0xff;
	char path[1024], line[160];
	int fd;

	data_path(fx, 1, path, sizeof(path));
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, &bad, 1, where), 1);
	close(fd);
	snprintf(line, sizeof(line),
		 "nfstb-verify: FAIL file=nfstb-data.1 offset=1048583 expected=0x%02x got=0x%02x\n",
		 want, bad);
	expect_verify(fx, 1, NULL, line,
		      "nfstb-verify: summary files=3 ok=2 failed=1 bytes=2121842 manifest=complete\n");
}

static void test_short_and_missing(void **state)
{
	struct fixture *fx = *state;
	char path[1024];

	data_path(fx, 0, path, sizeof(path));
	assert_int_equal(truncate(path, 4096), 0);
	data_path(fx, 2, path, sizeof(path));
	assert_int_equal(unlink(path), 0);
	expect_verify(fx, 1,
		"nfstb-verify: FAIL file=nfstb-data.0 short size=4096\n"
		"nfstb-verify: ok file=nfstb-data.1 bytes=1060921\n"
		"nfstb-verify: FAIL file=nfstb-data.2 missing\n"
		"nfstb-verify: summary files=3 ok=1 failed=2 bytes=1060921 manifest=complete\n");
}

static void test_hold_file_timeout(void **state)
{
	struct fixture *fx = *state;
	struct writer_opts wo = { .dir = fx->dir, .files = 1, .size = 4096,
				  .seed = 1, .hold_file = "/nonexistent/go",
				  .timeout_s = 1 };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	/* Ready is printed, then the missing hold file times out: exit 1. */
	assert_int_equal(writer_run(&wo, f), 1);
	fclose(f);
	assert_string_equal(out, "nfstb-writer: ready files=1 bytes=4096 unstable=1\n");
	free(out);
}

static void test_hold_file_present(void **state)
{
	struct fixture *fx = *state;
	char hold[1024];
	struct writer_opts wo = { .dir = fx->dir, .files = 2, .size = 100,
				  .seed = 1, .hold_file = hold, .timeout_s = 5 };
	FILE *f;

	assert_true(path_join(hold, sizeof(hold), fx->dir, "go"));
	f = fopen(hold, "w");
	fclose(f);
	f = fopen("/dev/null", "w");
	assert_int_equal(writer_run(&wo, f), 0);
	fclose(f);
}

/* With --retry-hold-file and no failed fsync, nothing is written again
 * (a failed fsync needs NFS; the lab's connect-error scenarios run it). */
static void test_retry_hold_file_unused(void **state)
{
	struct fixture *fx = *state;
	struct writer_opts wo = { .dir = fx->dir, .files = 2, .size = 100,
				  .seed = 1, .retry_hold_file = "/nonexistent/r",
				  .timeout_s = 1 };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_int_equal(writer_run(&wo, f), 0);
	fclose(f);
	assert_non_null(strstr(out, " retried=0\n"));
	assert_null(strstr(out, "fsync-error"));
	free(out);
}

/* A manifest cut at a line boundary: the two files it still names verify,
 * but the verifier says the manifest is truncated and fails. */
static void test_cut_manifest_noticed(void **state)
{
	struct fixture *fx = *state;
	FILE *f = fopen(fx->vopts.manifest, "w");

	assert_non_null(f);
	fputs("nfstb-data.0 1060921 24301 0\nnfstb-data.1 1060921 24301 1\n", f);
	fclose(f);
	expect_verify(fx, 1, NULL,
		      "nfstb-verify: FAIL manifest=truncated entries=2 expected=unknown\n",
		      "nfstb-verify: summary files=2 ok=2 failed=0 bytes=2121842 manifest=truncated\n");
}

/* Every test runs in a fresh fixture directory. */
#define E2E_TEST(t) cmocka_unit_test_setup_teardown(t, setup, teardown)

TEST_MAIN("end_to_end",
	  E2E_TEST(test_intact_files_verify),
	  E2E_TEST(test_manifest_contents),
	  E2E_TEST(test_corruption_found_at_offset),
	  E2E_TEST(test_short_and_missing),
	  E2E_TEST(test_retry_hold_file_unused),
	  E2E_TEST(test_cut_manifest_noticed),
	  E2E_TEST(test_hold_file_timeout),
	  E2E_TEST(test_hold_file_present))
