// SPDX-License-Identifier: GPL-2.0
/* timeline.tsv rows (timeline_tsv.h): written and read back. */
#include "timeline_tsv.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct tl_event *tl_push(struct timeline *tl)
{
	struct tl_event *e;

	if (tl->n == tl->cap) {
		tl->cap = tl->cap ? tl->cap * 2 : 512;
		tl->v = xrealloc(tl->v, tl->cap * sizeof(*tl->v));
	}
	e = &tl->v[tl->n];
	memset(e, 0, sizeof(*e));
	e->seq = tl->n++;
	return e;
}

void tl_free(struct timeline *tl)
{
	free(tl->v);
	memset(tl, 0, sizeof(*tl));
}

void tl_write_rows(FILE *f, const struct timeline *tl)
{
	char t[32];

	fprintf(f, "time_s\tsource\tkey\ttext\n");
	for (size_t i = 0; i < tl->n; i++) {
		const struct tl_event *e = &tl->v[i];

		if (e->t_us != TIME_NONE)
			fprintf(f, "%s\t%s\t%s\t%s\n", format_time_us(e->t_us, t, sizeof(t)),
				e->source, e->key, e->text);
		else if (!strcmp(e->source, "server"))
			fprintf(f, "-\t%s\t%s\t[server %s] %s\n", e->source, e->key,
				format_time_us(e->own_us, t, sizeof(t)), e->text);
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

		if (s[0] == '#') {
			if (anchor_line && starts_with(s, "# anchor="))
				snprintf(anchor_line, len, "%s", s + 2);
			continue;
		}
		if (tsv_split(s, c, 4) != 4 || !strcmp(c[0], "time_s"))
			continue;
		struct tl_event *e = tl_push(tl);
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
