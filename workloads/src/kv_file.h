/* The one reader of the kernel's "key value" files, /proc/meminfo and
 * /proc/vmstat: find a key's line, read its number; read the whole small
 * file without stdio or malloc (the callers are the processes eating the
 * machine's memory). The two files differ only in how a line is written,
 * which is the kv_style, and in the keys a caller needs, which are the
 * kv_format its unit declares (meminfo.h, vmstat.h). */
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

/* A value a reader needs: its key, and the offsetof() of the uint64_t it
 * goes to in the reader's struct. */
struct kv_field {
	const char *key;
	size_t off;
};

/* A file as its readers see it: its name in error lines ("meminfo"), its
 * line style, and the fields of the struct it fills, every one required. */
struct kv_format {
	const char *what;
	enum kv_style style;
	const struct kv_field *fields;
	size_t nfields;
};

/* Fills every field of *out (the format's struct) in order; -1 with
 * "<what> has no readable <key> line" in err at the first one that is
 * absent or malformed. */
int kv_parse(const char *text, const struct kv_format *fmt, void *out,
	     char *err, size_t errlen);

/* Reads path into buf (NUL-terminated) with plain read()s until EOF or
 * until buf is full. Returns the length, or -1 with err set. */
long kv_read_file(const char *path, char *buf, size_t size, char *err,
		  size_t errlen);

/* The largest file kv_read() takes: /proc/vmstat is ~4 KiB on 6.x (about
 * 190 lines), /proc/meminfo ~1.5 KiB. */
#define KV_FILE_MAX 32768

/* Reads the file at path (normally /proc/<what>) into a buffer on the
 * stack and kv_parse()s it. A file that fills the buffer grew past it and
 * is refused rather than cut silently. Returns 0 or -1 with err set. */
int kv_read(const char *path, const struct kv_format *fmt, void *out,
	    char *err, size_t errlen);

#endif
