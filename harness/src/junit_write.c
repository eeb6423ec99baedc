// SPDX-License-Identifier: GPL-2.0
#include "junit.h"
#include "report_util.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

extern const char report_css[];

void junit_write_xml(FILE *f, const struct junit_case *c, size_t n)
{
	size_t failures = 0;

	for (size_t i = 0; i < n; i++)
		failures += c[i].failed;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuites name=\"nfstb\" tests=\"%zu\" failures=\"%zu\">\n", n, failures);
	fprintf(f, "  <testsuite name=\"nfstb\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n",
		n, failures);
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
		char *cells[16];
		int nc = 0;

		cells[nc++] = line;
		for (char *p = line; *p && nc < 16; p++)
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

void junit_write_index_md(FILE *f, const struct junit_case *c, size_t n, const char *summary)
{
	fprintf(f, "# nfstb results\n\n## Summary (nfstb-table)\n\n");
	if (summary)
		each_row(summary, md_row, f);
	else
		fprintf(f, "(no summary.tsv: run nfstb-table first)\n");
	fprintf(f, "\n## Runs\n\n| run | scenario.arm.mode | verdict | expected | result | packet check | report |\n"
		   "| --- | --- | --- | --- | --- | --- | --- |\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "| %s | %s.%s.%s | ", c[i].name, c[i].scenario, c[i].arm, c[i].mode);
		md_cell(f, c[i].verdict);
		fprintf(f, " | %s | %s | ", c[i].expected[0] ? c[i].expected : "-",
			c[i].failed ? "FAIL" : c[i].expected[0] ? "ok" : "report only");
		md_cell(f, c[i].check[0] ? c[i].check : "-");
		fprintf(f, " | [report](%s/report.md) |\n", c[i].name);
	}
}

void junit_write_index_html(FILE *f, const struct junit_case *c, size_t n, const char *summary)
{
	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>nfstb results</title>"
		   "<style>%s</style></head><body>\n<h1>nfstb results</h1>\n<h2>Summary (nfstb-table)</h2>\n",
		report_css);
	if (summary) {
		fprintf(f, "<table>\n");
		each_row(summary, html_row, f);
		fprintf(f, "</table>\n");
	} else {
		fprintf(f, "<p>(no summary.tsv: run nfstb-table first)</p>\n");
	}
	fprintf(f, "<h2>Runs</h2>\n<table>\n<tr><th>run</th><th>scenario.arm.mode</th><th>verdict</th>"
		   "<th>expected</th><th>result</th><th>packet check</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "<tr><td><a href=\"%s/report.html\">", c[i].name);
		html_escape(f, c[i].name);
		fprintf(f, "</a></td><td>");
		html_escape(f, c[i].scenario);
		fprintf(f, ".");
		html_escape(f, c[i].arm);
		fprintf(f, ".");
		html_escape(f, c[i].mode);
		fprintf(f, "</td><td class=\"%s\">", !strcmp(c[i].verdict, "PASS") ? "PASS" :
			starts_with(c[i].verdict, "DEADLOCK") ? "DEADLOCK" : "other");
		html_escape(f, c[i].verdict);
		fprintf(f, "</td><td>");
		html_escape(f, c[i].expected[0] ? c[i].expected : "-");
		fprintf(f, "</td><td>%s</td><td>", c[i].failed ? "FAIL" : c[i].expected[0] ? "ok" : "report only");
		html_escape(f, c[i].check[0] ? c[i].check : "-");
		fprintf(f, "</td></tr>\n");
	}
	fprintf(f, "</table>\n</body></html>\n");
}
