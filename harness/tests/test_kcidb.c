// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-kcidb (src/views/kcidb*.c): the KCIDB status of each judgement,
 * the same mapping through results.c's own judging of a results
 * directory, the command line, and the golden document of a real results
 * directory (tests/data/kcidb/README.md).  The schema check is
 * tests/kcidb/check.py (make kcidb-check).
 */
#include "golden.h"
#include "kcidb.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define DATA NFSTB_TEST_DATA "/kcidb"
#define REAL DATA "/20261206-155937"
#define TOOL NFSTB_BIN_DIR "/nfstb-kcidb"

/* A row judged @j that got @verdict by @rule, expecting @expect ("-": none). */
static enum kcidb_status status(enum run_judgement j, const char *expect,
				const char *verdict, const char *rule)
{
	struct run_row r;
	char err[128];

	memset(&r, 0, sizeof(r));
	if (expect_parse(expect, strcmp(expect, "-") ? "95" : "-", &r.declared,
			 err, sizeof(err)) > 0)
		r.expect = &r.declared;
	r.judgement = j;
	r.has_record = j != RUN_NO_RECORD && j != RUN_MALFORMED;
	snprintf(r.rec.verdict, sizeof(r.rec.verdict), "%s", verdict);
	snprintf(r.rec.rule, sizeof(r.rec.rule), "%s", rule);
	return kcidb_status_of(&r);
}

static void test_status_mapping(void **state)
{
	(void)state;
	/* met: a fixed arm's PASS, a control arm's expected deadlock */
	assert_int_equal(status(RUN_OK, "PASS", "PASS", "e"), KCIDB_PASS);
	assert_int_equal(status(RUN_OK, "DEADLOCK(reclaim-commit-deadlock)",
				"DEADLOCK(reclaim-commit-deadlock)", "c"), KCIDB_PASS);
	assert_int_equal(status(RUN_OK, "LOCKDEP(reclaim-connect)",
				"LOCKDEP(reclaim-connect)", "l"), KCIDB_PASS);
	/* missed within the threshold: the group still meets it */
	assert_int_equal(status(RUN_ALLOWED_MISS, "DEADLOCK(reclaim-commit-deadlock)",
				"PASS", "e"), KCIDB_PASS);
	/* not met */
	assert_int_equal(status(RUN_FAILED, "PASS", "BUG-PATH", "g"), KCIDB_FAIL);
	assert_int_equal(status(RUN_FAILED, "DEADLOCK(reclaim-commit-deadlock)",
				"PASS", "e"), KCIDB_FAIL);
	assert_int_equal(status(RUN_FAILED, "PASS", "HAZARD-NOT-REACHED", "h"), KCIDB_FAIL);
	/* the testbed could not judge: whether or not the threshold allows it */
	assert_int_equal(status(RUN_FAILED, "PASS", "NO-JUDGEMENT", "w"), KCIDB_ERROR);
	assert_int_equal(status(RUN_FAILED, "PASS", "ERROR", "v"), KCIDB_ERROR);
	assert_int_equal(status(RUN_ALLOWED_MISS, "DEADLOCK(reclaim-commit-deadlock)",
				"NO-JUDGEMENT", "w"), KCIDB_ERROR);
	assert_int_equal(status(RUN_REPORT_ONLY, "-", "NO-JUDGEMENT", "w"), KCIDB_ERROR);
	/* the harness failed: no record, another run's, an input not delivered */
	assert_int_equal(status(RUN_NO_RECORD, "PASS", "", ""), KCIDB_MISS);
	assert_int_equal(status(RUN_MALFORMED, "PASS", "", ""), KCIDB_MISS);
	assert_int_equal(status(RUN_FAILED, "PASS", "ERROR", "-"), KCIDB_MISS);
	/* nothing expected: judged, no status of the code */
	assert_int_equal(status(RUN_REPORT_ONLY, "-", "PASS", "e"), KCIDB_DONE);
	assert_int_equal(status(RUN_REPORT_ONLY, "-", "OOM", "o"), KCIDB_DONE);
	/* the kernel cannot run the cell: skipped, expectation or not */
	assert_int_equal(status(RUN_SKIPPED, "PASS", "SKIP", "u"), KCIDB_SKIP);
	assert_int_equal(status(RUN_SKIPPED, "-", "SKIP", "u"), KCIDB_SKIP);
}

