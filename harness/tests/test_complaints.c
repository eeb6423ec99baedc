// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel-complaint table (complaints.c): every entry is matched by a
 * real kernel line, and each line is tried in every place the serial
 * console can put it -- opening the line, after the shell prompt and an
 * escape sequence, behind a NUL byte, as the second record of a line --
 * and never when it has no printk stamp (user space's own output).
 */
#include "golden.h"
#include "complaints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Real heads, each from a kernel report: the x86 BUG_ON of 6.1
 * (fs/nfs/write.c), syzkaller's and the list archives' reports for the
 * detectors, and this project's own consoles (lockdep, the leaked lock).
 */
static const struct {
	const char *line;
	const char *entry;
	enum complaint_class cls;
} real[] = {
	{ "Kernel panic - not syncing: Fatal exception", "panic", COMPLAINT_PANIC },
	{ "kernel BUG at fs/nfs/write.c:757!", "bug-at", COMPLAINT_OOPS },
	{ "invalid opcode: 0000 [#1] PREEMPT SMP NOPTI", "invalid-opcode", COMPLAINT_OOPS },
	{ "BUG: unable to handle page fault for address: ffffffffffffff8b", "bug", COMPLAINT_OOPS },
	{ "BUG: kernel NULL pointer dereference, address: 0000000000000008", "bug", COMPLAINT_OOPS },
	{ "watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [kworker/u4:3:32]", "soft-lockup", COMPLAINT_OOPS },
	{ "NMI watchdog: Watchdog detected hard LOCKUP on cpu 1", "hard-lockup", COMPLAINT_OOPS },
	{ "rcu: INFO: rcu_preempt self-detected stall on CPU", "rcu-stall", COMPLAINT_OOPS },
	{ "rcu: INFO: rcu_sched detected stalls on CPUs/tasks:", "rcu-stall", COMPLAINT_OOPS },
	{ "BUG: KASAN: use-after-free in nfs_commit_release_pages+0x2b/0x1d0", "kasan", COMPLAINT_OOPS },
	{ "BUG: KFENCE: out-of-bounds read in xs_tcp_setup_socket+0x12/0x3b0", "kfence", COMPLAINT_OOPS },
	{ "UBSAN: shift-out-of-bounds in net/sunrpc/xprtsock.c:1234:5", "ubsan", COMPLAINT_OOPS },
	{ "list_add corruption. prev->next should be next (ffff888005a3c8d8), but was ffff888005a3c8e8. (prev=ffff888005a3c8d8).", "list-corruption", COMPLAINT_OOPS },
	{ "list_del corruption, ffff888005a3c8d8->next is LIST_POISON1 (dead000000000100)", "list-corruption", COMPLAINT_OOPS },
	{ "refcount_t: underflow; use-after-free.", "refcount", COMPLAINT_OOPS },
	{ "general protection fault, probably for non-canonical address 0xdead000000000100: 0000 [#1] PREEMPT SMP NOPTI", "gpf", COMPLAINT_OOPS },
	{ "Oops: 0000 [#1] PREEMPT SMP NOPTI", "oops", COMPLAINT_OOPS },
	{ "WARNING: CPU: 1 PID: 32 at net/sunrpc/xprtsock.c:2286 xs_tcp_setup_socket+0x1a/0x3b0", "warning", COMPLAINT_OOPS },
	{ "WARNING: possible circular locking dependency detected", "lockdep-circular", COMPLAINT_LOCKDEP },
	{ "WARNING: possible recursive locking detected", "lockdep-recursive", COMPLAINT_LOCKDEP },
	{ "WARNING: suspicious RCU usage", "lockdep-rcu", COMPLAINT_LOCKDEP },
	{ "WARNING: inconsistent lock state", "lockdep-inconsistent", COMPLAINT_LOCKDEP },
	{ "WARNING: possible irq lock inversion dependency detected", "lockdep-irq-inversion", COMPLAINT_LOCKDEP },
	{ "WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected", "lockdep-irq-safe", COMPLAINT_LOCKDEP },
	{ "WARNING: SOFTIRQ-safe -> SOFTIRQ-unsafe lock order detected", "lockdep-softirq-safe", COMPLAINT_LOCKDEP },
	{ "WARNING: bad unlock balance detected!", "lockdep-unlock", COMPLAINT_LOCKDEP },
	{ "WARNING: held lock freed!", "lockdep-freed", COMPLAINT_LOCKDEP },
	{ "rcu: INFO: rcu_preempt detected expedited stalls on CPUs/tasks: { 1-... } 21 jiffies s: 193 root: 0x2/.", "rcu-stall", COMPLAINT_OOPS },
	{ "INFO: lockdep is turned off.", "lockdep-off", COMPLAINT_LOCKDEP_OFF },
	{ "turning off the locking correctness validator.", "lockdep-off", COMPLAINT_LOCKDEP_OFF },
	{ "swapper/0 still has locks held!", "lock-leak", COMPLAINT_LOCK_LEAK },
	{ "BUG: MAX_LOCKDEP_KEYS too low!", "lockdep-max", COMPLAINT_LOCKDEP_OFF },
	{ "WARNING: lock held when returning to user space!", "lock-leak", COMPLAINT_LOCK_LEAK },
	{ "INFO: task kworker/u4:3:32 blocked for more than 20 seconds.", "hung-task", COMPLAINT_HUNG_TASK },
};

/* Where the console can put a record; %s is "[   24.283138] LINE". */
static const struct {
	const char *name, *fmt;
	bool counts;
} places[] = {
	{ "opening the line", "%s", true },
	{ "after the shell prompt", "/ # \x1b[6n%s", true },
	{ "after a 0xff byte", "\xff%s", true },
	{ "second record of a line", "[   24.100000] nfstb: phase=reconnect %s", true },
};

static void test_every_entry_in_every_place(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(real); i++)
		for (size_t p = 0; p < ARRAY_SIZE(places); p++) {
			char rec[512], line[600];
			struct kernel_complaints k;
			struct lines l;

			snprintf(rec, sizeof(rec), "[   24.283138] %s", real[i].line);
			snprintf(line, sizeof(line), places[p].fmt, rec);
			lines_split(line, &l);
			kernel_log_parse(&l, &k);
			lines_free(&l);
			if (!k.entry[real[i].cls] ||
			    strcmp(k.entry[real[i].cls]->name, real[i].entry) ||
			    strcmp(k.first[real[i].cls], real[i].line))
				fail_msg("'%s' %s: got entry %s", real[i].line,
					 places[p].name,
					 k.entry[real[i].cls] ?
					 k.entry[real[i].cls]->name : "none");
		}
}

