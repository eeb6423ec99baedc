#ifndef NFSTB_PATH_JOIN_H
#define NFSTB_PATH_JOIN_H

#include <stdbool.h>
#include <stddef.h>

/* dst = dir + "/" + name; false (dst unusable) if it does not fit. */
bool path_join(char *dst, size_t len, const char *dir, const char *name);

#endif
