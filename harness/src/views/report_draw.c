// SPDX-License-Identifier: GPL-2.0
/*
 * The drawings of one run's report (report_run.h): the plot of the events
 * and the reconnect as a flow diagram, both inline SVG.
 */
#include "report_run.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/*
 * The plot: one lane per source (pkt, trace, console), a tick per event, the
 * key events coloured and labelled, each label in its own row above its lane
 * when it would overlap another (so labels never overlap); MemAvailable as a line below when the
 * console had it.  Fixed size, coordinates rounded: output is byte-stable.
 */

#define W 900
#define LEFT 70
#define RIGHT 20
#define LANE_H 30
#define LABEL_H 12
#define MAX_LABEL_ROWS 16
#define MARK_H 30
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

/* A label above its tick: which lane, where, and the label row it got. */
struct label {
	size_t lane, ev;
	int x, start, width, row;
};

/* Estimated width of @text at font-size 10 (generous: no real font is wider). */
static int text_width(const char *text)
{
	return (int)strlen(text) * 7 + 2;
}

static int label_cmp(const void *a, const void *b)
{
	const struct label *p = a, *q = b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return p->ev < q->ev ? -1 : p->ev > q->ev;
}

/*
 * Greedy rows: each label, left to right, goes into the first row of its
 * lane whose last label ends before it starts, so no two labels overlap.
 */
static void place_labels(struct label *lb, size_t n, int rows[])
{
	int end[ARRAY_SIZE(lanes)][MAX_LABEL_ROWS];

	memset(end, 0, sizeof(end));
	qsort(lb, n, sizeof(*lb), label_cmp);
	for (size_t i = 0; i < n; i++) {
		int r = 0;

		while (r < MAX_LABEL_ROWS - 1 && end[lb[i].lane][r] > lb[i].start)
			r++;
		lb[i].row = r;
		end[lb[i].lane][r] = lb[i].start + lb[i].width + 4;
		rows[lb[i].lane] = rows[lb[i].lane] > r + 1 ? rows[lb[i].lane] : r + 1;
	}
}

/* The keys whose first event the verdict rests on, by verdict. */
static bool verdict_key(const char *verdict, const char *key)
{
	if (starts_with(verdict, "DEADLOCK"))
		return !strcmp(key, "close") || !strcmp(key, "writeback") || !strcmp(key, "blocked") ||
		       !strcmp(key, "no-reconnect");
	if (!strcmp(verdict, "PASS"))
		return !strcmp(key, "close") || !strcmp(key, "skip") || !strcmp(key, "reconnect-syn");
	return false;
}

/*
 * The reconnect as a band across the lanes, from the first close to the
 * reconnect SYN (or the plot's end), and a ring around the first event of
 * each key the verdict rests on; both explained in a row of their own under
 * the time axis, so they overlap no label.
 */
static void write_marks(FILE *f, const struct report_run *r, int64_t lo, double scale,
		       const int top[], int axis)
{
	int64_t close = TIME_NONE, syn = TIME_NONE;
	char seen[8][16], keys[128] = "";
	size_t nseen = 0;

	for (size_t i = 0; i < r->tl.n; i++) {
		const struct tl_event *e = &r->tl.v[i];

		if (e->t_us == TIME_NONE)
			continue;
		if (close == TIME_NONE && !strcmp(e->key, "close"))
			close = e->t_us;
		if (close != TIME_NONE && syn == TIME_NONE && !strcmp(e->key, "reconnect-syn"))
			syn = e->t_us;
	}
	if (close != TIME_NONE) {
		int x1 = LEFT + (int)((double)(close - lo) * scale + 0.5);
		int x2 = syn != TIME_NONE ? LEFT + (int)((double)(syn - lo) * scale + 0.5) : W - RIGHT;

		fprintf(f, "<rect class=\"reconnect-band\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
			   "fill=\"#fc0\" fill-opacity=\"0.15\"/>\n", x1, top[0], x2 - x1 > 1 ? x2 - x1 : 1, axis - top[0]);
	}
	for (size_t i = 0; i < r->tl.n && nseen < ARRAY_SIZE(seen); i++) {
		const struct tl_event *e = &r->tl.v[i];
		size_t l, k;

		if (e->t_us == TIME_NONE || !verdict_key(r->rec.verdict, e->key))
			continue;
		for (k = 0; k < nseen && strcmp(seen[k], e->key); k++)
			;
		for (l = 0; l < ARRAY_SIZE(lanes) && strcmp(lanes[l], e->source); l++)
			;
		if (k < nseen || l == ARRAY_SIZE(lanes))
			continue;
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", e->key);
		snprintf(keys + strlen(keys), sizeof(keys) - strlen(keys), "%s%s", nseen > 1 ? ", " : "", e->key);
		fprintf(f, "<circle class=\"verdict-event\" cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"none\" "
			   "stroke=\"#000\" stroke-width=\"1.5\"/>\n",
			LEFT + (int)((double)(e->t_us - lo) * scale + 0.5), top[l + 1] - LANE_H / 2);
	}
	fprintf(f, "<text class=\"marks\" x=\"%d\" y=\"%d\">shaded: %s; ringed: %s</text>\n", LEFT, axis + 26,
		close == TIME_NONE ? "no close" : syn != TIME_NONE ? "the reconnect, close to SYN" :
		"from the close, no reconnect", nseen ? keys : "no event the verdict rests on");
	if (nseen) {
		fprintf(f, "<text x=\"%d\" y=\"%d\">(the first event of each kind the verdict ",
			LEFT, axis + 38);
		html_escape(f, r->rec.verdict);
		fprintf(f, " rests on)</text>\n");
	}
}

