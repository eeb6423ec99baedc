#ifndef NFSTB_SLABFILL_OPTS_H
#define NFSTB_SLABFILL_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "opt_table.h"

#define SLABFILL_TOOL "nfstb-slabfill"
#define SLABFILL_DEFAULT_TIMEOUT_S 600
#define SLABFILL_DEFAULT_MAX 1024
#define SLABFILL_DEFAULT_SETTLE_MS 300

struct slabfill_opts {
	const char *proto;	/* "tcp" or "udp": the sockets it opens */
	const char *cache;	/* the slab cache they come from, e.g. UDP */
	const char *slab_dir;	/* /sys/kernel/slab (tests: a fake tree) */
	const char *hold_file;
	uint64_t timeout_s;
	uint64_t max;		/* sockets at most */
	uint64_t settle_ms;	/* full this long before it says so */
	/* --destroy-port: first SOCK_DESTROY the TCP sockets to this port
	 * (0: none), so that their objects are taken as they are freed */
	uint64_t destroy_port;
	/* --min-free-kbytes: written to vm.min_free_kbytes once full (0:
	 * not written), in the same breath as the destroy and the fill */
	uint64_t min_free_kbytes;
	const char *min_free_path;	/* /proc/sys/vm/min_free_kbytes */
};

/* The --help text: usage/slabfill.txt, made a C string by the Makefile. */
extern const char slabfill_usage[];

/* The tool as data: name, --help text, option table, checks, run().
 * bin/nfstb-slabfill is src/main.c built around it. */
extern const struct tool_def slabfill_tool;

#endif
