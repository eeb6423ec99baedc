#!/bin/bash
# Every input of the lab targets, checked before any apt, build or lab step.
#
#   harness/validate.sh GOAL...   make's 'validate' target (a prerequisite of
#                                 'deps'): GOAL is a make goal; goals that take
#                                 no inputs are passed over
#   . harness/validate.sh; validate_inputs GOAL
#                                 (harness/nfs-test.sh) also sets and exports
#                                 the validated values
#
# A bad input is one line 'nfstb: error: ...' and exit 1. Lists are comma or
# blank separated and de-duplicated (SCENARIOS=deadlock,v3-tcp runs v3-tcp
# once); integers are matched by a regex before any arithmetic; paths are
# absolute, of [A-Za-z0-9._/-] and without '..'.
. "$(dirname "${BASH_SOURCE[0]}")/../vm/lab.sh"

. "$TOP/harness/scenarios.sh"

# The scenario table: names, their workloads, the default selection.
scenario_table() {
	local name
	scenarios_load
	all_scenarios=() scenario_workloads=() default_scenarios=() scenario_trees=()
	for name in $(scenario_names); do
		all_scenarios+=("$name")
		scenario_workloads+=("$(scenario_get "$name" workload)")
		scenario_trees+=("$(scenario_get "$name" trees)")
		if [ "$(scenario_get "$name" default)" = yes ]; then default_scenarios+=("$name"); fi
	done
}

# unique WORD...: the words, each once, in their first order.
unique() {
	local w seen=" " out=()
	for w in "$@"; do
		[ -n "$w" ] || continue
		case $seen in *" $w "*) continue ;; esac
		seen="$seen$w "
		out+=("$w")
	done
	echo "${out[*]}"
}

# list_words NAME VALUE: VALUE's comma or blank separated words. Only
# letters, digits and . _ - are allowed in a word (no globbing, no newline).
list_words() {
	local name=$1 v=$2 words=()
	[[ $v =~ ^[A-Za-z0-9.,_\ -]*$ ]] ||
		die "$name may hold only letters, digits, '.', '_', '-', commas and spaces, got '$(shown "$v")'"
	IFS=', ' read -r -a words <<< "$v"
	unique "${words[@]}"
}

# choose NAME NOUN VALUE DEFAULT KNOWN...: the de-duplicated words of VALUE
# (DEFAULT when empty), each one of KNOWN.
choose() {
	local name=$1 noun=$2 v=${3:-$4} w out; shift 4
	out=$(list_words "$name" "$v") || exit 1
	for w in $out; do
		in_list "$w" "$@" || die "unknown $noun '$w': use $name=$(IFS=,; echo "$*")"
	done
	[ -n "$out" ] || die "$name is empty: use $name=$(IFS=,; echo "$*")"
	echo "$out"
}

in_list() { local x=$1 y; shift; for y in "$@"; do [ "$x" = "$y" ] && return 0; done; return 1; }

# on_tree NAME: the scenario runs on the selected tree (KERNEL=, as
# NFSTB_TREE): it has no 'trees' line, or its trees name this one.
on_tree() {
	local i
	for i in "${!all_scenarios[@]}"; do
		[ "${all_scenarios[$i]}" = "$1" ] || continue
		[ -z "${scenario_trees[$i]}" ] && return 0
		in_list "${NFSTB_TREE:-6.1}" ${scenario_trees[$i]}
		return
	done
	return 1
}

