#include "hold_file.h"

#include <time.h>
#include <unistd.h>

uint64_t monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	/* An early wake-up from a signal only shortens one poll interval. */
	nanosleep(&ts, NULL);
}

bool hold_file_wait(const char *path, uint64_t timeout_s)
{
	uint64_t deadline = monotonic_ms() + timeout_s * 1000;

	for (;;) {
		if (path && access(path, F_OK) == 0)
			return true;
		if (monotonic_ms() >= deadline)
			return false;
		sleep_ms(HOLD_POLL_MS);
	}
}
