// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's complaints (complaints.h).  The heads are those of Linux
 * 6.1 and 6.12: lib/bug.c and arch/x86/kernel/dumpstack.c (kernel BUG at,
 * invalid opcode, Oops), arch/x86/kernel/traps.c (general protection
 * fault), kernel/panic.c (WARNING:, Kernel panic), kernel/watchdog*.c
 * (soft lockup, hard LOCKUP), kernel/rcu/tree_stall.h, kernel/hung_task.c,
 * mm/kasan, mm/kfence, lib/ubsan.c, lib/list_debug.c, lib/refcount.c and
 * kernel/locking/lockdep.c.
 */
#include "complaints.h"

#include <stdio.h>
#include <string.h>

/*
 * First match wins: the specific lockdep heads come before the generic
 * "WARNING:" and "BUG:" ones.
 */
static const struct complaint_entry table[] = {
	{ "panic", "Kernel panic", true, COMPLAINT_PANIC, 0 },
	{ "lockdep-off", "lockdep is turned off", false,
	  COMPLAINT_LOCKDEP_OFF, EXPECTED_IN_LOCKDEP },
	{ "lockdep-off", "turning off the locking correctness validator", false,
	  COMPLAINT_LOCKDEP_OFF, EXPECTED_IN_LOCKDEP },
	{ "lockdep-max", "BUG: MAX_", true, COMPLAINT_LOCKDEP_OFF, 0 },
	{ "lock-leak", "lock held when returning to user space", false,
	  COMPLAINT_LOCK_LEAK, 0 },
	{ "lock-leak", "still has locks held", false, COMPLAINT_LOCK_LEAK, 0 },
	{ "lockdep-circular", "WARNING: possible circular locking dependency",
	  true, COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-recursive", "WARNING: possible recursive locking", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-inconsistent", "WARNING: inconsistent lock state", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-irq-inversion", "WARNING: possible irq lock inversion", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-irq-safe", "WARNING: HARDIRQ-safe -> HARDIRQ-unsafe", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-softirq-safe", "WARNING: SOFTIRQ-safe -> SOFTIRQ-unsafe", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-unlock", "WARNING: bad unlock balance", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "lockdep-freed", "WARNING: held lock freed", true, COMPLAINT_LOCKDEP,
	  EXPECTED_IN_LOCKDEP },
	{ "lockdep-rcu", "WARNING: suspicious RCU usage", true,
	  COMPLAINT_LOCKDEP, EXPECTED_IN_LOCKDEP },
	{ "hung-task", "blocked for more than", false, COMPLAINT_HUNG_TASK, 0 },
	{ "bug-at", "kernel BUG at ", true, COMPLAINT_OOPS, 0 },
	{ "invalid-opcode", "invalid opcode: ", true, COMPLAINT_OOPS, 0 },
	{ "soft-lockup", "BUG: soft lockup", false, COMPLAINT_OOPS, 0 },
	{ "hard-lockup", "hard LOCKUP", false, COMPLAINT_OOPS, 0 },
	{ "rcu-stall", "self-detected stall on CPU", false, COMPLAINT_OOPS, 0 },
	{ "rcu-stall", "detected stalls on CPUs/tasks", false, COMPLAINT_OOPS,
	  0 },
	{ "rcu-stall", "detected expedited stalls", false, COMPLAINT_OOPS, 0 },
	{ "kasan", "BUG: KASAN:", true, COMPLAINT_OOPS, 0 },
	{ "kfence", "BUG: KFENCE:", true, COMPLAINT_OOPS, 0 },
	{ "ubsan", "UBSAN:", true, COMPLAINT_OOPS, 0 },
	{ "list-corruption", "list_add corruption", true, COMPLAINT_OOPS, 0 },
	{ "list-corruption", "list_del corruption", true, COMPLAINT_OOPS, 0 },
	{ "refcount", "refcount_t: ", true, COMPLAINT_OOPS, 0 },
	{ "gpf", "general protection fault", true, COMPLAINT_OOPS, 0 },
	{ "oops", "Oops: ", true, COMPLAINT_OOPS, 0 },
	{ "oops", "Oops#", true, COMPLAINT_OOPS, 0 },
	{ "bug", "BUG: ", true, COMPLAINT_OOPS, 0 },
	{ "warning", "WARNING: ", true, COMPLAINT_OOPS, 0 },
};

const struct complaint_entry *complaint_table(size_t *n)
{
	*n = ARRAY_SIZE(table);
	return table;
}

static bool contains(const char *s, size_t len, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; i + k <= len; i++)
		if (!memcmp(s + i, needle, k))
			return true;
	return false;
}

const struct complaint_entry *complaint_match(const char *msg, size_t len)
{
	/* a subsystem's own prefix stays ("watchdog: BUG: soft lockup") */
	for (size_t i = 0; i < ARRAY_SIZE(table); i++) {
		const struct complaint_entry *e = &table[i];
		size_t k = strlen(e->head);

		if (e->prefix ? len >= k && !memcmp(msg, e->head, k) :
				contains(msg, len, e->head))
			return e;
	}
	return NULL;
}

void kernel_log_parse(const struct lines *log, struct kernel_complaints *k)
{
	struct printk_record rec[PRINTK_RECORDS_MAX];

	memset(k, 0, sizeof(*k));
	for (size_t i = 0; i < log->n; i++) {
		size_t n = printk_records(log->v[i], rec, ARRAY_SIZE(rec));

		for (size_t r = 0; r < n; r++) {
			const char *msg = rec[r].msg;
			size_t len = rec[r].len;
			const struct complaint_entry *e;

			while (len && *msg == ' ') {
				msg++;
				len--;
			}
			while (len && msg[len - 1] == ' ')
				len--;
			e = complaint_match(msg, len);
			if (!e || k->entry[e->cls])
				continue;
			k->entry[e->cls] = e;
			snprintf(k->first[e->cls], KERNEL_LOG_LINE, "%.*s",
				 (int)len, msg);
		}
	}
}

const char *complaint_class_name(enum complaint_class cls)
{
#define COMPLAINT_NAME(value, name) [value] = name,
	static const char *const names[] = { COMPLAINT_CLASS_LIST(COMPLAINT_NAME) };
#undef COMPLAINT_NAME

	return enum_name(names, ARRAY_SIZE(names), cls, "?");
}
