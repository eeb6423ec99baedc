/* Strict number parsing for command-line values: the whole string must be
 * consumed, no sign tricks, no silent overflow. */
#ifndef NFSTB_PARSE_NUM_H
#define NFSTB_PARSE_NUM_H

#include <stdbool.h>
#include <stdint.h>

/* Decimal or 0x-hex unsigned 64-bit integer. */
bool parse_u64(const char *s, uint64_t *out);

/* Unsigned integer in [min, max]. */
bool parse_u64_range(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* Byte count with optional binary suffix K, M or G (case-insensitive),
 * e.g. "4096", "64M", "1g". Must be > 0. */
bool parse_size_bytes(const char *s, uint64_t *out);

/* Real number strictly between 0 and 1, e.g. "0.10". */
bool parse_fraction(const char *s, double *out);

#endif
