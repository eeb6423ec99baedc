/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KCIDB view of a results directory: kcidb.json in KernelCI's KCIDB
 * I/O schema v5.3 (kcidb-io's kcidb_io/schema/v05_03.py; a transcription
 * is tests/kcidb/v05_03.schema.json), in three parts:
 *   kcidb_status.c  a run's KCIDB status, from results.h's judgement;
 *   kcidb_lab.c     what the results directory says beside the matrix:
 *                   the tree, each run's kernel flavour and build, its
 *                   duration (kernel-tree, plan, kernel-*.path, phases.tsv);
 *   kcidb_doc.c     the document: one checkout, its builds, a test a run.
 * docs/kcidb.md says what is in the file.
 */
#ifndef NFSTB_KCIDB_H
#define NFSTB_KCIDB_H

#include "results.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define KCIDB_ORIGIN "nfstb"
#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3

/* The schema's status names, in its priority order (highest first). */
enum kcidb_status {
	KCIDB_FAIL,	/* the run missed its scenario's expectation */
	KCIDB_ERROR,	/* the testbed could not judge the run */
	KCIDB_MISS,	/* the harness failed: no record, or no evidence */
	KCIDB_PASS,	/* the run met its scenario's expectation */
	KCIDB_DONE,	/* report only: judged, nothing expected */
	KCIDB_SKIP,	/* the kernel cannot run the cell: a SKIP verdict (rule u) */
};

/* The status of a judged run of the matrix (runs_load). */
enum kcidb_status kcidb_status_of(const struct run_row *r);
/* "FAIL", "ERROR", ... */
const char *kcidb_status_name(enum kcidb_status s);
/* "ok", "allowed-miss", "report-only", "failed", "no-record", "malformed" */
const char *kcidb_judgement_name(enum run_judgement j);

/* One kernel the results used: a flavour and its build key. */
struct kcidb_build {
	char flavour[32];	/* default, lockdep, coverage; "unknown" without a plan */
	char dir[4096];		/* the build's directory (kernel-FLAVOUR.path's), "" unknown */
	char name[256];		/* its name, [TAG]FLAVOUR-KEY, "" unknown */
	char key[64];		/* the build key (vm/build-kernel.sh), "" unknown */
};

/* One patch of the checkout's patch set (kernel-source). */
struct kcidb_patch {
	char file[256];		/* its copy, relative to the results directory */
	char sha256[65];	/* the copy's sha256, 64 hex digits */
};

/* What the kernels are built from (kernel-source); all "" or 0 unknown. */
struct kcidb_source {
	char package[64];	/* linux-source-6.1 */
	char version[64];	/* the Debian package's version, "" unknown */
	char patchset_hash[65];	/* KCIDB's patchset hash, 64 hex digits */
	struct kcidb_patch *patches;
	size_t npatches;
};

struct kcidb_lab {
	char name[256];		/* the results directory's name: its run id */
	char tree[32];		/* kernel-tree: 6.1, 6.12; "" unknown */
	struct kcidb_source source;
	struct kcidb_build *builds;
	size_t nbuilds;
	/* per matrix row, in matrix order: */
	size_t *build_of;	/* index into builds */
	double *duration;	/* phases.tsv's run-total seconds, < 0 unknown */
};

/*
 * Read what RESULTS_DIR says of the @runs beside their records.  Every file
 * is optional (a missing one leaves its facts unknown), so this only fails
 * for the directory's name: -1 with a one-line reason in @err.
 */
/*
 * Parse kernel-source's @text into @src.  Fails closed: any line that is not
 * one of its four forms, a fact given twice, a patch outside patches/ or a
 * hash that is not 64 lower-case hex digits leaves the whole source unknown
 * (-1, with @src zeroed); so do facts out of harness/kernel-source.sh's
 * order (package, version, patch..., patchset_hash) and a patchset_hash
 * that is not KCIDB's hash of the patches' hashes.
 */
int kcidb_source_parse(const char *text, struct kcidb_source *src);
/* Each patch's copy in results directory @dir has its hash: 0, or -1 and why. */
int kcidb_source_verify(const char *dir, const struct kcidb_source *src,
			char *err, size_t len);
void kcidb_source_free(struct kcidb_source *src);

int kcidb_lab_load(const char *dir, const struct run_list *runs,
		   struct kcidb_lab *lab, char *err, size_t len);
void kcidb_lab_free(struct kcidb_lab *lab);

/*
 * The document.  @base_url is where RESULTS_DIR is served, ending in '/':
 * each run's files are @base_url RUN/FILE.  The files listed are those
 * RESULTS_DIR/RUN holds.
 */
json_t *kcidb_document(const char *dir, const char *base_url,
		       const struct run_list *runs, const struct kcidb_lab *lab);

#endif
