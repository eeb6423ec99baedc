#ifndef NFSTB_VERIFY_H
#define NFSTB_VERIFY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "manifest.h"
#include "verify_opts.h"

struct verify_totals {
	uint64_t files, ok, failed;
	uint64_t bytes; /* bytes of files that verified ok */
};

/* Checks one file against its manifest entry and prints its ok/FAIL
 * line to out. Returns true if the file is intact. */
bool verify_file(const char *dir, const struct manifest_entry *e, FILE *out);

/* Reads the manifest, checks every file, prints the per-file lines and
 * the summary. Returns the process exit code (0 all ok, 1 otherwise). */
int verify_run(const struct verify_opts *o, FILE *out);

#endif
