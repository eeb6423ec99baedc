// SPDX-License-Identifier: GPL-2.0
/*
 * The rule table (rule_table.c) against harness/README.md's rule tables
 * and the letters the judge's code sets: one list, no rule missing from
 * the docs, no documented letter the table does not know.
 */
#include "golden.h"
#include "rule_table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HARNESS_DIR NFSTB_TEST_DATA "/../.."

/* Every "| L |" row opening of the README's rule tables. */
static void readme_letters(char *out, size_t len)
{
	char *text = read_whole_file(HARNESS_DIR "/README.md");
	size_t n = 0;

	assert_non_null(text);
	for (char *p = text; (p = strstr(p, "\n| ")); p++) {
		char c = p[3];

		if (p[4] != ' ' || p[5] != '|' || strchr(out, c) || n + 1 >= len)
			continue;
		if (islower((unsigned char)c) || c == '-') {
			out[n++] = c;
			out[n] = '\0';
		}
	}
	free(text);
}

/* Every letter the judge sets: verdict_set(v, KIND, 'L', ...). */
static void code_letters(char *out, size_t len)
{
	static const char *const files[] = {
		"verdict.c", "verdict_rules.c", "verdict_bind.c",
	};
	size_t n = 0;

	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		char path[512];
		char *text;

		snprintf(path, sizeof(path), "%s/src/judge/%s", HARNESS_DIR, files[f]);
		text = read_whole_file(path);
		assert_non_null(text);
		for (char *p = text; (p = strchr(p, '\'')); p++) {
			char c = p[1];

			if (p[2] != '\'' || !(islower((unsigned char)c) || c == '-') ||
			    strchr(out, c) || n + 1 >= len)
				continue;
			out[n++] = c;
			out[n] = '\0';
			p += 2;
		}
		free(text);
	}
}

static void test_table_matches_docs_and_code(void **state)
{
	char doc[64] = "", code[64] = "";
	size_t n;
	const struct rule_doc *t = rule_table(&n);

	(void)state;
	readme_letters(doc, sizeof(doc));
	code_letters(code, sizeof(code));
	for (size_t i = 0; i < n; i++) {
		if (!strchr(doc, t[i].letter))
			fail_msg("rule (%c) is not in harness/README.md's rule tables", t[i].letter);
		if (!strchr(code, t[i].letter))
			fail_msg("rule (%c) is set nowhere in the judge", t[i].letter);
	}
	for (const char *c = doc; *c; c++)
		if (!rule_doc_find(*c))
			fail_msg("harness/README.md documents rule (%c), the table does not", *c);
	for (const char *c = code; *c; c++)
		if (!rule_doc_find(*c))
			fail_msg("the judge sets rule (%c), the table does not", *c);
}

TEST_MAIN("test_rule_table",
	  cmocka_unit_test(test_table_matches_docs_and_code))
