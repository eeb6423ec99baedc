/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Golden-file tests in the style of syzkaller's pkg/report: every
 * DIR/NAME.EXT input has DIR/NAME.expected beside it holding the exact
 * output.  Pairs are discovered, never listed, so adding real captures
 * needs no code change.  NFSTB_UPDATE_GOLDEN=1 rewrites the .expected files.
 */
#ifndef NFSTB_GOLDEN_H
#define NFSTB_GOLDEN_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "util.h"

/* Whole file as a string, or NULL. */
char *golden_read(const char *path);

/*
 * One cmocka test per DIR/NAME.EXT (named "PREFIX/NAME"), each with the
 * input's path as its state.  Appends to *tests (a malloc'ed array).
 */
void golden_add_tests(struct CMUnitTest **tests, size_t *n, const char *dir,
		      const char *ext, const char *prefix,
		      CMUnitTestFunction fn);

/* Compare @actual with the .expected beside @input_path (or rewrite it). */
void golden_check(const char *input_path, const char *actual);

/* An output written to memory, for golden_end() to compare. */
struct golden_out {
	char *text;
	size_t len;
	FILE *f;
};

/* The stream to print the output to. */
FILE *golden_begin(struct golden_out *o);
/* Closes the stream, golden_check()s its text against @input_path's. */
void golden_end(struct golden_out *o, const char *input_path);

/*
 * A tool's two output files in @dir, as one text: FIRST whole, a line
 * "--- SECOND", then SECOND; golden_check()ed against @input_path's.
 */
void golden_check_files(const char *input_path, const char *dir,
			const char *first, const char *second);

/* Append static tests to a dynamic list. */
void golden_append(struct CMUnitTest **tests, size_t *n,
		   const struct CMUnitTest *more, size_t nmore);

/*
 * Every one of the strings after @text occurs in it; the failure names the
 * first that does not.  For outputs checked piecewise, not whole.
 */
#define must_contain_all(text, ...) \
	golden_contains((text), __VA_ARGS__, (const char *)NULL)
void golden_contains(const char *text, ...);

/* Run a dynamic list as one group (one closing summary per program). */
int golden_run(const char *group, struct CMUnitTest *tests, size_t n);

/* The golden inputs of a test program, as golden_add_tests() takes them. */
struct golden_set {
	const char *dir, *ext, *prefix;
	CMUnitTestFunction fn;
	/* fewer inputs than this found: discovery is broken, not the code */
	size_t min;
	const char *what;	/* names the inputs in that message */
};

/*
 * The main() of a test program without golden inputs: the tests listed
 * (a cmocka_unit_test() each) run as group @group.
 */
#define TEST_MAIN(group, ...)						\
	int main(void)							\
	{								\
		static const struct CMUnitTest tests_[] = { __VA_ARGS__ };	\
									\
		return _cmocka_run_group_tests((group), tests_,		\
					       ARRAY_SIZE(tests_), NULL, NULL); \
	}

/*
 * A test program's main(): @units, then one test per input of @set, run
 * as group @group.  Returns what main() returns.
 */
int golden_main(const char *group, const struct CMUnitTest *units,
		size_t nunits, const struct golden_set *set);

/*
 * Feeds @text to a parser as a file's lines: lines_split, @parse(&lines,
 * @out), lines_free.  A macro because each parser has its own output type.
 */
#define parse_text(parse, text, out)				\
	do {							\
		struct lines parse_text_lines_;			\
								\
		lines_split((text), &parse_text_lines_);	\
		parse(&parse_text_lines_, (out));		\
		lines_free(&parse_text_lines_);			\
	} while (0)

/* A fresh empty directory under /tmp, for tests that write files. */
char *test_tmpdir(void);
void test_write(const char *path, const char *text);
void test_rmtree(const char *dir);
/* Removes @dir (from test_tmpdir()) and all in it, and frees the name. */
void test_tmpdir_remove(char *dir);

/*
 * The whole text of the file at the path @fmt makes (printf-style:
 * test_read("%s/out", dir)), which must exist; malloc'ed.
 */
char *test_read(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The file at the path @fmt makes holds exactly @want. */
void test_file_is(const char *want, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * A run record (run.json, schema nfstb-run/1) for tests about a view: the
 * keys the views read (src/record.h), a run of @scenario @arm @mode that
 * got @verdict, with nothing else known; @members (NULL: none), the text
 * of JSON members ("\"detect_s\": 1.5, \"rule\": \"g\"") that replace
 * top-level keys.  The text is malloc'ed.
 */
char *test_record_text(const char *scenario, const char *arm, const char *mode,
		       const char *verdict, const char *members);
void test_write_record(const char *path, const char *scenario, const char *arm,
		       const char *mode, const char *verdict, const char *members);
/* Replace top-level keys of the run.json at @path with @members (as above). */
void test_edit_record(const char *path, const char *members);

/*
 * The real run directory tests/data/verdict/NAME.run judged by the built
 * nfstb-verdict into @out as its orchestrator would (NAME.run/judge: the
 * run's options); returns system()'s status.  @verdict (may be NULL) gets
 * the verdict the judge printed ("VERDICT scenario arm mode VERDICT ..."),
 * whatever it is, @run the run's id.
 */
int test_judge_real_run(const char *name, const char *out, char *verdict,
			size_t vlen, char *run, size_t rlen);

#endif
