// SPDX-License-Identifier: GPL-2.0
#include "junit.h"
#include "report_util.h"
#include "timeline_check.h"
#include "util.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

const char *junit_expected(const char *arm, const char *mode)
{
	if (!strcmp(mode, "smoke") || !strcmp(arm, "fixed"))
		return "PASS";
	if (!strcmp(arm, "control") && !strcmp(mode, "forced"))
		return "DEADLOCK(reclaim-commit-deadlock)";
	if (!strcmp(arm, "control") && !strcmp(mode, "lockdep"))
		return "LOCKDEP(reclaim-connect)";
	return "";
}

static void col(const char *line, int n, char *out, size_t len)
{
	const char *p = line;

	for (int i = 0; p && i < n; i++) {
		p = strchr(p, '\t');
		p = p ? p + 1 : NULL;
	}
	size_t l = p ? strcspn(p, "\t\n") : 0;
	if (l >= len)
		l = len - 1;
	if (p)
		memcpy(out, p, l);
	out[l] = '\0';
}

static int cmp_case(const void *a, const void *b)
{
	return strcmp(((const struct junit_case *)a)->name, ((const struct junit_case *)b)->name);
}

int junit_collect(const char *dir, struct junit_case **out, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[4096], *tsv, *check;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/verdict.tsv", dir, de->d_name);
		if (!(tsv = read_whole_file(path)))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			*out = xrealloc(*out, cap * sizeof(**out));
		}
		struct junit_case *c = &(*out)[(*n)++];
		memset(c, 0, sizeof(*c));
		snprintf(c->name, sizeof(c->name), "%s", de->d_name);
		col(tsv, 0, c->scenario, sizeof(c->scenario));
		col(tsv, 1, c->arm, sizeof(c->arm));
		col(tsv, 2, c->mode, sizeof(c->mode));
		col(tsv, 3, c->verdict, sizeof(c->verdict));
		col(tsv, 5, c->detect_s, sizeof(c->detect_s));
		free(tsv);
		snprintf(c->expected, sizeof(c->expected), "%s", junit_expected(c->arm, c->mode));
		c->failed = c->expected[0] && strcmp(c->expected, c->verdict);
		snprintf(path, sizeof(path), "%s/%s/packet-check.txt", dir, de->d_name);
		if ((check = read_whole_file(path))) {
			snprintf(c->check, sizeof(c->check), "%s", check);
			c->check[strcspn(c->check, "\n")] = '\0';
			free(check);
		}
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof(**out), cmp_case);
	return 0;
}
