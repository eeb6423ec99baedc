/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run's report (report.md, report.html), in three parts: the console
 * blocks it shows whole, the connections of packets.tsv, and everything
 * the report shows gathered in one struct with the writers of the page.
 * Loading is in report_run.c, the Markdown and HTML pages in
 * report_page.c, the plot and the flow diagram in report_draw.c.
 */
#ifndef NFSTB_REPORT_RUN_H
#define NFSTB_REPORT_RUN_H

#include "record.h"
#include "timeline_tsv.h"
#include "util.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The console's blocked-task reports and lockdep reports as the kernel
 * printed them (every line, timestamps kept, no frame dropped), for the
 * run's report.  The run's record names the hang (nfstb-verdict's
 * classifier); this only cuts the text out for people to read.
 */

#define REPORT_MAX_BLOCKS 32
#define REPORT_BLOCK_MAX_LINES 400

struct report_block {
	char title[256];	/* the block's first line, printk prefix removed */
	bool named;		/* the task the record names (classify.task and .pid) */
	char **lines;		/* whole console lines */
	/* per line: the cycle part of a reliable frame ("wait", "release",
	 * "reclaim", "worker"), NULL for any other line */
	const char **roles;
	size_t n;
};

struct report_blocks {
	struct report_block v[REPORT_MAX_BLOCKS];
	size_t n;
};

/*
 * Blocked-task reports: a hung-task "INFO: task C:P blocked for more than"
 * line with the task block after it, or a "task:C state:D" block of SysRq-w
 * or -t.  A block ends after its "</TASK>" line, at the next report or
 * lockdep head, or after REPORT_BLOCK_MAX_LINES lines.  Task blocks in
 * other states are skipped.  The block of task @task (NULL: none) with pid
 * @pid is marked named.
 */
void report_stacks_find(const struct lines *log, const char *task, long pid,
			struct report_blocks *out);
/*
 * Lockdep reports: from a lockdep head line (lockdep_head.h) to the
 * "</TASK>" that closes the trace after "stack backtrace:", the next head
 * or REPORT_BLOCK_MAX_LINES lines.
 */
void report_lockdep_find(const struct lines *log, struct report_blocks *out);
void report_blocks_free(struct report_blocks *b);

/*
 * The RPC procedures of each connection of packets.tsv, for the run's
 * report: calls, replies and calls left unanswered on that connection.
 */

#define REPORT_MAX_CONNS 32
#define REPORT_MAX_PROCS 48

struct report_proc {
	char name[48];		/* "WRITE" for NFS, "MOUNT.MNT" for other programs */
	long calls, replies, unanswered;
};

struct report_conn {
	bool udp;
	char client[48], server[48];
	long cport, sport;
	int64_t first_us, last_us;	/* capture clock */
	int syn, fin, rst;		/* client SYNs; FIN and RST from either side */
	struct report_proc procs[REPORT_MAX_PROCS];
	size_t nprocs;
};

struct report_conns {
	struct report_conn v[REPORT_MAX_CONNS];
	size_t n;
	bool loaded;		/* packets.tsv was read */
};

/*
 * Reads @path (packets.tsv).  The client is the side that is not @server
 * (pcap-summary.txt's server=; "" takes the side of port 2049 or the lower
 * port).  A TCP connection starts at a client SYN on a 4-tuple with no open
 * connection, and is closed by a FIN or RST; rows before any SYN start one
 * too.  A UDP flow is one 4-tuple.  A call is answered by a reply of the same
 * program and XID on the same connection.
 */
void report_conns_load(const char *path, const char *server, struct report_conns *c);
void report_conns_html(FILE *f, const struct report_conns *c);
void report_conns_md(FILE *f, const struct report_conns *c);

/*
 * Everything one run's report shows, gathered from the files the other
 * tools left in the run directory.  Every fact (verdict, reason, the
 * blocked task and its frames, the packet check) is the run's record's,
 * RUN/run.json; the consoles, packets.tsv, pcap-summary.txt and
 * timeline.tsv are only shown.  Missing files leave their part empty: the
 * report says what is absent rather than failing.
 */

#define REPORT_MAX_MEM 512

struct report_run {
	char dir[2048], name[256];
	struct run_record rec;	/* when have_verdict */
	bool have_verdict;
	char record_err[640];	/* run.json is there but not a record: why */
	bool have_console;
	struct report_blocks stacks;	/* blocked tasks, whole */
	struct report_blocks lockdeps;	/* lockdep reports, whole */
	char *summary;		/* pcap-summary.txt text or NULL */
	struct report_conns conns;	/* packets.tsv per connection */
	struct timeline tl;
	bool *shown;		/* per timeline row: listed in the report */
	char anchor[512];
	struct { int64_t t_us; long kb; } mem[REPORT_MAX_MEM];
	size_t nmem;
};

void report_run_load(const char *dir, struct report_run *r);
void report_run_free(struct report_run *r);

/* Which timeline rows the report lists (key rows, a few of each kind):
 * decided once at load, in one pass (a trace can have 100,000 rows). */
bool report_row_shown(const struct report_run *r, size_t i);

void report_write_md(FILE *f, const struct report_run *r);
void report_write_html(FILE *f, const struct report_run *r);
/* The blocks as <section>s (HTML) or fenced text (Markdown), frames marked. */
void report_blocks_html(FILE *f, const struct report_blocks *b, const char *id);
void report_blocks_md(FILE *f, const struct report_blocks *b);
/* The reconnect as an SVG flow diagram (client and server lanes). */
void report_write_flow(FILE *f, const struct report_run *r);
/* The inline SVG plot of events (and MemAvailable when known). */
void report_write_svg(FILE *f, const struct report_run *r);

/* Raw files linked from a run's report, in display order. */
extern const char *const report_raw_files[];
/*
 * One @line per raw file present in the run's directory, in display order;
 * @line is a printf format taking the file's name twice (target, text).
 */
void report_raw_links(FILE *f, const struct report_run *r, const char *line);

#endif
