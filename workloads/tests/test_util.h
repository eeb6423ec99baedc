/* Small helpers shared by the cmocka test programs (header-only: each
 * test program is one translation unit). */
#ifndef NFSTB_TEST_UTIL_H
#define NFSTB_TEST_UTIL_H

#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#ifndef TEST_DATA_DIR
#error "TEST_DATA_DIR must be defined by the Makefile"
#endif

/* Reads tests/data/<name> into a malloc'ed string, dropping lines that
 * start with "# " (the provenance comments of hand-written samples). */
static inline char *read_golden(const char *name)
{
	char path[1024], *line = NULL, *text = NULL;
	size_t cap = 0, len = 0;
	FILE *in, *mem;

	snprintf(path, sizeof(path), "%s/%s", TEST_DATA_DIR, name);
	in = fopen(path, "r");
	assert_non_null(in);
	mem = open_memstream(&text, &len);
	assert_non_null(mem);
	while (getline(&line, &cap, in) >= 0)
		if (strncmp(line, "# ", 2) != 0)
			fputs(line, mem);
	free(line);
	fclose(in);
	fclose(mem);
	return text;
}

/* A small file's whole text (at most 4095 bytes), in a static buffer that
 * the next call reuses. */
static inline char *slurp(const char *path)
{
	static char buf[4096];
	FILE *in = fopen(path, "r");
	size_t n;

	assert_non_null(in);
	n = fread(buf, 1, sizeof(buf) - 1, in);
	buf[n] = '\0';
	fclose(in);
	return buf;
}

/* The main of every test program: the listed cmocka tests (a
 * CMUnitTest initializer each) run as one named group. */
#define TEST_MAIN(group, ...)                                               \
	int main(void)                                                      \
	{                                                                   \
		const struct CMUnitTest tests_[] = { __VA_ARGS__ };         \
		return cmocka_run_group_tests_name(group, tests_, NULL, NULL); \
	}

/* Builds an argv from a NULL-terminated list; getopt permutes the pointer
 * array, so it must be writable. */
#define ARGV(...) ((char *[]){ __VA_ARGS__, NULL })
#define ARGC(argv) (argc_of(argv))

static inline int argc_of(char **argv)
{
	int n = 0;

	while (argv[n])
		n++;
	return n;
}

/* Creates a fresh temporary directory; caller removes it with rm_tree. */
static inline char *make_temp_dir(void)
{
	char *dir = strdup("/tmp/nfstb-test.XXXXXX");

	assert_non_null(dir);
	assert_non_null(mkdtemp(dir));
	return dir;
}

static inline void rm_tree(const char *dir)
{
	char cmd[1100];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

#endif
