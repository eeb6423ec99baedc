#define _GNU_SOURCE
#include "manifest.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "parse_num.h"

int manifest_format_entry(FILE *out, const struct manifest_entry *e)
{
	return fprintf(out, "%s %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
		       e->name, e->size, e->seed, e->file_index) < 0 ? -1 : 0;
}

int manifest_format_trailer(FILE *out, size_t count)
{
	return fprintf(out, "end entries=%zu\n", count) < 0 ? -1 : 0;
}

/* "end entries=N": returns 1 and sets *count, 0 if not a trailer, -1 bad. */
static int parse_trailer(const char *line, size_t *count)
{
	char num[32], extra[2];
	uint64_t n;

	if (strncmp(line, "end ", 4))
		return 0;
	if (sscanf(line, "end entries=%31s %1s", num, extra) != 1 ||
	    !parse_u64(num, &n))
		return -1;
	*count = (size_t)n;
	return 1;
}

int manifest_parse_line(const char *line, struct manifest_entry *e,
			char *err, size_t errlen)
{
	char name[MANIFEST_NAME_MAX + 1], size[32], seed[32], index[32];
	char extra[2];
	int n;

	n = sscanf(line, "%128s %31s %31s %31s %1s", name, size, seed, index,
		   extra);
	if (n != 4) {
		snprintf(err, errlen,
			 "expected '<name> <size> <seed> <file-index>', got '%.60s'",
			 line);
		return -1;
	}
	/* The name is joined to the data directory: keep it a plain name. */
	if (strlen(name) >= MANIFEST_NAME_MAX || strchr(name, '/') ||
	    !strcmp(name, ".") || !strcmp(name, "..")) {
		snprintf(err, errlen, "bad file name '%.60s'", name);
		return -1;
	}
	if (!parse_u64(size, &e->size) || !parse_u64(seed, &e->seed) ||
	    !parse_u64(index, &e->file_index)) {
		snprintf(err, errlen, "size, seed and file-index must be unsigned numbers, got '%.60s'",
			 line);
		return -1;
	}
	strcpy(e->name, name);
	return 0;
}

int manifest_read(FILE *in, struct manifest *m, char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0, alloc = 0;
	char why[160];

	memset(m, 0, sizeof(*m));
	while (getline(&line, &cap, in) >= 0) {
		struct manifest_entry e;

		lineno++;
		if (line[strspn(line, " \t\r\n")] == '\0')
			continue;
		if (m->has_trailer) {
			snprintf(err, errlen, "line %zu: text after the end line", lineno);
			goto fail;
		}
		int trailer = parse_trailer(line, &m->trailer_count);

		if (trailer < 0) {
			snprintf(err, errlen, "line %zu: expected 'end entries=<count>', got '%.60s'",
				 lineno, line);
			goto fail;
		}
		if (trailer) {
			m->has_trailer = true;
			continue;
		}
		if (manifest_parse_line(line, &e, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "line %zu: %s", lineno, why);
			goto fail;
		}
		if (m->count == alloc) {
			size_t want = alloc ? alloc * 2 : 16;
			void *p = realloc(m->entries, want * sizeof(e));

			if (!p) {
				snprintf(err, errlen, "out of memory");
				goto fail;
			}
			m->entries = p;
			alloc = want;
		}
		m->entries[m->count++] = e;
	}
	free(line);
	if (m->count == 0) {
		snprintf(err, errlen, "no entries");
		return -1;
	}
	m->complete = m->has_trailer && m->trailer_count == m->count;
	return 0;
fail:
	free(line);
	manifest_free(m);
	return -1;
}

void manifest_free(struct manifest *m)
{
	free(m->entries);
	m->entries = NULL;
	m->count = 0;
}
