#!/bin/bash
# nfstb's orchestrator: runs every selected scenario x arm x mode x run in
# fresh guests, watches the client console, collects hang stacks through
# libvirt (SysRq), captures packets, asks harness/bin/nfstb-verdict for each
# run's verdict and prints the results table (harness/bin/nfstb-table).
#
# Selection (environment or make variables; comma or space separated):
#   SCENARIOS  names from harness/scenarios.def, a workload name (all its
#              scenarios, e.g. swap), 'all', or 'default' (those marked
#              'default yes'; also what an empty SCENARIOS runs)
#   ARMS       fixed,control                 (default: both)
#   MODES      forced,natural                (default: forced, and the modes
#              a scenario declares 'runs' for in scenarios.def)
#   RUNS       runs per scenario/arm/mode    (default: 2, or the scenario's
#              'runs MODE N')
#   CAPTURE    1 = tcpdump the lab network   (default: 1)
#   COVERAGE   1 = the coverage flavour (gcov of the fix's files) instead
#              of the default kernel, its counters brought out of each
#              run (make nfs-coverage; default: 0)
#   RESULTS    results root, an absolute path (default: results/)
#   WATCHDOG   seconds (default: each scenario's own, scenarios.def)
#   RUN_TIMEOUT  seconds (default: 300)
#   SHARD      i/N: the runs k of the plan with (k - 1) mod N = i - 1
#              (make nfs-merge puts the shards back together)
# Every input is checked first by harness/validate.sh (one line on error).
set -euo pipefail
. "$(dirname "$0")/validate.sh"

BIN=$TOP/harness/bin