void report_write_svg(FILE *f, const struct report_run *r)
{
	int64_t lo = TIME_NONE, hi = TIME_NONE;
	char done[16][16];
	size_t ndone = 0, nlabels = 0;
	struct label labels[ARRAY_SIZE(done)];
	int rows[ARRAY_SIZE(lanes)] = { 0 }, top[ARRAY_SIZE(lanes) + 1];

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

	/* the labels: one per key kind, at its first row */
	for (size_t i = 0; i < r->tl.n; i++) {
		const struct tl_event *e = &r->tl.v[i];
		size_t l, k;

		if (e->t_us == TIME_NONE || !key_colour(e->key) || !labelled(e->key))
			continue;
		for (l = 0; l < ARRAY_SIZE(lanes) && strcmp(lanes[l], e->source); l++)
			;
		for (k = 0; k < ndone && strcmp(done[k], e->key); k++)
			;
		if (l == ARRAY_SIZE(lanes) || k < ndone || ndone == ARRAY_SIZE(done))
			continue;
		snprintf(done[ndone++], sizeof(done[0]), "%s", e->key);
		struct label *lb = &labels[nlabels++];
		lb->lane = l;
		lb->ev = i;
		lb->x = X(e->t_us);
		lb->width = text_width(e->key);
		lb->start = lb->x + 2 + lb->width > W ? W - lb->width : lb->x + 2;
	}
	place_labels(labels, nlabels, rows);
	top[0] = 4;
	for (size_t l = 0; l < ARRAY_SIZE(lanes); l++)
		top[l + 1] = top[l] + rows[l] * LABEL_H + LANE_H;
	int axis = top[ARRAY_SIZE(lanes)];
	int h = axis + 20 + MARK_H + (r->nmem > 1 ? MEM_H + 20 : 0);

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"timeline\" width=\"%d\" height=\"%d\" "
		"font-family=\"sans-serif\" font-size=\"10\">\n", W, h);
	for (size_t l = 0; l < ARRAY_SIZE(lanes); l++) {
		int y = top[l + 1] - LANE_H / 2;

		fprintf(f, "<text x=\"4\" y=\"%d\">%s</text><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>\n",
			y + 4, lanes[l], LEFT, y, W - RIGHT, y);
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
			int x = X(e->t_us), y = top[l + 1] - LANE_H / 2;
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
				x, y - 8, x, y + 8, c ? c : "#999", c ? 2 : 1);
		}
	/* each label in its row above its lane, with a leader down to its tick */
	for (size_t i = 0; i < nlabels; i++) {
		const struct label *lb = &labels[i];
		const struct tl_event *e = &r->tl.v[lb->ev];
		const char *c = key_colour(e->key);
		int ty = top[lb->lane] + (lb->row + 1) * LABEL_H, tick = top[lb->lane + 1] - LANE_H / 2 - 8;

		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-dasharray=\"2,2\"/>"
			"<text class=\"label\" x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n",
			lb->x, ty + 2, lb->x, tick, c, lb->start, ty, c, e->key);
	}
	write_marks(f, r, lo, scale, top, axis);
	axis += MARK_H;
	char t[32];
	fprintf(f, "<text x=\"%d\" y=\"%d\">%s s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s s</text>\n",
		LEFT, axis - MARK_H + 10, format_secs_ms(lo, t, sizeof(t)), W - RIGHT, axis - MARK_H + 10,
		format_secs_ms(hi, (char[32]){ 0 }, 32));
	if (r->nmem > 1) {
		long max = 1;
		int mtop = axis + 25;

		for (size_t i = 0; i < r->nmem; i++)
			max = r->mem[i].kb > max ? r->mem[i].kb : max;
		fprintf(f, "<text x=\"4\" y=\"%d\">MemAvail</text><text x=\"4\" y=\"%d\">%ld kB</text>\n<polyline fill=\"none\" stroke=\"#06c\" points=\"",
			mtop + 10, mtop + 22, max);
		for (size_t i = 0; i < r->nmem; i++)
			fprintf(f, "%s%d,%d", i ? " " : "", X(r->mem[i].t_us),
				mtop + MEM_H - (int)((double)r->mem[i].kb * MEM_H / (double)max + 0.5));
		fprintf(f, "\"/>\n");
	}
	fprintf(f, "</svg>\n");