static void test_status_names(void **state)
{
	(void)state;
	assert_string_equal(kcidb_status_name(KCIDB_FAIL), "FAIL");
	assert_string_equal(kcidb_status_name(KCIDB_ERROR), "ERROR");
	assert_string_equal(kcidb_status_name(KCIDB_MISS), "MISS");
	assert_string_equal(kcidb_status_name(KCIDB_PASS), "PASS");
	assert_string_equal(kcidb_status_name(KCIDB_DONE), "DONE");
	assert_string_equal(kcidb_status_name(KCIDB_SKIP), "SKIP");
	assert_string_equal(kcidb_judgement_name(RUN_ALLOWED_MISS), "allowed-miss");
}

/*
 * The mapping through runs_load: results.c judges the directory (the 95 %
 * rule over run order), kcidb only names the judgement.
 */
static void test_status_of_results_dir(void **state)
{
	static const char *const want[] = { "PASS", "PASS", "FAIL", "MISS", "ERROR", "PASS", "SKIP" };
	char *dir = test_tmpdir(), path[4096], err[256];
	struct run_list l;

	(void)state;
	snprintf(path, sizeof(path), "%s/matrix.tsv", dir);
	test_write(path,
		   MATRIX_HEADER "\n"
		   "1\tc-1\tv3-tcp\tcontrol\tforced\t1\t1\tDEADLOCK(reclaim-commit-deadlock)\t50\n"
		   "2\tc-2\tv3-tcp\tcontrol\tforced\t2\t2\tDEADLOCK(reclaim-commit-deadlock)\t50\n"
		   "3\tc-3\tv3-tcp\tcontrol\tforced\t3\t3\tDEADLOCK(reclaim-commit-deadlock)\t50\n"
		   "4\tf-1\tv3-tcp\tfixed\tforced\t1\t4\tPASS\t100\n"
		   "5\tf-2\tv3-tcp\tfixed\tforced\t2\t5\tPASS\t100\n"
		   "6\tf-3\tv3-tcp\tfixed\tforced\t3\t6\tPASS\t100\n"
		   "7\ts-1\tv3-tcp\tfixed\tnatural\t1\t7\tPASS\t100\n");
	snprintf(path, sizeof(path), "%s/c-1", dir);
	mkdir(path, 0755);
	strcat(path, "/run.json");
	test_write_record(path, "v3-tcp", "control", "forced",
			  "DEADLOCK(reclaim-commit-deadlock)", NULL);
	/* 2 of 3 needed: the first miss is allowed, the second is not */
	snprintf(path, sizeof(path), "%s/c-2", dir);
	mkdir(path, 0755);
	strcat(path, "/run.json");
	test_write_record(path, "v3-tcp", "control", "forced", "PASS", NULL);
	snprintf(path, sizeof(path), "%s/c-3", dir);
	mkdir(path, 0755);
	strcat(path, "/run.json");
	test_write_record(path, "v3-tcp", "control", "forced", "PASS", NULL);
	/* f-1 has no record */
	snprintf(path, sizeof(path), "%s/f-2", dir);
	mkdir(path, 0755);
	strcat(path, "/run.json");
	test_write_record(path, "v3-tcp", "fixed", "forced", "NO-JUDGEMENT", NULL);
	snprintf(path, sizeof(path), "%s/f-3", dir);
	mkdir(path, 0755);
	strcat(path, "/run.json");
	test_write_record(path, "v3-tcp", "fixed", "forced", "PASS", NULL);
	/* the kernel lacks a knob of the cell: SKIP, not a miss */
	snprintf(path, sizeof(path), "%s/s-1", dir);
	mkdir(path, 0755);
	strcat(path, "/run.json");
	test_write_record(path, "v3-tcp", "fixed", "natural", "SKIP",
			  "\"rule\": \"u\", \"reason\": \"the kernel lacks failslab (the tree cannot run this cell)\"");

	assert_int_equal(runs_load(dir, &l, err, sizeof(err)), 0);
	assert_int_equal(l.n, ARRAY_SIZE(want));
	for (size_t i = 0; i < l.n; i++)
		assert_string_equal(kcidb_status_name(kcidb_status_of(&l.v[i])), want[i]);
	runs_free(&l);
	test_tmpdir_remove(dir);
}

