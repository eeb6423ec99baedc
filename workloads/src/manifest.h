/* The manifest nfstb-writer leaves next to its data files and nfstb-verify
 * reads back: one text line per file, "<name> <size> <seed> <file-index>". */
#ifndef NFSTB_MANIFEST_H
#define NFSTB_MANIFEST_H

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
};

/* Writes one line for e (with trailing newline). Returns 0 or -1 (errno). */
int manifest_format_entry(FILE *out, const struct manifest_entry *e);

/* Parses one line (trailing newline optional). On failure returns -1 and
 * describes the problem in err. */
int manifest_parse_line(const char *line, struct manifest_entry *e,
			char *err, size_t errlen);

/* Parses a whole manifest stream; blank lines are ignored, at least one
 * entry is required. On failure returns -1 with "line N: ..." in err. */
int manifest_read(FILE *in, struct manifest *m, char *err, size_t errlen);

void manifest_free(struct manifest *m);

#endif
