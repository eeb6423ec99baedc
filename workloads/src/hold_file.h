/* The harness releases a waiting tool by creating a file (a "hold file");
 * this is the only synchronisation the busybox init script needs. */
#ifndef NFSTB_HOLD_FILE_H
#define NFSTB_HOLD_FILE_H

#include <stdbool.h>
#include <stdint.h>

#define HOLD_POLL_MS 100

/* Milliseconds on CLOCK_MONOTONIC. */
uint64_t monotonic_ms(void);

/* Polls every HOLD_POLL_MS until 'path' exists (true) or timeout_s seconds
 * pass (false). With path == NULL it simply waits out the timeout and
 * returns false. */
bool hold_file_wait(const char *path, uint64_t timeout_s);

#endif
