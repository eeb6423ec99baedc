#include "parse_num.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

bool parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	/* strtoull accepts leading whitespace and '-' (wrapping around);
	 * refuse both, a negative size must not become 2^64 - 1. */
	if (!s || !isdigit((unsigned char)s[0]))
		return false;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || *end != '\0')
		return false;
	*out = v;
	return true;
}

bool parse_u64_range(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	uint64_t v;

	if (!parse_u64(s, &v) || v < min || v > max)
		return false;
	*out = v;
	return true;
}

bool parse_size_bytes(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	unsigned shift = 0;

	if (!s || !isdigit((unsigned char)s[0]))
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return false;
	switch (toupper((unsigned char)*end)) {
	case '\0': shift = 0; break;
	case 'K': shift = 10; end++; break;
	case 'M': shift = 20; end++; break;
	case 'G': shift = 30; end++; break;
	default: return false;
	}
	if (*end != '\0' || v == 0 || v > (UINT64_MAX >> shift))
		return false;
	*out = (uint64_t)v << shift;
	return true;
}

bool parse_fraction(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end != '\0' || !(v > 0.0 && v < 1.0))
		return false;
	*out = v;
	return true;
}
