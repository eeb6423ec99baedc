#include "path_join.h"

#include <stdio.h>

bool path_join(char *dst, size_t len, const char *dir, const char *name)
{
	int n = snprintf(dst, len, "%s/%s", dir, name);

	return n >= 0 && (size_t)n < len;
}
