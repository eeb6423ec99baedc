/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The verdict's rules as one table of facts about them: the letter a
 * verdict's "rule" carries, the verdicts it can give, the witness it reads
 * and what it checks.  nfstb-verdict --help prints it, junit's "failed by"
 * column names the witness from it, and a test holds harness/README.md's
 * rule tables to it.  The rules themselves are the judge's (verdict.c's
 * lists); this table is what the views may know of them.
 */
#ifndef NFSTB_RULE_TABLE_H
#define NFSTB_RULE_TABLE_H

#include <stddef.h>

struct rule_doc {
	char letter;
	const char *verdicts;	/* "NO-JUDGEMENT", "DEADLOCK(...) / OTHER-HANG" */
	const char *witness;	/* "trace (heartbeat)" */
	const char *checks;	/* one line */
};

const struct rule_doc *rule_table(size_t *n);
/* The entry of @letter, or NULL. */
const struct rule_doc *rule_doc_find(char letter);

#endif