# resolve_scenarios VALUE: scenario names, workload names (all their
# scenarios) or 'all', as de-duplicated scenario names. A keyword leaves out
# the scenarios of other trees; a scenario named for another tree is an
# error.
resolve_scenarios() {
	local v=$1 w i s out=() words workloads kept=()
	scenario_table
	words=$(list_words SCENARIOS "$v") || exit 1
	[ -n "$words" ] || words=${default_scenarios[*]}
	for w in $words; do
		if [ "$w" = all ]; then
			out+=("${all_scenarios[@]}")
		elif [ "$w" = default ]; then
			out+=("${default_scenarios[@]}")
		elif in_list "$w" "${all_scenarios[@]}"; then
			on_tree "$w" || die "scenario $w runs only on KERNEL=$(scenario_get "$w" trees | tr ' ' ','): add KERNEL=$(scenario_get "$w" trees | cut -d' ' -f1), or leave it out"
			out+=("$w")
		elif in_list "$w" "${scenario_workloads[@]}"; then
			for i in "${!all_scenarios[@]}"; do
				[ "${scenario_workloads[$i]}" = "$w" ] && out+=("${all_scenarios[$i]}")
			done
		else
			workloads=$(unique "${scenario_workloads[@]}")
			die "unknown scenario '$w': known are $(IFS=,; echo "${all_scenarios[*]}"), a workload name (${workloads// /,}), all or default (see harness/scenarios.def)"
		fi
	done
	for s in "${out[@]}"; do on_tree "$s" && kept+=("$s"); done
	[ ${#kept[@]} -gt 0 ] || die "SCENARIOS=$v has no scenario for KERNEL=${NFSTB_TREE:-6.1}: name scenarios of that tree (see harness/scenarios.def)"
	unique "${kept[@]}"
}

# One scenario by its name, for nfs-capture.
check_one_scenario() {
	local v=$1
	scenario_table
	[ -n "$v" ] || die "name a scenario: make nfs-capture SCENARIO=v3-tcp [ARMS=control]"
	[[ $v =~ ^[A-Za-z0-9._-]+$ ]] && in_list "$v" "${all_scenarios[@]}" ||
		die "SCENARIO must be exactly one scenario name, got '$(shown "$v")': known are $(IFS=,; echo "${all_scenarios[*]}")"
}

# check_results VALUE: check_path, and if VALUE exists it is a directory.
check_results() {
	check_path RESULTS "$1"
	[ ! -e "$1" ] || [ -d "$1" ] || die "RESULTS=$1 exists and is not a directory: name a directory"
}

# The patch inputs of the kernel build: PATCHES, a directory with a 'series'
# file; EXTRA_PATCHES, regular files. Relative paths are taken from the checkout.
check_patches() {
	local p f files=()
	if [ -n "${PATCHES:-}" ]; then
		p=$PATCHES
		[[ $p = /* ]] || p=$TOP/$p
		check_path PATCHES "$p"
		[ -d "$p" ] || die "PATCHES=$PATCHES is not a directory: name a patch directory with a 'series' file"
		[ -f "$p/series" ] || die "PATCHES=$PATCHES has no 'series' file: name a patch directory with a 'series' file"
		export PATCHES=$p
	fi
	if [ -n "${EXTRA_PATCHES:-}" ]; then
		[[ $EXTRA_PATCHES =~ ^[A-Za-z0-9._/,\ -]*$ ]] ||
			die "EXTRA_PATCHES may hold only paths of letters, digits and . _ / - separated by commas or spaces, got '$(shown "$EXTRA_PATCHES")'"
		IFS=', ' read -r -a files <<< "$EXTRA_PATCHES"
		p=""
		for f in "${files[@]}"; do
			[ -n "$f" ] || continue
			[[ $f = /* ]] || f=$TOP/$f
			check_path EXTRA_PATCHES "$f"
			[ -f "$f" ] || die "EXTRA_PATCHES: $f is not a regular file: name existing patch files"
			p="$p${p:+ }$f"
		done
		export EXTRA_PATCHES=$p
	fi
}

check_config() {
	case "${CONFIG:-default}" in
	default | lockdep | coverage) ;;
	*) die "unknown kernel CONFIG '$(shown "$CONFIG")': use CONFIG=default, CONFIG=lockdep or CONFIG=coverage" ;;
	esac
	# make KERNEL= arrives as NFSTB_TREE (the Makefile)
	case "${NFSTB_TREE:-6.1}" in
	6.1 | 6.12) ;;
	*) die "unknown KERNEL '$(shown "$NFSTB_TREE")': use KERNEL=6.1 (the default) or KERNEL=6.12" ;;
	esac
}

# The checkout itself: its path goes into the domain XML (kernel, images, logs).
check_checkout() {
	[[ $TOP =~ ^/[A-Za-z0-9._/-]*$ ]] ||
		die "the checkout's path '$(shown "$TOP")' has characters the lab cannot put in libvirt XML: use a path of letters, digits and . _ / -"
}

# The nfs-test selection and knobs; sets and exports them.
check_selection() {
	# parsed once here; the subshells below inherit it
	scenarios_load
	SCENARIOS=$(resolve_scenarios "${SCENARIOS:-}") || exit 1
	ARMS=$(choose ARMS arm "${ARMS:-}" fixed,control,stock fixed control stock) || exit 1
	# shellcheck disable=SC2046 # the trigger modes are words of the table
	# Without MODES=, every trigger mode is chosen, and a scenario runs
	# those it declares 'runs' for besides forced (scenario_runs).
	MODES_GIVEN=${MODES:+1}
	MODES=$(choose MODES mode "${MODES:-}" "$(trigger_modes | paste -sd,)" $(trigger_modes)) || exit 1
	RUNS_GIVEN=${RUNS:+1}
	RUNS=${RUNS:-2}
	check_int RUNS "$RUNS" 1 1000
	CAPTURE=${CAPTURE:-1}
	[ "$CAPTURE" = 0 ] || [ "$CAPTURE" = 1 ] || die "CAPTURE must be 0 or 1, got '$(shown "$CAPTURE")'"
	COVERAGE=${COVERAGE:-0}
	[ "$COVERAGE" = 0 ] || [ "$COVERAGE" = 1 ] || die "COVERAGE must be 0 or 1, got '$(shown "$COVERAGE")'"
	# Empty: each scenario's own watchdog (scenarios.def).
	WATCHDOG=${WATCHDOG:-}
	[ -z "$WATCHDOG" ] || check_int WATCHDOG "$WATCHDOG" 1 3600
	RUN_TIMEOUT=${RUN_TIMEOUT:-300}
	check_int RUN_TIMEOUT "$RUN_TIMEOUT" 1 86400
	RESULTS=${RESULTS:-$TOP/results}
	check_results "$RESULTS"
	# SHARD=i/N: the selection's runs whose plan number k has
	# (k - 1) mod N = i - 1 (shard_plan in scenarios.sh).
	SHARD=${SHARD:-}
	if [ -n "$SHARD" ] && ! { [[ "$SHARD" =~ ^([1-9][0-9]{0,2})/([1-9][0-9]{0,2})$ ]] &&
		[ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ]; }; then
		die "SHARD must be i/N with 1 <= i <= N <= 999, e.g. SHARD=1/2, got '$(shown "$SHARD")'"
	fi
	export SCENARIOS ARMS MODES MODES_GIVEN RUNS RUNS_GIVEN CAPTURE COVERAGE WATCHDOG RUN_TIMEOUT RESULTS SHARD
}

# check_against: AGAINST (make bench), empty or a commit of this repository;
# sets AGAINST_SHORT, its abbreviated hash.
check_against() {
	AGAINST=${AGAINST:-} AGAINST_SHORT=
	[ -n "$AGAINST" ] || return 0
	[[ $AGAINST =~ ^[A-Za-z0-9._/~^-]{1,100}$ ]] && [[ $AGAINST != -* ]] ||
		die "AGAINST must name a commit (a hash, branch or tag), got '$(shown "$AGAINST")'"
	AGAINST_SHORT=$(git -C "$TOP" rev-parse --verify --quiet --short "$AGAINST^{commit}") ||
		die "AGAINST=$AGAINST is not a commit of this repository: name one from 'git log'"
	export AGAINST AGAINST_SHORT
}

# validate_inputs GOAL: the inputs GOAL reads.
validate_inputs() {
	case "$1" in
	nfs-test)
		check_checkout; check_config; check_patches; lab_config_check
		check_selection ;;
	nfs-capture)
		check_checkout; check_config; check_patches; lab_config_check
		check_one_scenario "${SCENARIO:-}"
		SCENARIOS=$SCENARIO RUNS=1 CAPTURE=1
		check_selection ;;
	bench)
		check_checkout; check_config; check_patches; lab_config_check
		# harness/bench.sh's selection
		SCENARIOS=${SCENARIOS:-smoke-v3,v3-tcp} RUNS=${RUNS:-1} MODES=${MODES:-forced}
		check_selection
		check_against ;;
	vm-up)
		check_checkout; check_config; check_patches; lab_config_check
		case "${VERS:-3}" in 3 | 4 | 4.0 | 4.1 | 4.2) ;;
		*) die "unknown NFS version VERS='$(shown "$VERS")': use VERS=3, 4, 4.0, 4.1 or 4.2" ;;
		esac
		case "${PROTO:-tcp}" in tcp) ;;
		udp) [ "${VERS:-3}" = 3 ] || die "PROTO=udp needs VERS=3 (NFSv4 is TCP only)" ;;
		*) die "unknown transport PROTO='$(shown "$PROTO")': use PROTO=tcp or PROTO=udp" ;;
		esac ;;
	kernel)
		check_config; check_patches ;;
	soak)
		check_checkout; lab_config_check
		case "${SOAK:-all}" in runs | signals | all) ;;
		*) die "unknown SOAK='$(shown "$SOAK")': use SOAK=runs, signals or all" ;;
		esac
		check_int SOAK_RUNS "${SOAK_RUNS:-50}" 0 1000 ;;
	esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -euo pipefail
	for goal in "$@"; do validate_inputs "$goal"; done
fi