#undef X
}

/*
 * The reconnect as a flow diagram, in the spirit of Wireshark's flow graph:
 * a client and a server lane, one row per event on the client's clock (from
 * timeline.tsv, so packets are already on the guest clock): the SYNs, FINs
 * and RSTs, the COMMIT calls and replies, and between them the trace's
 * connect-worker events and nfs_release_folio decisions (and the console's
 * hung-task, SysRq and blocked-task lines, cut to 40 characters), with at
 * most FLOW_SKIPS skip rows drawn and the rest counted.  The window starts
 * at the first close; it ends before the first FIN or RST after the
 * reconnect SYN, at the end of the timeline, or after FLOW_MAX_ROWS rows.
 */

#define FLOW_MAX_ROWS 60
#define FLOW_SKIPS 3		/* skip rows drawn; the rest are counted in one row */
#define FW 900
#define CLIENT_X 330
#define SERVER_X 800
#define ROW_H 18
#define TOP 40

enum flow_kind { FLOW_NONE, FLOW_TO_SERVER, FLOW_TO_CLIENT, FLOW_NOTE, FLOW_END };

static bool is_control(const char *text)
{
	return starts_with(text, "client ") || starts_with(text, "server ");
}

static enum flow_kind kind_of(const struct tl_event *e)
{
	if (!strcmp(e->source, "pkt")) {
		if (!strcmp(e->key, "no-reconnect"))
			return FLOW_END;
		if (is_control(e->text))
			return starts_with(e->text, "client ") ? FLOW_TO_SERVER : FLOW_TO_CLIENT;
		if (starts_with(e->text, "COMMIT call"))
			return FLOW_TO_SERVER;
		if (starts_with(e->text, "COMMIT reply"))
			return FLOW_TO_CLIENT;
		return FLOW_NONE;
	}
	if (!strcmp(e->source, "trace") &&
	    (!strcmp(e->key, "worker") || !strcmp(e->key, "skip") || !strcmp(e->key, "writeback")))
		return FLOW_NOTE;
	if (!strcmp(e->source, "console") &&
	    (!strcmp(e->key, "hung") || !strcmp(e->key, "sysrq") || !strcmp(e->key, "blocked")))
		return FLOW_NOTE;
	return FLOW_NONE;
}

/* "kworker/u4:2-27 nfs_release_folio: ... decision=writeback" -> "pid 27 release: writeback index=1023" */
static void note_text(const struct tl_event *e, char *buf, size_t len)
{
	const char *sp = strchr(e->text, ' '), *dash = sp ? sp : e->text;
	char decision[32] = "", index[32] = "", status[32] = "", pid[16] = "?";

	if (!strcmp(e->source, "console")) {
		snprintf(buf, len, "console: %.40s", e->text);
		return;
	}
	while (dash > e->text && dash[-1] != '-')
		dash--;
	if (sp && dash > e->text)
		snprintf(pid, sizeof(pid), "%.*s", (int)(sp - dash), dash);
	kv_get(e->text, "decision", decision, sizeof(decision));
	kv_get(e->text, "index", index, sizeof(index));
	kv_get(e->text, "status", status, sizeof(status));
	if (strstr(e->text, "xs_connect_worker_enter:"))
		snprintf(buf, len, "pid %s: connect worker enter", pid);
	else if (strstr(e->text, "xs_connect_worker_exit:"))
		snprintf(buf, len, "pid %s: connect worker exit status=%s", pid, status);
	else
		snprintf(buf, len, "pid %s: nfs_release_folio %s index=%s", pid, decision, index);
}

