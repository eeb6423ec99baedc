#!/bin/bash
# Boot the server and the client and leave them running for inspection:
#   vm/lab.sh virsh console nfstb-client   (a shell; the export is mounted on /mnt/nfs)
#   make vm-down                           (tear everything down)
# VERS= and PROTO= pick the client's mount. On any failure the lab is torn
# down again; a guest whose domain stops is seen within a second or so.
set -euo pipefail
. "$(dirname "$0")/validate.sh"

validate_inputs vm-up
require_root
lab_lock vm-up
lab_free
KERNEL=$("$TOP/vm/build-kernel.sh" default) || die "building the default kernel failed"
dir=$BUILD/vm-up
rm -rf "$dir"
mkdir -p "$dir"
vmup_exit() { [ "$1" = 0 ] || lab_teardown || true; exit "$1"; }
lab_traps vmup_exit
lab_up vm-up
start_server "$dir"
wait_guest 120 "$SERVER_NAME" "$dir/server-console.log" 'phase=server-ready' ||
	die "server did not become ready (${guest_down:-timeout}): see $dir/server-console.log"
start_client "$dir" \
	"nfstb.workload=interactive nfstb.vers=${VERS:-3} nfstb.proto=${PROTO:-tcp}"
wait_guest 120 "$CLIENT_NAME" "$dir/client-console.log" 'phase=done' ||
	die "client did not finish booting (${guest_down:-timeout}): see $dir/client-console.log"
grep -q 'phase=done rc=0' "$dir/client-console.log" ||
	die "client could not mount the export: $(grep -m1 'phase=error' "$dir/client-console.log")"
log "guests up: 'vm/lab.sh virsh console $CLIENT_NAME' / 'vm/lab.sh virsh console $SERVER_NAME' (Ctrl-] leaves); logs in $dir; 'make vm-down' ends it"