now() { date +%s.%N | cut -c1-14; }
# since T: seconds from T (a now() value) to now, for phases.tsv
since() { echo "$(now) - $1" | bc; }
# now_ms: the wall clock in milliseconds, without a fork
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }
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
# TRACE_QUIET_MS milliseconds in which neither the console nor the trace
# moved: the worker waits on a COMMIT that needs the socket it is creating,
# so a second of silence is enough, and SysRq-W's stacks confirm it.
# RUN_TIMEOUT bounds a whole run.
validate_inputs nfs-test
RESULTS_ROOT=$RESULTS
TRACE_QUIET_MS=1000
SYSRQ_SAMPLES=3
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
# capture_drain TCPDUMP-LOG MAX_S: until tcpdump says it has captured
# (written, with -U) as many packets as its filter received; SIGUSR1 makes
# it print both counts on one line. At most MAX_S seconds.
capture_drain() {
	local log=$1 max=$2 start counts
	start=$(now_ms)
	while [ $(($(now_ms) - start)) -lt $((max * 1000)) ]; do
		kill -USR1 "$capture_pid" 2> /dev/null || return 1
		sleep 0.1
		counts=$(sed -n 's/^tcpdump: \([0-9]*\) packets\{0,1\} captured, \([0-9]*\) packets\{0,1\} received by filter.*/\1 \2/p' "$log" | tail -1)
		[ -n "$counts" ] && [ "${counts% *}" = "${counts#* }" ] && return 0
	done
	return 1
}
stop_capture() {
	if [ -n "$capture_pid" ]; then
		# tcpdump drops what it has not read yet when it is stopped: with
		# the guests paused, let it drain until it has written every
		# packet its filter took.
		[ -z "${1:-}" ] || capture_drain "$1" 5 ||
			log "warning: tcpdump had not written every packet after 5 s (see $1)"
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
# The previous run's guests, destroyed in the background (run_one): waited
# for before guests of the same names start, and on every exit path.
stoppers=() t_stop="" stop_rid=""
wait_stoppers() {
	[ "${#stoppers[@]}" -gt 0 ] || return 0
	wait "${stoppers[@]}" 2> /dev/null || true
	stoppers=()
	phase "$stop_rid" guests-stopped "$(since "$t_stop")"
}

# Runs once, on every exit path, with INT and TERM ignored (lab_traps).
cleanup() {
	local rc=$1 t_down
	stop_child_group
	wait_stoppers
	stop_capture
	t_down=$(now)
	lab_teardown || { [ "$rc" != 0 ] || rc=1; }
	phase lab teardown "$(since "$t_down")"
	exit "$rc"
}
lab_traps cleanup

# run_name SCENARIO ARM MODE N: the run's directory name
run_name() { if [ "$2" = - ]; then echo "$1-$4"; else echo "$1-$2-$3-$4"; fi; }
# run_seed SCENARIO ARM MODE N: a seed of its own for every run, so that no
# run can verify the bytes an earlier run wrote
run_seed() { printf '%s %s %s %s\n' "$1" "$2" "$3" "$4" | cksum | cut -d' ' -f1; }

# tsv_row FIELD...: one tab-separated line (no field may be empty: 'read'
# with a tab IFS would merge the tabs around it).
tsv_row() { local IFS=$'\t'; printf '%s\n' "$*"; }
MATRIX_HEADER=$(tsv_row n run scenario arm mode index seed expect percent)
# words_prefixed PREFIX WORD...: each word with PREFIX ("nfstb." for the
# guest's command line).
words_prefixed() { local p=$1 w; shift; for w in "$@"; do printf ' %s%s' "$p" "$w"; done; }

# The plan, before anything runs: every scenario x arm x mode x run, one
# tab-separated line each, with everything the run needs from the scenario
# table (harness/scenarios.def): its name, seed, kernel flavour, watchdog,
# where the data is verified, the expectation, and the client's and the
# server's command-line parameters. Its view for the table, junit.xml and
# TAP is RESULTS_DIR/matrix.tsv (see harness/README.md).
plan=$RESULTS_DIR/plan
: > "$plan"
# The tree's knob defaults (kernel-patches/<tree>/arm-knobs, if any): every
# arm gets them unless it sets the knob itself.
tree=${NFSTB_TREE:-6.1}
tree_knobs=""
[ "$tree" = 6.1 ] || [ ! -f "$TOP/kernel-patches/$tree/arm-knobs" ] ||
	tree_knobs=$(sed -e 's/#.*//' "$TOP/kernel-patches/$tree/arm-knobs")
echo "$tree" > "$RESULTS_DIR/kernel-tree"
# The Debian package, its version and the patch set (KCIDB's checkout).
"$TOP/harness/kernel-source.sh" "$RESULTS_DIR"
if [ -n "$tree_knobs" ]; then
	log "kernel tree: linux-source-$tree, knobs of every arm unless it sets them:" $tree_knobs
else
	log "kernel tree: linux-source-$tree"
fi
k=0
for s in $SCENARIOS; do
	workload=$(scenario_get "$s" workload)
	# The arms and modes of this scenario that the selection asks for: ARMS
	# and MODES choose among the declared ones; arm '-' and modes without a
	# trigger always run.
	run_arms=$(for a in $(scenario_names_of "$s" arm); do
		if [ "$a" = - ] || in_list "$a" $ARMS; then echo "$a"; fi; done)
	run_modes=$(for m in $(scenario_names_of "$s" mode); do
		if [ "$(scenario_get "$s" "mode $m")" = - ] || in_list "$m" $MODES; then echo "$m"; fi; done)
	for a in $run_arms; do
		for m in $run_modes; do
			read -r expect percent <<< "$(scenario_expect "$s" "$a" "$m")"
			knobs=$(scenario_get "$s" "arm $a")
			if [ "$a" != - ]; then
				for d in $tree_knobs; do
					case " $knobs " in *" ${d%%=*}="*) ;; *) knobs="${knobs:+$knobs }$d" ;; esac
				done
			fi
			runs=$(scenario_runs "$s" "$m")
			[ "$runs" -gt 0 ] || continue
			for n in $(seq 1 "$runs"); do
				k=$((k + 1))
				rid=$(run_name "$s" "$a" "$m" "$n")
				seed=$(run_seed "$s" "$a" "$m" "$n")
				cmdline="nfstb.scenario=$s nfstb.workload=$workload nfstb.arm=$a nfstb.mode=$m"
				cmdline="$cmdline nfstb.run=$rid nfstb.seed=$seed nfstb.knobs=$(echo "${knobs:--}" | tr ' ' ',')"
				cmdline="$cmdline nfstb.trigger=$(scenario_get "$s" "mode $m")"
				# shellcheck disable=SC2046 # KEY=VALUE words, checked by scenarios.sh
				# The mode's own guest parameters come last: they win.
				cmdline="$cmdline$(words_prefixed nfstb. $(scenario_get "$s" mount) $(scenario_get "$s" guest) $(scenario_get "$s" "modeguest $m"))"
				server=$(scenario_get "$s" server)
				flavour=$(scenario_get "$s" kernel)
				if [ "${COVERAGE:-0}" = 1 ] && [ "$flavour" = default ]; then
					flavour=coverage
					cmdline="$cmdline nfstb.coverage=1"
				fi
				# shellcheck disable=SC2046
				tsv_row "$k" "$rid" "$s" "$a" "$m" "$n" "$seed" "${expect:--}" "${percent:--}" \
					"$flavour" "${WATCHDOG:-$(scenario_get "$s" watchdog)}" \
					"$(scenario_get "$s" verify)" "$cmdline" \
					"$(if [ -n "$server" ]; then words_prefixed nfstb. $server | sed 's/^ //'; else echo -; fi)" >> "$plan"
			done
		done
	done
