/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Count the testbed's tracepoints in raw trace_pipe text:
 * xs_connect_worker_enter/exit (with the task's PF_MEMALLOC* flags on entry
 * and exit), the forced trigger's injected reclaims
 * (vmscan:mm_vmscan_reclaim_inject, or the older xs_connect_inject_reclaim)
 * with their gfp, and nfs_release_folio's decision, split by whether it ran
 * inside a connect worker.
 */
#ifndef NFSTB_TRACE_H
#define NFSTB_TRACE_H

#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct trace_event {
	char comm[64];
	long pid;
	int64_t ts_us;
	char name[64];
	const char *fields;	/* "k=v k=v", points into the parsed line */
};

/* False for headers, "[LOST n EVENTS]" and anything else not an event. */
bool trace_line_parse(const char *line, struct trace_event *ev);

/*
 * trace_pipe renders a task's comm when it is read, from the saved
 * cmdlines, which a task records only when it is switched out: a reader
 * that streams can print an event before its task was, as "<...>"
 * (2 to 24 lines in each real run).  Such a line takes its pid's comm
 * when every named line of that pid agrees; otherwise it stays "<...>"
 * and names no task.
 */
void trace_resolve_comms(struct lines *trace);

struct trace_counts {
	long events;
	long worker_enter;
	long worker_exit;
	long inject_reclaim;
	long inject_in_worker;		/* injected reclaims in a connect worker */
	long inject_fs_in_worker;	/* ... whose gfp still has __GFP_FS */
	char first_fs_inject[640];	/* "kworker/u4:1-35 at sk_alloc gfp=..." */
	long inject_sites;		/* distinct call sites in connect workers */
	char inject_site_list[256];	/* "sock_alloc_inode,sk_prot_alloc,..." */
	long skip_in_worker;
	long writeback_in_worker;
	long skip_elsewhere;
	long writeback_elsewhere;
	/* 6.12's own release: the write or COMMIT started, never waited */
	long async_in_worker;
	long async_elsewhere;
	long release_other;	/* no_private, skip_kswapd, skip_kcompactd, ... */
	long nofs_in_worker;	/* enters with MEMALLOC_NOFS in flags */
	long memalloc_in_worker;	/* enters with MEMALLOC in flags */
	long exits_checked;
	long exits_mismatched;
	long direct_reclaim_begin;	/* mm_vmscan_direct_reclaim_begin */
	/* ... by a task inside a connect worker: the worker itself had to
	 * reclaim, its allocation could not be served above the watermark */
	long reclaim_in_worker;
	long page_alloc_in_worker;	/* kmem:mm_page_alloc inside a worker */
	long page_alloc_events;		/* ... by any task: was it traced? */
	char first_reclaim_in_worker[128];	/* "kworker/u4:1-35 at 17.2" */
	long commits_initiated;		/* nfs_initiate_commit */
	int64_t first_skip_us;		/* earliest skip_nofs in a worker */
	int64_t first_writeback_us;	/* earliest writeback in a worker */
	/* "kworker/u4:1-35 exited with flags=X, entered with entry_flags=Y" */
	char first_mismatch[400];
	long workers_unexited;		/* enters with no exit after them */
	char first_unexited[128];	/* "kworker/u4:1-35 entered at 24.1" */
	/*
	 * The workers' error exits: an exit whose status is not 0,
	 * -EINPROGRESS or -EALREADY (socket creation failed, or
	 * kernel_connect() failed at once).
	 */
	long error_exits;
	char first_error_exit[160];	/* "kworker/u4:1-35 proto=tcp status=-23 at 9.1" */
	/* ... whose status call_connect_status() does not retry on a hard
	 * mount (it fails the RPC: the error must reach the caller) */
	long error_exits_fatal;
	/*
	 * A workqueue worker starts each work item with no PF_MEMALLOC*:
	 * a connect worker entered by a kworker with entry_flags other than
	 * 0 inherited a scope an earlier work item never left.
	 */
	long entries_dirty;
	char first_dirty_entry[320];
	/*
	 * rpc_socket_connect of the socket the same destination's previous
	 * connect used: the worker skipped xs_create_sock() (the transport
	 * still held a socket and had not sent a connect).
	 */
	long connects;
	long sockets_reused;
	/* The stream's own health: "nfstb-heartbeat seq=N" trace markers
	 * and trace_pipe's "[LOST n EVENTS]" lines. */
	long heartbeats;
	long heartbeat_last_seq;	/* the highest seq seen */
	int64_t heartbeat_last_us;	/* the latest heartbeat's time */
	long heartbeat_missing;		/* seqs 1..last that never came */
	/* beats out of order: a seq that is not the one before plus one
	 * (a restarted pump starts again at 1), or a first seq other than 1 */
	long heartbeat_disorder;
	long heartbeat_prev_seq;
	char first_disorder[96];
	int64_t heartbeat_first_us;
	long lost_events;
	/*
	 * The run the trace says it is: its first record, the client's
	 * "nfstb-run run=R seed=N boot=B" trace marker.
	 */
	long run_records;		/* how many such markers */
	bool run_record_first;		/* the first one opens the trace */
	char run_run[96], run_seed[32], run_boot[64], run_nonce[40];
	int64_t run_us;
	int64_t first_us, last_us;	/* the trace's first and last event */
	/* witness events (connect workers, reclaim, release decisions)
	 * whose task reads "<...>": the pid's comm was not saved */
	long unknown_comm;
	char first_unknown_comm[128];
};

