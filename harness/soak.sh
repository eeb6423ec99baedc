#!/bin/bash
# make soak (not in CI): the lab's endurance and signal test. SOAK= picks
# the parts (default all):
#
#   runs     SOAK_RUNS (default 50) consecutive short 'make nfs-test' runs
#            (smoke-v3, one run each), each followed by the leak check
#   signals  a Ctrl-C (SIGINT to the process group, as a terminal sends
#            it) to 'make nfs-test' in each phase: build, lab-up, boot,
#            workload, verdict, teardown; each must exit 130 and leave
#            nothing behind
#
# The leak check: nothing of the lab (vm/lab.sh lab_leftovers: netns, its
# processes, libvirtd, virtlogd, QEMU, dnsmasq, the mount namespace, the
# bridge), no process whose command line names this checkout, no network
# link in the host's namespace that was not there before, the lab lock free.
# One TAP line per case; the last line is 'N passed, N failed'.
set -euo pipefail
. "$(dirname "$0")/validate.sh"

validate_inputs soak
what=${SOAK:-all}
SOAK_RUNS=${SOAK_RUNS:-50}
require_root
command -v setsid > /dev/null || die "setsid missing: apt-get install util-linux"
SOAK_DIR=$BUILD/soak
SELECTION=(SCENARIOS=smoke-v3 RUNS=1)
CASE_TIMEOUT=900

n=0 passed=0 failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; echo "# $2"; }

# The case's make, in a session of its own (its process group is what a
# Ctrl-C reaches) with SIGINT and SIGTERM at their defaults: a background
# job of a script starts with SIGINT ignored, and a shell cannot trap what
# it inherited as ignored.
case_pid=""
stop_case() {
	if [ -n "$case_pid" ] && kill -0 "$case_pid" 2> /dev/null; then
		kill -TERM -- "-$case_pid" 2> /dev/null || true
		wait_for 120 "the interrupted make to exit" group_gone "$case_pid" ||
			kill -KILL -- "-$case_pid" 2> /dev/null || true
	fi
	case_pid=""
}
trap 'stop_case' EXIT
trap 'trap "" INT TERM; stop_case; exit 130' INT
trap 'trap "" INT TERM; stop_case; exit 143' TERM

# start_case NAME VAR=VALUE...: 'make -s nfs-test' with its results under
# $SOAK_DIR/NAME; sets case_pid, case_dir.
start_case() {
	case_dir=$SOAK_DIR/$1
	shift
	rm -rf "$case_dir"
	mkdir -p "$case_dir/results"
	setsid env --default-signal=INT,TERM make -s -C "$TOP" nfs-test "${SELECTION[@]}" \
		RESULTS="$case_dir/results" "$@" > "$case_dir/make.log" 2>&1 &
	case_pid=$!
}

# wait_case SECONDS: the case's exit status (124: still running, killed).
wait_case() {
	local rc=0
	if ! wait_for "$1" "make nfs-test to exit" group_gone "$case_pid"; then
		kill -KILL -- "-$case_pid" 2> /dev/null || true
		wait "$case_pid" 2> /dev/null || true
		case_pid=""
		return 124
	fi
	wait "$case_pid" || rc=$?
	case_pid=""
	return "$rc"
}