/*
 * kernel-source (kcidb_source.c).  The good file is what
 * harness/kernel-source.sh writes for two patches whose text is "a\n" and
 * "b\n"; every member of the damage generated from it (each line dropped,
 * doubled, moved to the end or cut at each byte; each byte turned into a
 * character outside its field) must be refused whole, and the copies of
 * the patches must hash as the file says.  Not damage the form can see: a
 * version cut or changed into another legal version, a file name changed
 * into another legal name (kcidb_source_verify then finds no such copy).
 */
#define SHA_A "87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7"
#define SHA_B "0263829989b6fd954f72baaf2fc64bc2e2f01d692d4de72986ea808f6e99813f"
#define SOURCE_GOOD							\
	"package linux-source-6.1\n"					\
	"version 6.1.192-3\n"						\
	"patch patches/01-0001-a.patch " SHA_A "\n"			\
	"patch patches/02-b.patch " SHA_B "\n"				\
	"patchset_hash "							\
	"7b77b1b66500ed66bdb3e5f10e78f55ab6d4b404fa676ec1bee2ab5b31346a80\n"

static bool source_ok(const char *text)
{
	struct kcidb_source src;
	int rc = kcidb_source_parse(text, &src);

	if (rc)
		/* refused whole: nothing of it is left */
		assert_true(!src.package[0] && !src.npatches && !src.patches);
	kcidb_source_free(&src);
	return rc == 0;
}

/* Is byte @k of @line, turned into @c (0: the line cut there), damage? */
static bool damage_visible(const char *line, size_t k, char c)
{
	const char *val = strchr(line, ' ') + 1, *hash = strrchr(line, ' ') + 1;
	size_t at_val = val - line, at_hash = hash - line;

	if (starts_with(line, "version ") && k >= at_val)
		return c != 'G' && c != 0;
	if (starts_with(line, "patch ") && k >= at_val + strlen("patches/") && k < at_hash - 1)
		return c != 'G';
	return true;
}

static void test_source_parse(void **state)
{
	struct kcidb_source src;
	struct lines l;
	char text[4096];
	size_t n = 0;

	(void)state;
	assert_int_equal(kcidb_source_parse(SOURCE_GOOD, &src), 0);
	assert_string_equal(src.package, "linux-source-6.1");
	assert_string_equal(src.version, "6.1.192-3");
	assert_int_equal(src.npatches, 2);
	assert_string_equal(src.patches[1].file, "patches/02-b.patch");
	kcidb_source_free(&src);
	/* no patch, another tarball: both legal */
	assert_true(source_ok("package linux-source-6.12\nversion -\npatchset_hash -\n"));
	assert_false(source_ok(""));
	assert_false(source_ok("package linux-source-6.12\nversion -\npatchset_hash " SHA_A "\n"));

	lines_split(SOURCE_GOOD, &l);
	for (size_t i = 0; i < l.n; i++) {
		size_t len;

		/* line i dropped, doubled, moved to the end */
		text[0] = '\0';
		for (size_t j = 0; j < l.n; j++)
			if (j != i)
				strcat(strcat(text, l.v[j]), "\n");
		assert_false(source_ok(text));
		strcat(strcat(text, l.v[i]), "\n");
		if (i + 1 < l.n)
			assert_false(source_ok(text));
		text[0] = '\0';
		for (size_t j = 0; j < l.n; j++) {
			strcat(strcat(text, l.v[j]), "\n");
			if (j == i)
				strcat(strcat(text, l.v[j]), "\n");
		}
		assert_false(source_ok(text));
		/* every byte of line i: cut there, or turned into '/', ' ', 'G', '\t' */
		len = strlen(l.v[i]);
		for (size_t k = 0; k < len; k++) {
			static const char bad[] = "/ G\t";

			for (size_t b = 0; b < sizeof(bad) - 1; b++) {
				text[0] = '\0';
				for (size_t j = 0; j < l.n; j++) {
					size_t at = strlen(text);

					strcat(strcat(text, l.v[j]), "\n");
					if (j == i && text[at + k] != bad[b] &&
					    damage_visible(l.v[i], k, bad[b])) {
						text[at + k] = bad[b];
						assert_false(source_ok(text));
						n++;
					}
				}
			}
			if (!damage_visible(l.v[i], k, 0))
				continue;
			text[0] = '\0';
			for (size_t j = 0; j < l.n; j++) {
				if (j == i) {
					strncat(text, l.v[j], k);
					strcat(text, "\n");
				} else {
					strcat(strcat(text, l.v[j]), "\n");
				}
			}
			assert_false(source_ok(text));
			n++;
		}
	}
	lines_free(&l);
	/* the generator made members of every kind */
	assert_true(n > 4 * 300);
}