/* "client FIN|ACK 10.213.59.20:968 -> 10.213.59.10:2049" -> "FIN|ACK 10.213.59.20:968 -> ..." */
static const char *arrow_label(const struct tl_event *e)
{
	return is_control(e->text) ? strchr(e->text, ' ') + 1 : e->text;
}

void report_write_flow(FILE *f, const struct report_run *r)
{
	size_t start = r->tl.n, rows[FLOW_MAX_ROWS], n = 0, skips = 0, more = 0;
	bool reconnected = false;

	for (size_t i = 0; i < r->tl.n && start == r->tl.n; i++)
		if (!strcmp(r->tl.v[i].key, "close") && r->tl.v[i].t_us != TIME_NONE)
			start = i;
	if (start == r->tl.n) {
		fprintf(f, "<p>(no close in timeline.tsv: no reconnect to draw)</p>\n");
		return;
	}
	for (size_t i = start; i < r->tl.n && n < FLOW_MAX_ROWS; i++) {
		const struct tl_event *e = &r->tl.v[i];
		enum flow_kind k = e->t_us == TIME_NONE ? FLOW_NONE : kind_of(e);

		if (k == FLOW_NONE)
			continue;
		if (reconnected && is_control(e->text) && !strstr(e->text, "SYN"))
			break;
		reconnected = reconnected || !strcmp(e->key, "reconnect-syn");
		if (!strcmp(e->key, "skip") && skips++ >= FLOW_SKIPS) {
			more++;
			continue;
		}
		rows[n++] = i;
	}
	int h = TOP + (int)(n + (more > 0)) * ROW_H + 20;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"flow\" width=\"%d\" height=\"%d\" "
		   "font-family=\"sans-serif\" font-size=\"10\">\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" "
		   "refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
		   "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\n", FW, h);
	fprintf(f, "<text x=\"4\" y=\"14\" font-weight=\"bold\">time_s</text>"
		   "<text x=\"%d\" y=\"14\" text-anchor=\"middle\" font-weight=\"bold\">client (trace events left of it)</text>"
		   "<text x=\"%d\" y=\"14\" text-anchor=\"middle\" font-weight=\"bold\">server :2049</text>\n"
		   "<line class=\"lane\" x1=\"%d\" y1=\"20\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>"
		   "<line class=\"lane\" x1=\"%d\" y1=\"20\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n",
		CLIENT_X, SERVER_X, CLIENT_X, CLIENT_X, h - 10, SERVER_X, SERVER_X, h - 10);
	for (size_t j = 0; j < n; j++) {
		const struct tl_event *e = &r->tl.v[rows[j]];
		int y = TOP + (int)j * ROW_H;
		char t[32], label[256];
		enum flow_kind k = kind_of(e);

		fprintf(f, "<text x=\"4\" y=\"%d\">%s</text>", y, format_time_us(e->t_us, t, sizeof(t)));
		if (k == FLOW_NOTE) {
			note_text(e, label, sizeof(label));
			fprintf(f, "<text class=\"note %s\" x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"%s\">",
				e->key, CLIENT_X - 6, y, !strcmp(e->source, "console") ? "#900" :
				!strcmp(e->key, "writeback") ? "#c60" :
				!strcmp(e->key, "skip") ? "#080" : "#00a");
			html_escape(f, label);
			fprintf(f, "</text>\n");
			continue;
		}
		if (k == FLOW_END) {
			fprintf(f, "<text class=\"end\" x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#c00\">",
				(CLIENT_X + SERVER_X) / 2, y);
			html_escape(f, e->text);
			fprintf(f, "</text>\n");
			continue;
		}
		snprintf(label, sizeof(label), "%s", arrow_label(e));
		int x1 = k == FLOW_TO_SERVER ? CLIENT_X : SERVER_X, x2 = k == FLOW_TO_SERVER ? SERVER_X : CLIENT_X;
		const char *c = !strcmp(e->key, "close") ? "#c00" : !strcmp(e->key, "reconnect-syn") ? "#080" : "#333";
		fprintf(f, "<line class=\"msg\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
			   "marker-end=\"url(#arrow)\"/><text class=\"msg-label\" x=\"%d\" y=\"%d\" "
			   "text-anchor=\"middle\" fill=\"%s\">", x1, y, x2, y, c, (CLIENT_X + SERVER_X) / 2, y - 3, c);
		html_escape(f, label);
		fprintf(f, "</text>\n");
	}
	if (more)
		fprintf(f, "<text class=\"note skip\" x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#080\">"
			   "... %zu more skip_nofs rows (timeline.tsv)</text>\n", CLIENT_X - 6, TOP + (int)n * ROW_H, more);
	fprintf(f, "</svg>\n");
}
