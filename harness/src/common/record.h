/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's record, RUN_DIR/run.json (schema "nfstb-run/1", written by
 * nfstb-verdict; docs/run-record.md), read for the views: nfstb-table,
 * nfstb-tap, junit.xml and the index, the per-run report and
 * nfstb-timeline.  A view knows a run's facts from its record only; the raw
 * logs it may show are for people, never re-judged.
 *
 * The reader fails closed: a file that is not UTF-8 JSON, has another
 * schema, or lacks or mistypes a key a view needs is not a record, and the
 * one-line reason names the key.  Keys it does not need are not looked at,
 * so the judge may add keys within the schema.  In record.c.
 */
#ifndef NFSTB_RECORD_H
#define NFSTB_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The schema this reader knows; any other is not a record to it. */
#define RECORD_SCHEMA "nfstb-run/1"
#define RECORD_FILE "run.json"
#define RECORD_MAX_FRAMES 16

struct run_record {
	char schema[32];
	char run[256];		/* the run's id, "" when null */
	char scenario[64], arm[16], mode[16];
	char verdict[96];	/* PASS, DEADLOCK(reclaim-commit-deadlock), ... */
	char rule[8];		/* one letter ('-': an input could not be read) */
	char reason[512];
	int64_t detect_us;	/* detect_s, TIME_NONE when null */
	int64_t deadlock_us;	/* deadlock_s, TIME_NONE when null */
	char data[16];		/* ok, loss, missing */
	char seed[32];		/* "" when null */
	/* what the orchestrator saw end the run ("done", "timeout", ...),
	 * "" when null */
	char orchestrator[256];
	bool has_packets;	/* "packets" is not null (a capture was judged) */
	char packets[512];	/* packet_check=agree|disagree|n/a reason=... */
	/* classify: the blocked task the stacks name */
	char signature[64];
	char title[512];
	/* classify.syz_title: syzkaller's title of the task's stack, "" when null */
	char syz_title[192];
	/* classify.hang_source: "hung-task", "show-state" (SysRq-W/-T), "" when null */
	char hang_source[16];
	bool has_task;		/* classify.task and .pid are not null */
	char task[64];
	long pid;
	int64_t hang_us;	/* classify.time, TIME_NONE when null */
	char frames[RECORD_MAX_FRAMES][128];
	size_t nframes;
	/* trace: counts only when trace.readable */
	bool trace_readable;
	long skip_in_worker;	/* release_skip_in_worker, -1 without a trace */
	long reclaim_in_worker;	/* -1 without a trace */
	/* lockdep.syz_title: syzkaller's title of the named report, "" when null */
	char lockdep_syz_title[192];
	/* client */
	int64_t reconnect_us;	/* client.reconnect_time, TIME_NONE when null */
	/*
	 * binding.packet_clock.offset_s: the client's boot in Unix time, as
	 * the capture's clock saw it (the run's only wall-clock time, for
	 * KCIDB's start_time).  Optional: TIME_NONE when absent, null or
	 * not a plausible time (records before the packet clock have none).
	 */
	int64_t boot_epoch_us;
};

/*
 * Read @path into @r.  Returns 0; 1 when there is no such file (the run has
 * no record); -1 when the file is not a record, with one line in @err (no
 * file name) naming the key: "missing key 'verdict'", "key 'schema' is
 * 'nfstb-run/2', expected 'nfstb-run/1'", "not valid JSON: ...".
 */
int record_load(const char *path, struct run_record *r, char *err, size_t errlen);
/* The same for the text of a run.json (@len bytes, NULs included). */
int record_parse(const char *text, size_t len, struct run_record *r, char *err,
		 size_t errlen);

/* Whether @text is a verdict a run can get ("DEADLOCK(x)", "LOCKDEP(x)" forms). */
bool record_verdict_valid(const char *text);

/*
 * The syzkaller-style title beside a hang or lockdep verdict: the hang's
 * (classify.syz_title) for DEADLOCK(x) and OTHER-HANG, the lockdep
 * report's (lockdep.syz_title) for LOCKDEP(x) and OTHER-LOCKDEP; "" for
 * any other verdict or when there is none.
 */
const char *record_syz_title(const struct run_record *r);

/* Seconds with three decimals ("20.176"), "-" for TIME_NONE. */
const char *record_secs(int64_t us, char *buf, size_t len);

#endif
