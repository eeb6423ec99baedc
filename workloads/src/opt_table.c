#include "opt_table.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "parse_num.h"

/* More than any tool has; getopt_long needs the array built at run time
 * because its 'val' must map back to a table row. */
#define OPT_MAX 16
#define OPT_VAL_BASE 256 /* above every short option character */
/* --help gets a val of its own, not 'h', as it always had: the
 * "unknown option" line for "--help=yes" depends on getopt's optopt. */
#define OPT_VAL_HELP (OPT_VAL_BASE + OPT_MAX)

static const char **str_at(void *opts, const struct opt_spec *s)
{
	return (const char **)((char *)opts + s->dest);
}

static uint64_t *u64_at(void *opts, const struct opt_spec *s)
{
	return (uint64_t *)((char *)opts + s->dest);
}

static bool is_choice(const char *choices, const char *v)
{
	size_t n = strlen(v);
	const char *p = choices;

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len == n && !strncmp(p, v, n))
			return true;
		if (!bar)
			return false;
		p = bar + 1;
	}
}

/* Stores one value; false with the option's error line if it is bad. */
static bool set_value(const struct opt_spec *s, const char *v, void *opts,
		      char *err, size_t errlen)
{
	bool ok = true;

	switch (s->kind) {
	case OPT_PATH:
		*str_at(opts, s) = v;
		return true;
	case OPT_CHOICE:
		ok = is_choice(s->choices, v);
		if (ok)
			*str_at(opts, s) = v;
		break;
	case OPT_COUNT:
		ok = parse_u64_range(v, s->min, s->max, u64_at(opts, s));
		break;
	case OPT_SIZE:
		ok = parse_size_bytes(v, u64_at(opts, s));
		break;
	case OPT_SECONDS:
		if (parse_u64_range(v, 1, 86400, u64_at(opts, s)))
			return true;
		snprintf(err, errlen, "--%s must be a number of seconds from 1 to 86400, e.g. 600",
			 s->name);
		return false;
	case OPT_SEED:
		if (parse_u64(v, u64_at(opts, s)))
			return true;
		snprintf(err, errlen, "--%s must be an unsigned 64-bit number, e.g. 42 or 0x2a",
			 s->name);
		return false;
	case OPT_FRACTION:
		ok = parse_fraction(v, (double *)((char *)opts + s->dest));
		break;
	}
	if (!ok)
		snprintf(err, errlen, s->invalid, v);
	return ok;
}

static void set_defaults(const struct tool_def *t, void *opts)
{
	memset(opts, 0, t->opts_size);
	for (size_t i = 0; i < t->nopts; i++) {
		const struct opt_spec *s = &t->opts[i];

		if (s->kind == OPT_PATH || s->kind == OPT_CHOICE)
			*str_at(opts, s) = s->def_str;
		else if (s->def)
			*u64_at(opts, s) = s->def;
	}
}

/* Required and empty values, in table order (which is the order the
 * tools have always reported them in). */
static bool check_presence(const struct tool_def *t, const bool *seen,
			   void *opts, char *err, size_t errlen)
{
	for (size_t i = 0; i < t->nopts; i++) {
		const struct opt_spec *s = &t->opts[i];
		const char *v = s->kind == OPT_PATH ? *str_at(opts, s) : NULL;
		bool empty = v && !*v;

		if (s->required && (!seen[i] || empty)) {
			snprintf(err, errlen, "%s", s->required);
			return false;
		}
		if (s->empty && seen[i] && empty) {
			snprintf(err, errlen, "%s", s->empty);
			return false;
		}
	}
	return true;
}

enum cli_result cli_parse(const struct tool_def *t, int argc, char **argv,
			  void *opts, char *err, size_t errlen)
{
	struct option longopts[OPT_MAX + 2];
	bool seen[OPT_MAX] = { false };
	size_t n = t->nopts;
	int c;

	if (n > OPT_MAX) { /* a table bigger than the arrays: a bug, say so */
		snprintf(err, errlen, "internal error: %zu options, at most %d", n, OPT_MAX);
		return CLI_ERROR;
	}
	for (size_t i = 0; i < n; i++)
		longopts[i] = (struct option){ t->opts[i].name, required_argument,
					       NULL, OPT_VAL_BASE + (int)i };
	longopts[n] = (struct option){ "help", no_argument, NULL, OPT_VAL_HELP };
	longopts[n + 1] = (struct option){ NULL, 0, NULL, 0 };

	set_defaults(t, opts);
	optind = 0; /* full getopt reset, so tests can parse repeatedly */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		size_t i = (size_t)(c - OPT_VAL_BASE);

		if (c == 'h' || c == OPT_VAL_HELP)
			return CLI_HELP;
		if (c < OPT_VAL_BASE || i >= n) {
			cli_getopt_error(c, argv, err, errlen);
			return CLI_ERROR;
		}
		if (!set_value(&t->opts[i], optarg, opts, err, errlen))
			return CLI_ERROR;
		seen[i] = true;
	}
	if (!cli_no_operands(argc, argv, err, errlen) ||
	    !check_presence(t, seen, opts, err, errlen))
		return CLI_ERROR;
	if (t->check) {
		const char *line = t->check(opts);

		if (line) {
			snprintf(err, errlen, "%s", line);
			return CLI_ERROR;
		}
	}
	return CLI_OK;
}
