#include "memhog.h"

#include <stdio.h>

#include "memhog_child.h"

static int memhog_child(void *arg)
{
	return memhog_child_main(arg);
}

int memhog_run(const struct memhog_opts *o)
{
	return supervise_run(MEMHOG_TOOL, memhog_child, (void *)o,
			     "anon_mb_at_last_report=0", stdout, stderr);
}
