/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own complaints in a console log, from one table
 * (complaints.c): each entry is a head the kernel prints at the start of
 * a report, matched in every printk record wherever its stamp starts on
 * the line (after a shell prompt, escape sequences or a NUL byte).  Text
 * without a printk stamp (a user-space tool's output on the serial
 * console) never counts.
 */
#ifndef NFSTB_COMPLAINTS_H
#define NFSTB_COMPLAINTS_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>

/* What a complaint means for the verdict, and its key in run.json. */
#define COMPLAINT_CLASS_LIST(X) \
	X(COMPLAINT_PANIC, "panic")	/* PANIC */ \
	X(COMPLAINT_OOPS, "oops")	/* OOPS: a crash, a warning, a detector */ \
	X(COMPLAINT_LOCKDEP, "lockdep_report") /* OOPS, except where rule l judges lockdep */ \
	X(COMPLAINT_LOCKDEP_OFF, "lockdep_off") /* LOCKDEP-OFF: lockdep gave up */ \
	X(COMPLAINT_LOCK_LEAK, "lock_leak") /* LOCK-LEAK */ \
	X(COMPLAINT_HUNG_TASK, "hung_task") /* the hung-task detector: rule a's evidence */

#define COMPLAINT_ENUM(value, name) value,
enum complaint_class { COMPLAINT_CLASS_LIST(COMPLAINT_ENUM) COMPLAINT_CLASSES };
#undef COMPLAINT_ENUM

/*
 * The rule sets an entry is expected evidence in rather than a complaint,
 * as a bit mask: in the lockdep rule set, lockdep's report is what rule l
 * judges, and lockdep switching itself off after its report is what a
 * report does (rule l comes before rule z there).
 */
#define EXPECTED_IN_LOCKDEP 0x1u

struct complaint_entry {
	const char *name;	/* short name, for tests and the docs */
	const char *head;	/* the text the kernel prints */
	bool prefix;		/* the record starts with @head (else: contains) */
	enum complaint_class cls;
	unsigned expected_in;	/* EXPECTED_IN_* where it is evidence, not a fault */
};

const struct complaint_entry *complaint_table(size_t *n);
/* The entry a printk record's text matches, or NULL. */
const struct complaint_entry *complaint_match(const char *msg, size_t len);

#define KERNEL_LOG_LINE 160

struct kernel_complaints {
	/* the first record of each class ("" when there is none) */
	char first[COMPLAINT_CLASSES][KERNEL_LOG_LINE];
	const struct complaint_entry *entry[COMPLAINT_CLASSES];
};

void kernel_log_parse(const struct lines *log, struct kernel_complaints *k);
const char *complaint_class_name(enum complaint_class cls);

#endif
