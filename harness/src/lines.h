/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A text file as an array of lines, with the line terminator and any
 * carriage returns removed (virtlogd keeps the serial console's "\r\n").
 */
#ifndef NFSTB_LINES_H
#define NFSTB_LINES_H

#include <stddef.h>

struct lines {
	char **v;
	size_t n;
};

/* Returns 0, or -1 with errno set if the file cannot be read. */
int lines_load(const char *path, struct lines *out);
/* Split an in-memory text (used by the unit tests). */
void lines_split(const char *text, struct lines *out);
void lines_free(struct lines *l);

#endif