/* A NUL byte before the record: lines_load keeps the rest of the line. */
static void test_behind_a_nul_byte(void **state)
{
	static const char text[] = "noise\0[   24.3] kernel BUG at mm/vmscan.c:1234!\n";
	char path[] = "/tmp/nfstb-complaints-XXXXXX";
	struct kernel_complaints k;
	struct lines l;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, sizeof(text) - 1), sizeof(text) - 1);
	close(fd);
	assert_int_equal(lines_load(path, &l), 0);
	unlink(path);
	kernel_log_parse(&l, &k);
	lines_free(&l);
	assert_string_equal(k.first[COMPLAINT_OOPS], "kernel BUG at mm/vmscan.c:1234!");
}

/* Without a printk stamp it is user space talking: never a complaint. */
static void test_unstamped_text_never_counts(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(real); i++) {
		struct kernel_complaints k;
		struct lines l;

		lines_split(real[i].line, &l);
		kernel_log_parse(&l, &k);
		lines_free(&l);
		for (int c = 0; c < COMPLAINT_CLASSES; c++)
			if (k.entry[c])
				fail_msg("unstamped '%s' counted as %s", real[i].line,
					 complaint_class_name(c));
	}
}

/* Every entry of the table has a real line above. */
static void test_every_entry_has_a_real_line(void **state)
{
	size_t n;
	const struct complaint_entry *t = complaint_table(&n);

	(void)state;
	for (size_t e = 0; e < n; e++) {
		bool found = false;

		for (size_t i = 0; i < ARRAY_SIZE(real) && !found; i++)
			found = !strcmp(real[i].entry, t[e].name);
		if (!found)
			fail_msg("table entry %s (%s) has no real line in this test",
				 t[e].name, t[e].head);
	}
}

TEST_MAIN("test_complaints",
	  cmocka_unit_test(test_every_entry_in_every_place),
	  cmocka_unit_test(test_behind_a_nul_byte),
	  cmocka_unit_test(test_unstamped_text_never_counts),
	  cmocka_unit_test(test_every_entry_has_a_real_line))
