#!/bin/bash
# make nfs-fleet INVENTORY=FILE / make nfs-fleet-local [FLEET_SHARDS=N]:
# the selection (SCENARIOS, ARMS, MODES, RUNS, KERNEL, CAPTURE, WATCHDOG,
# RUN_TIMEOUT) spread over the hosts of an Ansible inventory by
# harness/fleet/nfs-fleet.yml: host i runs make nfs-test SHARD=i/N, the
# results come back to this machine and are merged (docs/fleet.md).
#
#   INVENTORY     an Ansible inventory with a group 'nfstb' (nfs-fleet)
#   FLEET_SHARDS  nfs-fleet-local: N hosts on this machine, 1 to 99 (1)
#   FLEET_DIR     nfs-fleet-local: where they install nfstb
#                 (/var/tmp/nfstb-fleet; a directory of its own, never a
#                 checkout)
#   FLEET_TIMEOUT seconds a shard may run, 60 to 604800 (21600)
#   RESULTS       where the fleet's results go: RESULTS/fleet-ID/ (results/)
#   FLEET_DRY_RUN 1: each host writes its make command instead of running
#                 it; nothing is installed, fetched or merged (make check)
#   harness/fleet/run.sh --check   only check the inputs (make's first step)
set -euo pipefail
. "$(dirname "$0")/../validate.sh"

FLEET=$TOP/harness/fleet
local_fleet=${FLEET_LOCAL:-0}

# --- the inputs, before apt, an install or a host is touched ---
if [ "$local_fleet" = 1 ]; then
	FLEET_SHARDS=${FLEET_SHARDS:-1}
	check_int FLEET_SHARDS "$FLEET_SHARDS" 1 99
	FLEET_DIR=${FLEET_DIR:-/var/tmp/nfstb-fleet}
	check_path FLEET_DIR "$FLEET_DIR"
	[ ! -e "$FLEET_DIR/.git" ] ||
		die "FLEET_DIR=$FLEET_DIR is a git checkout: the install replaces everything in it but build/ and results/; name a directory of its own"
	shards=$FLEET_SHARDS
else
	[ -n "${INVENTORY:-}" ] ||
		die "nfs-fleet needs INVENTORY=FILE, an Ansible inventory with a group 'nfstb' (or make nfs-fleet-local)"
	[ -f "$INVENTORY" ] && [ -r "$INVENTORY" ] ||
		die "INVENTORY=$(shown "$INVENTORY") is not a readable file"
	shards=""
fi
FLEET_TIMEOUT=${FLEET_TIMEOUT:-21600}
check_int FLEET_TIMEOUT "$FLEET_TIMEOUT" 60 604800
FLEET_DRY_RUN=${FLEET_DRY_RUN:-0}
[ "$FLEET_DRY_RUN" = 0 ] || [ "$FLEET_DRY_RUN" = 1 ] ||
	die "FLEET_DRY_RUN must be 0 or 1, got '$(shown "$FLEET_DRY_RUN")'"
# What the user chose is what each host gets; validate_inputs checks it
# here, as every host's make nfs-test will (with SHARD=1/N standing for
# the host's own).
declare -A chosen
for v in SCENARIOS ARMS MODES RUNS CAPTURE WATCHDOG RUN_TIMEOUT; do
	[ -z "${!v:-}" ] || chosen[$v]=${!v}
done
chosen[KERNEL]=${NFSTB_TREE:-6.1}
out_root=${RESULTS:-$TOP/results}
SHARD=1/${shards:-1} validate_inputs nfs-test
[ "${1:-}" != --check ] || exit 0

# --- the fleet ---
command -v ansible-playbook > /dev/null || die "ansible-playbook is missing: run 'make deps' (apt-get install ansible-core)"
git -C "$TOP" rev-parse --git-dir > /dev/null 2>&1 ||
	die "$TOP is not a git checkout: the fleet installs the checkout's files, which git lists"
stamp=$(date +%Y%m%d-%H%M%S)
out=$out_root/fleet-$stamp
[ ! -e "$out" ] || die "$out exists: wait a second and run again"
mkdir -p "$out"

if [ "$local_fleet" = 1 ]; then
	INVENTORY=$out/inventory.ini
	{
		echo "# make nfs-fleet-local: $shards host(s) on this machine, one lab, one install"
		echo "[nfstb]"
		for i in $(seq 1 "$shards"); do
			echo "localhost-shard-$i ansible_connection=local ansible_python_interpreter=/usr/bin/python3 nfstb_machine=localhost nfstb_dir=$FLEET_DIR"
		done
	} > "$INVENTORY"
fi

# The checkout as it is: tracked and untracked files, not the ignored
# (build/, results/, the built tools), nor a build or results link the
# ignore patterns (directories) do not match: the install keeps its own.
src=$out/nfstb-src.tar.gz
git -C "$TOP" ls-files -z -co --exclude-standard |
	grep -zv -e '^build$' -e '^results$' |
	tar -C "$TOP" --null -T - --ignore-failed-read -czf "$src" 2> "$out/tar.log" ||
	die "cannot pack the checkout (see $out/tar.log)"

vars=$out/fleet-vars.json
{
	printf '{\n  "nfstb_src": "%s",\n  "nfstb_out": "%s",\n  "nfstb_top": "%s",\n' "$src" "$out" "$TOP"
	printf '  "nfstb_stamp": "%s",\n  "nfstb_timeout": %s,\n' "$stamp" "$FLEET_TIMEOUT"
	printf '  "nfstb_dry_run": %s,\n  "nfstb_selection": {' "$([ "$FLEET_DRY_RUN" = 1 ] && echo true || echo false)"
	sep=""
	# the values passed validate_inputs: no quote or backslash in them
	for v in $(printf '%s\n' "${!chosen[@]}" | sort); do
		printf '%s "%s": "%s"' "$sep" "$v" "${chosen[$v]}"
		sep=,
	done
	printf ' }\n}\n'
} > "$vars"

log "fleet $stamp: inventory $INVENTORY, results in $out"
rc=0
# Ansible refuses a locale that is not UTF-8 (make check runs with LC_ALL=C)
LC_ALL=C.UTF-8 ANSIBLE_CONFIG=$FLEET/ansible.cfg ansible-playbook -i "$INVENTORY" -e "@$vars" \
	"$FLEET/nfs-fleet.yml" || rc=$?
[ "$rc" = 0 ] || die "the fleet failed (ansible-playbook exit $rc): see the play's output above and $out"
if [ "$FLEET_DRY_RUN" = 0 ]; then
	log "fleet $stamp: merged into $out/fleet-$stamp"
fi
