#!/bin/bash
# nfstb's orchestrator: runs every selected scenario x arm x mode x run in
# fresh guests, watches the client console, collects hang stacks through
# libvirt (SysRq), captures packets, asks harness/bin/nfstb-verdict for each
# run's verdict and prints the results table (harness/bin/nfstb-table).
#
# Selection (environment or make variables; comma or space separated):
#   SCENARIOS  names from harness/scenarios.def, a workload name (all its
#              scenarios, e.g. swap), or 'all' (default: default=yes)
#   ARMS       fixed,control                 (default: both)
#   MODES      forced,natural                (default: forced)
#   RUNS       runs per scenario/arm/mode    (default: 2)
#   CAPTURE    1 = tcpdump the lab network   (default: 1)
#   RESULTS    results root, an absolute path (default: results/)
#   WATCHDOG, RUN_TIMEOUT  seconds (default: 20, 300)
# Every input is checked first by harness/validate.sh (one line on error).
set -euo pipefail
. "$(dirname "$0")/validate.sh"

DEF=$TOP/harness/scenarios.def
BIN=$TOP/harness/bin

words() { echo "$1" | tr ',' ' '; }
now() { date +%s.%N | cut -c1-14; }
scenario_field() { awk -v n="$1" -v f="$2" '!/^#/ && $1 == n {print $f}' "$DEF"; }
# analyse TOOL ARGS...: a host analyser with a time limit, so that a hostile
# or huge input cannot stall the run (timeout exits 124).
analyse() { timeout --foreground "$ANALYSER_TIMEOUT" "$@"; }

# --- validate the selection before touching anything ---
# Sets SCENARIOS (de-duplicated scenario names), ARMS, MODES, RUNS, CAPTURE,
# RESULTS and, checked as bounded integers, WATCHDOG and RUN_TIMEOUT. 6.1's
# hung-task detector skips killable sleeps (the COMMIT wait is one), so the
# harness's own watchdog is what notices the deadlock: no new phase marker
# WATCHDOG seconds after the reconnect => SysRq-W and classify. Sooner, the
# trace witness: a connect worker's writeback decision followed by
# TRACE_QUIET seconds in which neither the console nor the trace moved.
# RUN_TIMEOUT bounds a whole run.
validate_inputs nfs-test
RESULTS_ROOT=$RESULTS
TRACE_QUIET=3
ANALYSER_TIMEOUT=120
for t in nfstb-verdict nfstb-table nfstb-pcapsum nfstb-timeline nfstb-report nfstb-tap; do
	[ -x "$BIN/$t" ] || die "$BIN/$t missing: run 'make -C harness'"
done
require_root

# One lab per machine; the results directory and 'latest' only once it is ours.
lab_lock nfs-test
lab_free
run_id=$(date +%Y%m%d-%H%M%S)
RESULTS_DIR=$RESULTS_ROOT/$run_id
mkdir -p "$RESULTS_DIR"
ln -sfn "$run_id" "$RESULTS_ROOT/latest"

phase_log=$RESULTS_DIR/phases.tsv
printf 'run\tphase\tseconds\n' > "$phase_log"
phase() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$phase_log"; }

capture_pid=""
stop_capture() {
	if [ -n "$capture_pid" ]; then
		# tcpdump drops what is still queued in its socket when it is
		# stopped: let it drain first.
		sleep 2
		kill -TERM "$capture_pid" 2> /dev/null || true
		wait_for 10 "tcpdump to exit" proc_gone "$capture_pid" ||
			kill -KILL "$capture_pid" 2> /dev/null || true
		wait "$capture_pid" 2> /dev/null || true
		capture_pid=""
	fi
}
# A long child (the lockdep kernel build) runs in its own process group, so
# that the teardown can stop all of it.
child_group=""
stop_child_group() {
	if [ -n "$child_group" ]; then
		kill -TERM -- "-$child_group" 2> /dev/null || true
		wait_for 20 "the kernel build to stop" group_gone "$child_group" ||
			kill -KILL -- "-$child_group" 2> /dev/null || true
		wait "$child_group" 2> /dev/null || true
		child_group=""
	fi
}
# Runs once, on every exit path, with INT and TERM ignored (lab_traps).
cleanup() {
	local rc=$1 t_down
	stop_child_group
	stop_capture
	t_down=$(now)
	lab_teardown || { [ "$rc" != 0 ] || rc=1; }
	phase lab teardown "$(echo "$(now) - $t_down" | bc)"
	exit "$rc"
}
lab_traps cleanup

