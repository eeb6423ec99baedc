// SPDX-License-Identifier: GPL-2.0
/* timeline.tsv: sorting, writing and reading back. */
#include "timeline.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int cmp_event(const void *pa, const void *pb)
{
	const struct tl_event *a = pa, *b = pb;
	bool an = a->t_us == TIME_NONE, bn = b->t_us == TIME_NONE;

	if (an != bn)
		return an ? 1 : -1;
	if (!an && a->t_us != b->t_us)
		return a->t_us < b->t_us ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void tl_sort(struct timeline *tl)
{
	qsort(tl->v, tl->n, sizeof(*tl->v), cmp_event);
}

void tl_free(struct timeline *tl)
{
	free(tl->v);
	memset(tl, 0, sizeof(*tl));
}

void tl_write(FILE *f, const struct timeline *tl, const struct tl_anchor *a,
	      const char *server)
{
	char t1[32], t2[32];

	fprintf(f, "# nfstb timeline: time_s is seconds since the client guest booted (printk/trace clock)\n");
	if (a->found) {
		fprintf(f, "# anchor=%zu pair(s), packets to %s:2049 = client trace events; linear between pairs, "
			"nearest pair's offset outside (trace resolution can be 10 ms)\n", a->n, server);
		for (size_t i = 0; i < a->n; i++)
			fprintf(f, "# pair frame=%ld epoch=%s guest=%s offset_s=%s %s\n", a->p[i].frame,
				format_time_us(a->p[i].pkt_us, t1, sizeof(t1)),
				format_time_us(a->p[i].guest_us, t2, sizeof(t2)),
				format_time_us(a->p[i].pkt_us - a->p[i].guest_us, (char[32]){ 0 }, 32),
				a->p[i].what);
	} else {
		fprintf(f, "# anchor=none (%s): packet times are seconds since the first packet\n",
			a->why[0] ? a->why : "no capture");
	}
	fprintf(f, "# server rows: the server guest's own clock in the text, time_s '-' (no event ties the two guests' clocks)\n");
	fprintf(f, "time_s\tsource\tkey\ttext\n");
	for (size_t i = 0; i < tl->n; i++) {
		const struct tl_event *e = &tl->v[i];

		if (e->t_us != TIME_NONE)
			fprintf(f, "%s\t%s\t%s\t%s\n", format_time_us(e->t_us, t1, sizeof(t1)),
				e->source, e->key, e->text);
		else if (!strcmp(e->source, "server"))
			fprintf(f, "-\t%s\t%s\t[server %s] %s\n", e->source, e->key,
				format_time_us(e->own_us, t1, sizeof(t1)), e->text);
		else
			fprintf(f, "-\t%s\t%s\t%s\n", e->source, e->key, e->text);
	}
}

int tl_load(const char *path, struct timeline *tl, char *anchor_line, size_t len)
{
	struct lines l;

	if (anchor_line && len)
		anchor_line[0] = '\0';
	if (lines_load(path, &l) < 0)
		return -1;
	for (size_t i = 0; i < l.n; i++) {
		char *c[4], *s = l.v[i];
		int n = 0;

		if (s[0] == '#') {
			if (anchor_line && starts_with(s, "# anchor="))
				snprintf(anchor_line, len, "%s", s + 2);
			continue;
		}
		c[n++] = s;
		for (char *p = s; *p && n < 4; p++)
			if (*p == '\t') {
				*p = '\0';
				c[n++] = p + 1;
			}
		if (n != 4 || !strcmp(c[0], "time_s"))
			continue;
		if (tl->n == tl->cap) {
			tl->cap = tl->cap ? tl->cap * 2 : 512;
			tl->v = xrealloc(tl->v, tl->cap * sizeof(*tl->v));
		}
		struct tl_event *e = &tl->v[tl->n];
		memset(e, 0, sizeof(*e));
		e->seq = tl->n++;
		if (!parse_time_us(c[0], &e->t_us))
			e->t_us = TIME_NONE;
		e->own_us = e->t_us;
		snprintf(e->source, sizeof(e->source), "%s", c[1]);
		snprintf(e->key, sizeof(e->key), "%s", c[2]);
		snprintf(e->text, sizeof(e->text), "%s", c[3]);
	}
	lines_free(&l);
	return 0;
}
