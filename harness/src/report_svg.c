// SPDX-License-Identifier: GPL-2.0
/*
 * The plot: one lane per source (pkt, trace, console), a tick per event, the
 * key events coloured and labelled; MemAvailable as a line below when the
 * console had it.  Fixed size, coordinates rounded: output is byte-stable.
 */
#include "report_run.h"
#include "report_util.h"
#include "util.h"

#include <string.h>

#define W 900
#define LEFT 70
#define RIGHT 20
#define LANE_H 40
#define MEM_H 120

static const char *const lanes[] = { "pkt", "trace", "console" };

static const char *key_colour(const char *key)
{
	if (!strcmp(key, "close") || !strcmp(key, "no-reconnect") || !strcmp(key, "hung") ||
	    !strcmp(key, "blocked"))
		return "#c00";
	if (!strcmp(key, "reconnect-syn") || !strcmp(key, "skip"))
		return "#080";
	if (!strcmp(key, "writeback"))
		return "#e80";
	if (!strcmp(key, "worker") || !strcmp(key, "sysrq"))
		return "#00a";
	return NULL;
}

/* Keys labelled in the plot: one label per kind, at its first row. */
static bool labelled(const char *key)
{
	return strcmp(key, "phase") && strcmp(key, "-") && strcmp(key, "worker") &&
	       strcmp(key, "blocked");
}

void report_write_svg(FILE *f, const struct report_run *r)
{
	int64_t lo = TIME_NONE, hi = TIME_NONE;
	int h = (int)ARRAY_SIZE(lanes) * LANE_H + 30 + (r->nmem > 1 ? MEM_H + 20 : 0);
	char done[16][16];
	size_t ndone = 0;

	for (size_t i = 0; i < r->tl.n; i++) {
		int64_t t = r->tl.v[i].t_us;

		if (t == TIME_NONE)
			continue;
		lo = lo == TIME_NONE || t < lo ? t : lo;
		hi = hi == TIME_NONE || t > hi ? t : hi;
	}
	for (size_t i = 0; i < r->nmem; i++) {
		lo = lo == TIME_NONE || r->mem[i].t_us < lo ? r->mem[i].t_us : lo;
		hi = hi == TIME_NONE || r->mem[i].t_us > hi ? r->mem[i].t_us : hi;
	}
	if (lo == TIME_NONE) {
		fprintf(f, "<p>(no timed events to plot)</p>\n");
		return;
	}
	if (hi == lo)
		hi = lo + 1000000;
	double scale = (double)(W - LEFT - RIGHT) / (double)(hi - lo);
#define X(t) (LEFT + (int)((double)((t) - lo) * scale + 0.5))

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"10\">\n", W, h);
	for (size_t l = 0; l < ARRAY_SIZE(lanes); l++) {
		int y = 10 + (int)l * LANE_H;

		fprintf(f, "<text x=\"4\" y=\"%d\">%s</text><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>\n",
			y + 20, lanes[l], LEFT, y + 20, W - RIGHT, y + 20);
	}
	/* plain ticks first, key events on top */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < r->tl.n; i++) {
			const struct tl_event *e = &r->tl.v[i];
			const char *c = key_colour(e->key);
			size_t l;

			if (e->t_us == TIME_NONE || (pass == 0) != (c == NULL))
				continue;
			for (l = 0; l < ARRAY_SIZE(lanes) && strcmp(lanes[l], e->source); l++)
				;
			if (l == ARRAY_SIZE(lanes))
				continue;
			int x = X(e->t_us), y = 10 + (int)l * LANE_H;
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
				x, y + 12, x, y + 28, c ? c : "#999", c ? 2 : 1);
			size_t k;
			for (k = 0; k < ndone && strcmp(done[k], e->key); k++)
				;
			if (c && labelled(e->key) && k == ndone && ndone < ARRAY_SIZE(done)) {
				snprintf(done[ndone++], sizeof(done[0]), "%s", e->key);
				fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", x + 2, y + 9, c, e->key);
			}
		}
	int axis = 10 + (int)ARRAY_SIZE(lanes) * LANE_H;
	char t[32];
	fprintf(f, "<text x=\"%d\" y=\"%d\">%s s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s s</text>\n",
		LEFT, axis + 10, format_secs_ms(lo, t, sizeof(t)), W - RIGHT, axis + 10,
		format_secs_ms(hi, (char[32]){ 0 }, 32));
	if (r->nmem > 1) {
		long max = 1;
		int top = axis + 25;

		for (size_t i = 0; i < r->nmem; i++)
			max = r->mem[i].kb > max ? r->mem[i].kb : max;
		fprintf(f, "<text x=\"4\" y=\"%d\">MemAvail</text><text x=\"4\" y=\"%d\">%ld kB</text>\n<polyline fill=\"none\" stroke=\"#06c\" points=\"",
			top + 10, top + 22, max);
		for (size_t i = 0; i < r->nmem; i++)
			fprintf(f, "%s%d,%d", i ? " " : "", X(r->mem[i].t_us),
				top + MEM_H - (int)((double)r->mem[i].kb * MEM_H / (double)max + 0.5));
		fprintf(f, "\"/>\n");
	}
	fprintf(f, "</svg>\n");
#undef X
}
