// SPDX-License-Identifier: GPL-2.0
/*
 * A run's record read for the views (record.h): run.json parsed with
 * libjansson, every key a view needs checked for presence and type.
 */
#include "record.h"
#include "util.h"
#include "verdict_names.h"	/* the one list of verdicts */

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* run.json is a few kB; anything this large is not one. */
#define RECORD_MAX_BYTES (16u << 20)

bool record_verdict_valid(const char *text)
{
	return verdict_text_valid(text);
}

const char *record_syz_title(const struct run_record *r)
{
	if (starts_with(r->verdict, "DEADLOCK(") || !strcmp(r->verdict, "OTHER-HANG"))
		return r->syz_title;
	if (starts_with(r->verdict, "LOCKDEP(") || !strcmp(r->verdict, "OTHER-LOCKDEP"))
		return r->lockdep_syz_title;
	return "";
}

const char *record_secs(int64_t us, char *buf, size_t len)
{
	if (us == TIME_NONE) {
		snprintf(buf, len, "-");
		return buf;
	}
	return format_secs_ms(us, buf, len);
}

/* The first problem found wins; every check after it is a no-op. */
struct check {
	char *err;
	size_t len;
	bool bad;
};

static bool fail(struct check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static bool fail(struct check *c, const char *fmt, ...)
{
	va_list ap;

	if (c->bad)
		return false;
	c->bad = true;
	va_start(ap, fmt);
	vsnprintf(c->err, c->len, fmt, ap);
	va_end(ap);
	return false;
}

/* "classify.task" from "classify" and "task"; "task" at the top. */
static const char *key_path(const char *parent, const char *key, char *buf,
			    size_t len)
{
	if (parent)
		snprintf(buf, len, "%s.%s", parent, key);
	else
		snprintf(buf, len, "%s", key);
	return buf;
}

/* @obj's member @key, or NULL after a "missing key" failure. */
static json_t *member(struct check *c, json_t *obj, const char *parent,
		      const char *key)
{
	json_t *v;
	char path[96];

	if (c->bad)
		return NULL;
	v = json_object_get(obj, key);
	if (!v)
		fail(c, "missing key '%s'", key_path(parent, key, path, sizeof(path)));
	return v;
}

enum str_kind {
	STR_ANY,	/* a string, maybe empty */
	STR_WORD,	/* a non-empty string */
	STR_OR_NULL,	/* a string or null ("") */
};

static bool get_str(struct check *c, json_t *obj, const char *parent,
		    const char *key, enum str_kind kind, char *out, size_t len)
{
	json_t *v = member(c, obj, parent, key);
	char path[96];
	size_t n;

	out[0] = '\0';
	if (!v)
		return false;
	key_path(parent, key, path, sizeof(path));
	if (kind == STR_OR_NULL && json_is_null(v))
		return true;
	if (!json_is_string(v))
		return fail(c, "key '%s' is not a string%s", path,
			    kind == STR_OR_NULL ? " or null" : "");
	n = json_string_length(v);
	if (n >= len)
		return fail(c, "key '%s' is longer than %zu bytes", path, len - 1);
	if (kind == STR_WORD && !n)
		return fail(c, "key '%s' is empty", path);
	memcpy(out, json_string_value(v), n + 1);
	return true;
}

/* Seconds as a number, or null (TIME_NONE). */
static bool get_time(struct check *c, json_t *obj, const char *parent,
		     const char *key, bool non_negative, int64_t *us)
{
	json_t *v = member(c, obj, parent, key);
	char path[96];
	double s;

	*us = TIME_NONE;
	if (!v)
		return false;
	if (json_is_null(v))
		return true;
	key_path(parent, key, path, sizeof(path));
	if (!json_is_number(v))
		return fail(c, "key '%s' is not a number or null", path);
	s = json_number_value(v);
	if (!(s > -1e9 && s < 1e9) || (non_negative && s < 0))
		return fail(c, "key '%s' is out of range: %g", path, s);
	/* to the nearest microsecond: the writer prints at most six decimals */
	*us = (int64_t)(s * 1e6 + (s < 0 ? -0.5 : 0.5));
	return true;
}

/* A count: an integer >= 0. */
static bool get_count(struct check *c, json_t *obj, const char *parent,
		      const char *key, long *out)
{
	json_t *v = member(c, obj, parent, key);
	char path[96];

	if (!v)
		return false;
	key_path(parent, key, path, sizeof(path));
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > (json_int_t)INT32_MAX)
		return fail(c, "key '%s' is not a count (an integer >= 0)", path);
	*out = (long)json_integer_value(v);
	return true;
}

static json_t *get_object(struct check *c, json_t *obj, const char *key)
{
	json_t *v = member(c, obj, NULL, key);

	if (v && !json_is_object(v)) {
		fail(c, "key '%s' is not an object", key);
		return NULL;
	}
	return v;
}

