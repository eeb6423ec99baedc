// SPDX-License-Identifier: GPL-2.0
#include "golden.h"

#include <dirent.h>
#include <ftw.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *golden_read(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;
	FILE *m;
	int ch;

	if (!f)
		return NULL;
	m = open_memstream(&buf, &len);
	while ((ch = fgetc(f)) != EOF)
		fputc(ch, m);
	fclose(m);
	fclose(f);
	return buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void golden_add_tests(struct CMUnitTest **tests, size_t *n, const char *dir,
		      const char *ext, const char *prefix,
		      CMUnitTestFunction fn)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t nnames = 0, elen = strlen(ext);

	if (!d) {
		fprintf(stderr, "golden: cannot open %s\n", dir);
		exit(1);
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len <= elen || strcmp(e->d_name + len - elen, ext))
			continue;
		names = realloc(names, (nnames + 1) * sizeof(*names));
		names[nnames++] = strndup(e->d_name, len - elen);
	}
	closedir(d);
	qsort(names, nnames, sizeof(*names), cmp_str);
	for (size_t i = 0; i < nnames; i++) {
		struct CMUnitTest t = { 0 };
		char *name, *path;

		if (asprintf(&name, "%s/%s", prefix, names[i]) < 0 ||
		    asprintf(&path, "%s/%s%s", dir, names[i], ext) < 0)
			abort();
		t.name = name;
		t.test_func = fn;
		t.initial_state = path;
		golden_append(tests, n, &t, 1);
		free(names[i]);
	}
	free(names);
}

/* Point at the first differing line: long outputs are hard to eyeball. */
static void report_difference(const char *want, const char *got)
{
	const char *w = want, *g = got, *wl = want, *gl = got;
	size_t line = 1;

	while (*w && *w == *g) {
		if (*w == '\n') {
			line++;
			wl = w + 1;
			gl = g + 1;
		}
		w++;
		g++;
	}
	print_error("first difference at line %zu\n  expected: %.*s\n  actual:   %.*s\n",
		    line, (int)strcspn(wl, "\n"), wl, (int)strcspn(gl, "\n"), gl);
}

void golden_check(const char *input_path, const char *actual)
{
	const char *dot = strrchr(input_path, '.');
	char *want, *expected_path;
	const char *update = getenv("NFSTB_UPDATE_GOLDEN");

	if (asprintf(&expected_path, "%.*s.expected",
		     (int)(dot - input_path), input_path) < 0)
		abort();
	if (update && !strcmp(update, "1")) {
		FILE *f = fopen(expected_path, "w");

		assert_non_null(f);
		fputs(actual, f);
		assert_int_equal(fclose(f), 0);
		free(expected_path);
		return;
	}
	want = golden_read(expected_path);
	if (!want) {
		print_error("missing %s\n", expected_path);
		free(expected_path);
		fail();
	}
	if (strcmp(want, actual))
		report_difference(want, actual);
	assert_string_equal(actual, want);
	free(want);
	free(expected_path);
}

FILE *golden_begin(struct golden_out *o)
{
	o->text = NULL;
	o->len = 0;
	o->f = open_memstream(&o->text, &o->len);
	assert_non_null(o->f);
	return o->f;
}

void golden_end(struct golden_out *o, const char *input_path)
{
	fclose(o->f);
	golden_check(input_path, o->text);
	free(o->text);
}

void golden_check_files(const char *input_path, const char *dir,
			const char *first, const char *second)
{
	char path[4096], *a, *b, *all;

	snprintf(path, sizeof(path), "%s/%s", dir, first);
	a = golden_read(path);
	snprintf(path, sizeof(path), "%s/%s", dir, second);
	b = golden_read(path);
	assert_non_null(a);
	assert_non_null(b);
	assert_true(asprintf(&all, "%s--- %s\n%s", a, second, b) > 0);
	golden_check(input_path, all);
	free(all);
	free(a);
	free(b);
}

