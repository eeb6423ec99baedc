// SPDX-License-Identifier: GPL-2.0
#include "printk.h"
#include "util.h"

#include <ctype.h>

const char *printk_split(const char *line, int64_t *t_us)
{
	const char *p = skip_spaces(line);

	*t_us = TIME_NONE;
	if (*p == '<') {
		const char *q = p + 1;

		while (isdigit((unsigned char)*q))
			q++;
		if (q > p + 1 && *q == '>')
			p = q + 1;
	}
	if (*p != '[')
		return line;
	p = parse_time_us(skip_spaces(p + 1), t_us);
	if (!p || *p != ']') {
		*t_us = TIME_NONE;
		return line;
	}
	p++;
	/* Caller id: "[  T35]" or "[   C1]". */
	if (*p == '[') {
		const char *q = skip_spaces(p + 1);

		if (*q == 'T' || *q == 'C') {
			q++;
			while (isdigit((unsigned char)*q))
				q++;
			if (*q == ']')
				p = q + 1;
		}
	}
	/* printk puts exactly one space after the prefix; keep indentation. */
	if (*p == ' ')
		p++;
	return p;
}

const char *printk_msg(const char *line)
{
	int64_t t;

	return printk_split(line, &t);
}