# run_name SCENARIO ARM MODE N: the run's directory name
run_name() { if [ "$2" = - ]; then echo "$1-$4"; else echo "$1-$2-$3-$4"; fi; }
# run_seed SCENARIO ARM MODE N: a seed of its own for every run, so that no
# run can verify the bytes an earlier run wrote
run_seed() { printf '%s %s %s %s\n' "$1" "$2" "$3" "$4" | cksum | cut -d' ' -f1; }

# The plan, before anything runs: every scenario x arm x mode x run, one
# line each ("scenario workload vers proto arm mode n"), and its view for
# the table, junit.xml and TAP (RESULTS_DIR/matrix.tsv, see harness/README.md).
plan=$RESULTS_DIR/plan
: > "$plan"
for s in $SCENARIOS; do
	workload=$(scenario_field "$s" 2)
	vers=$(scenario_field "$s" 3)
	proto=$(scenario_field "$s" 4)
	arms=$(scenario_field "$s" 5)
	modes=$(scenario_field "$s" 6)
	# The arms and modes of this scenario that the selection asks for.
	run_arms=-
	[ "$arms" = - ] || run_arms=$(for a in $ARMS; do in_list "$a" $(words "$arms") && echo "$a"; done)
	case "$modes" in
	*forced* | *natural*) run_modes=$(for m in $MODES; do in_list "$m" $(words "$modes") && echo "$m"; done) ;;
	*) run_modes=$modes ;;
	esac
	for a in $run_arms; do
		for m in $run_modes; do
			for n in $(seq 1 "$RUNS"); do echo "$s $workload $vers $proto $a $m $n" >> "$plan"; done
		done
	done
done
printf 'n\trun\tscenario\tarm\tmode\tindex\tseed\n' > "$RESULTS_DIR/matrix.tsv"
k=0
while read -r s workload vers proto a m n; do
	k=$((k + 1))
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$(run_name "$s" "$a" "$m" "$n")" \
		"$s" "$a" "$m" "$n" "$(run_seed "$s" "$a" "$m" "$n")"
done < "$plan" >> "$RESULTS_DIR/matrix.tsv"
analyse "$BIN/nfstb-tap" --plan "$RESULTS_DIR"

# Every kernel the selection needs is built (or found up to date) before
# the lab starts, from PATCHES/EXTRA_PATCHES if given (vm/build-kernel.sh).
# Each build runs in its own process group (stop_child_group), waited for
# with 'wait', which a signal interrupts at once.
declare -A kernel_of
build_kernel() {
	local f=$1
	[ -n "${kernel_of[$f]:-}" ] && return 0
	setsid -w "$TOP/vm/build-kernel.sh" "$f" > "$RESULTS_DIR/kernel-$f.path" &
	child_group=$!
	wait "$child_group" || die "building the $f kernel failed"
	child_group=""
	kernel_of[$f]=$(cat "$RESULTS_DIR/kernel-$f.path")
	phase "kernel-$f" "kernel-build (last real build)" "$(cat "$(dirname "${kernel_of[$f]}")/build-seconds")"
}
build_kernel default
for s in $SCENARIOS; do build_kernel "$(scenario_field "$s" 7)"; done
KERNEL=${kernel_of[default]}

t0=$(now)
lab_up
phase lab lab-up "$(echo "$(now) - $t0" | bc)"

# wait_console SECS FILE PATTERN
wait_console() { wait_for "$1" "'$3' in $(basename "$2")" grep -q "$3" "$2"; }
# wait_quiet FILE QUIET MAX: until FILE has not grown for QUIET seconds
# (the end of a SysRq dump has no marker), at most MAX seconds.
wait_quiet() {
	local f=$1 quiet=$2 max=$3 size last=-1 since start
	start=$(date +%s)
	while [ $(($(date +%s) - start)) -lt "$max" ]; do
		size=$(stat -c %s "$f" 2> /dev/null || echo 0)
		if [ "$size" != "$last" ]; then last=$size; since=$(date +%s); fi
		[ $(($(date +%s) - since)) -lt "$quiet" ] || return 0
		sleep 0.2
	done
	return 1
}

