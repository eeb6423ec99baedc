#include "meminfo.h"

static const struct kv_field fields[] = {
	{ "MemTotal", offsetof(struct meminfo, mem_total_kb) },
	{ "MemFree", offsetof(struct meminfo, mem_free_kb) },
	{ "MemAvailable", offsetof(struct meminfo, mem_available_kb) },
};

const struct kv_format meminfo_format = {
	"meminfo", KV_COLON, fields, sizeof(fields) / sizeof(fields[0]),
};
