#!/bin/bash
# make nfs-mutants: the mutation self-test of the testbed's verdict.
#
# Each kernel-patches/mutants/*.patch (kernel-patches/6.12/mutants/ with
# KERNEL=6.12) is a plausible mistake in a port of
# the fix (5cf02d09b50b as a NOFS scope), applied after the series with
# EXTRA_PATCHES. Its commit message names, in a "Nfstb-Caught-By:" trailer,
# the scenarios that should catch it (all default scenarios if it names
# none; one outside the default selection is said). For each mutant this builds the kernels incrementally and
# runs the fixed arm of those scenarios (the arm in which a broken fix must
# show). A mutant is caught when at least one of those runs gets a failing
# verdict about the kernel; ERROR (the testbed could not run or read its
# evidence) does not count. Prints one line per mutant, "mutant -> caught by
# -> verdict", and ends with "N passed, N failed" (passed = caught).
#
# A patch with the trailer "Nfstb-Variant: correct" is a correct variant of
# the fix (a NOIO scope, ...), kept beside the mutants: it passes when every
# fixed run of its scenarios gets PASS, and fails on any other verdict (a
# testbed that fails a correct fix is as wrong as one that passes a broken
# one). Prints "variant -> passes in ..." or "variant -> FAILED by ...".
#
#   MUTANTS=name,...   only these mutants (default: all)
#   RUNS=N             runs per scenario (default 1)
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"
. "$TOP/harness/scenarios.sh"

# The tree's mutants (KERNEL=6.12: kernel-patches/6.12/mutants/).
case "${NFSTB_TREE:-6.1}" in
6.1) dir=$TOP/kernel-patches/mutants ;;
*) dir=$TOP/kernel-patches/$NFSTB_TREE/mutants ;;
esac
mapfile -t all < <(cd "$dir" && ls -1 ./*.patch 2> /dev/null | sed 's#^\./##; s#\.patch$##')
[ ${#all[@]} -gt 0 ] || die "no mutants in $dir"
if [ -n "${MUTANTS:-}" ]; then
	sel=()
	for m in $(echo "$MUTANTS" | tr ',' ' '); do
		[[ " ${all[*]} " == *" $m "* ]] || die "unknown mutant '$m': known are $(IFS=,; echo "${all[*]}")"
		sel+=("$m")
	done
else
	sel=("${all[@]}")
fi
[[ "${RUNS:-1}" =~ ^[1-9][0-9]?$ ]] || die "RUNS must be an integer from 1 to 99, got '${RUNS:-}'"

scenarios_load
defaults=$(for s in $(scenario_names); do
	if [ "$(scenario_get "$s" default)" = yes ]; then echo "$s"; fi; done)
# catchers MUTANT: the scenarios its trailer names. One outside the
# default selection (swap-v3: its control arm is not yet reliable enough
# for it, docs/swap-scenario.md) is run all the same, and said: a plain
# 'make nfs-test' would not catch that mutant.
catchers() {
	local names s
	names=$(sed -n 's/^Nfstb-Caught-By:[[:space:]]*//p' "$dir/$1.patch" | tr ',' ' ')
	[ -n "$names" ] || names=$defaults
	for s in $names; do
		[ -n "$(scenario_get "$s" workload)" ] ||
			die "mutant $1 names '$s' in Nfstb-Caught-By, which is not a scenario of harness/scenarios.def"
		grep -qx "$s" <<< "$defaults" ||
			log "mutant $1: $s is not in the default selection: a plain make nfs-test would not catch it" >&2
	done
	echo $names
}

