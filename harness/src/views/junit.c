// SPDX-License-Identifier: GPL-2.0
/*
 * The results directory as CI sees it (junit.h): the runs collected into
 * test cases, then written as junit.xml and as the index report.md/.html.
 */
#include "junit.h"
#include "results.h"
#include "rule_table.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The runs of a results directory as test cases. */

/* The witness behind a rule, from the one rule table (common/rule_table.c). */
const char *junit_rule_witness(char rule)
{
	const struct rule_doc *r = rule ? rule_doc_find(rule) : NULL;

	return r ? r->witness : "";
}

/* One testcase per run of the run list: the matrix's, or the run dirs'. */
int junit_collect(const char *dir, struct junit_case **out, size_t *n)
{
	struct run_list l;
	char err[256];

	*out = NULL;
	*n = 0;
	if (runs_load(dir, &l, err, sizeof(err)))
		return -1;
	*out = xcalloc(l.n ? l.n : 1, sizeof(**out));
	for (size_t i = 0; i < l.n; i++) {
		const struct run_row *r = &l.v[i];
		const struct run_record *rec = &r->rec;
		struct junit_case *c = &(*out)[i];

		snprintf(c->name, sizeof(c->name), "%s", r->run);
		snprintf(c->scenario, sizeof(c->scenario), "%s", r->scenario);
		snprintf(c->arm, sizeof(c->arm), "%s", r->arm);
		snprintf(c->mode, sizeof(c->mode), "%s", r->mode);
		snprintf(c->verdict, sizeof(c->verdict), "%s",
			 r->has_record ? rec->verdict :
			 r->malformed ? "malformed record" : "no verdict record");
		snprintf(c->expected, sizeof(c->expected), "%s",
			 r->expect ? r->expect->verdict : "");
		c->malformed = r->judgement == RUN_MALFORMED;
		c->skipped = r->judgement == RUN_SKIPPED;
		c->failed = run_judgement_failed(r->judgement) && !c->malformed;
		c->unexpected = r->judgement == RUN_FAILED || r->judgement == RUN_ALLOWED_MISS ||
				r->judgement == RUN_NO_RECORD || c->malformed;
		if (c->malformed) {
			snprintf(c->error, sizeof(c->error), "%s", r->why);
			snprintf(c->witness, sizeof(c->witness), "the record (run.json)");
			continue;
		}
		if (!r->has_record) {
			snprintf(c->witness, sizeof(c->witness), "no verdict record");
			continue;
		}
		snprintf(c->reason, sizeof(c->reason), "%s", rec->reason);
		snprintf(c->syz_title, sizeof(c->syz_title), "%s", record_syz_title(rec));
		if (c->unexpected && !strcmp(rec->verdict, "PASS"))
			snprintf(c->witness, sizeof(c->witness), "none: the run passed");
		else if (c->unexpected)
			snprintf(c->witness, sizeof(c->witness), "%s",
				 junit_rule_witness(rec->rule[0]));
		record_secs(rec->detect_us, c->detect_s, sizeof(c->detect_s));
		if (rec->has_packets)
			snprintf(c->check, sizeof(c->check), "%s", rec->packets);
	}
	*n = l.n;
	runs_free(&l);
	return 0;
}

/* junit.xml and the index report. */

extern const char report_css[];

void junit_write_xml(FILE *f, const struct junit_case *c, size_t n)
{
	size_t failures = 0, errors = 0, skipped = 0;

	for (size_t i = 0; i < n; i++) {
		failures += c[i].failed;
		errors += c[i].malformed;
		skipped += c[i].skipped;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuites name=\"nfstb\" tests=\"%zu\" failures=\"%zu\"", n, failures);
	if (errors)
		fprintf(f, " errors=\"%zu\"", errors);
	if (skipped)
		fprintf(f, " skipped=\"%zu\"", skipped);
	fprintf(f, ">\n  <testsuite name=\"nfstb\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
		n, failures, errors, skipped);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "    <testcase classname=\"");
		xml_escape(f, c[i].scenario);
		fputc('.', f);
		xml_escape(f, c[i].arm);
		fputc('.', f);
		xml_escape(f, c[i].mode);
		fprintf(f, "\" name=\"");
		xml_escape(f, c[i].name);
		fprintf(f, "\">\n");
		if (c[i].failed) {
			fprintf(f, "      <failure message=\"expected ");
			xml_escape(f, c[i].expected);
			fprintf(f, ", got ");
			xml_escape(f, c[i].verdict);
			fprintf(f, "\" type=\"verdict\">see %s/report.html</failure>\n", c[i].name);
		}
		if (c[i].skipped) {
			fprintf(f, "      <skipped message=\"");
			xml_escape(f, c[i].reason);
			fprintf(f, "\"/>\n");
		}
		if (c[i].malformed) {
			fprintf(f, "      <error message=\"malformed record: ");
			xml_escape(f, c[i].error);
			fprintf(f, "\" type=\"record\">see %s/run.json</error>\n", c[i].name);
		}
		fprintf(f, "      <system-out>verdict=");
		xml_escape(f, c[i].verdict);
		fprintf(f, " expected=");
		xml_escape(f, c[i].expected[0] ? c[i].expected : "none (report only)");
		fprintf(f, " detect_s=");
		xml_escape(f, c[i].detect_s);
		fprintf(f, " ");
		xml_escape(f, c[i].check[0] ? c[i].check : "packet_check=n/a");
		fprintf(f, " report=%s/report.html</system-out>\n    </testcase>\n", c[i].name);
	}
	fprintf(f, "  </testsuite>\n</testsuites>\n");
}

