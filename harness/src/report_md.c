// SPDX-License-Identifier: GPL-2.0
/* report.md: the run's report as Markdown (readable in a terminal too). */
#include "report_run.h"
#include "report_util.h"
#include "util.h"

#include <string.h>

void report_write_md(FILE *f, const struct report_run *r)
{
	char t[32];

	fprintf(f, "# nfstb run %s\n\n", r->name);
	if (r->have_verdict)
		fprintf(f, "**Verdict: %s** (scenario %s, arm %s, mode %s, detect_s %s)\n\n",
			r->verdict, r->scenario, r->arm, r->mode, r->detect_s);
	else
		fprintf(f, "**Verdict: none** (no verdict.tsv)\n\n");
	fprintf(f, "Reason: %s\n\n", r->reason[0] ? r->reason : "-");

	fprintf(f, "## Hang\n\n");
	fprintf(f, "Classifier: `%s`, title: %s\n\n", signature_name(r->cls.sig), r->cls.title);
	if (r->cls.sig != SIG_NONE)
		fprintf(f, "Task %s pid %ld at %s s.\n\n", r->cls.comm, r->cls.pid,
			format_time_us(r->cls.time_us, t, sizeof(t)));
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
	fprintf(f, "%s\n\n", r->check[0] ? r->check : "packet_check=n/a reason=no packet-check.txt");
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
