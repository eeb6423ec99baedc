// SPDX-License-Identifier: GPL-2.0
#include "markers.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void parse_booted(struct boot_marker *b, const char *msg)
{
	b->seen = true;
	kv_get(msg, "scenario", b->scenario, sizeof(b->scenario));
	kv_get(msg, "arm", b->arm, sizeof(b->arm));
	kv_get(msg, "mode", b->mode, sizeof(b->mode));
	kv_get(msg, "run", b->run, sizeof(b->run));
	kv_get(msg, "seed", b->seed, sizeof(b->seed));
}

static void parse_nfstb(struct markers *m, const char *msg, int64_t t)
{
	char phase[32];
	long rc;

	if (!kv_get(msg, "phase", phase, sizeof(phase)) || !phase[0])
		return;
	if (m->nphases < MARKERS_MAX_PHASES) {
		snprintf(m->phases[m->nphases].name,
			 sizeof(m->phases[0].name), "%s", phase);
		m->phases[m->nphases++].time_us = t;
	}
	if (!strcmp(phase, "booted") && !m->booted.seen)
		parse_booted(&m->booted, msg);
	if (!strcmp(phase, "reconnect") && m->reconnect_us == TIME_NONE)
		m->reconnect_us = t;
	if (!strcmp(phase, "done")) {
		m->done = true;
		/* A done marker without a readable rc cannot count as success. */
		m->done_rc = kv_get_long(msg, "rc", &rc) ? rc : -1;
		m->done_us = t;
	}
}

static void parse_summary(struct markers *m, const char *msg, int64_t t)
{
	struct verify_summary s = { .time_us = t };

	if (!kv_get_long(msg, "files", &s.files) ||
	    !kv_get_long(msg, "ok", &s.ok) ||
	    !kv_get_long(msg, "failed", &s.failed))
		return;
	char manifest[32];

	if (!kv_get_long(msg, "bytes", &s.bytes))
		s.bytes = -1;
	s.manifest_truncated = kv_get(msg, "manifest", manifest,
				      sizeof(manifest)) &&
			       strcmp(manifest, "complete");
	/* All of them: a ninth summary that failed must not go unseen. */
	m->summaries = xrealloc(m->summaries,
				(m->nsummaries + 1) * sizeof(*m->summaries));
	m->summaries[m->nsummaries++] = s;
}

static void parse_writer_totals(struct markers *m, const char *msg)
{
	long files, bytes;

	if (kv_get_long(msg, "files", &files) &&
	    kv_get_long(msg, "bytes", &bytes)) {
		m->writer_totals = true;
		m->writer_files = files;
		m->writer_bytes = bytes;
	}
}

static void keep(char *dst, size_t len, const char *text)
{
	snprintf(dst, len, "%s", skip_spaces(text));
}

static void parse_line(struct markers *m, const char *line)
{
	int64_t t;
	const char *msg = printk_split(line, &t);

	if (starts_with(msg, "nfstb: ")) {
		parse_nfstb(m, msg, t);
	} else if (starts_with(msg, "nfstb-verify: summary ")) {
		parse_summary(m, msg, t);
	} else if (starts_with(msg, "nfstb-writer: ready")) {
		keep(m->writer_ready, sizeof(m->writer_ready), msg + 13);
	} else if (starts_with(msg, "nfstb-writer: committed")) {
		keep(m->writer_committed, sizeof(m->writer_committed),
		     msg + 13);
		parse_writer_totals(m, msg);
	} else if (starts_with(msg, "nfstb-reconnect:")) {
		keep(m->reconnect_line, sizeof(m->reconnect_line), msg + 16);
		size_t n = strlen(msg);
		if (n >= 5 && !strcmp(msg + n - 5, " done"))
			m->reconnect_done = true;
	} else if (starts_with(msg, "nfstb-memhog:")) {
		keep(m->memhog_last, sizeof(m->memhog_last), msg + 13);
		m->memhog_lines++;
	}
}

void markers_parse(const struct lines *log, struct markers *m)
{
	memset(m, 0, sizeof(*m));
	m->reconnect_us = TIME_NONE;
	m->done_us = TIME_NONE;
	for (size_t i = 0; i < log->n; i++)
		parse_line(m, log->v[i]);
}

void markers_free(struct markers *m)
{
	free(m->summaries);
	m->summaries = NULL;
	m->nsummaries = 0;
}

const char *markers_last_phase(const struct markers *m)
{
	return m->nphases ? m->phases[m->nphases - 1].name : "none";
}
