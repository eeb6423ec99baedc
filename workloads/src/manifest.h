/* The manifest nfstb-writer leaves next to its data files and nfstb-verify
 * reads back: one text line per file, "<name> <size> <seed> <file-index>",
 * then the trailer "end entries=<count>".  The trailer is what tells a
 * manifest cut at a line boundary from a whole one: without it, or with
 * another count, the manifest is incomplete. */
#ifndef NFSTB_MANIFEST_H
#define NFSTB_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MANIFEST_NAME "nfstb-manifest"
#define DATA_FILE_PREFIX "nfstb-data."
#define MANIFEST_NAME_MAX 128

struct manifest_entry {
	char name[MANIFEST_NAME_MAX]; /* plain file name inside the data dir */
	uint64_t size;
	uint64_t seed;
	uint64_t file_index;
};

struct manifest {
	struct manifest_entry *entries;
	size_t count;
	bool has_trailer;	/* an "end entries=N" line was read */
	size_t trailer_count;	/* its N */
	bool complete;		/* has_trailer and N == count */
};

/* Writes one line for e (with trailing newline). Returns 0 or -1 (errno). */
int manifest_format_entry(FILE *out, const struct manifest_entry *e);

/* Writes the trailer "end entries=<count>". Returns 0 or -1 (errno). */
int manifest_format_trailer(FILE *out, size_t count);

/* Parses one line (trailing newline optional). On failure returns -1 and
 * describes the problem in err. */
int manifest_parse_line(const char *line, struct manifest_entry *e,
			char *err, size_t errlen);

/* Parses a whole manifest stream; blank lines are ignored, at least one
 * entry is required, nothing may follow the trailer. A missing trailer is
 * not an error: m->complete says it. On failure returns -1 with
 * "line N: ..." in err. */
int manifest_read(FILE *in, struct manifest *m, char *err, size_t errlen);

void manifest_free(struct manifest *m);

#endif
