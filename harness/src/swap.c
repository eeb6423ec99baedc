// SPDX-License-Identifier: GPL-2.0
#include "swap.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define TAG "nfstb-swapfill: "

static void keep(char *dst, size_t len, const char *text)
{
	snprintf(dst, len, "%s", text);
}

/* KEY=N of the verified line, or -1 where it is absent or not a number. */
static long field(const char *msg, const char *key)
{
	long v;

	return kv_get_long(msg, key, &v) ? v : -1;
}

static void parse_verified(struct swap_facts *s, const char *msg)
{
	s->verified = true;
	keep(s->verified_line, sizeof(s->verified_line), msg);
	s->mb = field(msg, "mb");
	s->ok = field(msg, "ok");
	s->pswpin = field(msg, "pswpin");
	s->pswpout = field(msg, "pswpout");
	s->elapsed_ms = field(msg, "elapsed_ms");
	s->out_pages = field(msg, "swapped_out_pages");
	s->in_pages = field(msg, "swapped_in_pages");
}

static void oom(struct swap_facts *s, const char *msg)
{
	if (s->oom)
		return;
	s->oom = true;
	keep(s->oom_line, sizeof(s->oom_line), msg);
}

/*
 * The kernel's "Out of memory: Killed process 212 (nfstb-swapfill) ..."
 * (or "Memory cgroup out of memory: ...") and "oom-kill:...,task=...,".
 */
static void parse_kernel(struct swap_facts *s, const char *msg)
{
	if (strstr(msg, "out of memory: Killed process ") ||
	    strstr(msg, "Out of memory: Killed process ")) {
		s->kernel_oom_kills++;
		if (strstr(msg, " (nfstb-swapfill)"))
			oom(s, msg);
	} else if (starts_with(msg, "oom-kill:") &&
		   strstr(msg, ",task=nfstb-swapfill,")) {
		oom(s, msg);
	}
}

static void parse_line(struct swap_facts *s, const char *line)
{
	int64_t t;
	const char *msg = printk_split(line, &t), *m;

	if (!starts_with(msg, TAG)) {
		parse_kernel(s, msg);
		return;
	}
	m = msg + strlen(TAG);
	if (starts_with(m, "filled")) {
		s->filled = true;
	} else if (starts_with(m, "ready")) {
		s->ready = true;
		keep(s->ready_line, sizeof(s->ready_line), m);
	} else if (starts_with(m, "verified")) {
		parse_verified(s, m);
	} else if (starts_with(m, "FAIL") && !s->fail) {
		s->fail = true;
		keep(s->fail_line, sizeof(s->fail_line), m);
	} else if (starts_with(m, "child killed by signal")) {
		oom(s, msg);
	}
}

void swap_parse(const struct lines *log, struct swap_facts *s)
{
	memset(s, 0, sizeof(*s));
	s->mb = s->ok = s->pswpin = s->pswpout = s->elapsed_ms = -1;
	s->out_pages = s->in_pages = -1;
	for (size_t i = 0; i < log->n; i++)
		parse_line(s, log->v[i]);
}
