#!/bin/bash
# make check: the lab targets' inputs and the lab's guards that need no lab.
#
# Each bad input runs the real 'make GOAL' (20 s limit) and must fail with one
# line 'nfstb: error: ...' on stderr (make's own closing line "make: ***
# [Makefile:N: validate] Error 1" is make's and is not counted), nothing on
# stdout, no change under build/ or results/, no lock directory, and none of
# apt, dpkg-query, virsh, libvirtd, virtlogd, qemu, ip, unshare, tcpdump or the
# C compiler reached (they are shims on PATH that fail and note it). The lock,
# PID checks, leftover check and traps are tested on throw-away state under a
# temporary NFSTB_RUNDIR. Prints TAP lines, then 'N passed, N failed'.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/nfstb-test-inputs.XXXXXX)
bg_pids=()
finish() {
	local p
	for p in "${bg_pids[@]}"; do kill "$p" 2> /dev/null || true; done
	rm -rf "$tmp"
}
trap finish EXIT
trap 'exit 130' INT TERM

mkdir -p "$tmp/shim" "$tmp/patches" "$tmp/noseries"
for c in dpkg-query apt-get apt virsh libvirtd virtlogd qemu-system-x86_64 ip unshare tcpdump cc gcc; do
	printf '#!/bin/sh\necho "%s $*" >> "%s/reached"\nexit 97\n' "$c" "$tmp" > "$tmp/shim/$c"
	chmod +x "$tmp/shim/$c"
done
: > "$tmp/patches/series"
: > "$tmp/a.patch"

n=0 passed=0 failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; echo "# $2"; }

# The environment of every case: nothing of the caller's, the shims first.
clean_env=(env -i --default-signal=INT,TERM PATH="$tmp/shim:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
	HOME="$tmp" LC_ALL=C NFSTB_RUNDIR="$tmp/run")
clean_env() { "${clean_env[@]}" "$@"; }
snapshot() { { find "$TOP/build" "$TOP/results" -printf '%p %s %T@ %l\n' 2> /dev/null || true; } | sort | sha256sum; }

# one_error WHAT EXPECT RC FILE: RC is a failure (not a timeout) and FILE is
# exactly one 'nfstb: error:' line containing EXPECT. Prints what is wrong.
one_error() {
	local expect=$2 rc=$3 file=$4
	[ "$rc" != 0 ] || { echo "exit status 0"; return; }
	[ "$rc" != 124 ] || { echo "timed out"; return; }
	[ "$(wc -l < "$file")" = 1 ] || { echo "stderr is not one line: $(tr '\n' '|' < "$file")"; return; }
	grep -q '^nfstb: error: ' "$file" || { echo "not an nfstb error line: $(cat "$file")"; return; }
	grep -qF -- "$expect" "$file" || { echo "no '$expect' in: $(cat "$file")"; return; }
}

# bad DESCRIPTION EXPECT GOAL [VAR=VALUE | +VAR=VALUE]...: 'make GOAL' fails
# with one line containing EXPECT before anything is built or started.
# VAR=VALUE goes into the environment, +VAR=VALUE onto make's command line.
bad() {
	local desc=$1 expect=$2 goal=$3 a envs=() args=() rc=0 before why t0 ms
	shift 3
	for a in "$@"; do
		case "$a" in +*) args+=("${a#+}") ;; *) envs+=("$a") ;; esac
	done
	before=$(snapshot)
	rm -f "$tmp/reached"
	t0=$(date +%s%N)
	clean_env "${envs[@]}" timeout 20 make -s --no-print-directory -C "$TOP" "$goal" "${args[@]}" \
		> "$tmp/out" 2> "$tmp/err.raw" || rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	grep -Ev '^make: \*\*\* \[Makefile:[0-9]*: (validate|fleet-inputs)\] Error 1$' "$tmp/err.raw" > "$tmp/err" || true
	why=$(one_error "$desc" "$expect" "$rc" "$tmp/err")
	[ -n "$why" ] || [ ! -s "$tmp/out" ] || why="stdout not empty: $(head -c 200 "$tmp/out")"
	[ -n "$why" ] || [ ! -e "$tmp/reached" ] || why="reached: $(tr '\n' ';' < "$tmp/reached")"
	[ -n "$why" ] || [ "$before" = "$(snapshot)" ] || why="build/ or results/ changed"
	[ -n "$why" ] || [ ! -e "$tmp/run" ] || why="the lock directory was created"
	last_ms=$ms
	if [ -z "$why" ]; then ok "make $goal: $desc (${ms} ms)"; else not_ok "make $goal: $desc" "$why"; fi
}

