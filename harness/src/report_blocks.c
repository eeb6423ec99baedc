// SPDX-License-Identifier: GPL-2.0
/*
 * A console block (a blocked task's report, a lockdep report) in the run's
 * report: every line as printed, and a reliable frame that is part of the
 * 2012 cycle marked with its part (wait, release, reclaim, worker) in text
 * beside the line, so the marking does not rest on colour alone.
 */
#include "report_run.h"
#include "report_util.h"

#include <string.h>

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
			const char *role = frame_role_name(k->roles[j]);

			if (k->roles[j] == FRAME_OTHER) {
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
			if (k->roles[j] == FRAME_OTHER)
				fprintf(f, "%s\n", k->lines[j]);
			else
				fprintf(f, "%s   <- %s\n", k->lines[j], frame_role_name(k->roles[j]));
		}
		fprintf(f, "```\n\n");
	}
}
