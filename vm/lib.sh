# Shared helpers for the testbed's shell glue. Sourced, not run.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${NFSTB_BUILD:-$TOP/build}

log() { printf 'nfstb: %s\n' "$*" >&2; }
# err: one clear line saying what is wrong and what to do; die also exits non-zero.
err() { printf 'nfstb: error: %s\n' "$*" >&2; }
die() { err "$@"; exit 1; }

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

# shown VALUE: VALUE as it may stand in a one-line message (non-printing
# characters as '?', at most 60 characters).
shown() {
	local v=${1//[^[:print:]]/?}
	[ "${#v}" -le 60 ] || v="${v:0:57}..."
	printf '%s' "$v"
}

# check_int NAME VALUE MIN MAX: VALUE is a decimal integer from MIN to MAX.
# The regex comes first: nothing unchecked ever reaches shell arithmetic.
check_int() {
	local name=$1 v=$2 min=$3 max=$4
	if ! [[ $v =~ ^(0|[1-9][0-9]{0,8})$ ]] || [ "$v" -lt "$min" ] || [ "$v" -gt "$max" ]; then
		die "$name must be an integer from $min to $max, got '$(shown "$v")'"
	fi
}

# check_path NAME VALUE: an absolute path of letters, digits and . _ / -
# with no '..' (paths go into sed replacements, libvirt XML and shell words).
check_path() {
	local name=$1 v=$2
	[[ $v =~ ^/[A-Za-z0-9._/-]*$ && $v != *..* ]] ||
		die "$name must be an absolute path of letters, digits and . _ / - without '..', got '$(shown "$v")'"
}
