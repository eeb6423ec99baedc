# Shared helpers for the testbed's shell glue. Sourced, not run.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${NFSTB_BUILD:-$TOP/build}

log() { printf 'nfstb: %s\n' "$*" >&2; }
# One clear line saying what is wrong and what to do, then a non-zero exit.
die() { printf 'nfstb: error: %s\n' "$*" >&2; exit 1; }

require_root() {
	[ "$(id -u)" -eq 0 ] || die "must run as root (it starts libvirtd, creates a network namespace and boots VMs): re-run with sudo"
}

# wait_for SECONDS DESCRIPTION COMMAND... : poll COMMAND every 0.2 s.
wait_for() {
	local secs=$1 what=$2; shift 2
	local deadline=$(( $(date +%s) + secs ))
	until "$@" 2>/dev/null; do
		[ "$(date +%s)" -lt "$deadline" ] || { log "timed out after ${secs}s waiting for $what"; return 1; }
		sleep 0.2
	done
}
