#include "pattern.h"

#include <string.h>

/* splitmix64 finaliser (Steele, Lea, Flood 2014): a cheap bijective mixer,
 * so neighbouring word indexes give unrelated words. */
static uint64_t splitmix64(uint64_t x)
{
	uint64_t z = x + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t pattern_word(uint64_t seed, uint64_t file_index, uint64_t word_index)
{
	return splitmix64(seed ^ (file_index << 48) ^ word_index);
}

uint8_t pattern_byte(uint64_t seed, uint64_t file_index, uint64_t offset)
{
	return (uint8_t)(pattern_word(seed, file_index, offset / 8) >>
			 (8 * (offset % 8)));
}

static void store_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

void pattern_fill(uint8_t *buf, size_t len, uint64_t seed,
		  uint64_t file_index, uint64_t offset)
{
	size_t pos = 0;

	/* Unaligned head and tail byte by byte, the body a word at a time. */
	while (pos < len && (offset + pos) % 8) {
		buf[pos] = pattern_byte(seed, file_index, offset + pos);
		pos++;
	}
	for (; len - pos >= 8; pos += 8)
		store_le64(buf + pos,
			   pattern_word(seed, file_index, (offset + pos) / 8));
	for (; pos < len; pos++)
		buf[pos] = pattern_byte(seed, file_index, offset + pos);
}

static bool report_first_bad(const uint8_t *buf, size_t from, size_t to,
			     uint64_t seed, uint64_t file_index,
			     uint64_t offset, struct pattern_mismatch *bad)
{
	for (size_t pos = from; pos < to; pos++) {
		uint8_t want = pattern_byte(seed, file_index, offset + pos);

		if (buf[pos] != want) {
			bad->offset = offset + pos;
			bad->expected = want;
			bad->got = buf[pos];
			return false;
		}
	}
	return true;
}

bool pattern_check(const uint8_t *buf, size_t len, uint64_t seed,
		   uint64_t file_index, uint64_t offset,
		   struct pattern_mismatch *bad)
{
	size_t pos = 0;

	while (pos < len && (offset + pos) % 8) {
		if (!report_first_bad(buf, pos, pos + 1, seed, file_index,
				      offset, bad))
			return false;
		pos++;
	}
	/* Compare whole words; only a differing word is searched bytewise. */
	for (; len - pos >= 8; pos += 8) {
		uint8_t want[8];

		store_le64(want,
			   pattern_word(seed, file_index, (offset + pos) / 8));
		if (memcmp(want, buf + pos, 8) != 0)
			return report_first_bad(buf, pos, pos + 8, seed,
						file_index, offset, bad);
	}
	return report_first_bad(buf, pos, len, seed, file_index, offset, bad);
}
