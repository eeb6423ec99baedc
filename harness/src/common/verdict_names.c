// SPDX-License-Identifier: GPL-2.0
/*
 * The verdicts a run can get (verdict_names.h): the one list that the judge
 * writes from and the views check a record against.
 */
#include "verdict_names.h"
#include "util.h"

#include <string.h>

static const char *const plain_names[] = {
	"PASS", "OTHER-HANG", "DATA-LOSS", "ERROR", "OTHER-LOCKDEP", "OOM",
	"PANIC", "OOPS", "WRONG-RUN", "FLAGS-LEAK", "WITNESS-DISAGREE",
	"LOCKDEP-OFF", "LOCK-LEAK", "BUG-PATH", "NO-JUDGEMENT",
	"HAZARD-NOT-REACHED", "SKIP",
};

/* "NAME(x)" with something inside the parentheses */
static bool is_call(const char *v, const char *name)
{
	size_t n = strlen(v), k = strlen(name);

	return starts_with(v, name) && v[k] == '(' && n > k + 2 &&
	       v[n - 1] == ')';
}

bool verdict_text_valid(const char *text)
{
	for (size_t i = 0; i < ARRAY_SIZE(plain_names); i++)
		if (!strcmp(text, plain_names[i]))
			return true;
	return is_call(text, "DEADLOCK") || is_call(text, "LOCKDEP");
}

bool verdict_unjudged(const char *text)
{
	return !strcmp(text, "ERROR") || !strcmp(text, "NO-JUDGEMENT");
}

bool verdict_skipped(const char *text)
{
	return !strcmp(text, "SKIP");
}
