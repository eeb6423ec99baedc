/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Everything one run's report shows, gathered from the files the other
 * tools left in the run directory.  Missing files leave their part empty:
 * the report says what is absent rather than failing.
 */
#ifndef NFSTB_REPORT_RUN_H
#define NFSTB_REPORT_RUN_H

#include "classify.h"
#include "report_packets.h"
#include "report_stack.h"
#include "timeline.h"

#include <stdbool.h>
#include <stdio.h>

#define REPORT_MAX_MEM 512

struct report_run {
	char dir[2048], name[256];
	char scenario[64], arm[16], mode[16], verdict[96], signature[64], detect_s[32];
	char reason[512];
	bool have_verdict;
	struct classification cls;
	bool have_console;
	struct report_blocks stacks;	/* blocked tasks, whole */
	struct report_blocks lockdeps;	/* lockdep reports, whole */
	char *summary;		/* pcap-summary.txt text or NULL */
	char check[512];	/* packet-check.txt line or "" */
	struct report_conns conns;	/* packets.tsv per connection */
	struct timeline tl;
	char anchor[512];
	struct { int64_t t_us; long kb; } mem[REPORT_MAX_MEM];
	size_t nmem;
};

void report_run_load(const char *dir, struct report_run *r);
void report_run_free(struct report_run *r);

/* Which timeline rows the report lists (key rows, a few of each kind). */
bool report_row_shown(const struct report_run *r, size_t i);

void report_write_md(FILE *f, const struct report_run *r);
void report_write_html(FILE *f, const struct report_run *r);
/* The blocks as <section>s (HTML) or fenced text (Markdown), frames marked. */
void report_blocks_html(FILE *f, const struct report_blocks *b, const char *id);
void report_blocks_md(FILE *f, const struct report_blocks *b);
/* The reconnect as an SVG flow diagram (client and server lanes). */
void report_write_flow(FILE *f, const struct report_run *r);
/* The inline SVG plot of events (and MemAvailable when known). */
void report_write_svg(FILE *f, const struct report_run *r);

/* Raw files linked from a run's report, in display order. */
extern const char *const report_raw_files[];
/*
 * One @line per raw file present in the run's directory, in display order;
 * @line is a printf format taking the file's name twice (target, text).
 */
void report_raw_links(FILE *f, const struct report_run *r, const char *line);

#endif
