/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syzkaller-style titles for a hang and a lockdep report, so dashboards
 * that group reports by syzkaller's titles group this testbed's the same
 * way: "INFO: task hung in <frame>", "possible deadlock in <frame>",
 * "inconsistent lock state in <frame>", ...  The formats and the frame
 * choice (skip lists, the hung task's extractor) are syzkaller's
 * pkg/report/linux.go (google/syzkaller, master of 2026-08); syz_title.c
 * says which entries were taken.  In syz_title.c.
 */
#ifndef NFSTB_SYZ_TITLE_H
#define NFSTB_SYZ_TITLE_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>

#define SYZ_TITLE_LEN 192

/* linux.go's linuxStackParams.skipPatterns (the entries taken): never a title's frame. */
bool syz_frame_skipped(const char *name);

/*
 * The title of a blocked task from its reliable "Call Trace:" frames,
 * innermost first: "INFO: task hung in <frame>", the frame chosen as
 * linux.go's linuxHangTaskFrameExtractor chooses it; "" when every frame
 * is skipped.  The same form whether a khungtaskd report or a SysRq-W/-T
 * dump showed the task (syzkaller has no title for SysRq-W; README.md).
 */
void syz_hang_title(char *const *frames, size_t nframes, char *out, size_t len);

/*
 * The title of the lockdep report whose first line is @log's line @head
 * (lockdep_is_head()), read as far as the end of its stack backtrace or the
 * next report: "possible deadlock in <frame>" for a circular, recursive,
 * irq-inversion or safe->unsafe report, "inconsistent lock state in
 * <frame>", ...; "" for a report syzkaller gives no title with a frame
 * here (MAX_LOCKDEP_* too low, suspicious RCU usage, ...), or when the
 * frame cannot be found.
 */
void syz_lockdep_title(const struct lines *log, size_t head, char *out,
		       size_t len);

#endif
