// SPDX-License-Identifier: GPL-2.0
/*
 * nfstb-kcidb: a results directory as KCIDB I/O data (schema v5.3), for
 * KernelCI's common database.  The runs are judged by results.h, as in
 * nfstb-table, nfstb-tap and junit.xml; kcidb.h maps that judgement to
 * KCIDB's statuses and writes the document.
 */
#include "cli.h"
#include "kcidb.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const prog = "nfstb-kcidb";

static void usage(void)
{
	printf("usage: %s [--base-url URL] [--output FILE] RESULTS_RUN_DIR\n"
	       "\n"
	       "Writes the runs of RESULTS_RUN_DIR (its matrix.tsv and each RUN/run.json)\n"
	       "as KCIDB I/O data, schema v5.3 (docs/kcidb.md), on stdout or to FILE:\n"
	       "  one checkout    id nfstb:RESULTS, the tree linux-source-TREE (kernel-tree)\n"
	       "  a build         per kernel flavour and key the runs used (plan,\n"
	       "                  kernel-FLAVOUR.path), id nfstb:RESULTS:FLAVOUR-KEY\n"
	       "  a test per run  id nfstb:RESULTS:RUN, path nfstb.SCENARIO.ARM.MODE, the\n"
	       "                  verdict and signature in misc, the run's console, trace,\n"
	       "                  capture and report in output_files, its run-total\n"
	       "                  (phases.tsv) as duration, the client's boot as start_time\n"
	       "Status: PASS met its scenario's expectation (an expected DEADLOCK in a\n"
	       "control arm too) or missed it within the group's threshold; FAIL missed\n"
	       "it; ERROR the testbed could not judge (ERROR, NO-JUDGEMENT); MISS no\n"
	       "record, one of another run, or an input the harness did not deliver\n"
	       "(rule '-'); DONE report only; SKIP the kernel lacks a knob of the cell\n"
	       "(verdict SKIP).\n"
	       "  --base-url URL  where RESULTS_RUN_DIR is served (default: its file://\n"
	       "                  URL); a run's files are URL/RUN/FILE\n"
	       "  --output FILE   write FILE (through FILE.tmp) instead of stdout\n"
	       "\n"
	       "Exit: 0 written, 1 no matrix.tsv or an I/O error, 2 usage or a\n"
	       "malformed matrix.tsv.\n",
	       prog);
}

/* "scheme:" first (RFC 3986), so that every url is absolute, as the schema's "uri" format wants */
static bool absolute_url(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");

	return n && s[n] == ':' && strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", s[0]) &&
	       !strpbrk(s, " \t\n\"<>\\^`{|}");
}

/* The default base: the directory's own file:// URL. */
static char *default_base(const char *dir)
{
	char *real = realpath(dir, NULL), *url;
	size_t n, len;

	if (!real)
		cli_fail(EXIT_IO, prog, "cannot resolve %s: %s", dir, strerror(errno));
	len = 3 * strlen(real) + 16;
	url = xmalloc(len);
	n = snprintf(url, len, "file://");
	for (const unsigned char *p = (const unsigned char *)real; *p; p++)
		n += snprintf(url + n, len - n,
			      strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/", *p)
			      ? "%c" : "%%%02X", *p);
	snprintf(url + n, len - n, "/");
	free(real);
	return url;
}

static void write_doc(json_t *doc, const char *out)
{
	size_t flags = JSON_INDENT(2) | JSON_REAL_PRECISION(9) | JSON_ENSURE_ASCII;
	char tmp[4096];

	if (!out) {
		if (json_dumpf(doc, stdout, flags) || putchar('\n') == EOF)
			cli_fail(EXIT_IO, prog, "cannot write output");
		cli_flush_stdout(prog);
		return;
	}
	/* through FILE.tmp: a reader never sees half a document */
	snprintf(tmp, sizeof(tmp), "%s.tmp", out);
	if (json_dump_file(doc, tmp, flags) || rename(tmp, out))
		cli_fail(EXIT_IO, prog, "cannot write %s: %s", out, strerror(errno));
}

int main(int argc, char **argv)
{
	enum { O_BASE = 1, O_OUTPUT };
	static const struct option opts[] = {
		{ "base-url", required_argument, NULL, O_BASE },
		{ "output", required_argument, NULL, O_OUTPUT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *dir;
	char *base = NULL, err[512];
	struct kcidb_lab lab;
	struct run_list runs;
	struct stat st;
	json_t *doc;
	int opt, ret;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (opt) {
		case O_BASE:
			if (!absolute_url(optarg))
				cli_usage_error(prog, "--base-url '%s' is not an absolute URL", optarg);
			free(base);
			/* URL/RUN/FILE: the base ends in '/' */
			base = xmalloc(strlen(optarg) + 2);
			sprintf(base, "%s%s", optarg, ends_with(optarg, "/") ? "" : "/");
			break;
		case O_OUTPUT:
			if (!*optarg)
				cli_usage_error(prog, "--output needs a file name");
			out = optarg;
			break;
		default:
			cli_other_option(prog, opt, argv, usage);
		}
	}
	if (optind == argc)
		cli_usage_error(prog, "missing RESULTS_RUN_DIR");
	if (optind + 1 < argc)
		cli_usage_error(prog, "unexpected argument '%s'", argv[optind + 1]);
	dir = argv[optind];
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		cli_usage_error(prog, "'%s' is not a directory", dir);

	ret = runs_load(dir, &runs, err, sizeof(err));
	if (ret > 0)
		cli_fail(EXIT_IO, prog, "%s", err);
	if (ret < 0)
		cli_fail(EXIT_USAGE, prog, "%s/%s", dir, err);
	if (kcidb_lab_load(dir, &runs, &lab, err, sizeof(err)))
		cli_fail(EXIT_IO, prog, "%s", err);
	if (!base)
		base = default_base(dir);
	doc = kcidb_document(dir, base, &runs, &lab);
	write_doc(doc, out);
	json_decref(doc);
	kcidb_lab_free(&lab);
	runs_free(&runs);
	free(base);
	return 0;
}