/*
 * What the trace says about one task, the one a blocked-task report names:
 * did it, inside a connect worker, decide to write a folio back, did that
 * release ever finish, did the worker ever exit?  "After" compares trace
 * times, because trace_pipe interleaves CPUs.
 */
struct worker_witness {
	long pid;
	char comm[64];		/* the stack's comm: the trace must agree */
	bool comm_differs;	/* a line of @pid under another comm */
	char other_comm[64];
	bool entered;		/* an xs_connect_worker_enter by @pid */
	bool writeback;		/* decision=writeback in a connect worker */
	int64_t writeback_us;	/* the latest such decision */
	bool release_done;	/* nfs_release_folio_done after it */
	bool reclaim;		/* direct reclaim begun inside its worker */
	bool exited;		/* xs_connect_worker_exit after the last enter */
	int64_t exit_us;
	/*
	 * Its last connect worker's direct reclaim (swap starvation): the
	 * task flags it entered with, the rounds begun and ended inside it,
	 * the pages those that ended reclaimed, and whether it exited after
	 * the first round began.
	 */
	char enter_flags[128];
	long reclaim_rounds, reclaim_ends, reclaimed_pages;
	/* the rounds that ended last, one after the other, freeing 0 pages */
	long reclaim_empty_tail;
	int64_t first_reclaim_us, last_reclaim_us;
	bool exited_after_reclaim;
	int64_t reclaim_exit_us;
};

void trace_count(const struct lines *trace, struct trace_counts *c);
/* @comm: the blocked task's comm in the stack. */
void trace_witness(const struct lines *trace, long pid, const char *comm,
		   struct worker_witness *w);

/*
 * The fixed arm's story, step by step, on one clock: the reconnect
 * started (the console's phase=reconnect) -> a connect worker entered ->
 * reclaim inside that worker (injected in forced mode, direct reclaim in
 * natural) -> that worker skipped a release (decision=skip_nofs) after
 * the reclaim began -> it exited with the flags it entered with.  The
 * story holds when one worker, by pid and between its enter and exit,
 * tells all of it; @step is how far the best worker got.
 */
enum story_step {
	STORY_NONE,		/* no connect worker entered after the reconnect */
	STORY_ENTERED,
	STORY_RECLAIM,
	STORY_SKIP,
	STORY_EXITED,		/* the whole story */
};

struct story {
	enum story_step step;
	char worker[96];	/* "kworker/u4:1-35 entered at 24.1" */
	long skips;		/* of that worker, after its reclaim */
};

void trace_story(const struct lines *trace, int64_t reconnect_us,
		 bool injected, struct story *s);

/*
 * The connect workers that entered at or after the reconnect (the
 * console's phase=reconnect): in swap mode those of the swap transport,
 * which the fix runs with PF_MEMALLOC.
 */
struct after_reconnect {
	long entered;
	long without_memalloc;
	char first_without[400];	/* "kworker/u4:1-35 dst=... flags=... at 9.1" */
};

void trace_after_reconnect(const struct lines *trace, int64_t reconnect_us,
			   struct after_reconnect *a);

/*
 * The story of the first connect worker that entered at or after
 * @reconnect_us without PF_MEMALLOC and began direct reclaim inside its
 * connect, told as trace_witness() tells a blocked task's (w->entered is
 * false when there is none): a starved worker whose stack no SysRq-W
 * sample shows, because an OOM kill ended its starvation first.  Only
 * the rounds begun before @until_us (the kill; TIME_NONE: all) count:
 * what the kill freed is not reclaim's doing.
 */
void trace_starved_worker(const struct lines *trace, int64_t reconnect_us,
			  int64_t until_us, struct worker_witness *w);
const char *story_step_missing(enum story_step reached);
const char *story_step_name(enum story_step reached);
/* "ok", "mismatch" or "n/a" (no exit event could be checked). */
const char *trace_flags_restored(const struct trace_counts *c);
/* Prints exactly what nfstb-tracecheck prints. */
void trace_print(FILE *f, const struct trace_counts *c);

/* Same flag set regardless of order: "A|B" equals "B|A". */
bool flags_equal(const char *a, const char *b);
bool flags_has(const char *flags, const char *flag);
/* Does a show_gfp_flags() string ("GFP_KERNEL|__GFP_ZERO") allow FS reclaim? */
bool gfp_has_fs(const char *gfp);

#endif
