// SPDX-License-Identifier: GPL-2.0
/*
 * Rules on what the kernel and the guest say about the run itself: a
 * panic, an oops, a boot marker naming another run, a connect worker that
 * did not restore its task flags, lockdep switched off, a leaked lock.
 * Each makes the rest of the evidence untrustworthy, so each is a verdict
 * of its own, in every mode and arm.
 */
#include "util.h"
#include "verdict_rules.h"

#include <stdio.h>
#include <string.h>

/* The verdict of a console line that alone decides the run ("" if none). */
static bool console_line(const char *line, struct verdict *v,
			 enum verdict_kind kind, char rule, const char *text)
{
	if (!line[0])
		return false;
	verdict_set(v, kind, rule, text, "client console: %s", line);
	return true;
}

bool rule_panic(const struct verdict_input *in, struct verdict *v)
{
	return console_line(in->kernel.panic, v, VERDICT_PANIC, 'p', "PANIC");
}

bool rule_oops(const struct verdict_input *in, struct verdict *v)
{
	return console_line(in->kernel.oops, v, VERDICT_OOPS, 'k', "OOPS");
}

/* One field of the boot marker against what is judged; true if it differs. */
static bool marker_differs(const char *key, const char *said,
			   const char *judged, struct verdict *v)
{
	if (!strcmp(said, judged))
		return false;
	if (!said[0])
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "boot marker has no %s= (judged %s=%s)", key, key,
			    judged);
	else
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "boot marker says %s=%s, judged %s=%s", key, said,
			    key, judged);
	return true;
}

bool rule_wrong_run(const struct verdict_input *in, struct verdict *v)
{
	const struct boot_marker *b = &in->client.booted;

	if (!b->seen) {
		verdict_set(v, VERDICT_WRONG_RUN, 'm', "WRONG-RUN",
			    "no 'nfstb: phase=booted' marker in the client console");
		return true;
	}
	return marker_differs("scenario", b->scenario, in->scenario, v) ||
	       marker_differs("arm", b->arm, in->arm, v) ||
	       marker_differs("mode", b->mode, in->mode, v) ||
	       (in->seed && marker_differs("seed", b->seed, in->seed, v));
}

bool rule_flags_leak(const struct verdict_input *in, struct verdict *v)
{
	const struct trace_counts *t = &in->trace;

	if (!in->trace_read || !t->exits_mismatched)
		return false;
	verdict_set(v, VERDICT_FLAGS_LEAK, 'f', "FLAGS-LEAK",
		    "%ld of %ld connect worker exits did not restore the task flags: %s",
		    t->exits_mismatched, t->exits_checked, t->first_mismatch);
	return true;
}

bool rule_kernel_locks(const struct verdict_input *in, struct verdict *v)
{
	if (in->kernel.lockdep_off[0]) {
		verdict_set(v, VERDICT_LOCKDEP_OFF, 'z', "LOCKDEP-OFF",
			    "lockdep switched itself off: %s",
			    in->kernel.lockdep_off);
		return true;
	}
	if (in->kernel.lock_leak[0]) {
		verdict_set(v, VERDICT_LOCK_LEAK, 'z', "LOCK-LEAK",
			    "client console: %s", in->kernel.lock_leak);
		return true;
	}
	return false;
}