void golden_contains(const char *text, ...)
{
	const char *what;
	va_list ap;

	assert_non_null(text);
	va_start(ap, text);
	while ((what = va_arg(ap, const char *)) && strstr(text, what))
		;
	va_end(ap);
	if (what)
		fail_msg("'%s' not found in:\n%s", what, text);
}

void golden_append(struct CMUnitTest **tests, size_t *n,
		   const struct CMUnitTest *more, size_t nmore)
{
	*tests = realloc(*tests, (*n + nmore) * sizeof(**tests));
	if (!*tests)
		abort();
	memcpy(*tests + *n, more, nmore * sizeof(*more));
	*n += nmore;
}

int golden_run(const char *group, struct CMUnitTest *tests, size_t n)
{
	return _cmocka_run_group_tests(group, tests, n, NULL, NULL);
}

int golden_main(const char *group, const struct CMUnitTest *units,
		size_t nunits, const struct golden_set *set)
{
	struct CMUnitTest *tests = NULL;
	size_t n = 0;

	if (nunits)
		golden_append(&tests, &n, units, nunits);
	golden_add_tests(&tests, &n, set->dir, set->ext, set->prefix, set->fn);
	if (n < nunits + set->min) {
		fprintf(stderr, "%s: too few golden %s found\n", group, set->what);
		return 1;
	}
	return golden_run(group, tests, n);
}

char *test_tmpdir(void)
{
	char *dir = strdup("/tmp/nfstb-test.XXXXXX");

	if (!dir || !mkdtemp(dir))
		abort();
	return dir;
}

void test_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
}

static int rm_one(const char *path, const struct stat *st, int type,
		  struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

void test_rmtree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

void test_tmpdir_remove(char *dir)
{
	test_rmtree(dir);
	free(dir);
}

static char *vread(const char *fmt, va_list ap)
{
	char path[4096];
	char *text;

	vsnprintf(path, sizeof(path), fmt, ap);
	text = golden_read(path);
	if (!text)
		fail_msg("cannot read %s", path);
	return text;
}

char *test_read(const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = vread(fmt, ap);
	va_end(ap);
	return text;
}

void test_file_is(const char *want, const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = vread(fmt, ap);
	va_end(ap);
	assert_string_equal(text, want);
	free(text);
}

/* "{MEMBERS}" parsed, or abort: a test's own JSON must be right. */
static json_t *members_object(const char *members)
{
	char *text = xmalloc(strlen(members) + 3);
	json_error_t e;
	json_t *o;

	sprintf(text, "{%s}", members);
	o = json_loads(text, JSON_REJECT_DUPLICATES, &e);
	if (!o) {
		fprintf(stderr, "test record members '%s': %s\n", members, e.text);
		abort();
	}
	free(text);
	return o;
}

static char *dump(json_t *o)
{
	char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	char *out;

	if (!text)
		abort();
	out = xmalloc(strlen(text) + 2);
	sprintf(out, "%s\n", text);
	free(text);
	return out;
}

char *test_record_text(const char *scenario, const char *arm, const char *mode,
		       const char *verdict, const char *members)
{
	json_t *o = json_pack("{s:s, s:n, s:s, s:s, s:s, s:i, s:s, s:s, s:s, s:n, s:n, s:s,"
			      " s:n, s:n, s:n,"
			      " s:{s:s, s:s, s:n, s:n, s:n, s:n, s:n, s:n, s:i, s:[]},"
			      " s:{s:b, s:i, s:i},"
			      " s:{s:s, s:s, s:n},"
			      " s:{s:b, s:n}}",
			      "schema", "nfstb-run/1", "run", "scenario", scenario, "arm", arm,
			      "mode", mode, "watchdog", 0, "verdict", verdict, "rule", "e",
			      "reason", "test record", "detect_s", "deadlock_s", "data", "ok",
			      "seed", "orchestrator", "packets",
			      "classify", "signature", "none", "title", "none", "syz_title",
			      "hang_source", "task", "pid",
			      "time", "first_hang_time", "blocked_reports", 0, "frames",
			      "trace", "readable", 1, "release_skip_in_worker", 0,
			      "reclaim_in_worker", 0,
			      "lockdep", "kind", "none", "title", "none", "syz_title",
			      "client", "readable", 1, "reconnect_time");
	char *text;

	if (!o)
		abort();
	if (members) {
		json_t *m = members_object(members);

		json_object_update(o, m);
		json_decref(m);
	}
	text = dump(o);
	json_decref(o);
	return text;
}

void test_write_record(const char *path, const char *scenario, const char *arm,
		       const char *mode, const char *verdict, const char *members)
{
	char *text = test_record_text(scenario, arm, mode, verdict, members);

	test_write(path, text);
	free(text);
}

void test_edit_record(const char *path, const char *members)
{
	json_error_t e;
	json_t *o = json_load_file(path, JSON_REJECT_DUPLICATES, &e), *m;
	char *text;

	if (!o) {
		fprintf(stderr, "%s: %s\n", path, e.text);
		abort();
	}
	m = members_object(members);
	json_object_update(o, m);
	json_decref(m);
	text = dump(o);
	json_decref(o);
	test_write(path, text);
	free(text);
}

/* KEY's value in a "key=value" per line text, into @buf ("" if absent). */
static void line_value(const char *text, const char *key, char *buf, size_t len)
{
	size_t k = strlen(key);

	buf[0] = '\0';
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, k) && p[k] == '=') {
			snprintf(buf, len, "%.*s", (int)strcspn(p + k + 1, "\n"), p + k + 1);
			return;
		}
}

