#!/bin/bash
# make nfs-coverage: which lines and branches of the fix the scenarios run.
#
# Runs a selection (SCENARIOS=, ARMS=, MODES=, RUNS= as for make nfs-test;
# default: the default selection's fixed arm, one run each) on the coverage
# flavour of the guest kernel (vm/build-kernel.sh coverage: gcov for the
# files kernel-patches/coverage/*.patch profiles, nothing else). Each run
# resets the counters as its workload starts and brings them out through
# its console when it ends (vm/guest/client-init.sh); a run that hangs
# brings none, and the report says so. Then harness/coverage_report.py
# prints, per function the fix changes, every executable line, the
# scenarios that ran it and its branches taken, and the lines that never
# ran; the same goes to RESULTS_DIR/coverage.md. Not part of nfs-test or CI.
# Scenarios on the lockdep kernel run as usual and bring no coverage.
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"
[ "${NFSTB_TREE:-6.1}" = 6.1 ] || die "make nfs-coverage exists for KERNEL=6.1 only (kernel-patches/coverage/)"
command -v gcov > /dev/null || die "gcov is missing: install gcc (make deps)"
export COVERAGE=1 ARMS=${ARMS:-fixed} RUNS=${RUNS:-1}
rc=0
"$TOP/harness/nfs-test.sh" || rc=$?
dir=$(readlink -f "${RESULTS:-$TOP/results}/latest") || die "no results directory to read"
[ -f "$dir/kernel-coverage.path" ] || die "$dir ran no scenario on the coverage kernel (only lockdep ones?)"
python3 "$TOP/harness/coverage_report.py" "$dir" "$BUILD/obj-coverage" "$BUILD/src"
[ "$rc" -eq 0 ] || log "note: make nfs-test's own verdicts failed (exit $rc): see $dir/report.md"
exit "$rc"
