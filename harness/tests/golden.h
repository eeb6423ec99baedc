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
#include <cmocka.h>

#include "lines.h"

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

/* Append static tests to a dynamic list. */
void golden_append(struct CMUnitTest **tests, size_t *n,
		   const struct CMUnitTest *more, size_t nmore);

/* Run a dynamic list as one group (one closing summary per program). */
int golden_run(const char *group, struct CMUnitTest *tests, size_t n);

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

#endif