int test_judge_real_run(const char *name, const char *out, char *verdict,
			size_t vlen, char *run, size_t rlen)
{
	static const char *const keys[] = {
		"scenario", "arm", "mode", "rules", "role", "watchdog", "seed", "run",
	};
	char path[1024], cmd[8192], v[128], *judge, *line;
	size_t n;
	int status;

	snprintf(path, sizeof(path), NFSTB_TEST_DATA "/verdict/%s.run/judge", name);
	judge = golden_read(path);
	if (!judge)
		fail_msg("no %s", path);
	n = (size_t)snprintf(cmd, sizeof(cmd), NFSTB_BIN_DIR "/nfstb-verdict"
			     " --console " NFSTB_TEST_DATA "/verdict/%s.run/client-console.log"
			     " --trace " NFSTB_TEST_DATA "/verdict/%s.run/client-trace.txt"
			     " --server-console " NFSTB_TEST_DATA "/verdict/%s.run/server-console.log"
			     " --pcap-summary " NFSTB_TEST_DATA "/verdict/%s.run/pcap-summary.txt"
			     " --out '%s'", name, name, name, name, out);
	for (size_t i = 0; i < ARRAY_SIZE(keys) && n < sizeof(cmd); i++) {
		line_value(judge, keys[i], v, sizeof(v));
		n += (size_t)snprintf(cmd + n, sizeof(cmd) - n, " --%s '%s'", keys[i], v);
	}
	if (run)
		line_value(judge, "run", run, rlen);
	free(judge);
	snprintf(path, sizeof(path), "%s.line", out);
	n += (size_t)snprintf(cmd + n, sizeof(cmd) - n, " >'%s'", path);
	if (n >= sizeof(cmd))
		fail_msg("command too long");
	status = system(cmd);
	line = golden_read(path);
	if (verdict) {
		/* VERDICT scenario arm mode VERDICT signature=... */
		const char *p = line;

		verdict[0] = '\0';
		for (int i = 0; p && i < 4; i++)
			p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL;
		if (p && starts_with(line, "VERDICT "))
			snprintf(verdict, vlen, "%.*s", (int)strcspn(p, " \n"), p);
	}
	free(line);
	remove(path);
	return status;
}
