/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by the analysers, in four parts: allocation, string
 * tests and the time type; a text file as lines; printk lines; and whole
 * files and escaping for the writers.  All in util.c.
 */
#ifndef NFSTB_UTIL_H
#define NFSTB_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Small helpers shared by every analyser: allocation that cannot fail
 * silently, string tests, and the int64-microsecond time type used for
 * printk and trace timestamps (floating point would make golden output
 * depend on rounding).
 */

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* "No time known" for an int64 microsecond timestamp. */
#define TIME_NONE INT64_MIN

/*
 * An evidence file opened for reading only if it is a regular file: a FIFO
 * or a device named where a run's file is expected would block the open or
 * never end (/dev/zero). Otherwise NULL with errno EINVAL (or open's own).
 */
FILE *fopen_regular(const char *path);

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

bool starts_with(const char *s, const char *prefix);
/* True if @s starts with one of the @n @prefixes (a table of known heads). */
bool starts_with_any(const char *s, const char *const *prefixes, size_t n);
bool ends_with(const char *s, const char *suffix);
/* True if @s is one of the @n strings of @list (NULL entries never match). */
bool equals_any(const char *s, const char *const *list, size_t n);
const char *skip_spaces(const char *s);

/*
 * Parse "SECONDS.FRACTION" (up to 6 fraction digits used, as printk and
 * ftrace print them) into microseconds.  Returns a pointer just past the
 * number, or NULL if @s does not start with one.
 */
const char *parse_time_us(const char *s, int64_t *us);

/* Format microseconds as "S.UUUUUU" into @buf (at least 32 bytes). */
const char *format_time_us(int64_t us, char *buf, size_t len);

/* Format a duration as seconds with millisecond precision ("-1.250"). */
const char *format_secs_ms(int64_t us, char *buf, size_t len);

/*
 * Find "KEY=" as a whole word in a space-separated "k=v k=v" string and copy
 * its value (up to the next space) into @out.  Returns false if absent.
 */
bool kv_get(const char *s, const char *key, char *out, size_t len);
bool kv_get_long(const char *s, const char *key, long *out);
/* How many times "KEY=" occurs as a whole word: a key must be unique. */
size_t kv_count(const char *s, const char *key);

/*
 * The name of enum value @v in @names, a table indexed by value; @fallback
 * for a value the table does not name (what a switch's default: said).
 */
const char *enum_name(const char *const *names, size_t n, int v,
		      const char *fallback);

/* Column @n (from 0) of a tab-separated line into @out ("" if absent). */
void tsv_column(const char *line, int n, char *out, size_t len);
/*
 * Split @line (modified) at its tabs into at most @max columns, empty ones
 * kept (strtok would merge them); the last column keeps any further tabs.
 * Returns the number of columns.
 */
int tsv_split(char *line, char **cols, int max);

/*
 * A text file as an array of lines, with the line terminator and any
 * carriage returns removed (virtlogd keeps the serial console's "\r\n").
 */

struct lines {
	char **v;
	size_t n;
	/* the file's last line had no newline: a writer stopped mid-line */
	bool last_unterminated;
};

/* Returns 0, or -1 with errno set if the file cannot be read. */
int lines_load(const char *path, struct lines *out);
/* Split an in-memory text (used by the unit tests). */
void lines_split(const char *text, struct lines *out);
void lines_free(struct lines *l);

/*
 * Split a console line into its printk timestamp and the message text.
 * Accepts "[   25.123456] msg", the CONFIG_PRINTK_CALLER form
 * "[   25.123456][  T35] msg" and an optional "<6>" level prefix; a line
 * without a timestamp (firmware, init's stdout) keeps its text, time none.
 */

/* Returns the message text inside @line; *t_us is TIME_NONE if absent. */
const char *printk_split(const char *line, int64_t *t_us);

/* The message text alone, for scanners that do not need the time. */
const char *printk_msg(const char *line);

/*
 * Every printk record on a console line, wherever its "[ seconds.micros]"
 * stamp starts: the serial console interleaves kernel records with a
 * shell prompt, escape sequences or line noise ("/ # \e[6n[ 7.28] ..."),
 * and may put two records on one line.  A record's text runs to the next
 * stamp or the end of the line (@len bytes from @msg, not NUL-terminated).
 */
struct printk_record {
	int64_t time_us;
	const char *msg;
	size_t len;
	bool at_start;		/* the stamp opens the line */
};

#define PRINTK_RECORDS_MAX 8
size_t printk_records(const char *line, struct printk_record *out,
		      size_t max);

/* Small helpers of the report writers: whole files, escaping. */

/* The whole file as a NUL-terminated string, or NULL. */
char *read_whole_file(const char *path);

/* Write @s escaped for HTML text and attribute values. */
void html_escape(FILE *f, const char *s);
/* Write @s with '|' escaped so it stays in one Markdown table cell. */
void md_cell(FILE *f, const char *s);
/* Write @s escaped for XML (JUnit). */
void xml_escape(FILE *f, const char *s);

#endif