done
[ -s "$plan" ] || die "the selection has no runs: SCENARIOS=$SCENARIOS ARMS=$ARMS MODES=$MODES chooses no arm and mode of these scenarios"
if [ -n "$SHARD" ]; then
	whole=$(wc -l < "$plan")
	shard_plan "${SHARD%/*}" "${SHARD#*/}" < "$plan" > "$plan.shard"
	mv "$plan.shard" "$plan"
	[ -s "$plan" ] || die "SHARD=$SHARD of a selection of $whole run(s) has no run: use at most $whole shards"
	echo "$SHARD $whole" > "$RESULTS_DIR/shard"
	log "shard $SHARD: $(wc -l < "$plan") of the selection's $whole runs"
fi
printf '%s\n' "$MATRIX_HEADER" > "$RESULTS_DIR/matrix.tsv"
cut -f1-9 "$plan" >> "$RESULTS_DIR/matrix.tsv"
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
for f in $(cut -f10 "$plan" | sort -u); do build_kernel "$f"; done

t0=$(now)
lab_up
phase lab lab-up "$(since "$t0")"

# wait_console SECS FILE PATTERN
wait_console() { wait_for "$1" "'$3' in $(basename "$2")" grep -q "$3" "$2"; }

# start_capture DIR SCOPE: SCOPE is the scenario's 'capture' (full or
# tcp-flags).
start_capture() {
	local dir=$1 nfs='port 2049'
	[ "$CAPTURE" = 1 ] || return 0
	# tcp-flags: of the NFS port only a connection's opens and closes.
	[ "$2" != tcp-flags ] || nfs='(tcp port 2049 and tcp[tcpflags] & (tcp-syn|tcp-fin|tcp-rst) != 0)'
	# Full packets on the NFS, rpcbind and mountd ports, bounded in count;
	# plus non-first IP fragments (they carry no port), without which the
	# large READ replies of NFS over UDP cannot be reassembled; plus the
	# client's clock anchors, UDP datagrams to the server's port 20051
	# (nfstb-anchor: they name the run and tie the capture's clock to the
	# guest's printk clock; nfstb-pcapsum reads them as anchor.K=).
	# Started as a direct child ('ip netns exec' execs tcpdump), so that
	# $! is tcpdump itself and SIGTERM reaches it.
	ip netns exec "$NETNS" tcpdump -i "$BRIDGE" -B 65536 -s 0 -U -Z root -c 400000 -w "$dir/capture.pcap" \
		"$nfs or port 111 or port 20048 or (ip[6:2] & 0x1fff != 0) or udp port 20051" > "$dir/tcpdump.log" 2>&1 9>&- &
	capture_pid=$!
	wait_for 10 "tcpdump to listen" grep -q "listening on" "$dir/tcpdump.log" ||
		log "warning: tcpdump did not report listening (see $dir/tcpdump.log)"
}

