// SPDX-License-Identifier: GPL-2.0
#include "report_run.h"
#include "hang.h"
#include "lines.h"
#include "printk.h"
#include "report_util.h"
#include "timeline.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const report_raw_files[] = {
	"verdict.json", "verdict.tsv", "client-console.log", "server-console.log",
	"client-trace.txt", "capture.pcap", "packets.tsv", "pcap-summary.txt",
	"timeline.tsv", "packet-check.txt", NULL,
};

static bool exists(const struct report_run *r, const char *name)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", r->dir, name);
	return stat(path, &st) == 0;
}

void report_raw_links(FILE *f, const struct report_run *r, const char *line)
{
	for (size_t i = 0; report_raw_files[i]; i++)
		if (exists(r, report_raw_files[i]))
			fprintf(f, line, report_raw_files[i], report_raw_files[i]);
}

static void tsv_col(const char *line, int col, char *out, size_t len)
{
	const char *p = line;

	for (int i = 0; p && i < col; i++) {
		p = strchr(p, '\t');
		p = p ? p + 1 : NULL;
	}
	size_t n = p ? strcspn(p, "\t\n") : 0;
	if (n >= len)
		n = len - 1;
	if (p)
		memcpy(out, p, n);
	out[n] = '\0';
}

/* "nfstb: phase=NAME ... MemAvailable: N kB" (or MemAvailable=N). */
static void mem_points(struct report_run *r, const struct lines *log)
{
	for (size_t i = 0; i < log->n && r->nmem < REPORT_MAX_MEM; i++) {
		int64_t t;
		const char *msg = printk_split(log->v[i], &t), *m;

		if (t == TIME_NONE || !starts_with(msg, "nfstb") || !(m = strstr(msg, "MemAvailable")))
			continue;
		m += strlen("MemAvailable");
		m += strspn(m, ":= ");
		char *end;
		long kb = strtol(m, &end, 10);
		if (end == m)
			continue;
		r->mem[r->nmem].t_us = t;
		r->mem[r->nmem++].kb = kb;
	}
}

void report_run_load(const char *dir, struct report_run *r)
{
	char path[4096], *text;
	const char *base = strrchr(dir, '/');
	struct lines log;

	memset(r, 0, sizeof(*r));
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	/* the run's name is the directory's, even with a trailing slash */
	snprintf(r->name, sizeof(r->name), "%s", base && base[1] ? base + 1 : dir);
	r->name[strcspn(r->name, "/")] = '\0';

	snprintf(path, sizeof(path), "%s/verdict.tsv", dir);
	if ((text = read_whole_file(path)) && *text) {
		r->have_verdict = true;
		tsv_col(text, 0, r->scenario, sizeof(r->scenario));
		tsv_col(text, 1, r->arm, sizeof(r->arm));
		tsv_col(text, 2, r->mode, sizeof(r->mode));
		tsv_col(text, 3, r->verdict, sizeof(r->verdict));
		tsv_col(text, 4, r->signature, sizeof(r->signature));
		tsv_col(text, 5, r->detect_s, sizeof(r->detect_s));
	}
	free(text);
	snprintf(path, sizeof(path), "%s/verdict.json", dir);
	text = read_whole_file(path);
	if (!json_string(text, "reason", r->reason, sizeof(r->reason)))
		r->reason[0] = '\0';
	free(text);

	snprintf(path, sizeof(path), "%s/client-console.log", dir);
	if (lines_load(path, &log) == 0) {
		struct hang_reports hr;

		r->have_console = true;
		hang_parse(&log, &hr);
		classify(&hr, &r->cls);
		hang_free(&hr);
		report_stacks_find(&log, &r->cls, &r->stacks);
		report_lockdep_find(&log, &r->lockdeps);
		mem_points(r, &log);
		lines_free(&log);
	} else {
		r->cls.sig = SIG_NONE;
		snprintf(r->cls.title, sizeof(r->cls.title), "none");
	}

	snprintf(path, sizeof(path), "%s/pcap-summary.txt", dir);
	r->summary = read_whole_file(path);
	char server[48] = "";
	const char *sv = r->summary ? strstr(r->summary, "\nserver=") : NULL;
	if (sv)
		snprintf(server, sizeof(server), "%.*s", (int)strcspn(sv + 8, "\n"), sv + 8);
	snprintf(path, sizeof(path), "%s/packets.tsv", dir);
	report_conns_load(path, server, &r->conns);
	snprintf(path, sizeof(path), "%s/packet-check.txt", dir);
	if ((text = read_whole_file(path))) {
		snprintf(r->check, sizeof(r->check), "%s", text);
		r->check[strcspn(r->check, "\n")] = '\0';
	}
	free(text);
	snprintf(path, sizeof(path), "%s/timeline.tsv", dir);
	tl_load(path, &r->tl, r->anchor, sizeof(r->anchor));
}

void report_run_free(struct report_run *r)
{
	free(r->summary);
	tl_free(&r->tl);
	report_blocks_free(&r->stacks);
	report_blocks_free(&r->lockdeps);
}

/* At most this many rows of one key kind (skip rows can be hundreds). */
#define REPORT_ROWS_PER_KEY 6

bool report_row_shown(const struct report_run *r, size_t i)
{
	const struct tl_event *e = &r->tl.v[i];
	size_t same = 0;

	if (!strcmp(e->key, "-") || e->t_us == TIME_NONE)
		return false;
	for (size_t k = 0; k < i; k++)
		same += !strcmp(r->tl.v[k].key, e->key);
	return same < REPORT_ROWS_PER_KEY;
}
