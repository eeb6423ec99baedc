/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timeline.tsv, one row an event of a run on the client guest's clock
 * (time_s, source, key, text): the rows in memory, written and read back.
 * nfstb-timeline gathers and writes them (parsers/timeline.h); the per-run
 * report reads them back with the same definition.
 */
#ifndef NFSTB_TIMELINE_TSV_H
#define NFSTB_TIMELINE_TSV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct tl_event {
	int64_t t_us;		/* guest clock; TIME_NONE for server rows */
	int64_t own_us;		/* the row's own clock (server rows) */
	char source[8];		/* pkt, trace, console, server */
	char key[16];		/* close, reconnect-syn, skip, hung, ... or "-" */
	char text[240];
	size_t seq;		/* input order, keeps the sort stable */
};

struct timeline {
	struct tl_event *v;
	size_t n, cap;
};

/* A new row at the end, zeroed but for its seq (input order). */
struct tl_event *tl_push(struct timeline *tl);
void tl_free(struct timeline *tl);

/* The column header and the rows (after the "# " comment lines). */
void tl_write_rows(FILE *f, const struct timeline *tl);
/*
 * Read back a timeline.tsv; -1 if unreadable.  @anchor_line (NULL: not
 * wanted) gets its "# anchor=" comment line without the "# ".
 */
int tl_load(const char *path, struct timeline *tl, char *anchor_line, size_t len);

#endif
