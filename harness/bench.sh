#!/bin/bash
# make bench: the testbed's own speed. Runs a selection (SCENARIOS=smoke-v3,
# v3-tcp RUNS=1 MODES=forced unless given; SCENARIOS=default is the default
# selection of make nfs-test) as a whole 'make nfs-test' and prints the
# median of every phase in its phases.tsv, the run totals per arm, and the
# wall time of the make.
#
# AGAINST=COMMIT runs the same selection, in the same invocation, on a
# checkout of COMMIT too (build/bench/<commit>, its own images and tools;
# the content-keyed kernels are shared) and prints each phase's ratio,
# this checkout over COMMIT. The two runs take turns: this, COMMIT.
# Holds the lab lock across both; everything lands in results/bench-<id>/.
set -euo pipefail
. "$(dirname "$0")/validate.sh"

validate_inputs bench
require_root
lab_lock bench

bench_dir=$RESULTS/bench-$(date +%Y%m%d-%H%M%S)
mkdir -p "$bench_dir"

# checkout_of COMMIT: a clone of this repository at COMMIT whose build/
# shares this checkout's kernels (keyed on their content) and the KVM
# probe's answer (keyed on the host), nothing else.
checkout_of() {
	local sha dir part
	sha=$(git -C "$TOP" rev-parse --verify "$1^{commit}")
	dir=$BUILD/bench/${sha:0:12}
	if [ ! -d "$dir/.git" ]; then
		rm -rf "$dir"
		git clone -q --no-checkout "$TOP" "$dir" || die "cannot clone $TOP into $dir"
	fi
	git -C "$dir" checkout -q --detach "$sha" || die "cannot check out $1 in $dir"
	mkdir -p "$dir/build"
	# The KVM probe's answer is the host's, whichever checkout asks.
	for part in kernels obj-default obj-lockdep pristine src tarball.sha256 kernel-build.lock accel-probe; do
		[ -e "$BUILD/$part" ] || [ "$part" = kernel-build.lock ] || continue
		ln -sfn "$BUILD/$part" "$dir/build/$part"
	done
	echo "$dir"
}

# run_selection LABEL CHECKOUT: 'make nfs-test' of the selection in
# CHECKOUT, its results under $bench_dir/LABEL, its output in LABEL.log;
# its wall time joins LABEL's phases.
run_selection() {
	local label=$1 dir=$2 t0 rc=0 run
	log "bench: $label: make nfs-test in $dir"
	t0=$(date +%s.%N)
	# The other checkout uses its own build directory (with the shared
	# kernels linked in), never this one's images. The selection goes in
	# resolved (an older checkout may not know 'default'), and not through
	# MAKEFLAGS, which would carry 'make bench's own command line.
	(cd "$dir" && unset NFSTB_BUILD NFSTB_IMAGES NFSTB_KERNEL MAKEFLAGS MFLAGS MAKELEVEL &&
		SCENARIOS=${SCENARIOS//[[:space:]]/,} ARMS=${ARMS//[[:space:]]/,} \
		MODES=${MODES//[[:space:]]/,} RUNS=$RUNS RESULTS=$bench_dir/$label \
		make -s nfs-test) > "$bench_dir/$label.log" 2>&1 || rc=$?
	run=$(readlink "$bench_dir/$label/latest" 2> /dev/null) ||
		die "bench: $label made no results directory (make exited $rc): see $bench_dir/$label.log"
	[ -f "$bench_dir/$label/$run/phases.tsv" ] || die "bench: no phases.tsv from $label: see $bench_dir/$label.log"
	printf 'make\tmake nfs-test (wall)\t%s\n' "$(echo "$(date +%s.%N) - $t0" | bc)" >> "$bench_dir/$label/$run/phases.tsv"
	[ "$rc" = 0 ] || log "bench: $label: make nfs-test exited $rc (its table is in $bench_dir/$label.log)"
	echo "$bench_dir/$label/$run"
}

# medians RESULTS-DIR: "phase<TAB>n<TAB>median" for every phase, plus the
# run totals per arm (from matrix.tsv: run -> arm).
medians() {
	awk -F'\t' '
		FNR == 1 { next }
		FILENAME ~ /matrix\.tsv$/ { arm[$2] = $4; next }
		{ v[$2, ++n[$2]] = $3
		  if ($2 == "run-total" && ($1 in arm)) { p = "run-total, arm " arm[$1]; v[p, ++n[p]] = $3 } }
		END {
			for (p in n) {
				m = n[p]
				for (i = 1; i <= m; i++) a[i] = v[p, i] + 0
				for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
				med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
				printf "%s\t%d\t%.3f\n", p, m, med
			}
		}' "$1/matrix.tsv" "$1/phases.tsv" | sort
}

if [ -n "$AGAINST" ]; then against_dir=$(checkout_of "$AGAINST") || exit 1; fi
this=$(run_selection this "$TOP") || exit 1
echo
if [ -z "$AGAINST" ]; then
	echo "phase medians (seconds; $this/phases.tsv):"
	medians "$this" | awk -F'\t' 'BEGIN { printf "  %-36s %5s %9s\n", "phase", "n", "median" }
		{ printf "  %-36s %5d %9.1f\n", $1, $2, $3 }'
	exit 0
fi

other=$(run_selection "against-$AGAINST_SHORT" "$against_dir") || exit 1
echo "phase medians (seconds), this checkout ($(git -C "$TOP" rev-parse --short HEAD)) against $AGAINST_SHORT:"
join -t $'\t' -a 1 -a 2 -e - -o 0,1.2,1.3,2.2,2.3 <(medians "$this") <(medians "$other") |
	awk -F'\t' 'BEGIN { printf "  %-36s %5s %9s %5s %9s %7s\n", "phase", "n", "this", "n", "against", "ratio" }
		{ r = ($3 != "-" && $5 != "-" && $5 > 0) ? sprintf("%.2f", $3 / $5) : "-"
		  printf "  %-36s %5s %9s %5s %9s %7s\n", $1, $2, $3, $4, $5, r }'
echo "  (ratio: this / against; results in $bench_dir)"
