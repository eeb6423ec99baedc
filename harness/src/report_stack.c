// SPDX-License-Identifier: GPL-2.0
#include "report_stack.h"
#include "hang.h"
#include "lockdep.h"
#include "printk.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static struct report_block *open_block(struct report_blocks *b, const char *msg)
{
	struct report_block *k;

	if (b->n == REPORT_MAX_BLOCKS)
		return NULL;
	k = &b->v[b->n++];
	memset(k, 0, sizeof(*k));
	snprintf(k->title, sizeof(k->title), "%s", msg);
	k->lines = xcalloc(REPORT_BLOCK_MAX_LINES, sizeof(*k->lines));
	k->roles = xcalloc(REPORT_BLOCK_MAX_LINES, sizeof(*k->roles));
	return k;
}

/* Appends @line; false when the block is full. */
static bool add_line(struct report_block *k, const char *line, const char *msg)
{
	char name[128];
	bool reliable;

	if (k->n == REPORT_BLOCK_MAX_LINES)
		return false;
	k->roles[k->n] = frame_parse(msg, name, sizeof(name), &reliable) && reliable ?
			 frame_role(name) : FRAME_OTHER;
	k->lines[k->n++] = xstrdup(line);
	return true;
}

static bool is_info(const char *msg)
{
	return starts_with(msg, "INFO: task ") && strstr(msg, " blocked for more than");
}

static bool is_task(const char *msg)
{
	return starts_with(msg, "task:") && strstr(msg, " state:");
}

static bool task_matches(const char *msg, const struct classification *cls)
{
	char want[96];
	const char *pid = strstr(msg, " pid:");

	snprintf(want, sizeof(want), "task:%s ", cls->comm);
	return cls->sig != SIG_NONE && starts_with(msg, want) && pid &&
	       strtol(pid + strlen(" pid:"), NULL, 10) == cls->pid;
}

void report_stacks_find(const struct lines *log, const struct classification *cls,
			struct report_blocks *out)
{
	struct report_block *k = NULL;
	bool has_task = false;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < log->n; i++) {
		const char *msg = printk_msg(log->v[i]);

		if (is_info(msg) || lockdep_is_head(msg) || (is_task(msg) && (!k || has_task))) {
			k = NULL;
			if (lockdep_is_head(msg) || (is_task(msg) && !strstr(msg, " state:D")))
				continue;
			k = open_block(out, msg);
			has_task = false;
		}
		if (!k)
			continue;
		if (is_task(msg)) {
			has_task = true;
			k->named = k->named || task_matches(msg, cls);
		}
		if (!add_line(k, log->v[i], msg) || !strcmp(skip_spaces(msg), "</TASK>"))
			k = NULL;
	}
}

void report_lockdep_find(const struct lines *log, struct report_blocks *out)
{
	struct report_block *k = NULL;
	bool backtrace = false;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < log->n; i++) {
		const char *msg = printk_msg(log->v[i]);

		if (lockdep_is_head(msg)) {
			k = open_block(out, msg);
			backtrace = false;
		}
		if (!k)
			continue;
		backtrace = backtrace || starts_with(skip_spaces(msg), "stack backtrace:");
		if (!add_line(k, log->v[i], msg) ||
		    (backtrace && !strcmp(skip_spaces(msg), "</TASK>")))
			k = NULL;
	}
}

void report_blocks_free(struct report_blocks *b)
{
	for (size_t i = 0; i < b->n; i++) {
		for (size_t j = 0; j < b->v[i].n; j++)
			free(b->v[i].lines[j]);
		free(b->v[i].lines);
		free(b->v[i].roles);
	}
	b->n = 0;
}
