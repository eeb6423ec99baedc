/* The verifiable data pattern shared by nfstb-writer and nfstb-verify.
 *
 * Every byte is a pure function of (seed, file index, offset), so a
 * verifier needs only the manifest to check any byte of any file, and a
 * misplaced block (right data at the wrong offset or in the wrong file) is
 * detected, not just a flipped bit. The file is a sequence of 64-bit words:
 *
 *   word(k) = splitmix64(seed ^ (file_index << 48) ^ k),  k = offset / 8
 *
 * stored little-endian, so byte o is byte (o % 8) of word(o / 8).
 */
#ifndef NFSTB_PATTERN_H
#define NFSTB_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

uint64_t pattern_word(uint64_t seed, uint64_t file_index, uint64_t word_index);

uint8_t pattern_byte(uint64_t seed, uint64_t file_index, uint64_t offset);

/* Fills buf with the pattern bytes for [offset, offset + len). */
void pattern_fill(uint8_t *buf, size_t len, uint64_t seed,
		  uint64_t file_index, uint64_t offset);

struct pattern_mismatch {
	uint64_t offset; /* absolute offset in the file */
	uint8_t expected;
	uint8_t got;
};

/* Checks that buf holds the pattern for [offset, offset + len). Returns
 * true if it does; otherwise false with the first mismatch in *bad. */
bool pattern_check(const uint8_t *buf, size_t len, uint64_t seed,
		   uint64_t file_index, uint64_t offset,
		   struct pattern_mismatch *bad);

#endif
