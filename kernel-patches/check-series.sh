#!/bin/bash
# Checks that kernel-patches/series applies to the pristine Debian
# linux-source-6.1 tarball with zero fuzz and zero offset, and that every patch
# is clean under the kernel's own 'scripts/checkpatch.pl --strict', and that
# every mutant in mutants/ applies exactly on top of the series.
# Output is TAP, like kselftest.
set -uo pipefail
. "$(dirname "$0")/../vm/lib.sh"

tarball=${NFSTB_KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
[ -r "$tarball" ] || die "kernel source $tarball is missing: run 'make deps'"
patchdir=$TOP/kernel-patches
mapfile -t patches < <(grep -v '^\s*#' "$patchdir/series" 2>/dev/null | sed '/^\s*$/d')
mapfile -t mutants < <(cd "$patchdir" && ls -1 mutants/*.patch 2> /dev/null)

tree=$(mktemp -d "${TMPDIR:-/tmp}/nfstb-series.XXXXXX")
trap 'rm -rf "$tree"' EXIT
tar -C "$tree" --strip-components=1 -xf "$tarball" || die "cannot unpack $tarball"

echo "TAP version 13"
echo "1..$((2 * ${#patches[@]} + ${#mutants[@]}))"
n=0 failed=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	if [ ! -f "$patchdir/$p" ]; then
		echo "not ok $n - $p: listed in series but missing"
		failed=$((failed + 1))
	elif out=$(patch -d "$tree" -p1 -F0 --no-backup-if-mismatch < "$patchdir/$p" 2>&1) &&
		! grep -qiE 'fuzz|offset' <<< "$out"; then
		echo "ok $n - $p applies with zero fuzz"
	else
		echo "not ok $n - $p does not apply exactly"
		sed 's/^/# /' <<< "$out" | head -20
		failed=$((failed + 1))
	fi
	n=$((n + 1))
	if out=$(cd "$tree" && scripts/checkpatch.pl --strict --quiet "$patchdir/$p" 2>&1) && [ -z "$out" ]; then
		echo "ok $n - $p is checkpatch --strict clean"
	else
		echo "not ok $n - $p has checkpatch --strict findings"
		sed 's/^/# /' <<< "$out" | head -30
		failed=$((failed + 1))
	fi
done
# Each mutant of the fix (make nfs-mutants) must apply on its own, exactly,
# on top of the whole series.
for m in "${mutants[@]}"; do
	n=$((n + 1))
	if out=$(patch -d "$tree" -p1 -F0 --dry-run < "$patchdir/$m" 2>&1) &&
		! grep -qiE 'fuzz|offset' <<< "$out"; then
		echo "ok $n - $m applies after the series"
	else
		echo "not ok $n - $m does not apply after the series"
		sed 's/^/# /' <<< "$out" | head -20
		failed=$((failed + 1))
	fi
done
echo "# series: ${#patches[@]} patches, ${#mutants[@]} mutants, $failed failure(s)"
[ "$failed" -eq 0 ]
