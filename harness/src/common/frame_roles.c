// SPDX-License-Identifier: GPL-2.0
/*
 * The frames of a blocked task's "Call Trace:" (frame_roles.h): a frame
 * line parsed, and the tables of the cycle's parts.
 */
#include "frame_roles.h"
#include "util.h"

#include <ctype.h>
#include <string.h>

bool frame_parse(const char *text, char *name, size_t len, bool *reliable)
{
	const char *p = skip_spaces(text), *start, *end, *q;

	*reliable = true;
	if (p[0] == '?' && p[1] == ' ') {
		*reliable = false;
		p += 2;
	}
	start = p;
	while (isalnum((unsigned char)*p) || *p == '_' || *p == '.' ||
	       *p == '$')
		p++;
	if (p == start || !starts_with(p, "+0x"))
		return false;
	q = p + 3;
	if (!isxdigit((unsigned char)*q))
		return false;
	while (isxdigit((unsigned char)*q))
		q++;
	if (!starts_with(q, "/0x"))
		return false;
	end = memchr(start, '.', p - start);
	if (!end)
		end = p;
	if (end == start || (size_t)(end - start) >= len)
		return false;
	memcpy(name, start, end - start);
	name[end - start] = '\0';
	return true;
}

static const char *const connect_workers[] = {
	"xs_tcp_setup_socket", "xs_udp_setup_socket", "xs_local_setup_socket",
};

/*
 * Direct reclaim by its real function names (Linux 6.1), plus the patch
 * series' injection points: reclaim_inject_alloc() (mm's reclaim injection,
 * the forced trigger) and the older xs_connect_inject_reclaim(), both of
 * which call try_to_free_pages().  Exact names only: a
 * frame such as foo_reclaim_bar, or NFSv4 state "reclaim" (nfs4_reclaim_*),
 * is not memory reclaim.
 */
static const char *const reclaim_fns[] = {
	"try_to_free_pages", "do_try_to_free_pages", "shrink_folio_list",
	"shrink_node", "shrink_lruvec", "shrink_inactive_list",
	"__alloc_pages_slowpath", "__perform_reclaim",
	"__alloc_pages_direct_reclaim", "xs_connect_inject_reclaim",
	"reclaim_inject_alloc",
};

static const char *const release_fns[] = {
	"nfs_release_folio", "nfs_release_page",
};

/* Ordered by how much they say (frame_wait_rank). */
static const char *const wait_fns[] = {
	"nfs_commit_inode", "__nfs_commit_inode", "wait_on_commit",
	"nfs_wb_folio", "nfs_wb_page", "nfs_writepage_locked",
	"folio_wait_writeback", "wait_on_page_writeback",
};

int frame_wait_rank(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(wait_fns); i++)
		if (!strcmp(name, wait_fns[i]))
			return (int)i;
	return -1;
}

enum frame_role frame_role(const char *name)
{
	if (frame_wait_rank(name) >= 0)
		return FRAME_WAIT;
	if (equals_any(name, release_fns, ARRAY_SIZE(release_fns)))
		return FRAME_RELEASE;
	if (equals_any(name, reclaim_fns, ARRAY_SIZE(reclaim_fns)))
		return FRAME_RECLAIM;
	if (equals_any(name, connect_workers, ARRAY_SIZE(connect_workers)))
		return FRAME_WORKER;
	return FRAME_OTHER;
}

const char *frame_role_name(enum frame_role role)
{
	static const char *const names[] = {
		[FRAME_OTHER] = "other", [FRAME_WAIT] = "wait",
		[FRAME_RELEASE] = "release", [FRAME_RECLAIM] = "reclaim",
		[FRAME_WORKER] = "worker",
	};

	return names[role];
}
