// SPDX-License-Identifier: GPL-2.0
/*
 * kernel-source (harness/kernel-source.sh): the Debian package the kernels
 * are built from, its version and the patch set, for kcidb.json's checkout
 * (kcidb.h).  A results directory may come from another machine
 * (make nfs-merge), so the file is read as untrusted: one malformed line
 * and nothing of it is used.
 */
#include "kcidb.h"
#include "util.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool all_of(const char *s, const char *set)
{
	return *s && strspn(s, set) == strlen(s);
}

static bool is_hash(const char *s)
{
	return strlen(s) == 64 && all_of(s, "0123456789abcdef");
}

/* patches/NAME, NAME a file name of harness/kernel-source.sh's charset */
static bool is_patch_file(const char *s)
{
	static const char dir[] = "patches/";

	return starts_with(s, dir) && s[sizeof(dir) - 1] != '.' &&
	       all_of(s + sizeof(dir) - 1,
		      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-");
}

/* linux-source-MAJOR.MINOR, the trees vm/build-kernel.sh knows the form of */
static bool is_tree_package(const char *s)
{
	static const char prefix[] = "linux-source-";
	const char *tree = s + sizeof(prefix) - 1, *dot;

	if (!starts_with(s, prefix))
		return false;
	dot = strchr(tree, '.');
	return dot && dot > tree && strspn(tree, "0123456789") == (size_t)(dot - tree) &&
	       dot[1] && strspn(dot + 1, "0123456789") == strlen(dot + 1);
}

/* Copy @val into @out (@len bytes) if it fits and is made of @set. */
static bool take(const char *val, const char *set, char *out, size_t len)
{
	if (!all_of(val, set) || strlen(val) >= len || out[0])
		return false;
	memcpy(out, val, strlen(val) + 1);
	return true;
}

/* sha256 of @len bytes at @data as 64 hex digits in @hex (65 bytes) */
static bool sha256_hex(const void *data, size_t len, char *hex)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	if (!EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) || n != 32)
		return false;
	for (unsigned int i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
	return true;
}

/*
 * The facts in the order harness/kernel-source.sh writes them: package,
 * version, any number of patches, patchset_hash.  @state is the index of
 * the fact last read.
 */
enum source_fact { FACT_NONE, FACT_PACKAGE, FACT_VERSION, FACT_PATCH, FACT_HASH };

static bool parse_line(char *line, struct kcidb_source *src, enum source_fact *state)
{
	char *val = strchr(line, ' '), *hash;
	struct kcidb_patch *p;

	if (!val)
		return false;
	*val++ = '\0';
	if (!strcmp(line, "package") && *state == FACT_NONE) {
		*state = FACT_PACKAGE;
		return is_tree_package(val) &&
		       take(val, "linux-source.0123456789", src->package, sizeof(src->package));
	}
	if (!strcmp(line, "version") && *state == FACT_PACKAGE) {
		*state = FACT_VERSION;
		/* '-': not a Debian package's tarball */
		return !strcmp(val, "-") ||
		       take(val, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.+~:-",
			    src->version, sizeof(src->version));
	}
	if (!strcmp(line, "patchset_hash") &&
	    (*state == FACT_VERSION || *state == FACT_PATCH)) {
		*state = FACT_HASH;
		/* '-': no patch, KCIDB's "" */
		if (!strcmp(val, "-"))
			return !src->npatches;
		return src->npatches && is_hash(val) &&
		       take(val, "0123456789abcdef", src->patchset_hash,
			    sizeof(src->patchset_hash));
	}
	if (strcmp(line, "patch") || (*state != FACT_VERSION && *state != FACT_PATCH))
		return false;
	*state = FACT_PATCH;
	hash = strchr(val, ' ');
	if (!hash)
		return false;
	*hash++ = '\0';
	if (!is_patch_file(val) || !is_hash(hash) || strlen(val) >= sizeof(p->file))
		return false;
	src->patches = xrealloc(src->patches, (src->npatches + 1) * sizeof(*p));
	p = &src->patches[src->npatches++];
	memcpy(p->file, val, strlen(val) + 1);
	memcpy(p->sha256, hash, sizeof(p->sha256));
	return true;
}

/* KCIDB's patchset hash: the sha256 of the patches' sha256s, one a line */
static bool patchset_hash_matches(const struct kcidb_source *src)
{
	char *text = xmalloc(src->npatches * 65 + 1), hex[65];
	bool ok;

	if (!src->npatches) {
		free(text);
		return !src->patchset_hash[0];
	}
	for (size_t i = 0; i < src->npatches; i++) {
		memcpy(text + 65 * i, src->patches[i].sha256, 64);
		text[65 * i + 64] = '\n';
	}
	ok = sha256_hex(text, src->npatches * 65, hex) && !strcmp(hex, src->patchset_hash);
	free(text);
	return ok;
}

int kcidb_source_parse(const char *text, struct kcidb_source *src)
{
	enum source_fact state = FACT_NONE;
	struct lines l;
	bool ok = true;

	memset(src, 0, sizeof(*src));
	lines_split(text, &l);
	/* each fact accepts only its predecessors: nothing follows patchset_hash */
	for (size_t i = 0; ok && i < l.n; i++)
		ok = parse_line(l.v[i], src, &state);
	lines_free(&l);
	if (!ok || state != FACT_HASH || !patchset_hash_matches(src)) {
		kcidb_source_free(src);
		return -1;
	}
	return 0;
}

int kcidb_source_verify(const char *dir, const struct kcidb_source *src,
			char *err, size_t len)
{
	char path[4096], hex[65];

	for (size_t i = 0; i < src->npatches; i++) {
		char *text;
		bool same;

		snprintf(path, sizeof(path), "%s/%s", dir, src->patches[i].file);
		/* a patch is text: a NUL in it makes the hash differ, refused */
		text = read_whole_file(path);
		same = text && sha256_hex(text, strlen(text), hex) &&
		       !strcmp(hex, src->patches[i].sha256);
		free(text);
		if (!same) {
			snprintf(err, len, "%s: %s", src->patches[i].file,
				 text ? "not the patch kernel-source hashes" : "missing");
			return -1;
		}
	}
	return 0;
}

void kcidb_source_free(struct kcidb_source *src)
{
	free(src->patches);
	memset(src, 0, sizeof(*src));
}
