/* The one reader of the kernel's "key value" files, /proc/meminfo and
 * /proc/vmstat: find a key's line, read its number; read the whole small
 * file without stdio or malloc (the callers are the processes eating the
 * machine's memory). The two files differ only in how a line is written,
 * which is the kv_style. */
#ifndef NFSTB_KV_FILE_H
#define NFSTB_KV_FILE_H

#include <stddef.h>
#include <stdint.h>

enum kv_style {
	/* "Key:   <n> kB": ':' ends the key, blanks before the number, a
	 * unit may follow it. */
	KV_COLON,
	/* "key <n>": one space, then only digits to the end of the line. */
	KV_SPACE,
};

/* Value of 'key'. Returns 0, or -1 if absent or malformed. Keys match
 * whole ("Active" does not match "Active(anon)"). */
int kv_get(const char *text, const char *key, enum kv_style style,
	   uint64_t *value);

/* A value a parser needs, and where it goes. */
struct kv_field {
	const char *key;
	uint64_t *dst;
};

/* Fills every field in order; -1 with "<what> has no readable <key>
 * line" in err at the first one that is absent or malformed. */
int kv_parse(const char *text, enum kv_style style, const char *what,
	     const struct kv_field *fields, size_t n, char *err,
	     size_t errlen);

/* Reads path into buf (NUL-terminated) with plain read()s until EOF or
 * until buf is full. Returns the length, or -1 with err set. */
long kv_read_file(const char *path, char *buf, size_t size, char *err,
		  size_t errlen);

#endif
