/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by every analyser: allocation that cannot fail
 * silently, string tests, and the int64-microsecond time type used for
 * printk and trace timestamps (floating point would make golden output
 * depend on rounding).
 */
#ifndef NFSTB_UTIL_H
#define NFSTB_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

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

/*
 * The name of enum value @v in @names, a table indexed by value; @fallback
 * for a value the table does not name (what a switch's default: said).
 */
const char *enum_name(const char *const *names, size_t n, int v,
		      const char *fallback);

/* Column @n (from 0) of a tab-separated line into @out ("" if absent). */
void tsv_column(const char *line, int n, char *out, size_t len);

#endif