# --- every shell script of the project parses (most run only in the lab) ---
for f in "$TOP"/harness/*.sh "$TOP"/harness/tests/*.sh "$TOP"/vm/*.sh "$TOP"/vm/guest/*.sh "$TOP"/nfs-server/*.sh \
	"$TOP"/kernel-patches/*.sh "$TOP"/.ci/run; do
	if err=$(bash -n "$f" 2>&1); then ok "${f#"$TOP"/} parses"
	else not_ok "${f#"$TOP"/} parses" "$(head -1 <<< "$err")"; fi
done

# --- SCENARIOS, ARMS, MODES ---
bad "unknown scenario" "unknown scenario 'bogus'" nfs-test +SCENARIOS=bogus
if [ "$last_ms" -lt 1000 ]; then ok "SCENARIOS=bogus refused in under a second ($last_ms ms)"
else not_ok "SCENARIOS=bogus refused in under a second" "took $last_ms ms"; fi
bad "unknown scenario in a list" "unknown scenario 'v3-tpc'" nfs-test +SCENARIOS=v3-tcp,v3-tpc
bad "a glob as scenario" "SCENARIOS may hold only" nfs-test 'SCENARIOS=*'
bad "command substitution in SCENARIOS" "SCENARIOS may hold only" nfs-test 'SCENARIOS=$(id)'
bad "a semicolon in SCENARIOS" "SCENARIOS may hold only" nfs-test 'SCENARIOS=v3-tcp;id'
bad "a newline in SCENARIOS" "SCENARIOS may hold only" nfs-test "SCENARIOS=v3-tcp
bogus"
bad "unknown arm" "unknown arm 'bogus'" nfs-test +ARMS=bogus
bad "arm list with a glob" "ARMS may hold only" nfs-test 'ARMS=fixed,*'
bad "unknown mode" "unknown mode 'swap'" nfs-test +MODES=swap

# --- the scenario table itself (NFSTB_SCENARIO_DEF) ---
# bad_table NAME TEXT DESCRIPTION EXPECT: a table NAME.def holding TEXT
# (printf format) is refused with one line containing EXPECT.
bad_table() { printf "$2" > "$tmp/$1.def"; bad "$3" "$4" nfs-test NFSTB_SCENARIO_DEF="$tmp/$1.def"; }
bad_table outside '\tworkload smoke\n' "a declaration before any scenario" "outside.def:1: a declaration before the first scenario line"
bad_table like 'scenario a like b\n' "like an undeclared scenario" "like.def:1: scenario a is like b, which is not declared above it"
bad_table twice 'scenario a\nscenario a\n' "a scenario declared twice" "twice.def:2: scenario a declared twice"
bad_table key 'scenario a\n\tworkoad smoke\n' "an unknown key" "key.def:2: unknown key \"workoad\""
bad_table guest 'scenario a\n\tguest files=4 $(id)\n' "shell in a guest parameter" "guest.def:2: guest of a: only letters"
bad_table knob 'scenario a\n\tarm fixed connect_nofs\n' "a knob that is not KEY=VALUE" "knob.def:2: arm of a: \"connect_nofs\" is not KEY=VALUE"
bad_table modeparam 'scenario a\n\tmode natural squeeze files\n' "a mode parameter that is not KEY=VALUE" "modeparam.def:2: mode of a: \"files\" is not KEY=VALUE"
bad_table pct 'scenario a\n\texpect fixed * PASS 0\n' "an expectation of 0 percent" "pct.def:2: expected: expect ARM MODE VERDICT PERCENT (1-100)"
bad_table incomplete 'scenario a\n\tworkload smoke\n' "a scenario without a mount" "incomplete.def: scenario a has no mount"
bad "a table that does not exist" "is not a readable file" nfs-test NFSTB_SCENARIO_DEF="$tmp/none.def"
# --- integers ---
for v in 0 -5 abc 1001 010 99999999999999999999 '1 2'; do
	bad "RUNS='$v'" "RUNS must be an integer from 1 to 1000" nfs-test "+RUNS=$v"
done
for var in WATCHDOG RUN_TIMEOUT; do
	for v in 0 -5 abc '$(id)' 'a[$(id)]' '1+1' 99999999999999999999; do
		bad "$var='$v'" "$var must be an integer from 1 to" nfs-test "$var=$v"
	done
done
bad "CAPTURE=2" "CAPTURE must be 0 or 1" nfs-test +CAPTURE=2
for v in 0/2 3/2 1/0 a/b 1/2/3 1/2x 1000/1000; do
	bad "SHARD='$v'" "SHARD must be i/N with 1 <= i <= N <= 999" nfs-test "+SHARD=$v"
done
bad "CAPTURE=yes" "CAPTURE must be 0 or 1" nfs-test +CAPTURE=yes
# --- RESULTS ---
for v in results rel/dir "/tmp/a b" "/tmp/a'b" '/tmp/a"b' '/tmp/../etc' '/tmp/<x>' '/tmp/a|b' '/tmp/$(id)' '/tmp/a&b'; do
	bad "RESULTS='$v'" "RESULTS must be an absolute path" nfs-test "RESULTS=$v"
done
bad "RESULTS a file" "is not a directory" nfs-test RESULTS=/etc/hostname
# --- make soak ---
bad "unknown SOAK part" "unknown SOAK='forever'" soak +SOAK=forever
for v in -1 abc 1001 '$(id)'; do
	bad "SOAK_RUNS='$v'" "SOAK_RUNS must be an integer from 0 to 1000" soak "SOAK_RUNS=$v"
done
# --- nfs-capture's SCENARIO ---
bad "no SCENARIO" "name a scenario" nfs-capture
bad "unknown SCENARIO" "SCENARIO must be exactly one scenario name" nfs-capture +SCENARIO=bogus
bad "two scenarios" "SCENARIO must be exactly one scenario name" nfs-capture +SCENARIO=v3-tcp,v42-tcp
bad "a workload name" "SCENARIO must be exactly one scenario name" nfs-capture +SCENARIO=deadlock
bad "all" "SCENARIO must be exactly one scenario name" nfs-capture +SCENARIO=all
bad "SCENARIO with a quote" "SCENARIO must be exactly one scenario name" nfs-capture "SCENARIO=v3-tcp'"
bad "bad ARMS" "unknown arm 'x'" nfs-capture +SCENARIO=v3-tcp +ARMS=x
bad "bad RUN_TIMEOUT" "RUN_TIMEOUT must be" nfs-capture +SCENARIO=v3-tcp RUN_TIMEOUT=abc
# --- bench, vm-up, kernel ---
bad "bad RUNS" "RUNS must be an integer" bench +RUNS=abc
bad "unknown scenario" "unknown scenario" bench +SCENARIOS=bogus
bad "AGAINST not a commit" "is not a commit of this repository" bench +AGAINST=no-such-branch
bad "AGAINST with a space" "AGAINST must name a commit" bench "AGAINST=HEAD; id"
bad "AGAINST as an option" "AGAINST must name a commit" bench +AGAINST=--all
bad "VERS=5" "unknown NFS version" vm-up +VERS=5
bad "PROTO=sctp" "unknown transport" vm-up +PROTO=sctp
bad "NFSv4 over UDP" "PROTO=udp needs VERS=3" vm-up +VERS=4.2 +PROTO=udp
bad "CONFIG=bogus" "unknown kernel CONFIG" kernel +CONFIG=bogus
bad "CONFIG=bogus" "unknown kernel CONFIG" nfs-test +CONFIG=bogus
bad "KERNEL=6.13" "unknown KERNEL '6.13'" nfs-test +KERNEL=6.13
bad "KERNEL=6.13" "unknown KERNEL '6.13'" kernel +KERNEL=6.13
bad "KERNEL with a quote" "unknown KERNEL" nfs-test "KERNEL=6.1'x"
# --- PATCHES, EXTRA_PATCHES ---
bad "PATCHES missing" "is not a directory" nfs-test "+PATCHES=$tmp/none"
bad "PATCHES without series" "has no 'series' file" nfs-test "+PATCHES=$tmp/noseries"
bad "PATCHES with a quote" "PATCHES must be an absolute path" nfs-test "PATCHES=$tmp/it's"
bad "PATCHES with '..'" "PATCHES must be an absolute path" kernel "+PATCHES=$tmp/patches/../patches"
bad "EXTRA_PATCHES missing" "is not a regular file" nfs-test "+EXTRA_PATCHES=$tmp/a.patch,$tmp/none.patch"
bad "EXTRA_PATCHES a directory" "is not a regular file" kernel "+EXTRA_PATCHES=$tmp/patches"
bad "EXTRA_PATCHES with a glob" "EXTRA_PATCHES may hold only" nfs-test "EXTRA_PATCHES=$tmp/*.patch"
# --- NFSTB_* knobs that go into the domain XML ---
bad "NFSTB_SERVER_NAME with a quote" "NFSTB_SERVER_NAME must be" nfs-test "NFSTB_SERVER_NAME=a'b"
bad "NFSTB_BRIDGE too long" "NFSTB_BRIDGE must be" nfs-test NFSTB_BRIDGE=nfstb-bridge-0123
bad "NFSTB_PREFIX with XML" "NFSTB_PREFIX must be" nfs-test "NFSTB_PREFIX=10.0.0'/><x"
bad "NFSTB_PREFIX out of range" "NFSTB_PREFIX must be" vm-up NFSTB_PREFIX=10.0.256
bad "NFSTB_CLIENT_MEM=abc" "NFSTB_CLIENT_MEM must be an integer" nfs-test NFSTB_CLIENT_MEM=abc
bad "NFSTB_ACCEL=xen" "unknown NFSTB_ACCEL" vm-up NFSTB_ACCEL=xen
bad "NFSTB_KERNEL with a quote" "NFSTB_KERNEL must be" nfs-test "NFSTB_KERNEL=/tmp/k'z"

# --- what the validator makes of good input ---
# expect DESCRIPTION EXPECTED VAR=VALUE...: 'validate_inputs nfs-test' prints
# SCENARIOS/ARMS/MODES/RUNS as EXPECTED.
expect() {
	local desc=$1 want=$2 got
	shift 2
	got=$(clean_env "$@" bash -c '. "$1/harness/validate.sh"; validate_inputs nfs-test
		echo "$SCENARIOS/$ARMS/$MODES/$RUNS"' sh "$TOP" 2>&1) || true
	if [ "$got" = "$want" ]; then ok "$desc"; else not_ok "$desc" "got '$got', want '$want'"; fi
}
expect "SCENARIOS=deadlock,v3-tcp runs v3-tcp once" "v3-tcp v42-tcp v3-udp nconnect-v3/fixed control stock/forced natural creation noroute starve/2" SCENARIOS=deadlock,v3-tcp
expect "KERNEL=6.12: a workload name takes the 6.12-only scenarios too" \
	"v3-tcp v42-tcp v3-udp v3-tcp-stock v42-tcp-stock v3-udp-stock nconnect-v3/stock/forced natural creation noroute starve/1" \
	SCENARIOS=deadlock NFSTB_TREE=6.12 ARMS=stock RUNS=1
bad "a 6.12-only scenario on 6.1" "scenario v3-tcp-stock runs only on KERNEL=6.12" nfs-test +SCENARIOS=v3-tcp-stock
expect "repeated arms and modes, space separated" "v3-tcp/control/natural forced/1000" \
	SCENARIOS="v3-tcp v3-tcp" ARMS=control,control MODES="natural forced,natural" RUNS=1000
# every scenario of the table but those with a 'trees' line without 6.1
expect "SCENARIOS=all,swap is every 6.1 scenario once" \
	"$(awk '$1 == "scenario" { if (name && !skip[name]) print name; name = $2; skip[name] = ($3 == "like") ? skip[$4] : 0 }
		$1 == "trees" { skip[name] = !/[ \t]6\.1([ \t]|$)/ }
		END { if (name && !skip[name]) print name }' "$TOP/harness/scenarios.def" | paste -sd' ')/fixed control stock/forced natural creation noroute starve/2" SCENARIOS=all,swap
expect "SCENARIOS=default is what an empty SCENARIOS runs" \
	"$(clean_env bash -c '. "$1/harness/validate.sh"; validate_inputs nfs-test; echo "$SCENARIOS"' sh "$TOP" 2>&1)/fixed control stock/forced natural creation noroute starve/2" SCENARIOS=default

# --- SHARD=i/N and make nfs-merge: every way to cut a plan goes back whole ---
# fake_shard DIR I N PLAN TREE KEY [EXTRA]: a results directory as make nfs-test
# SHARD=I/N leaves it (no run directories: the views say so).
fake_shard() {
	mkdir -p "$1"
	clean_env bash -c '. "$1/harness/scenarios.sh"; shard_plan "$2" "$3"' sh "$TOP" "$2" "$3" < "$4" > "$1/plan"
	{ printf 'n\trun\tscenario\tarm\tmode\tindex\tseed\texpect\tpercent\n'; cut -f1-9 "$1/plan"; } > "$1/matrix.tsv"
	echo "$2/$3 $(wc -l < "$4")" > "$1/shard"
	echo "$5" > "$1/kernel-tree"
	echo "$TOP/build/kernels/default-$6/bzImage" > "$1/kernel-default.path"
	# the source: the package version and patch set ($7, default the series)
	clean_env NFSTB_TREE="$5" EXTRA_PATCHES="${7:-}" "$TOP/harness/kernel-source.sh" "$1"
}
merge_ok=1 merge_why=""
for size in 1 2 5 7; do
	whole=$tmp/plan-$size
	for k in $(seq 1 "$size"); do
		printf '%s\tv3-tcp-fixed-forced-%s\tv3-tcp\tfixed\tforced\t%s\t%s\tPASS\t100\tdefault\n' "$k" "$k" "$k" "$((k * 7919))"
	done > "$whole"
	for shards in 1 2 3 4; do
		[ "$shards" -le "$size" ] || continue
		list=""
		rm -rf "$tmp/shards"
		for i in $(seq "$shards" -1 1); do
			fake_shard "$tmp/shards/s$i" "$i" "$shards" "$whole" 6.1 abc
			list=${list:+$list,}$tmp/shards/s$i
		done
		clean_env RESULTS="$list" MERGED="$tmp/shards/merged" "$TOP/harness/merge.sh" > /dev/null 2>&1 || true
		if ! cmp -s "$whole" "$tmp/shards/merged/plan"; then
			merge_ok=0 merge_why="size $size in $shards shards: the merged plan is not the whole one"
		fi
	done
done
if [ "$merge_ok" = 1 ]; then ok "nfs-merge: shards of plans of 1, 2, 5, 7 runs cut 1 to 4 ways merge back run for run"
else not_ok "nfs-merge: shards merge back run for run" "$merge_why"; fi
# merge_refused DESC EXPECT DIR,DIR: one error line naming EXPECT, nothing made
merge_refused() {
	local rc=0 why
	rm -rf "$tmp/shards/merged"
	clean_env RESULTS="$3" MERGED="$tmp/shards/merged" "$TOP/harness/merge.sh" > /dev/null 2> "$tmp/err" || rc=$?
	why=$(one_error "$1" "$2" "$rc" "$tmp/err")
	[ -n "$why" ] || [ ! -e "$tmp/shards/merged" ] || why="made $tmp/shards/merged"
	if [ -z "$why" ]; then ok "nfs-merge: $1"; else not_ok "nfs-merge: $1" "$why"; fi
}
rm -rf "$tmp/shards"
fake_shard "$tmp/shards/a" 1 2 "$tmp/plan-5" 6.1 abc
fake_shard "$tmp/shards/b" 2 2 "$tmp/plan-5" 6.12 abc
fake_shard "$tmp/shards/c" 2 2 "$tmp/plan-5" 6.1 def
fake_shard "$tmp/shards/d" 1 3 "$tmp/plan-5" 6.1 abc
fake_shard "$tmp/shards/e" 1 2 "$tmp/plan-5" 6.1 abc
fake_shard "$tmp/shards/g" 2 2 "$tmp/plan-5" 6.1 abc "$TOP/kernel-patches/mutants/$(ls "$TOP/kernel-patches/mutants" | grep -m1 '\.patch$')"
mkdir -p "$tmp/shards/f" && cp "$tmp/shards/a/plan" "$tmp/shards/a/matrix.tsv" "$tmp/shards/a/kernel-tree" "$tmp/shards/f/"
merge_refused "another tree" "one tree only" "$tmp/shards/a,$tmp/shards/b"
merge_refused "other kernels (another series key)" "ran other kernels" "$tmp/shards/a,$tmp/shards/c"
merge_refused "another patch set, same kernel keys" "one package version and patch set only" "$tmp/shards/a,$tmp/shards/g"
merge_refused "shards of another cut" "another selection" "$tmp/shards/a,$tmp/shards/d"
merge_refused "the same shard twice" "shard 1/2 twice" "$tmp/shards/a,$tmp/shards/e"
merge_refused "a directory that is not a shard" "is not a shard" "$tmp/shards/a,$tmp/shards/f"
merge_refused "no such directory" "is not a results directory" "$tmp/shards/a,$tmp/shards/nothing"
merge_refused "no RESULTS" "nfs-merge needs RESULTS=" ""

# --- the fleet (harness/fleet): inputs, the playbook, the shards it hands out ---
bad "fleet without an inventory" "nfs-fleet needs INVENTORY=FILE" nfs-fleet
bad "fleet inventory not a file" "is not a readable file" nfs-fleet +INVENTORY=/nonexistent
bad "local fleet of 0 shards" "FLEET_SHARDS must be an integer from 1 to 99" nfs-fleet-local +FLEET_SHARDS=0
bad "local fleet installed into a checkout" "is a git checkout" nfs-fleet-local "+FLEET_DIR=$TOP"
bad "fleet timeout too short" "FLEET_TIMEOUT must be an integer from 60" nfs-fleet-local +FLEET_TIMEOUT=5
bad "fleet with a bad selection" "unknown scenario 'bogus'" nfs-fleet-local +SCENARIOS=bogus
bad "fleet dry run not 0 or 1" "FLEET_DRY_RUN must be 0 or 1" nfs-fleet-local +FLEET_DRY_RUN=yes
if out=$(clean_env LC_ALL=C.UTF-8 ANSIBLE_CONFIG="$TOP/harness/fleet/ansible.cfg" \
	ansible-playbook --syntax-check -i localhost, "$TOP/harness/fleet/nfs-fleet.yml" 2>&1); then
	ok "fleet: the playbook passes ansible-playbook --syntax-check"
else not_ok "fleet: the playbook passes ansible-playbook --syntax-check" "$(echo "$out" | tail -3 | tr '\n' ' ')"; fi
# A dry run: 5 hosts on 3 machines; each host's command names its own
# shard of 5 and results root, the machine's install, and the selection.
fleet_ok=1 fleet_why=""
{
	echo "[nfstb]"
	for h in 1:m1 2:m2 3:m1 4:m3 5:m2; do
		echo "h${h%:*} ansible_connection=local ansible_python_interpreter=/usr/bin/python3 nfstb_machine=${h#*:} nfstb_dir=$tmp/fleet/${h#*:}"
	done
} > "$tmp/fleet.ini"
clean_env INVENTORY="$tmp/fleet.ini" FLEET_DRY_RUN=1 RESULTS="$tmp/fleet/out" SCENARIOS=v3-tcp RUNS=4 \
	timeout 120 "$TOP/harness/fleet/run.sh" > "$tmp/fleet.log" 2>&1 || { fleet_ok=0 fleet_why="run.sh failed: $(tail -3 "$tmp/fleet.log" | tr '\n' ' ')"; }
for h in 1:m1 2:m2 3:m1 4:m3 5:m2; do
	i=${h%:*} m=${h#*:}
	c=$(cat "$tmp"/fleet/"$m"/results/fleet-*-shard-"$i"/command 2> /dev/null) || c=""
	case "$c" in
	"timeout --foreground -k 60 21600 make -C $tmp/fleet/$m nfs-test SHARD=$i/5 RESULTS=$tmp/fleet/$m/results/fleet-"*"-shard-$i KERNEL=6.1 RUNS=4 SCENARIOS=v3-tcp ") ;;
	*) fleet_ok=0 fleet_why="host h$i on $m: '$c'" ;;
	esac
done
[ "$(find "$tmp/fleet" -name command | wc -l)" = 5 ] || { fleet_ok=0 fleet_why="not 5 commands: $(find "$tmp/fleet" -name command | wc -l)"; }
if [ "$fleet_ok" = 1 ]; then ok "fleet: a dry run of 5 hosts on 3 machines hands out shards 1/5 to 5/5, each in its machine's install"
else not_ok "fleet: a dry run hands out one shard per host" "$fleet_why"; fi
# fleet_refused DESC EXPECT INVENTORY-TEXT: the playbook refuses the
# inventory (a dry run), saying EXPECT
fleet_refused() {
	local log=$tmp/fleet-refused.log
	printf '%b' "$3" > "$tmp/fleet-refused.ini"
	rm -rf "$tmp/fleet/refused"
	if clean_env INVENTORY="$tmp/fleet-refused.ini" FLEET_DRY_RUN=1 RESULTS="$tmp/fleet/refused" \
		timeout 120 "$TOP/harness/fleet/run.sh" > "$log" 2>&1; then
		not_ok "fleet: $1" "run.sh succeeded"
	elif grep -q "$2" "$log"; then
		ok "fleet: $1"
	else not_ok "fleet: $1" "$(tail -2 "$log" | tr '\n' ' ')"; fi
}
# an install directory that is not two levels deep
fleet_refused "nfstb_dir=/ is refused" "give an absolute path at least two levels deep" \
	'[nfstb]\nx ansible_connection=local ansible_python_interpreter=/usr/bin/python3 nfstb_dir=/\n'
# two hosts of one machine with two installs (one lab, one build)
fleet_refused "hosts of one machine with two installs are refused" "share a machine but not nfstb_dir" \
	'[nfstb]\nx ansible_connection=local nfstb_machine=m nfstb_dir=/tmp/a\ny ansible_connection=local nfstb_machine=m nfstb_dir=/tmp/b\n'

# compare.py: a merged fleet run against one machine's; each kind of
# difference (order, seed, a forced verdict, a natural reach) found.
cmp_dir() { # DIR: four runs, forced and natural, with records
	mkdir -p "$1"
	printf '1\tv3-tcp-fixed-forced-1\tv3-tcp\tfixed\tforced\t1\t11\n2\tv3-tcp-control-forced-1\tv3-tcp\tcontrol\tforced\t1\t12\n3\tv3-tcp-fixed-natural-1\tv3-tcp\tfixed\tnatural\t1\t13\n4\tv3-tcp-control-natural-1\tv3-tcp\tcontrol\tnatural\t1\t14\n' > "$1/plan"
	for r in fixed-forced:PASS:true control-forced:DEADLOCK:true fixed-natural:PASS:true control-natural:DEADLOCK:true; do
		mkdir -p "$1/v3-tcp-${r%%:*}-1"
		v=${r#*:}
		printf '{"verdict": "%s", "reached": %s}\n' "${v%%:*}" "${v#*:}" > "$1/v3-tcp-${r%%:*}-1/run.json"
	done
}
cmp_case() { # DESC CHECK EDIT: EDIT run in b (and a: both), CHECK the one line that differs ('-': none)
	local rc=0 want=1 got
	[ "$2" != - ] || want=0
	rm -rf "$tmp/cmp" && cmp_dir "$tmp/cmp/a" && cmp_dir "$tmp/cmp/b"
	(cd "$tmp/cmp/b" && eval "$3")
	[ "${4:-}" != both ] || (cd "$tmp/cmp/a" && eval "$3")
	"$TOP/harness/fleet/compare.py" "$tmp/cmp/a" "$tmp/cmp/b" > "$tmp/cmp.out" 2>&1 || rc=$?
	got=$(awk '$2 == "DIFFERS:" { print $1 }' "$tmp/cmp.out" | paste -sd,)
	if [ "$rc" = "$want" ] && [ "${got:--}" = "$2" ]; then ok "fleet compare.py: $1 (exit $rc)"
	else not_ok "fleet compare.py: $1" "exit $rc, differs '$got', want $want '$2': $(tr '\n' ' ' < "$tmp/cmp.out")"; fi
}
cmp_case "the same selection" - true
cmp_case "two runs swapped" plan "sed -i '1{h;d};2{G}' plan"
cmp_case "another seed" plan "sed -i '1s/\t11\$/\t99/' plan"
cmp_case "a seed twice" seeds "sed -i '2s/\t12\$/\t11/' plan" both
cmp_case "a forced verdict" forced "echo '{\"verdict\": \"PASS\", \"reached\": true}' > v3-tcp-control-forced-1/run.json"
cmp_case "a natural run not reached" natural "echo '{\"verdict\": \"HAZARD-NOT-REACHED\", \"reached\": false}' > v3-tcp-fixed-natural-1/run.json"
cmp_case "a record missing" forced "rm v3-tcp-control-forced-1/run.json"

# runs_of VAR=VALUE... -- SCENARIO:MODE...: scenario_runs of each, after
# validate_inputs, space separated
runs_of() {
	local vars=() pairs
	while [ "$1" != -- ]; do vars+=("$1"); shift; done
	shift
	pairs="$*"
	clean_env "${vars[@]}" bash -c '. "$1/harness/validate.sh"; validate_inputs nfs-test
		for p in $2; do printf "%s " "$(scenario_runs "${p%%:*}" "${p#*:}")"; done' sh "$TOP" "$pairs" 2>&1
}
check_runs() {
	local desc=$1 want=$2 got
	shift 2
	got=$(runs_of "$@")
	if [ "$got" = "$want" ]; then ok "$desc"; else not_ok "$desc" "got '$got', want '$want'"; fi
}
check_runs "a plain make nfs-test: forced twice, natural once where declared, lockdep twice" "2 1 2 0 " \
	-- v3-tcp:forced v3-tcp:natural lockdep-v3:lockdep v3-tcp-stock:natural
check_runs "RUNS= counts for every mode; without MODES= natural runs only where declared" "3 3 0 " \
	RUNS=3 NFSTB_TREE=6.12 -- v3-tcp:forced v3-tcp:natural v3-tcp-stock:natural
check_runs "MODES=natural RUNS=10: ten natural runs, declared or not" "10 10 " \
	MODES=natural RUNS=10 NFSTB_TREE=6.12 -- v3-udp:natural v3-tcp-stock:natural
bad_table runs0 'scenario a\n\truns natural 0\n' "zero runs" "runs0.def:2: expected: runs MODE N (1-999)"
printf 'scenario a\n\tabout A\n\tworkload w\n\tmount vers=3 proto=tcp\n\tkernel default\n\tdefault no\n\tarm - \n\tmode forced t1\n\truns natural 1\n\twatchdog 20\n\tverify client\n' > "$tmp/runsmode.def"
bad "runs of an undeclared mode" "scenario a: runs of mode natural, which it does not declare" nfs-test NFSTB_SCENARIO_DEF="$tmp/runsmode.def"
# every mode names the rules that judge it, every arm what it must show
printf 'scenario a\n\tabout A\n\tworkload w\n\tmount vers=3 proto=tcp\n\tkernel default\n\tdefault no\n\tarm fixed k=Y\n\trole fixed fixed\n\tmode forced t1\n\twatchdog 20\n\tverify client\n' > "$tmp/nojudge.def"
bad "a mode without a judge line" "scenario a: mode forced has no judge line" nfs-test NFSTB_SCENARIO_DEF="$tmp/nojudge.def"
printf 'scenario a\n\tabout A\n\tworkload w\n\tmount vers=3 proto=tcp\n\tkernel default\n\tdefault no\n\tarm fixed k=Y\n\tmode forced t1\n\tjudge forced reconnect-injected\n\twatchdog 20\n\tverify client\n' > "$tmp/norole.def"
bad "an arm without a role line" "scenario a: arm fixed has no role line" nfs-test NFSTB_SCENARIO_DEF="$tmp/norole.def"
bad_table badjudge 'scenario a\n\tjudge forced lenient\n' "a judge line naming unknown rules" "badjudge.def:2: expected: judge MODE smoke|reconnect-injected|reconnect-direct|lockdep|swap|connect-error"

# --- what scenarios.sh makes of a table: 'like' inherits, and a child's
# line replaces the parent's line of the same key and names ---
table_query() {
	clean_env NFSTB_SCENARIO_DEF="$tmp/q.def" bash -c '. "$1/vm/lib.sh"; . "$1/harness/scenarios.sh"; scenarios_load
		echo "$(scenario_names | paste -sd,)|$(scenario_get b mount)|$(scenario_names_of b arm | paste -sd,)|$(scenario_get b "arm fixed")|$(scenario_expect b control forced)|$(scenario_expect b fixed natural)|$(trigger_modes | paste -sd,)|$(scenario_get b "mode natural")|$(scenario_get b "modeguest natural")"' sh "$TOP" 2>&1
}
printf 'scenario a\n\tabout A\n\tworkload w\n\tmount vers=3 proto=tcp\n\tkernel default\n\tdefault no\n\tarm fixed k=Y\n\tarm control k=N\n\trole fixed fixed\n\trole control control\n\tmode forced t1\n\tmode natural t2 files=8 size=8M\n\tmode lockdep -\n\tjudge forced reconnect-injected\n\tjudge natural reconnect-direct\n\tjudge lockdep lockdep\n\twatchdog 20\n\tverify client\n\texpect fixed * PASS 100\n\texpect control forced DEADLOCK(x) 95\nscenario b like a\n\tmount vers=4.2 proto=tcp\n\tarm fixed k=Y j=1\n' > "$tmp/q.def"
got=$(table_query)
want="a,b|vers=4.2 proto=tcp|fixed,control|k=Y j=1|DEADLOCK(x) 95|PASS 100|forced,natural|t2|files=8 size=8M"
if [ "$got" = "$want" ]; then ok "a 'like' block inherits the parent's lines and replaces those it declares"
else not_ok "a 'like' block inherits the parent's lines and replaces those it declares" "got '$got', want '$want'"; fi

# --- the lab lock (on a temporary NFSTB_RUNDIR) ---
"${clean_env[@]}" bash -c '. "$1/vm/lib.sh"; lab_lock holder-test; echo ready; exec sleep 60' sh "$TOP" > "$tmp/holder.out" 2>&1 &
holder=$!
bg_pids+=("$holder")
for _ in $(seq 50); do grep -q ready "$tmp/holder.out" 2> /dev/null && break; sleep 0.1; done
rc=0
clean_env bash -c '. "$1/vm/lib.sh"; lab_lock second' sh "$TOP" > /dev/null 2> "$tmp/err" || rc=$?
why=$(one_error lock "holder-test (pid $holder, checkout $TOP" "$rc" "$tmp/err")
if [ -z "$why" ]; then ok "a second lab_lock is refused with one line naming the holder and its checkout"
else not_ok "a second lab_lock is refused with one line naming the holder and its checkout" "$why"; fi
rc=0
clean_env "$TOP/vm/locked.sh" kernel true > /dev/null 2> "$tmp/err" || rc=$?
why=$(one_error lock "pid $holder" "$rc" "$tmp/err")
if [ -z "$why" ]; then ok "vm/locked.sh (the kernel build's wrapper) is refused while the lock is held"
else not_ok "vm/locked.sh (the kernel build's wrapper) is refused while the lock is held" "$why"; fi
kill "$holder"
wait "$holder" 2> /dev/null || true
got=$(clean_env bash -c '. "$1/vm/lib.sh"; lab_lock parent
	bash -c ". \"$1/vm/lib.sh\"; lab_lock child && echo child-ok"; cat "$RUNDIR/lab.holder"' sh "$TOP" 2>&1 || true)
if [[ $got == child-ok*"what=parent"* ]]; then ok "the lock is free once its holder exits; a child of the holder passes"
else not_ok "the lock is free once its holder exits; a child of the holder passes" "got: $got"; fi

# --- PIDs verified before signalling; leftovers named (throw-away state) ---
got=$(clean_env NFSTB_SERVER_NAME=nfstbt-srv$$ NFSTB_CLIENT_NAME=nfstbt-cli$$ NFSTB_NETNS=nfstbt$$ \
	NFSTB_NET=nfstbt-net$$ NFSTB_BRIDGE=nfstbt-br$$ PATH="$PATH" bash -c '
	. "$1/vm/lab.sh"
	mkdir -p "$STATE"
	sleep 60 & p=$!
	echo "$p" > "$STATE/libvirtd.pid"
	pid_record libvirtd
	[ "$(pid_ours libvirtd)" = "$p" ] && echo recorded-ok
	echo "1 /bin/false" > "$STATE/libvirtd.id"
	pid_ours libvirtd || echo changed-refused
	pid_record libvirtd
	kill "$p"; wait "$p" 2> /dev/null || true
	pid_ours libvirtd || echo dead-refused
	bash -c "exec -a \"qemu -name guest=$SERVER_NAME,debug-threads=on\" sleep 60" > /dev/null 2>&1 & q=$!
	sleep 0.2
	case "$(lab_leftovers)" in *"pid $q "*) echo leftover-named ;; esac
	kill "$q"; wait "$q" 2> /dev/null || true
	[ -z "$(lab_leftovers)" ] && echo nothing-left
	setsid -w bash -c "sleep 60 & sleep 61; wait" > /dev/null 2>&1 & g=$!
	sleep 0.2
	group_gone "$g" || echo group-running
	kill -TERM -- "-$g"
	wait_for 5 "the group" group_gone "$g" && echo group-gone
	wait "$g" 2> /dev/null || true
	proc_gone "$g" && echo proc-gone
	echo "what=vm-up pid=1 checkout=/x since=now" > "$STATE/owner"
	out=$(lab_free 2>&1) || true
	[ "$out" = "nfstb: error: the lab is up (what=vm-up pid=1 checkout=/x since=now): run '\''make vm-down'\'' first" ] &&
		echo vm-up-refused
	rm -f "$STATE/owner"
	out=$(xml_value test "a'\''b" 2>&1) || true
	grep -q "^nfstb: error: test .* cannot go into the domain XML" <<< "$out" && echo xml-refused
	' sh "$TOP" 2>&1 || true)
for w in recorded-ok changed-refused dead-refused leftover-named nothing-left group-running group-gone proc-gone vm-up-refused xml-refused; do
	if [[ $got == *"$w"* ]]; then ok "lab.sh: $w"; else not_ok "lab.sh: $w" "got: $(tr '\n' '|' <<< "$got")"; fi
done

# --- Ctrl-C and the teardown (vm/lab.sh lab_traps) ---
# traps_case NAME DESCRIPTION BODY: BODY runs with 'c' as the teardown
# (it notes start and done in $f); the test sends SIGINT once BODY has
# noted 'ready' (if it does), then once the teardown has started; the
# teardown must complete and the exit status be 130.
traps_case() {
	local f=$tmp/$1 desc=$2 tp rc=0
	"${clean_env[@]}" bash -c '. "$1/vm/lab.sh"
		f=$2
		c() { echo start >> "$f"; [ -z "${s:-}" ] || kill "$s"; sleep 1; echo done >> "$f"; exit "$1"; }
		lab_traps c; '"$3" sh "$TOP" "$f" 2> /dev/null &
	tp=$!
	bg_pids+=("$tp")
	for _ in $(seq 50); do grep -q 'ready\|start' "$f" 2> /dev/null && break; sleep 0.1; done
	grep -q start "$f" 2> /dev/null || kill -INT "$tp"
	for _ in $(seq 50); do grep -q start "$f" 2> /dev/null && break; sleep 0.1; done
	kill -INT "$tp" 2> /dev/null || true
	wait "$tp" || rc=$?
	if [ "$rc" = 130 ] && grep -q done "$f"; then ok "lab_traps: $desc"
	else not_ok "lab_traps: $desc" "rc=$rc, $(tr '\n' ' ' < "$f")"; fi
}
traps_case traps "a second Ctrl-C during teardown is ignored, exit 130" \
	'sleep 10 & s=$!; echo ready >> "$f"; wait "$s"'
traps_case traps2 "a Ctrl-C during the teardown of a passed run: teardown completes, exit 130" \
	'true'

echo "1..$n"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
