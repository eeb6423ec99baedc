// SPDX-License-Identifier: GPL-2.0
/*
 * Writing one run's report page (report_run.h): report.md, report.html and
 * the console blocks inside both.
 */
#include "record.h"
#include "report_run.h"
#include "util.h"

#include <string.h>

/* Without a record: why there is none ("no run.json", or why it is not one). */
static void no_record(const struct report_run *r, char *buf, size_t len)
{
	if (r->record_err[0])
		snprintf(buf, len, RECORD_FILE " is not a run record: %s", r->record_err);
	else
		snprintf(buf, len, "no " RECORD_FILE);
}

/* The record's packet check, or why there is none, as the check's own line. */
static void packet_line(const struct report_run *r, char *buf, size_t len)
{
	if (r->have_verdict && r->rec.has_packets)
		snprintf(buf, len, "%s", r->rec.packets);
	else if (r->have_verdict)
		snprintf(buf, len, "packet_check=n/a reason=the run was judged without a packet summary");
	else
		snprintf(buf, len, "packet_check=n/a reason=no run record");
}

/* report.md: the run's report as Markdown (readable in a terminal too). */

/*
 * After a hang's syzkaller-style title: what showed the task.  syzkaller
 * titles only khungtaskd's reports; a task seen in a SysRq-W/-T dump gets
 * the same form (harness/README.md), and the report says so.
 */
static const char *syz_source_note(const struct run_record *rec)
{
	if (record_syz_title(rec) != rec->syz_title)
		return "";
	if (!strcmp(rec->hang_source, "show-state"))
		return " (the task was found in a SysRq-W/-T dump, not by the hung task detector: "
		       "syzkaller has no title for those, this is its hung-task form)";
	return " (the hung task detector's report)";
}

void report_write_md(FILE *f, const struct report_run *r)
{
	const struct run_record *rec = &r->rec;
	char t[32], why[800];

	fprintf(f, "# nfstb run %s\n\n", r->name);
	if (r->have_verdict) {
		fprintf(f, "**Verdict: %s** (scenario %s, arm %s, mode %s, detect_s %s)\n\n",
			rec->verdict, rec->scenario, rec->arm, rec->mode,
			record_secs(rec->detect_us, t, sizeof(t)));
	} else {
		no_record(r, why, sizeof(why));
		fprintf(f, "**Verdict: none** (");
		md_cell(f, why);
		fprintf(f, ")\n\n");
	}
	fprintf(f, "Reason: %s\n\n", rec->reason[0] ? rec->reason : "-");
	if (r->have_verdict && record_syz_title(rec)[0])
		fprintf(f, "syzkaller-style title: `%s`%s\n\n", record_syz_title(rec),
			syz_source_note(rec));

	fprintf(f, "## Hang\n\n");
	if (r->have_verdict)
		fprintf(f, "Classifier: `%s`, title: %s\n\n", rec->signature, rec->title);
	else
		fprintf(f, "Classifier: no run record\n\n");
	if (r->have_verdict && rec->has_task)
		fprintf(f, "Task %s pid %ld at %s s.\n\n", rec->task, rec->pid,
			format_time_us(rec->hang_us, t, sizeof(t)));
	if (r->have_verdict && rec->nframes) {
		fprintf(f, "Its frames, innermost first:");
		for (size_t i = 0; i < rec->nframes; i++)
			fprintf(f, "%s `%s`", i ? "," : "", rec->frames[i]);
		fprintf(f, ".\n\n");
	}
	if (r->stacks.n) {
		fprintf(f, "%zu blocked-task report(s), each whole as the console printed it, innermost frame "
			   "first. Marked frames (reliable ones only): `<- wait` a COMMIT or writeback wait, "
			   "`<- release` nfs_release_folio, `<- reclaim` direct reclaim or the injection point, "
			   "`<- worker` the RPC connect worker.\n\n", r->stacks.n);
		report_blocks_md(f, &r->stacks);
	} else {
		fprintf(f, "%s\n\n", r->have_console ? "No blocked-task report in the console." :
			"(no client-console.log)");
	}
	if (r->lockdeps.n) {
		fprintf(f, "## Lockdep\n\n%zu lockdep report(s), each whole.\n\n", r->lockdeps.n);
		report_blocks_md(f, &r->lockdeps);
	}

	fprintf(f, "## Packets\n\n");
	packet_line(r, why, sizeof(why));
	fprintf(f, "%s\n\n", why);
	fprintf(f, "RPC procedures per connection (packets.tsv; a call is unanswered when no reply with its "
		   "XID came back on the same connection):\n\n");
	report_conns_md(f, &r->conns);
	fprintf(f, "%s\n\n", r->summary ? "All packet facts: [pcap-summary.txt](pcap-summary.txt)." :
		"(no pcap-summary.txt)");

	fprintf(f, "## Key timeline rows\n\n");
	fprintf(f, "Clock: seconds since the client booted; %s.\n\n", r->anchor[0] ? r->anchor : "no timeline.tsv");
	fprintf(f, "| time_s | source | key | event |\n| ---: | --- | --- | --- |\n");
	for (size_t i = 0; i < r->tl.n; i++) {
		const struct tl_event *e = &r->tl.v[i];

		if (!report_row_shown(r, i))
			continue;
		fprintf(f, "| %s | %s | %s | ", format_time_us(e->t_us, t, sizeof(t)), e->source, e->key);
		md_cell(f, e->text);
		fprintf(f, " |\n");
	}
	fprintf(f, "\nAll rows: [timeline.tsv](timeline.tsv).\n\n## Raw files\n\n");
	report_raw_links(f, r, "- [%s](%s)\n");
}