static void test_source_verify(void **state)
{
	char *dir = test_tmpdir(), path[4096], err[256];
	struct kcidb_source src;

	(void)state;
	assert_int_equal(kcidb_source_parse(SOURCE_GOOD, &src), 0);
	snprintf(path, sizeof(path), "%s/patches", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/patches/01-0001-a.patch", dir);
	test_write(path, "a\n");
	/* the second copy missing */
	assert_int_equal(kcidb_source_verify(dir, &src, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "02-b.patch: missing"));
	snprintf(path, sizeof(path), "%s/patches/02-b.patch", dir);
	test_write(path, "b\n");
	assert_int_equal(kcidb_source_verify(dir, &src, err, sizeof(err)), 0);
	/* a copy that is not the patch hashed */
	test_write(path, "c\n");
	assert_int_equal(kcidb_source_verify(dir, &src, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not the patch"));
	kcidb_source_free(&src);
	test_tmpdir_remove(dir);
}

static int run(const char *cmd)
{
	int st = system(cmd);

	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_cli(void **state)
{
	char *dir = test_tmpdir(), cmd[8192], *text;

	(void)state;
	assert_int_equal(run(TOOL " --help > /dev/null"), 0);
	assert_int_equal(run(TOOL " 2> /dev/null"), 2);
	assert_int_equal(run(TOOL " " REAL " " REAL " 2> /dev/null"), 2);
	assert_int_equal(run(TOOL " --bogus " REAL " 2> /dev/null"), 2);
	/* a relative URL is not the schema's uri */
	assert_int_equal(run(TOOL " --base-url results/ " REAL " 2> /dev/null"), 2);
	assert_int_equal(run(TOOL " /nonexistent 2> /dev/null"), 2);
	/* a directory without a matrix is not a results directory */
	snprintf(cmd, sizeof(cmd), TOOL " %s 2> /dev/null", dir);
	assert_int_equal(run(cmd), 1);
	/* --output: the file, and no FILE.tmp left */
	snprintf(cmd, sizeof(cmd), TOOL " --output %s/kcidb.json " REAL, dir);
	assert_int_equal(run(cmd), 0);
	text = test_read("%s/kcidb.json", dir);
	must_contain_all(text, "\"major\": 5", "\"minor\": 3",
			 "\"id\": \"nfstb:20261206-155937\"",
			 /* the default base: the directory's file:// URL */
			 "\"url\": \"file:///");
	free(text);
	snprintf(cmd, sizeof(cmd), "test ! -e %s/kcidb.json.tmp", dir);
	assert_int_equal(run(cmd), 0);
	test_tmpdir_remove(dir);
}

/* The real results directory's document, whole (tests/data/kcidb/README.md). */
static void test_real_golden(void **state)
{
	char *dir = test_tmpdir(), cmd[8192], *text;

	(void)state;
	snprintf(cmd, sizeof(cmd),
		 TOOL " --base-url https://nfstb.example/results/20261206-155937 " REAL " > %s/out",
		 dir);
	assert_int_equal(run(cmd), 0);
	text = test_read("%s/out", dir);
	golden_check(REAL ".kcidb", text);
	free(text);
	test_tmpdir_remove(dir);
}

TEST_MAIN("kcidb",
	  cmocka_unit_test(test_status_mapping),
	  cmocka_unit_test(test_status_names),
	  cmocka_unit_test(test_status_of_results_dir),
	  cmocka_unit_test(test_source_parse),
	  cmocka_unit_test(test_source_verify),
	  cmocka_unit_test(test_cli),
	  cmocka_unit_test(test_real_golden))
