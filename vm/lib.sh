# Shared helpers for the testbed's shell glue. Sourced, not run.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${NFSTB_BUILD:-$TOP/build}
# Machine-wide: the lab lock and the state of the one lab this machine runs
# (a tmpfs, so nothing of it survives a reboot).
RUNDIR=${NFSTB_RUNDIR:-/run/nfstb}
LOCK=$RUNDIR/lab.lock

log() { progress_clear; printf 'nfstb: %s\n' "$*" >&2; }
# err: one clear line saying what is wrong and what to do; die also exits non-zero.
err() { progress_clear; printf 'nfstb: error: %s\n' "$*" >&2; }

# --- progress lines (the kernel build, the runs of a selection) ---
# On a terminal (stderr a tty): one line, redrawn in place (\r) at most once
# a second and cleared before any other message (log, err, or
# progress_clear before a caller writes elsewhere). Otherwise (a CI log):
# the first line at once, then at most one line a minute. Always stderr.
progress_last=-1 progress_shown=0 progress_cols=""
# progress_due: whether progress() would draw a line now (so that a caller
# can skip working out the text).
progress_due() {
	if [ -t 2 ]; then
		[ "$EPOCHSECONDS" != "$progress_last" ]
	else
		[ "$progress_last" -lt 0 ] || [ $((EPOCHSECONDS - progress_last)) -ge 60 ]
	fi
}
# progress TEXT: the line 'nfstb: TEXT', if it is due.
progress() {
	progress_due || return 0
	progress_last=$EPOCHSECONDS
	local line="nfstb: $*"
	if [ -t 2 ]; then
		# Cut to the terminal's width: a wrapped line cannot be redrawn.
		[ -n "$progress_cols" ] || progress_cols=$(stty size <&2 2> /dev/null | cut -d' ' -f2)
		[[ $progress_cols =~ ^[1-9][0-9]*$ ]] || progress_cols=80
		printf '\r\033[K%s' "${line:0:$((progress_cols - 1))}" >&2
		progress_shown=1
	else
		printf '%s\n' "$line" >&2
	fi
}
# progress_clear: take a redrawn line off the terminal (nothing otherwise).
progress_clear() {
	[ "$progress_shown" = 1 ] || return 0
	printf '\r\033[K' >&2
	progress_shown=0
}
# fmt_duration SECONDS: 42s, 4m05s, 1h02m.
fmt_duration() {
	local s=$1
	[ "$s" -ge 0 ] || s=0
	if [ "$s" -lt 60 ]; then
		printf '%ds' "$s"
	elif [ "$s" -lt 3600 ]; then
		printf '%dm%02ds' $((s / 60)) $((s % 60))
	else
		printf '%dh%02dm' $((s / 3600)) $((s % 3600 / 60))
	fi
}
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

# lab_lock WHAT: take the machine-wide lab lock ($LOCK, flock on fd 9) for this
# process; it is released when the process and every child that inherited fd
# 9 have exited. A child of the holder (fd 9 already open on $LOCK) passes
# straight through. Refused: one line naming the holder and its checkout.
lab_lock() {
	local what=$1 opened=0
	mkdir -p "$RUNDIR" 2> /dev/null || die "cannot create $RUNDIR: run as root"
	if ! { [ -e /proc/self/fd/9 ] && [ /proc/self/fd/9 -ef "$LOCK" ]; }; then
		exec 9>> "$LOCK" || die "cannot open the lab lock $LOCK: run as root"
		opened=1
	fi
	flock -n 9 || die "the lab is in use: $(lab_holder): wait for it to finish"
	[ "$opened" = 0 ] || printf 'pid=%s what=%s checkout=%s since=%s\n' "$$" "$what" "$TOP" \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$RUNDIR/lab.holder"
}

# lab_holder: who holds the lock, from $RUNDIR/lab.holder, as one phrase.
lab_holder() {
	local line pid what checkout since
	line=$(head -1 "$RUNDIR/lab.holder" 2> /dev/null || true)
	pid=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' <<< "$line")
	what=$(sed -n 's/.*what=\([^ ]*\).*/\1/p' <<< "$line")
	checkout=$(sed -n 's/.*checkout=\([^ ]*\).*/\1/p' <<< "$line")
	since=$(sed -n 's/.*since=\([^ ]*\).*/\1/p' <<< "$line")
	if [ -z "$pid" ]; then
		printf '%s is held (holder unknown: fuser -v %s)' "$LOCK" "$LOCK"
	elif kill -0 "$pid" 2> /dev/null; then
		printf '%s (pid %s, checkout %s, since %s) holds %s' "$what" "$pid" "$checkout" "$since" "$LOCK"
	else
		printf '%s (pid %s, checkout %s, since %s) has exited but a process it started still holds %s (fuser -v %s)' \
			"$what" "$pid" "$checkout" "$since" "$LOCK" "$LOCK"
	fi
}

# latest_run: the run directory name $RESULTS/latest points at ('' if none).
latest_run() { readlink "${RESULTS:-$TOP/results}/latest" 2> /dev/null || true; }