static void read_classify(struct check *c, json_t *cls, struct run_record *r)
{
	json_t *pid, *frames, *item;
	size_t i;

	get_str(c, cls, "classify", "signature", STR_WORD, r->signature,
		sizeof(r->signature));
	get_str(c, cls, "classify", "title", STR_ANY, r->title, sizeof(r->title));
	get_str(c, cls, "classify", "syz_title", STR_OR_NULL, r->syz_title,
		sizeof(r->syz_title));
	if (get_str(c, cls, "classify", "hang_source", STR_OR_NULL, r->hang_source,
		    sizeof(r->hang_source)) && r->hang_source[0] &&
	    strcmp(r->hang_source, "hung-task") && strcmp(r->hang_source, "show-state"))
		fail(c, "key 'classify.hang_source' is not hung-task, show-state or null: '%s'",
		     r->hang_source);
	get_str(c, cls, "classify", "task", STR_OR_NULL, r->task, sizeof(r->task));
	pid = member(c, cls, "classify", "pid");
	if (c->bad)
		return;
	/* a named task has both, no task has neither */
	r->has_task = !json_is_null(json_object_get(cls, "task"));
	if (r->has_task && !r->task[0]) {
		fail(c, "key 'classify.task' is empty");
	} else if (r->has_task) {
		if (!json_is_integer(pid) || json_integer_value(pid) < 0 ||
		    json_integer_value(pid) > (json_int_t)INT32_MAX)
			fail(c, "key 'classify.pid' is not a pid (the task is named)");
		else
			r->pid = (long)json_integer_value(pid);
	} else if (!json_is_null(pid)) {
		fail(c, "key 'classify.pid' is not null (the task is null)");
	}
	get_time(c, cls, "classify", "time", false, &r->hang_us);
	frames = member(c, cls, "classify", "frames");
	if (c->bad)
		return;
	if (!json_is_array(frames)) {
		fail(c, "key 'classify.frames' is not an array");
		return;
	}
	if (json_array_size(frames) > RECORD_MAX_FRAMES) {
		fail(c, "key 'classify.frames' has more than %d frames", RECORD_MAX_FRAMES);
		return;
	}
	json_array_foreach(frames, i, item) {
		if (!json_is_string(item) ||
		    json_string_length(item) >= sizeof(r->frames[0])) {
			fail(c, "key 'classify.frames' item %zu is not a frame name", i);
			return;
		}
		memcpy(r->frames[i], json_string_value(item),
		       json_string_length(item) + 1);
	}
	r->nframes = json_array_size(frames);
}

static void read_trace(struct check *c, json_t *t, struct run_record *r)
{
	json_t *readable = member(c, t, "trace", "readable");

	if (c->bad)
		return;
	if (!json_is_boolean(readable)) {
		fail(c, "key 'trace.readable' is not true or false");
		return;
	}
	r->trace_readable = json_is_true(readable);
	/* written either way; counts of an unreadable trace mean nothing */
	get_count(c, t, "trace", "release_skip_in_worker", &r->skip_in_worker);
	get_count(c, t, "trace", "reclaim_in_worker", &r->reclaim_in_worker);
	if (!r->trace_readable)
		r->skip_in_worker = r->reclaim_in_worker = -1;
}

/*
 * binding.packet_clock.offset_s, leniently: a view may show it, no view
 * judges by it, so a record without it is still a record.
 */
static void read_boot_epoch(json_t *root, struct run_record *r)
{
	json_t *v = json_object_get(root, "binding");

	v = json_is_object(v) ? json_object_get(v, "packet_clock") : NULL;
	v = json_is_object(v) ? json_object_get(v, "offset_s") : NULL;
	/* after 2001 and before 2286: anything else is not a wall clock */
	if (json_is_number(v) && json_number_value(v) > 1e9 &&
	    json_number_value(v) < 1e10)
		r->boot_epoch_us = (int64_t)(json_number_value(v) * 1e6 + 0.5);
}

