#!/bin/bash
# make bench: the testbed's own speed. Runs a small fixed selection
# (SCENARIOS=smoke-v3,v3-tcp RUNS=1 MODES=forced unless given) and prints the
# wall time of each phase (from results/<run>/phases.tsv), so that
# regressions in build, boot, scenario, detection or teardown time show up.
# Holds the lab lock across the run, so the phases read are this run's.
set -euo pipefail
. "$(dirname "$0")/validate.sh"

validate_inputs bench
require_root
lab_lock bench
t0=$(date +%s)
before=$(latest_run)
"$TOP/harness/nfs-test.sh" || true
after=$(latest_run)
[ -n "$after" ] && [ "$after" != "$before" ] || die "the run made no results directory: see the output above"
phases=$RESULTS/$after/phases.tsv
[ -f "$phases" ] || die "no phases.tsv from the run: see the output above"
echo
echo "phase timings (seconds; $phases):"
awk -F'\t' 'NR > 1 { n[$2]++; s[$2] += $3; if (!($2 in mx) || $3 > mx[$2]) mx[$2] = $3 }
	END { printf "  %-36s %5s %9s %9s\n", "phase", "n", "mean", "max";
	      for (p in n) printf "  %-36s %5d %9.1f %9.1f\n", p, n[p], s[p] / n[p], mx[p] }' "$phases" | sort
echo "  wall time of 'make bench': $(( $(date +%s) - t0 )) s"
