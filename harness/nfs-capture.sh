#!/bin/bash
# make nfs-capture SCENARIO=NAME [ARMS=...]: one scenario, one run per arm,
# packet capture on; prints the path of each run's capture.pcap. Holds the lab
# lock across the run, so the paths are this run's.
set -euo pipefail
. "$(dirname "$0")/validate.sh"

validate_inputs nfs-capture
require_root
lab_lock nfs-capture
before=$(latest_run)
rc=0
"$TOP/harness/nfs-test.sh" || rc=$?
after=$(latest_run)
if [ -n "$after" ] && [ "$after" != "$before" ]; then
	for p in "$RESULTS/$after"/*/capture.pcap; do
		[ -f "$p" ] && echo "nfstb: capture: $p"
	done
fi
exit "$rc"