# cmdline_pids STRING: the processes (not this script) whose command line
# contains STRING, as 'pid(comm)' words.
cmdline_pids() {
	local re pid rest
	re=$(printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g')
	pgrep -a -f -- "$re" 2> /dev/null | while read -r pid rest; do
		[[ $rest == *harness/soak.sh* ]] && continue
		printf '%s(%s) ' "$pid" "$(cat "/proc/$pid/comm" 2> /dev/null)"
	done
}

host_links() { ip -o link show | awk -F': ' '{ sub(/@.*/, "", $2); print $2 }' | sort; }

# leftovers: what the last case left, as one line (empty when nothing).
leftovers() {
	local left=() l p
	l=$(lab_leftovers)
	[ -z "$l" ] || left+=("$l")
	p=$(cmdline_pids "$TOP/")
	[ -z "$p" ] || left+=("processes naming $TOP: $p")
	l=$(comm -13 "$SOAK_DIR/links.before" <(host_links) | tr '\n' ' ')
	[ -z "$l" ] || left+=("new host links: $l")
	flock -n "$LOCK" true 2> /dev/null || left+=("the lab lock $LOCK is held: $(lab_holder)")
	(IFS=';'; echo "${left[*]}")
}

mkdir -p "$SOAK_DIR"
lab_free
host_links > "$SOAK_DIR/links.before"
left=$(leftovers)
[ -z "$left" ] || die "the machine is not clean before the soak: $left"

# judge DESCRIPTION WANT_RC RC SECONDS: the case's TAP line; a leftover is
# cleared with 'vm/lab.sh down' so that it does not fail the next case too.
judge() {
	local left
	left=$(leftovers)
	if [ "$3" = "$2" ] && [ -z "$left" ]; then
		ok "$1: exit $2, nothing left ($4 s)"
	else
		not_ok "$1: exit $2, nothing left" "exit $3 after $4 s, left: ${left:-nothing}; see $case_dir/make.log"
		[ -z "$left" ] || "$TOP/vm/lab.sh" down > /dev/null 2>&1 || true
	fi
}

# --- N consecutive short runs ---
if [ "$what" != signals ]; then
	for i in $(seq 1 "$SOAK_RUNS"); do
		t=$(date +%s)
		start_case "run-$i"
		rc=0
		wait_case "$CASE_TIMEOUT" || rc=$?
		judge "soak run $i" 0 "$rc" $(($(date +%s) - t))
	done
fi

# --- a Ctrl-C in each phase ---
# in_phase PHASE: true while the case's nfs-test is in PHASE. The run's
# own files say where it is (harness/nfs-test.sh writes them in order).
in_phase() {
	local r=$case_dir/results/latest d
	d=$r/smoke-v3-1
	case "$1" in
	build) [ -n "$(cmdline_pids "O=$BUILD/obj-default -j$(nproc) bzImage")" ] ;;
	lab-up) [ -f "$STATE/owner" ] && [ ! -e "$d/server-console.log" ] ;;
	boot) [ -f "$d/client-console.log" ] && ! grep -q 'nfstb: phase=mounted' "$d/client-console.log" ;;
	workload) grep -q 'nfstb: phase=mounted' "$d/client-console.log" &&
		! grep -q 'nfstb: phase=done' "$d/client-console.log" ;;
	verdict) grep -q 'nfstb: phase=done' "$d/client-console.log" &&
		[ -n "$(cmdline_pids "$TOP/harness/bin/nfstb-")" ] ;;
	teardown) grep -q "^lab	total	" "$r/phases.tsv" ;;
	esac
}

# wait_phase SECONDS PHASE: poll every 50 ms (the verdict phase lasts
# about a second) until the case is in PHASE; false if it ended first.
wait_phase() {
	local deadline=$(($(date +%s) + $1))
	while kill -0 "$case_pid" 2> /dev/null && [ "$(date +%s)" -lt "$deadline" ]; do
		in_phase "$2" 2> /dev/null && return 0
		sleep 0.05
	done
	return 1
}

# A patch of one comment line, new for every signal test, so that the build
# phase has a kernel to build (an incremental build of one file).
build_patch() {
	local f=net/sunrpc/timer.c
	mkdir -p "$SOAK_DIR/patch/a/${f%/*}" "$SOAK_DIR/patch/b/${f%/*}"
	cp "$BUILD/pristine/$f" "$SOAK_DIR/patch/a/$f"
	{ cat "$BUILD/pristine/$f"; echo "/* nfstb soak signal test $(date +%s.%N) */"; } > "$SOAK_DIR/patch/b/$f"
	(cd "$SOAK_DIR/patch" && diff -u "a/$f" "b/$f" > "$SOAK_DIR/build.patch") || true
	echo "$SOAK_DIR/build.patch"
}

if [ "$what" != runs ]; then
	[ -d "$BUILD/pristine/net/sunrpc" ] || die "$BUILD/pristine is missing: run 'make kernel' once first"
	for p in build lab-up boot workload verdict teardown; do
		extra=()
		[ "$p" != build ] || extra=(EXTRA_PATCHES="$(build_patch)")
		t=$(date +%s)
		start_case "signal-$p" "${extra[@]}"
		if ! wait_phase 600 "$p"; then
			rc=0
			wait_case 60 || rc=$?
			not_ok "Ctrl-C in phase $p: exit 130, nothing left" \
				"phase $p not seen: make exited $rc after $(($(date +%s) - t)) s; see $case_dir/make.log"
			continue
		fi
		kill -INT -- "-$case_pid" 2> /dev/null || true
		rc=0
		wait_case 300 || rc=$?
		# The interrupted run says so in its own output (not in the log
		# of whatever command the signal cut short).
		[ "$p" = teardown ] || grep -q '^nfstb: interrupted: tearing down$' "$case_dir/make.log" ||
			rc="$rc, but no 'interrupted: tearing down' line in make.log"
		judge "Ctrl-C in phase $p" 130 "$rc" $(($(date +%s) - t))
	done
fi

echo "1..$n"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
