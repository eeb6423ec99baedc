/* One option table per tool, one parser for all of them. A tool declares
 * its options as data (struct opt_spec) and its cross-option rules as one
 * check function; cli_parse() does the getopt loop, the per-value
 * validation, the required/empty checks and the error lines, so every tool
 * refuses bad input with the same wording and the same exit code. */
#ifndef NFSTB_OPT_TABLE_H
#define NFSTB_OPT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* What a value is, which fixes the type at the destination offset. */
enum opt_kind {
	OPT_PATH,     /* const char *: any string, kept as given */
	OPT_CHOICE,   /* const char *: one of the '|'-separated .choices */
	OPT_COUNT,    /* uint64_t: integer in [.min, .max] */
	OPT_SIZE,     /* uint64_t: bytes, optional K/M/G suffix, > 0 */
	OPT_SECONDS,  /* uint64_t: 1 to 86400 */
	OPT_SEED,     /* uint64_t: any 64-bit number, decimal or 0x-hex */
	OPT_FRACTION, /* double: strictly between 0 and 1 */
};

struct opt_spec {
	const char *name;     /* long name, without "--" */
	enum opt_kind kind;
	size_t dest;          /* offsetof() in the tool's options struct */
	/* Error line when the option is absent (for OPT_PATH also when its
	 * value is empty); NULL: optional. */
	const char *required;
	/* Error line for a value that does not parse; may hold one "%s" for
	 * the value. Unused by OPT_SECONDS and OPT_SEED, whose lines are
	 * the same in every tool and built from the name. */
	const char *invalid;
	/* OPT_PATH: error line for an empty value; NULL: empty is fine. */
	const char *empty;
	uint64_t min, max;    /* OPT_COUNT */
	uint64_t def;         /* default of the numeric kinds (0: none) */
	const char *def_str;  /* default of OPT_PATH/OPT_CHOICE (NULL: none) */
	const char *choices;  /* OPT_CHOICE, e.g. "tcp|udp" */
};

/* A whole tool: its name (the prefix of every line), --help text, option
 * table, and the two functions that differ between tools. */
struct tool_def {
	const char *name;
	const char *usage;
	const struct opt_spec *opts;
	size_t nopts;
	size_t opts_size; /* sizeof the tool's options struct */
	/* Rules between options, run after the table's checks (it may also
	 * derive fields from parsed ones); NULL: none. Returns NULL, or the
	 * one error line. */
	const char *(*check)(void *opts);
	/* The tool's work; returns the process exit code. */
	int (*run)(const void *opts);
};

#define OPT_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Defines <tool>_tool from <tool>_usage, <tool>_specs, struct
 * <tool>_opts and <tool>_main (the run function); check may be NULL. */
#define TOOL_DEF(tool, tool_name, check_fn)                  \
	const struct tool_def tool##_tool = {                \
		.name = (tool_name),                         \
		.usage = tool##_usage,                       \
		.opts = tool##_specs,                        \
		.nopts = OPT_COUNT_OF(tool##_specs),         \
		.opts_size = sizeof(struct tool##_opts),     \
		.check = (check_fn),                         \
		.run = tool##_main,                          \
	}

/* A number macro as a string literal, so an error line can quote a limit
 * that is also used as a value. */
#define OPT_STR(x) OPT_STR_(x)
#define OPT_STR_(x) #x

/* Rows several tools share word for word. */
#define OPT_SPEC_SEED(type, field, req) \
	{ "seed", OPT_SEED, offsetof(type, field), .required = (req) }
#define OPT_SPEC_TIMEOUT(type, field, dflt) \
	{ "timeout", OPT_SECONDS, offsetof(type, field), .def = (dflt) }
#define OPT_SPEC_HOLD_FILE(type, field, empty_line) \
	{ "hold-file", OPT_PATH, offsetof(type, field), .empty = (empty_line) }

/* Parses argv into opts (zeroed, then defaulted, then filled). CLI_ERROR
 * leaves one line, without the tool prefix, in err. */
enum cli_result cli_parse(const struct tool_def *t, int argc, char **argv,
			  void *opts, char *err, size_t errlen);

#endif
