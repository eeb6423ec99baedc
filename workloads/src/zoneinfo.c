#include "zoneinfo.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv_file.h"

/* The one number after a line's first word, e.g. "        min      569". */
static bool line_value(const char *line, const char *word, uint64_t *v)
{
	size_t n = strlen(word);
	char *end;

	line += strspn(line, " \t");
	if (strncmp(line, word, n) || (line[n] != ' ' && line[n] != '\t'))
		return false;
	*v = strtoull(line + n, &end, 10);
	return end != line + n;
}

/* Lines of one zone, from its "Node N, zone NAME" header to the next. */
struct zone_lines {
	bool counted;		/* not DMA */
	bool free, min, low, managed;	/* its lines seen */
	uint64_t free_pages, min_pages, low_pages, managed_pages;
};

static void zone_add(struct zone_headroom *h, const struct zone_lines *z)
{
	/* An empty zone (Movable, Device: managed 0) still prints watermarks */
	if (!z->counted || !z->free || !z->min || !z->low || !z->managed ||
	    !z->managed_pages)
		return;
	h->free_pages += z->free_pages;
	h->min_pages += z->min_pages;
	h->low_pages += z->low_pages;
	h->zones++;
}

int zoneinfo_parse(const char *text, struct zone_headroom *h, char *err,
		   size_t errlen)
{
	struct zone_lines z = { 0 };
	const char *line = text;

	memset(h, 0, sizeof(*h));
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char buf[256], name[32];

		snprintf(buf, sizeof(buf), "%.*s", (int)len, line);
		if (sscanf(buf, "Node %*d, zone %31s", name) == 1) {
			zone_add(h, &z);
			memset(&z, 0, sizeof(z));
			z.counted = strcmp(name, "DMA") != 0;
		} else if (!z.free && line_value(buf, "pages free", &z.free_pages)) {
			z.free = true;
		} else if (!z.min && line_value(buf, "min", &z.min_pages)) {
			z.min = true;
		} else if (!z.low && line_value(buf, "low", &z.low_pages)) {
			z.low = true;
		} else if (!z.managed &&
			   line_value(buf, "managed", &z.managed_pages)) {
			z.managed = true;
		}
		line += len + (nl != NULL);
	}
	zone_add(h, &z);
	if (h->zones)
		return 0;
	snprintf(err, errlen,
		 "zoneinfo has no zone besides DMA with pages managed and 'pages free', 'min' and 'low' lines");
	return -1;
}

int zoneinfo_read(const char *path, struct zone_headroom *h, char *err,
		  size_t errlen)
{
	/* A few KiB per zone and CPU; on the stack, as kv_read(). */
	char buf[65536];

	if (kv_read_file(path, buf, sizeof(buf), err, errlen) < 0)
		return -1;
	return zoneinfo_parse(buf, h, err, errlen);
}

bool zone_near_min(const struct zone_headroom *h)
{
	return h->free_pages <= (h->min_pages + h->low_pages) / 2;
}
