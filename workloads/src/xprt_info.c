#include "xprt_info.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Looks up "key=" at the start of a line; returns the value start or NULL. */
static const char *find_value(const char *text, const char *key)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line;) {
		if (!strncmp(line, key, klen) && line[klen] == '=')
			return line + klen + 1;
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return NULL;
}

static int get_long(const char *text, const char *key, long *out)
{
	const char *v = find_value(text, key);
	char *end;

	if (!v)
		return -1;
	errno = 0;
	*out = strtol(v, &end, 10);
	if (errno || end == v || (*end != '\n' && *end != '\0'))
		return -1;
	return 0;
}

int xprt_info_parse(const char *text, struct xprt_info *xi, char *err,
		    size_t errlen)
{
	long v;

	memset(xi, 0, sizeof(*xi));
	if (!strncmp(text, "<closed>", 8)) {
		xi->closed = true;
		return 0;
	}
	/* dst_port is printed from address_strings[RPC_DISPLAY_PORT], a
	 * decimal string; it is the one field we cannot do without. */
	if (get_long(text, "dst_port", &v) < 0 || v <= 0 || v > 65535) {
		snprintf(err, errlen, "xprt_info has no numeric dst_port line");
		return -1;
	}
	xi->dst_port = (unsigned)v;
	if (get_long(text, "src_port", &v) == 0 && v >= 0 && v <= 65535)
		xi->src_port = (unsigned)v;
	if (get_long(text, "main_xprt", &v) == 0)
		xi->main_xprt = (int)v;
	if (get_long(text, "num_reqs", &v) == 0 && v >= 0)
		xi->num_reqs = (unsigned)v;
	return 0;
}