/* summary.tsv rows as arrays of cells; calls @row for each line. */
static void each_row(const char *tsv, void (*row)(FILE *, char **, int, bool), FILE *f)
{
	char *copy = tsv ? xstrdup(tsv) : NULL, *save = NULL;
	bool header = true;

	for (char *line = copy ? strtok_r(copy, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *cells[24];
		int nc = 0;

		cells[nc++] = line;
		for (char *p = line; *p && nc < 24; p++)
			if (*p == '\t') {
				*p = '\0';
				cells[nc++] = p + 1;
			}
		row(f, cells, nc, header);
		header = false;
	}
	free(copy);
}

static void md_row(FILE *f, char **cells, int n, bool header)
{
	fputc('|', f);
	for (int i = 0; i < n; i++) {
		fputc(' ', f);
		md_cell(f, cells[i]);
		fputs(" |", f);
	}
	fputc('\n', f);
	if (header) {
		fputc('|', f);
		for (int i = 0; i < n; i++)
			fputs(" --- |", f);
		fputc('\n', f);
	}
}

static void html_row(FILE *f, char **cells, int n, bool header)
{
	fputs("<tr>", f);
	for (int i = 0; i < n; i++) {
		fputs(header ? "<th>" : "<td>", f);
		html_escape(f, cells[i]);
		fputs(header ? "</th>" : "</td>", f);
	}
	fputs("</tr>\n", f);
}

/* The index's result cell: what the run's judgement says, in words. */
static const char *result_text(const struct junit_case *c)
{
	if (c->malformed)
		return "ERROR: malformed record";
	if (c->failed)
		return c->expected[0] ? "FAIL: unexpected verdict" : "FAIL: no verdict record";
	if (c->skipped)
		return "skipped: the kernel cannot run it";
	if (c->unexpected)
		return "allowed miss: unexpected verdict";
	return c->expected[0] ? "ok" : "report only";
}

void junit_write_index_md(FILE *f, const struct junit_case *c, size_t n, const char *summary)
{
	fprintf(f, "# nfstb results\n\n## Summary (nfstb-table)\n\n");
	if (summary)
		each_row(summary, md_row, f);
	else
		fprintf(f, "(no summary.tsv: run nfstb-table first)\n");
	fprintf(f, "\n## Runs\n\n| run | scenario.arm.mode | verdict | syzkaller title | expected | result "
		   "| failed by | reason | packet check | report |\n"
		   "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "| %s | %s.%s.%s | ", c[i].name, c[i].scenario, c[i].arm, c[i].mode);
		md_cell(f, c[i].verdict);
		fprintf(f, " | ");
		md_cell(f, c[i].syz_title[0] ? c[i].syz_title : "-");
		fprintf(f, " | %s | %s%s%s | %s | ", c[i].expected[0] ? c[i].expected : "-",
			c[i].unexpected ? "**" : "", result_text(&c[i]), c[i].unexpected ? "**" : "",
			c[i].witness[0] ? c[i].witness : "-");
		md_cell(f, c[i].malformed ? c[i].error : c[i].reason[0] ? c[i].reason : "-");
		fprintf(f, " | ");
		md_cell(f, c[i].check[0] ? c[i].check : "-");
		fprintf(f, " | [report](%s/report.md) |\n", c[i].name);
	}
}

static void html_cell(FILE *f, const char *cls, const char *text)
{
	fprintf(f, "<td class=\"%s\">", cls);
	html_escape(f, text && *text ? text : "-");
	fputs("</td>", f);
}

void junit_write_index_html(FILE *f, const struct junit_case *c, size_t n, const char *summary)
{
	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>nfstb results</title>"
		   "<style>%s</style></head><body>\n<h1>nfstb results</h1>\n<h2>Summary (nfstb-table)</h2>\n",
		report_css);
	if (summary) {
		fprintf(f, "<table id=\"summary\">\n");
		each_row(summary, html_row, f);
		fprintf(f, "</table>\n");
	} else {
		fprintf(f, "<p>(no summary.tsv: run nfstb-table first)</p>\n");
	}
	fprintf(f, "<h2>Runs</h2>\n<p>A row whose verdict is not the one its arm expects is marked "
		   "<span class=\"unexpected\">unexpected</span> and names the witness whose fact decided "
		   "the verdict.</p>\n<table id=\"runs\">\n<tr><th>run</th><th>scenario.arm.mode</th>"
		   "<th>verdict</th><th>syzkaller title</th><th>expected</th><th>result</th><th>failed by</th><th>reason</th>"
		   "<th>packet check</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "<tr class=\"run%s\" id=\"run-", c[i].unexpected ? " unexpected" : "");
		html_escape(f, c[i].name);
		fprintf(f, "\"><td><a class=\"report-link\" href=\"%s/report.html\">", c[i].name);
		html_escape(f, c[i].name);
		fprintf(f, "</a></td><td>");
		html_escape(f, c[i].scenario);
		fprintf(f, ".");
		html_escape(f, c[i].arm);
		fprintf(f, ".");
		html_escape(f, c[i].mode);
		fprintf(f, "</td>");
		html_cell(f, !strcmp(c[i].verdict, "PASS") ? "PASS" :
			  starts_with(c[i].verdict, "DEADLOCK") ? "DEADLOCK" : "other", c[i].verdict);
		html_cell(f, "syz-title", c[i].syz_title);
		html_cell(f, "expected", c[i].expected);
		html_cell(f, "result", result_text(&c[i]));
		html_cell(f, "witness", c[i].witness);
		html_cell(f, "reason", c[i].malformed ? c[i].error : c[i].reason);
		html_cell(f, "check", c[i].check);
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n</body></html>\n");
}