start_capture() {
	local dir=$1
	[ "$CAPTURE" = 1 ] || return 0
	# Full packets on the NFS, rpcbind and mountd ports, bounded in count;
	# plus non-first IP fragments (they carry no port), without which the
	# large READ replies of NFS over UDP cannot be reassembled.
	# Started as a direct child ('ip netns exec' execs tcpdump), so that
	# $! is tcpdump itself and SIGTERM reaches it.
	ip netns exec "$NETNS" tcpdump -i "$BRIDGE" -B 65536 -s 0 -U -Z root -c 400000 -w "$dir/capture.pcap" \
		'port 2049 or port 111 or port 20048 or (ip[6:2] & 0x1fff != 0)' > "$dir/tcpdump.log" 2>&1 9>&- &
	capture_pid=$!
	wait_for 10 "tcpdump to listen" grep -q "listening on" "$dir/tcpdump.log" ||
		log "warning: tcpdump did not report listening (see $dir/tcpdump.log)"
}

sysrq() { virsh_t 10 send-key "$CLIENT_NAME" KEY_LEFTALT KEY_SYSRQ "KEY_$1" > /dev/null 2>&1 || true; }

# run_one SCENARIO WORKLOAD VERS PROTO ARM MODE N
run_one() {
	local scenario=$1 workload=$2 vers=$3 proto=$4 arm=$5 mode=$6 n=$7
	local rid seed
	rid=$(run_name "$scenario" "$arm" "$mode" "$n")
	seed=$(run_seed "$scenario" "$arm" "$mode" "$n")
	local dir=$RESULTS_DIR/$rid
	mkdir -p "$dir"
	local clog=$dir/client-console.log slog=$dir/server-console.log
	local t_start hang=0 watchdog=0 outcome
	log "run $rid: starting"
	t_start=$(now)
	start_server "$dir"
	if ! wait_guest 120 "$SERVER_NAME" "$slog" 'phase=server-ready'; then
		outcome=${guest_down:-server did not become ready}
	else
		phase "$rid" server-ready "$(echo "$(now) - $t_start" | bc)"
		start_capture "$dir"
		local t_client
		t_client=$(now)
		start_client "$dir" \
			"nfstb.scenario=$scenario nfstb.workload=$workload nfstb.vers=$vers nfstb.proto=$proto nfstb.arm=$arm nfstb.mode=$mode nfstb.run=$rid nfstb.seed=$seed"
		local deadline markers=0 last_progress reconnect_seen=0 mounted_seen=0 count t
		local trace=$dir/client-trace.txt tsize=-1 tsize_t size
		# Swapping a few hundred MiB in and out under TCG prints nothing for
		# a while: give that mode a longer watchdog.
		local watchdog_s=$WATCHDOG
		[ "$mode" = swap ] && [ "$watchdog_s" -lt 180 ] && watchdog_s=180
		deadline=$(($(date +%s) + RUN_TIMEOUT))
		last_progress=$(date +%s)
		outcome=timeout
		while :; do
			if grep -q 'nfstb: phase=done' "$clog" 2> /dev/null; then outcome=done; break; fi
			if grep -q 'blocked for more than' "$clog" 2> /dev/null; then hang=1; outcome=hung-task; break; fi
			count=$(grep -c 'nfstb: phase=\|nfstb-[a-z]*: ' "$clog" 2> /dev/null || true)
			t=$(date +%s)
			if [ "${count:-0}" != "$markers" ]; then markers=$count; last_progress=$t; fi
			grep -q 'nfstb: phase=reconnect' "$clog" 2> /dev/null && reconnect_seen=1
			if [ "$mounted_seen" = 0 ] && grep -q 'nfstb: phase=mounted' "$clog" 2> /dev/null; then
				mounted_seen=1
				phase "$rid" boot-to-mounted "$(echo "$(now) - $t_client" | bc)"
			fi
			size=$(stat -c %s "$trace" 2> /dev/null || echo 0)
			if [ "$size" != "$tsize" ]; then tsize=$size; tsize_t=$t; fi
			# The trace witness: a connect worker decided to write a folio
			# back, and since then neither the console nor the trace moved
			# for TRACE_QUIET seconds. Confirm with the blocked stacks now;
			# the no-progress watchdog stays the backstop for other hangs.
			if [ "$reconnect_seen" = 1 ] && [ $((t - last_progress)) -ge "$TRACE_QUIET" ] &&
				[ $((t - tsize_t)) -ge "$TRACE_QUIET" ] &&
				grep -q 'decision=writeback connect_worker=1' "$trace" 2> /dev/null; then
				watchdog=1; outcome="trace: a connect worker decided to write back, then nothing moved for ${TRACE_QUIET}s"; break
			fi
			if [ "$reconnect_seen" = 1 ] && [ $((t - last_progress)) -ge "$watchdog_s" ]; then
				watchdog=1; outcome="no progress for ${watchdog_s}s"; break
			fi
			if [ "$t" -ge "$deadline" ]; then watchdog=1; outcome="run timeout ${RUN_TIMEOUT}s"; break; fi
			if grep -q 'Kernel panic' "$clog" 2> /dev/null; then outcome=panic; break; fi
			if guests_down "$clog"; then outcome=$guest_down; break; fi
			sleep 0.5
		done
		if [ "$hang" = 1 ] || [ "$watchdog" = 1 ]; then
			phase "$rid" detected "$(echo "$(now) - $t_client" | bc)"
			# Blocked-task stacks, delivered like a user would: SysRq through libvirt.
			sysrq W
			wait_console 15 "$clog" 'Show Blocked State' || log "run $rid: no SysRq-W output"
			wait_quiet "$clog" 1 10 || log "run $rid: the console was still printing after 10s"
		elif [ "$outcome" = done ] && [ "$mode" != swap ] && grep -q 'nfstb: phase=done rc=0' "$clog"; then
			# The server verifies the same bytes once the client marks the run complete.
			wait_console 60 "$slog" 'nfstb-verify: summary' || log "run $rid: no server-side verification"
		fi
	fi
	stop_capture
	stop_domain "$CLIENT_NAME"
	stop_domain "$SERVER_NAME"
	phase "$rid" run-total "$(echo "$(now) - $t_start" | bc)"
	echo "$outcome" > "$dir/outcome"
	touch "$clog" "$slog" "$dir/client-trace.txt"
	# Packets first: the verdict reads their summary as a witness (a
	# missing capture gives capture=none, which the verdict skips).
	analyse "$BIN/nfstb-pcapsum" --pcap "$dir/capture.pcap" --server "$SERVER_IP" --out "$dir" > /dev/null ||
		log "run $rid: packet summary failed"
	# What tcpdump could not keep up with: the packet check does not count
	# that many unanswered calls against a PASS (harness/README.md).
	if [ -f "$dir/pcap-summary.txt" ] && [ -f "$dir/tcpdump.log" ]; then
		printf 'capture_dropped=%s\n' "$(sed -n 's/^\([0-9]*\) packets\{0,1\} dropped by kernel$/\1/p' "$dir/tcpdump.log" | head -1 | grep . || echo 0)" \
			>> "$dir/pcap-summary.txt"
	fi
	analyse "$BIN/nfstb-verdict" --console "$clog" --trace "$dir/client-trace.txt" --server-console "$slog" \
		--scenario "$scenario" --arm "$arm" --mode "$mode" --watchdog "$watchdog" --out "$dir" \
		--seed "$seed" --pcap-summary "$dir/pcap-summary.txt" |
		tee "$dir/verdict.line" || log "run $rid: verdict tool failed"
	analyse "$BIN/nfstb-tap" --run "$rid" "$RESULTS_DIR" || log "run $rid: TAP line failed"
	# One timeline, the run's report.
	analyse "$BIN/nfstb-timeline" --rundir "$dir" --server "$SERVER_IP" | sed "s/^/nfstb: run $rid: /" >&2 ||
		log "run $rid: timeline failed"
	analyse "$BIN/nfstb-report" --rundir "$dir" || log "run $rid: report failed"
}


while read -r s workload vers proto a m n <&3; do
	KERNEL=${kernel_of[$(scenario_field "$s" 7)]}
	run_one "$s" "$workload" "$vers" "$proto" "$a" "$m" "$n"
done 3< "$plan"

phase lab total "$(echo "$(now) - $t0" | bc)"
echo
status=0
analyse "$BIN/nfstb-table" "$RESULTS_DIR" || status=$?
analyse "$BIN/nfstb-report" --junit "$RESULTS_DIR" || log "junit/index report failed"
analyse "$BIN/nfstb-tap" --totals "$RESULTS_DIR" || log "TAP totals failed"
log "results: $RESULTS_DIR"
log "report: $RESULTS_DIR/report.html (and report.md, junit.xml; per run: <run>/report.html)"
exit "$status"