/*
 * report.html: the same content as report.md, self-contained (inline CSS
 * and SVG, no script, no network) so it opens from a CI artifact as is.
 */

const char report_css[] =
	"body{font-family:sans-serif;margin:1.5em;max-width:70em;color:#222}"
	"h1{font-size:1.4em}h2{font-size:1.15em;border-bottom:1px solid #ccc}"
	"pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}"
	"table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}"
	".PASS{color:#070}.DEADLOCK{color:#b00}.other{color:#a60}"
	".k-close,.k-no-reconnect,.k-hung,.k-blocked{background:#fdd}.k-reconnect-syn,.k-skip{background:#dfd}"
	".k-writeback{background:#fed}"
	"tr.unexpected{background:#fee;outline:2px solid #b00}tr.unexpected td.result{font-weight:bold;color:#b00}"
	"span.unexpected{background:#fee;border:1px solid #b00;padding:0 .3em}td.reason{max-width:30em}"
	"tr.conn th{background:#eef}tr.unanswered{background:#fdd;font-weight:bold}"
	"section.stack,section.lockdep{margin:.5em 0}h3{font-size:1em;margin:.3em 0}"
	".badge{background:#b00;color:#fff;padding:0 .4em;border-radius:3px;font-size:.85em}"
	".frame{font-weight:bold}.role{color:#555;font-style:italic}"
	".mark-wait{background:#fdd}.mark-release{background:#fed}.mark-reclaim{background:#ffc}"
	".mark-worker{background:#def}";

static const char report_legend[] =
	"<code>&lt;- wait</code> a COMMIT or writeback wait, <code>&lt;- release</code> nfs_release_folio, "
	"<code>&lt;- reclaim</code> direct reclaim or the injection point, <code>&lt;- worker</code> "
	"the RPC connect worker";

static const char *verdict_class(const char *v)
{
	if (!strcmp(v, "PASS"))
		return "PASS";
	return starts_with(v, "DEADLOCK") ? "DEADLOCK" : "other";
}