# failing_runs [--not-pass] RUN_JSON...: "scenario.arm.mode<TAB>verdict" of
# every record whose verdict is neither PASS nor ERROR (with --not-pass:
# is not PASS). A run.json that is not a record
# (not JSON, another schema, a key missing or mistyped) catches nothing: it
# is named on stderr.
failing_runs() {
	python3 -c '
import json, sys
args = sys.argv[1:]
not_pass = args[:1] == ["--not-pass"]
for path in args[1:] if not_pass else args:
    try:
        with open(path, encoding="utf-8") as f:
            r = json.load(f)
        if not isinstance(r, dict) or r.get("schema") != "nfstb-run/1":
            raise ValueError("schema is not nfstb-run/1")
        keys = [r[k] for k in ("scenario", "arm", "mode", "verdict")]
        if not all(isinstance(k, str) and k and "\t" not in k and "\n" not in k for k in keys):
            raise ValueError("scenario, arm, mode or verdict is not a word")
    except FileNotFoundError:
        continue
    except (OSError, ValueError, KeyError) as e:
        print("nfstb: %s: not a run record: %s" % (path, e), file=sys.stderr)
        continue
    if r["verdict"] != "PASS" and (not_pass or r["verdict"] != "ERROR"):
        print("%s.%s.%s\t%s" % (r["scenario"], r["arm"], r["mode"], r["verdict"]))
' "$@"
}

root=$TOP/results/mutants-$(date +%Y%m%d-%H%M%S)
mkdir -p "$root"
table=$root/mutants.tsv
printf 'mutant\tcaught_by\tverdict\n' > "$table"
caught=0 missed=0
for m in "${sel[@]}"; do
	out=$root/$m
	mkdir -p "$out"
	scen=$(catchers "$m")
	log "mutant $m: building and running the fixed arm of $scen (log: $out/nfs-test.log)"
	rc=0
	EXTRA_PATCHES=$dir/$m.patch ARMS=fixed RUNS=${RUNS:-1} SCENARIOS=${scen// /,} RESULTS=$out \
		"$TOP/harness/nfs-test.sh" > "$out/nfs-test.log" 2>&1 || rc=$?
	if grep -qx 'Nfstb-Variant:[[:space:]]*correct' "$dir/$m.patch"; then
		# A correct variant: every fixed run must pass, and some must run.
		bad=$(failing_runs --not-pass "$out"/*/*/run.json | sort -u)
		# (not through RESULTS/latest, which names the same runs again)
		ran=$(find "$out" -mindepth 3 -maxdepth 3 -name run.json -not -path "$out/latest/*" | wc -l)
		if [ -z "$bad" ] && [ "$ran" -gt 0 ]; then
			caught=$((caught + 1))
			printf '%s -> passes in %s (%s runs, correct variant)\n' "$m" "${scen// /,}" "$ran"
			printf '%s\t%s\tPASS (correct variant)\n' "$m" "${scen// /,}" >> "$table"
		else
			missed=$((missed + 1))
			[ -n "$bad" ] || bad="no run was judged (nfs-test exit $rc)"
			printf '%s -> FAILED by %s (a correct variant must pass)\n' "$m" "$(paste -sd, <<< "$bad")"
			printf '%s\t-\tFAILED: %s\n' "$m" "$(paste -sd, <<< "$bad")" >> "$table"
		fi
		continue
	fi
	# The runs that did not pass, from their records (run.json).
	by=$(failing_runs "$out"/*/*/run.json | sort -u)
	if [ -n "$by" ]; then
		caught=$((caught + 1))
		names=$(cut -f1 <<< "$by" | paste -sd, -)
		verdicts=$(cut -f2 <<< "$by" | sort -u | paste -sd, -)
		printf '%s -> caught by %s -> %s\n' "$m" "$names" "$verdicts"
		printf '%s\t%s\t%s\n' "$m" "$names" "$verdicts" >> "$table"
	else
		missed=$((missed + 1))
		why="every fixed run passed"
		[ "$rc" -eq 0 ] || why="no run was judged (nfs-test exit $rc, see $out/nfs-test.log)"
		printf '%s -> NOT CAUGHT -> %s\n' "$m" "$why"
		printf '%s\t-\t%s\n' "$m" "$why" >> "$table"
	fi
done
echo "table: $table"
echo "$caught passed, $missed failed"
[ "$missed" -eq 0 ]