sysrq() { virsh_t 10 send-key "$CLIENT_NAME" KEY_LEFTALT KEY_SYSRQ "KEY_$1" > /dev/null 2>&1 || true; }

# Progress of the selection on stderr (vm/lib.sh progress; stdout is the
# TAP stream): "run k of N (RUN): 0m41s in, about 12m30s left". The time
# left: what the current run still needs, plus each later run's estimate:
# the mean time of this selection's finished runs of its scenario, else of
# all its finished runs, else RUN_DEFAULT_S (a run took 17 to 32 s in
# docs/timings.md, the lab's first about 50 s).
RUN_DEFAULT_S=30
declare -A sc_secs sc_runs
sel_secs=0 sel_runs=0 run_k=0 run_rid="" run_t0=0
mapfile -t plan_scenarios < <(cut -f3 "$plan")
run_total=${#plan_scenarios[@]}
run_estimate() {
	if [ "${sc_runs[$1]:-0}" -gt 0 ]; then
		echo $((sc_secs[$1] / sc_runs[$1]))
	elif [ "$sel_runs" -gt 0 ]; then
		echo $((sel_secs / sel_runs))
	else
		echo "$RUN_DEFAULT_S"
	fi
}
selection_progress() {
	progress_due || return 0
	local el left i est
	declare -A est_of
	el=$((EPOCHSECONDS - run_t0))
	est=$(run_estimate "${plan_scenarios[run_k - 1]}")
	left=$((est > el ? est - el : 0))
	for ((i = run_k; i < run_total; i++)); do
		[ -n "${est_of[${plan_scenarios[i]}]:-}" ] || est_of[${plan_scenarios[i]}]=$(run_estimate "${plan_scenarios[i]}")
		left=$((left + est_of[${plan_scenarios[i]}]))
	done
	progress "run $run_k of $run_total ($run_rid): $(fmt_duration "$el") in, about $(fmt_duration "$left") left"
}
# run_done SCENARIO: the current run has ended; count its time.
run_done() {
	local secs=$((EPOCHSECONDS - run_t0))
	sc_secs[$1]=$((${sc_secs[$1]:-0} + secs))
	sc_runs[$1]=$((${sc_runs[$1]:-0} + 1))
	sel_secs=$((sel_secs + secs)) sel_runs=$((sel_runs + 1))
}

# run_one RUN SCENARIO ARM MODE SEED WATCHDOG VERIFY CLIENT-PARAMS SERVER-PARAMS
# (the fields of a plan line)
run_one() {
	local rid=$1 scenario=$2 arm=$3 mode=$4 seed=$5 watchdog_s=$6 verify=$7 client_params=$8 server_params=$9
	local dir=$RESULTS_DIR/$rid
	mkdir -p "$dir"
	wait_stoppers
	local clog=$dir/client-console.log slog=$dir/server-console.log
	local t_start hang=0 watchdog=0 outcome
	log "run $rid: starting"
	t_start=$(now)
	# Both guests boot at once: the client waits for the server's ready
	# port before it mounts (vm/guest/common.sh), and the capture runs
	# before either.
	# A token of this run alone, on both guests' command lines: the run's
	# name and seed repeat from one results directory to the next, the
	# nonce does not (the verdict ties every witness to it).
	local nonce
	nonce=$(tr -d '-' < /proc/sys/kernel/random/uuid | cut -c1-16)
	local capture_scope
	capture_scope=$(scenario_get "$scenario" capture)
	capture_scope=${capture_scope:-full}
	start_capture "$dir" "$capture_scope"
	start_server "$dir" "${server_params#-} nfstb.nonce=$nonce"
	local t_client server_seen=0
	t_client=$(now)
	start_client "$dir" "$client_params nfstb.nonce=$nonce"
	local deadline markers=0 last_progress reconnect_seen=0 mounted_seen=0 count t
	local trace=$dir/client-trace.txt tsize=-1 tsize_t size
	deadline=$(($(now_ms) + RUN_TIMEOUT * 1000))
	last_progress=$(now_ms)
	outcome=timeout
	while :; do
		if grep -q 'nfstb: phase=done' "$clog" 2> /dev/null; then outcome=done; break; fi
		if [ "$server_seen" = 0 ] && grep -q 'nfstb: phase=server-ready' "$slog" 2> /dev/null; then
			server_seen=1
			phase "$rid" server-ready "$(since "$t_start")"
		fi
		# A server whose nfsd does not listen will never be ready.
		if grep -q 'nfstb: phase=server-error what=nfsd' "$slog" 2> /dev/null; then
			outcome="server: nfsd is not listening"; break
		fi
		if grep -q 'blocked for more than' "$clog" 2> /dev/null; then hang=1; outcome=hung-task; break; fi
		count=$(grep -c 'nfstb: phase=\|nfstb-[a-z]*: ' "$clog" 2> /dev/null || true)
		t=$(now_ms)
		if [ "${count:-0}" != "$markers" ]; then markers=$count; last_progress=$t; fi
		grep -q 'nfstb: phase=reconnect' "$clog" 2> /dev/null && reconnect_seen=1
		if [ "$mounted_seen" = 0 ] && grep -q 'nfstb: phase=mounted' "$clog" 2> /dev/null; then
			mounted_seen=1
			phase "$rid" boot-to-mounted "$(since "$t_client")"
		fi
		# The trace's progress: its lines other than the heartbeat, which
		# beats on while a connect worker is stuck.
		size=$(grep -vc 'nfstb-heartbeat' "$trace" 2> /dev/null || true)
		if [ "${size:-0}" != "$tsize" ]; then tsize=${size:-0}; tsize_t=$t; fi
		# The trace witness: a connect worker decided to write a folio
		# back, and since then neither the console nor the trace moved
		# for TRACE_QUIET_MS. Confirm with the blocked stacks now; the
		# no-progress watchdog stays the backstop for other hangs.
		if [ "$reconnect_seen" = 1 ] && [ $((t - last_progress)) -ge "$TRACE_QUIET_MS" ] &&
			[ $((t - tsize_t)) -ge "$TRACE_QUIET_MS" ] &&
			grep -q 'decision=writeback connect_worker=1' "$trace" 2> /dev/null; then
			watchdog=1; outcome="trace: a connect worker decided to write back, then nothing moved for ${TRACE_QUIET_MS}ms"; break
		fi
		if [ "$reconnect_seen" = 1 ] && [ $((t - last_progress)) -ge $((watchdog_s * 1000)) ]; then
			watchdog=1; outcome="no progress for ${watchdog_s}s"; break
		fi
		if [ "$t" -ge "$deadline" ]; then watchdog=1; outcome="run timeout ${RUN_TIMEOUT}s"; break; fi
		if grep -q 'Kernel panic' "$clog" 2> /dev/null; then outcome=panic; break; fi
		if guests_down "$clog"; then outcome=$guest_down; break; fi
		selection_progress
		sleep 0.2
	done
	local t_end
	t_end=$(since "$t_client")
	phase "$rid" client-end "$t_end"
	if [ "$hang" = 1 ] || [ "$watchdog" = 1 ]; then
		phase "$rid" detected "$t_end"
		# Blocked-task stacks, delivered like a user would: SysRq through
		# libvirt, SYSRQ_SAMPLES dumps 1 s apart: a task that loops in the
		# allocator sleeps only now and then, and a task stuck in every
		# dump is not one that was passing by. SysRq-7 after them sets the
		# console loglevel the command line already set, and its line
		# marks the end of the dumps.
		local sample
		for sample in $(seq 1 "$SYSRQ_SAMPLES"); do
			[ "$sample" = 1 ] || sleep 1
			sysrq W
		done
		sysrq 7
		wait_console 15 "$clog" 'sysrq: Loglevel set to 7' || log "run $rid: no SysRq output on the console"
	elif [ "$outcome" = done ] && [ "$verify" = client,server ] && grep -q 'nfstb: phase=done rc=0' "$clog"; then
		# The server verifies the same bytes once the client marks the run complete.
		local t_verify
		t_verify=$(now)
		wait_console 60 "$slog" 'nfstb-verify: summary' || log "run $rid: no server-side verification"
		phase "$rid" server-verify "$(since "$t_verify")"
	fi
	local t_analyse
	# The analysers print the verdict and the TAP line on stdout.
	progress_clear
	t_stop=$(now) stop_rid=$rid
	# Both guests paused (no packet leaves them after this), then destroyed
	# in the background: 'virsh destroy' returns only once QEMU has been
	# reaped (0.2 s with libvirtd under tini, vm/lab.sh). The capture stops
	# and the analysers run meanwhile; the next run waits for the destroys
	# (wait_stoppers).
	virsh_t 10 suspend "$CLIENT_NAME" > /dev/null 2>&1 || true
	virsh_t 10 suspend "$SERVER_NAME" > /dev/null 2>&1 || true
	stop_domain "$CLIENT_NAME" & stoppers+=($!)
	stop_domain "$SERVER_NAME" & stoppers+=($!)
	stop_capture "$dir/tcpdump.log"
	phase "$rid" run-stop "$(since "$t_stop")"
	phase "$rid" run-total "$(since "$t_start")"
	t_analyse=$(now)
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
	# The packets are a witness when the capture was planned (CAPTURE=1):
	# then a missing or damaged summary judges nothing, never "no check".
	local pcap_arg=() rules role
	[ "$CAPTURE" = 1 ] && pcap_arg=(--pcap-summary "$dir/pcap-summary.txt")
	# Which rules judge the mode and what the arm must show: the table's.
	rules=$(scenario_get "$scenario" "judge $mode")
	role=$(scenario_get "$scenario" "role $arm")
	analyse "$BIN/nfstb-verdict" --console "$clog" --trace "$dir/client-trace.txt" --server-console "$slog" \
		--scenario "$scenario" --arm "$arm" --mode "$mode" --watchdog "$watchdog" --out "$dir" \
		--rules "$rules" --role "$role" --capture "$capture_scope" \
		--seed "$seed" --run "$rid" --nonce "$nonce" "${pcap_arg[@]}" --outcome "$outcome" |
		tee "$dir/verdict.line" || log "run $rid: verdict tool failed"
	analyse "$BIN/nfstb-tap" --run "$rid" "$RESULTS_DIR" || log "run $rid: TAP line failed"
	# One timeline, the run's report.
	analyse "$BIN/nfstb-timeline" --rundir "$dir" --server "$SERVER_IP" | sed "s/^/nfstb: run $rid: /" >&2 ||
		log "run $rid: timeline failed"
	analyse "$BIN/nfstb-report" --rundir "$dir" || log "run $rid: report failed"
	phase "$rid" analysis "$(since "$t_analyse")"
}


while IFS=$'\t' read -r run_k rid s a m _ seed _ _ kernel watchdog verify client_params server_params <&3; do
	KERNEL=${kernel_of[$kernel]}
	run_rid=$rid run_t0=$EPOCHSECONDS
	selection_progress
	run_one "$rid" "$s" "$a" "$m" "$seed" "$watchdog" "$verify" "$client_params" "$server_params"
	run_done "$s"
done 3< "$plan"
wait_stoppers
progress_clear

phase lab total "$(since "$t0")"
echo
status=0
analyse "$BIN/nfstb-table" "$RESULTS_DIR" || status=$?
analyse "$BIN/nfstb-report" --junit "$RESULTS_DIR" || log "junit/index report failed"
analyse "$BIN/nfstb-tap" --totals "$RESULTS_DIR" || log "TAP totals failed"
# The whole KTAP stream in one file, for kunit.py parse and the like.
analyse "$BIN/nfstb-tap" "$RESULTS_DIR" > "$RESULTS_DIR/results.ktap" || log "KTAP file failed"
# KCIDB I/O data (schema v5.3) for KernelCI's database (docs/kcidb.md).
analyse "$BIN/nfstb-kcidb" --output "$RESULTS_DIR/kcidb.json" "$RESULTS_DIR" || log "KCIDB file failed"
log "results: $RESULTS_DIR"
log "report: $RESULTS_DIR/report.html (and report.md, junit.xml; per run: <run>/report.html)"
exit "$status"
