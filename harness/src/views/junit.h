/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The results directory as CI sees it: junit.xml (one testcase per run
 * directory, classname scenario.arm.mode) and an index report.md/.html
 * with nfstb-table's summary and a link to every run's report.
 */
#ifndef NFSTB_JUNIT_H
#define NFSTB_JUNIT_H

#include <stdbool.h>
#include <stdio.h>

struct junit_case {
	char name[256];		/* the run directory's name */
	char scenario[64], arm[16], mode[16], verdict[96], detect_s[32];
	char check[512];	/* run.json's packet check, or "" */
	char expected[96];	/* "" when the arm has no expectation */
	char reason[512];	/* run.json's reason, or "" */
	char syz_title[192];	/* the syzkaller-style title beside a hang or
				 * lockdep verdict (record_syz_title), or "" */
	char witness[32];	/* the witness behind the verdict's rule, or "" */
	char error[640];	/* why run.json is not the run's record, or "" */
	bool failed;		/* a <failure>: the verdict missed, or no record */
	bool malformed;		/* an <error>: run.json is not the run's record */
	bool skipped;		/* a <skipped/>: SKIP, the kernel cannot run it */
	bool unexpected;	/* missed its expected verdict (allowed or not), no record,
				 * or a malformed one */
};

/*
 * The runs of @dir (results.h: the matrix, each run's RUN/run.json), each
 * failed as results.h judges it: a planned run without a record fails, and
 * so does a miss beyond its group's threshold; a run.json that is not the
 * run's record is an error.
 */
int junit_collect(const char *dir, struct junit_case **out, size_t *n);

/* The witness whose fact decided a verdict of rule letter @rule (verdict.h). */
const char *junit_rule_witness(char rule);

void junit_write_xml(FILE *f, const struct junit_case *c, size_t n);
/* @summary_tsv: the text of summary.tsv (nfstb-table) or NULL. */
void junit_write_index_md(FILE *f, const struct junit_case *c, size_t n, const char *summary_tsv);
void junit_write_index_html(FILE *f, const struct junit_case *c, size_t n, const char *summary_tsv);

#endif
