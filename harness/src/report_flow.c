// SPDX-License-Identifier: GPL-2.0
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
#include "report_run.h"
#include "report_util.h"
#include "util.h"

#include <string.h>

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