static void read_record(struct check *c, json_t *root, struct run_record *r)
{
	json_t *obj;

	if (!json_is_object(root)) {
		fail(c, "not a JSON object");
		return;
	}
	/* the schema first: another schema's keys may mean other things */
	if (get_str(c, root, NULL, "schema", STR_ANY, r->schema, sizeof(r->schema)) &&
	    strcmp(r->schema, RECORD_SCHEMA))
		fail(c, "key 'schema' is '%s', expected '%s'", r->schema, RECORD_SCHEMA);
	get_str(c, root, NULL, "run", STR_OR_NULL, r->run, sizeof(r->run));
	get_str(c, root, NULL, "scenario", STR_WORD, r->scenario, sizeof(r->scenario));
	get_str(c, root, NULL, "arm", STR_WORD, r->arm, sizeof(r->arm));
	get_str(c, root, NULL, "mode", STR_WORD, r->mode, sizeof(r->mode));
	if (get_str(c, root, NULL, "verdict", STR_WORD, r->verdict, sizeof(r->verdict)) &&
	    !record_verdict_valid(r->verdict))
		fail(c, "key 'verdict' is not a verdict: '%s'", r->verdict);
	if (get_str(c, root, NULL, "rule", STR_WORD, r->rule, sizeof(r->rule)) &&
	    strlen(r->rule) != 1)
		fail(c, "key 'rule' is not one letter: '%s'", r->rule);
	/* fail closed: only rule u skips a run, and only with its reason */
	if (verdict_skipped(r->verdict) && r->rule[0] && strcmp(r->rule, "u"))
		fail(c, "key 'verdict' is SKIP, but key 'rule' is '%s', not 'u'",
		     r->rule);
	get_str(c, root, NULL, "reason", STR_ANY, r->reason, sizeof(r->reason));
	get_time(c, root, NULL, "detect_s", false, &r->detect_us);
	get_time(c, root, NULL, "deadlock_s", true, &r->deadlock_us);
	get_str(c, root, NULL, "data", STR_WORD, r->data, sizeof(r->data));
	get_str(c, root, NULL, "seed", STR_OR_NULL, r->seed, sizeof(r->seed));
	get_str(c, root, NULL, "orchestrator", STR_OR_NULL, r->orchestrator,
		sizeof(r->orchestrator));
	obj = member(c, root, NULL, "packets");
	r->has_packets = obj && !json_is_null(obj);
	get_str(c, root, NULL, "packets", STR_OR_NULL, r->packets, sizeof(r->packets));
	if ((obj = get_object(c, root, "classify")))
		read_classify(c, obj, r);
	if ((obj = get_object(c, root, "trace")))
		read_trace(c, obj, r);
	if ((obj = get_object(c, root, "lockdep")))
		get_str(c, obj, "lockdep", "syz_title", STR_OR_NULL, r->lockdep_syz_title,
			sizeof(r->lockdep_syz_title));
	if ((obj = get_object(c, root, "client")))
		get_time(c, obj, "client", "reconnect_time", false, &r->reconnect_us);
	read_boot_epoch(root, r);
}

/* One line: no control character; @ascii: no byte >= 0x80 either. */
static void one_line(char *s, bool ascii)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ascii && ch >= 0x80)
			*s = '?';
		else if (ch < 0x20 || ch == 0x7f)
			*s = ' ';
	}
}

/* Nothing known: every time TIME_NONE, every count -1. */
static void record_reset(struct run_record *r)
{
	memset(r, 0, sizeof(*r));
	r->detect_us = r->deadlock_us = r->hang_us = r->reconnect_us = TIME_NONE;
	r->boot_epoch_us = TIME_NONE;
	r->skip_in_worker = r->reclaim_in_worker = r->pid = -1;
}

int record_parse(const char *text, size_t len, struct run_record *r, char *err,
		 size_t errlen)
{
	struct check c = { .err = err, .len = errlen };
	json_error_t jerr;
	json_t *root;

	record_reset(r);
	if (errlen)
		err[0] = '\0';
	/* jansson checks UTF-8, rejects NUL and "\u0000", and duplicate keys */
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		/* jansson's text may quote the offending bytes */
		one_line(jerr.text, true);
		snprintf(err, errlen, "not valid JSON: %s (line %d, column %d)",
			 jerr.text, jerr.line, jerr.column);
		return -1;
	}
	read_record(&c, root, r);
	json_decref(root);
	if (c.bad) {
		one_line(err, false);
		return -1;
	}
	return 0;
}

int record_load(const char *path, struct run_record *r, char *err, size_t errlen)
{
	FILE *f = fopen_regular(path);
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int ret;

	record_reset(r);
	if (!f) {
		if (errno == ENOENT)
			return 1;
		snprintf(err, errlen, "cannot read: %s", strerror(errno));
		return -1;
	}
	do {
		if (len == cap) {
			cap = cap ? cap * 2 : 16384;
			buf = xrealloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n && len <= RECORD_MAX_BYTES);
	if (ferror(f)) {
		snprintf(err, errlen, "cannot read: %s", strerror(errno));
		ret = -1;
	} else if (len > RECORD_MAX_BYTES) {
		snprintf(err, errlen, "larger than %u bytes: not a run record",
			 RECORD_MAX_BYTES);
		ret = -1;
	} else {
		ret = record_parse(buf, len, r, err, errlen);
	}
	fclose(f);
	free(buf);
	return ret;
}