void report_write_html(FILE *f, const struct report_run *r)
{
	const struct run_record *rec = &r->rec;
	char t[32], why[800];

	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>nfstb run ");
	html_escape(f, r->name);
	fprintf(f, "</title><style>%s</style></head><body>\n<h1>nfstb run ", report_css);
	html_escape(f, r->name);
	fprintf(f, "</h1>\n<p><b class=\"%s\">Verdict: ", verdict_class(rec->verdict));
	if (r->have_verdict) {
		html_escape(f, rec->verdict);
		fprintf(f, "</b> (scenario ");
		html_escape(f, rec->scenario);
		fprintf(f, ", arm ");
		html_escape(f, rec->arm);
		fprintf(f, ", mode ");
		html_escape(f, rec->mode);
		fprintf(f, ", detect_s %s)", record_secs(rec->detect_us, t, sizeof(t)));
	} else {
		no_record(r, why, sizeof(why));
		fprintf(f, "none</b> (");
		html_escape(f, why);
		fprintf(f, ")");
	}
	fprintf(f, "<br>Reason: ");
	html_escape(f, rec->reason[0] ? rec->reason : "-");
	if (r->have_verdict && record_syz_title(rec)[0]) {
		fprintf(f, "<br>syzkaller-style title: <code class=\"syz-title\">");
		html_escape(f, record_syz_title(rec));
		fprintf(f, "</code>");
		html_escape(f, syz_source_note(rec));
	}
	fprintf(f, "</p>\n<h2>Events over time</h2>\n");
	report_write_svg(f, r);

	fprintf(f, "<h2>Hang</h2>\n<p>Classifier: ");
	if (r->have_verdict) {
		fprintf(f, "<code>");
		html_escape(f, rec->signature);
		fprintf(f, "</code>, title: ");
		html_escape(f, rec->title);
	} else {
		fprintf(f, "no run record");
	}
	fprintf(f, "</p>\n");
	if (r->have_verdict && rec->has_task) {
		fprintf(f, "<p>Task ");
		html_escape(f, rec->task);
		fprintf(f, " pid %ld at %s s.</p>\n", rec->pid, format_time_us(rec->hang_us, t, sizeof(t)));
	}
	if (r->have_verdict && rec->nframes) {
		fprintf(f, "<p>Its frames, innermost first:");
		for (size_t i = 0; i < rec->nframes; i++) {
			fprintf(f, "%s <code>", i ? "," : "");
			html_escape(f, rec->frames[i]);
			fprintf(f, "</code>");
		}
		fprintf(f, ".</p>\n");
	}
	if (r->stacks.n) {
		fprintf(f, "<p>%zu blocked-task report(s), each whole as the console printed it, innermost "
			   "frame first. Marked frames (reliable ones only): %s.</p>\n", r->stacks.n, report_legend);
		report_blocks_html(f, &r->stacks, "stack");
	} else {
		fprintf(f, "<p>%s</p>\n", r->have_console ? "No blocked-task report in the console." :
			"(no client-console.log)");
	}
	if (r->lockdeps.n) {
		fprintf(f, "<h2>Lockdep</h2>\n<p>%zu lockdep report(s), each whole.</p>\n", r->lockdeps.n);
		report_blocks_html(f, &r->lockdeps, "lockdep");
	}

	fprintf(f, "<h2>Packets</h2>\n<p><b>");
	packet_line(r, why, sizeof(why));
	html_escape(f, why);
	fprintf(f, "</b></p>\n<p>RPC procedures per connection (packets.tsv; a call is unanswered when no "
		   "reply with its XID came back on the same connection):</p>\n");
	report_conns_html(f, &r->conns);
	fprintf(f, "<h3>The reconnect</h3>\n<p>From the first close, one row per event on the client's clock "
		   "(timeline.tsv; rows are in order, not to scale): SYN, FIN, RST and COMMIT between the lanes, "
		   "the connect worker's trace events and nfs_release_folio decisions left of the client.</p>\n");
	report_write_flow(f, r);
	fprintf(f, "<details><summary>pcap-summary.txt</summary><pre>");
	html_escape(f, r->summary ? r->summary : "(no pcap-summary.txt)\n");
	fprintf(f, "</pre></details>\n<h2>Key timeline rows</h2>\n<p>Clock: seconds since the client booted; ");
	html_escape(f, r->anchor[0] ? r->anchor : "no timeline.tsv");
	fprintf(f, ".</p>\n<table><tr><th>time_s</th><th>source</th><th>key</th><th>event</th></tr>\n");
	for (size_t i = 0; i < r->tl.n; i++) {
		const struct tl_event *e = &r->tl.v[i];

		if (!report_row_shown(r, i))
			continue;
		fprintf(f, "<tr class=\"k-%s\"><td>%s</td><td>%s</td><td>%s</td><td>", e->key,
			format_time_us(e->t_us, t, sizeof(t)), e->source, e->key);
		html_escape(f, e->text);
		fprintf(f, "</td></tr>\n");
	}
	fprintf(f, "</table>\n<p>All rows: <a href=\"timeline.tsv\">timeline.tsv</a>.</p>\n<h2>Raw files</h2>\n<ul>\n");
	report_raw_links(f, r, "<li><a href=\"%s\">%s</a></li>\n");
	fprintf(f, "</ul>\n</body></html>\n");
}

/*
 * A console block (a blocked task's report, a lockdep report) in the run's
 * report: every line as printed, and a reliable frame that is part of the
 * 2012 cycle marked with its part (wait, release, reclaim, worker) in text
 * beside the line, so the marking does not rest on colour alone.
 */

void report_blocks_html(FILE *f, const struct report_blocks *b, const char *id)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct report_block *k = &b->v[i];

		fprintf(f, "<section class=\"%s%s\" id=\"%s-%zu\"><h3>", id,
			k->named ? " named" : "", id, i + 1);
		html_escape(f, k->title);
		if (k->named)
			fprintf(f, " <span class=\"badge\">the classifier's task</span>");
		fprintf(f, "</h3>\n<pre class=\"block-text\">");
		for (size_t j = 0; j < k->n; j++) {
			const char *role = k->roles[j];

			if (!role) {
				html_escape(f, k->lines[j]);
				fputc('\n', f);
				continue;
			}
			fprintf(f, "<span class=\"frame mark-%s\">", role);
			html_escape(f, k->lines[j]);
			fprintf(f, "</span> <span class=\"role\">&lt;- %s</span>\n", role);
		}
		fprintf(f, "</pre></section>\n");
	}
}

void report_blocks_md(FILE *f, const struct report_blocks *b)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct report_block *k = &b->v[i];

		fprintf(f, "### %s%s\n\n```\n", k->title, k->named ? " (the classifier's task)" : "");
		for (size_t j = 0; j < k->n; j++) {
			if (!k->roles[j])
				fprintf(f, "%s\n", k->lines[j]);
			else
				fprintf(f, "%s   <- %s\n", k->lines[j], k->roles[j]);
		}
		fprintf(f, "```\n\n");
	}
}
