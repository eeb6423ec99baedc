/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers of the report writers: whole files, escaping, JSON keys. */
#ifndef NFSTB_REPORT_UTIL_H
#define NFSTB_REPORT_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* The whole file as a NUL-terminated string, or NULL. */
char *read_whole_file(const char *path);

/* Write @s escaped for HTML text and attribute values. */
void html_escape(FILE *f, const char *s);
/* Write @s with '|' escaped so it stays in one Markdown table cell. */
void md_cell(FILE *f, const char *s);
/* Write @s escaped for XML (JUnit). */
void xml_escape(FILE *f, const char *s);

/*
 * The string value of a top-level "KEY": "VALUE" in verdict.json (written
 * by nfstb-verdict, one key per line), unescaped; NULL if absent or null.
 */
const char *json_string(const char *json, const char *key, char *buf, size_t len);

#endif
