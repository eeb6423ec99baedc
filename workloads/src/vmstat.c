#include "vmstat.h"

static const struct kv_field fields[] = {
	{ "pswpin", offsetof(struct vmstat_swap, pswpin) },
	{ "pswpout", offsetof(struct vmstat_swap, pswpout) },
};

const struct kv_format vmstat_swap_format = {
	"vmstat", KV_SPACE, fields, sizeof(fields) / sizeof(fields[0]),
};
