#!/bin/bash
# usage: kernel-patches/check-series.sh [6.1|6.12]
# Checks that the tree's series (kernel-patches/series for 6.1,
# kernel-patches/6.12/series for 6.12) applies to the pristine Debian
# linux-source-<tree> tarball with zero fuzz and zero offset, and that every
# patch is clean under that tree's own 'scripts/checkpatch.pl --strict', and
# that every mutant in the tree's mutants/ applies exactly on top of the
# series, and every patch of the coverage flavour (coverage/, if the tree
# has one) applies exactly after the series and is checkpatch-clean too.
# Output is TAP, like kselftest.
set -uo pipefail
. "$(dirname "$0")/../vm/lib.sh"

release=${1:-6.1}
case "$release" in
6.1) patchdir=$TOP/kernel-patches ;;
6.12) patchdir=$TOP/kernel-patches/6.12 ;;
*) die "unknown tree '$release': use 6.1 or 6.12" ;;
esac
tarball=${NFSTB_KERNEL_TARBALL:-/usr/src/linux-source-$release.tar.xz}
[ -r "$tarball" ] || die "kernel source $tarball is missing: run 'make deps'"
echo "# linux-source-$release: $patchdir/series"
mapfile -t patches < <(grep -v '^\s*#' "$patchdir/series" 2>/dev/null | sed '/^\s*$/d')
mapfile -t mutants < <(cd "$patchdir" && ls -1 mutants/*.patch 2> /dev/null)
mapfile -t coverage < <(cd "$patchdir" && ls -1 coverage/*.patch 2> /dev/null)

tree=$(mktemp -d "${TMPDIR:-/tmp}/nfstb-series.XXXXXX")
trap 'rm -rf "$tree"' EXIT
tar -C "$tree" --strip-components=1 -xf "$tarball" || die "cannot unpack $tarball"

echo "TAP version 13"
echo "1..$((2 * ${#patches[@]} + ${#mutants[@]} + 2 * ${#coverage[@]}))"
n=0 failed=0
# applies_exactly FILE [patch options]: FILE applies to the tree with no fuzz
# and no offset; patch's output is left in $out for the report.
applies_exactly() {
	local f=$1
	shift
	out=$(patch -d "$tree" -p1 -F0 "$@" < "$f" 2>&1) && ! grep -qiE 'fuzz|offset' <<< "$out"
}
# checkpatch_clean FILE: the tree's checkpatch --strict has nothing to say
# about FILE; what it says is left in $out.
checkpatch_clean() {
	out=$(cd "$tree" && scripts/checkpatch.pl --strict --quiet "$1" 2>&1) && [ -z "$out" ]
}
# check OK-TEXT NOT-OK-TEXT LINES COMMAND...: TAP test n+1, ok when COMMAND
# succeeds; else the first LINES lines of its $out as comments, counted in
# $failed.
check() {
	local good=$1 bad=$2 lines=$3
	shift 3
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $good"
	else
		echo "not ok $n - $bad"
		[ "$lines" -eq 0 ] || sed 's/^/# /' <<< "$out" | head -"$lines"
		failed=$((failed + 1))
	fi
}
for p in "${patches[@]}"; do
	if [ -f "$patchdir/$p" ]; then
		check "$p applies with zero fuzz" "$p does not apply exactly" 20 \
			applies_exactly "$patchdir/$p" --no-backup-if-mismatch
	else
		check "" "$p: listed in series but missing" 0 false
	fi
	check "$p is checkpatch --strict clean" "$p has checkpatch --strict findings" 30 \
		checkpatch_clean "$patchdir/$p"
done
# Each mutant of the fix (make nfs-mutants) must apply on its own, exactly,
# on top of the whole series.
for m in "${mutants[@]}"; do
	check "$m applies after the series" "$m does not apply after the series" 20 \
		applies_exactly "$patchdir/$m" --dry-run
done
# The coverage flavour's patches go on top of the series, before any
# mutant: applied for real here (the mutants above were dry runs).
for c in "${coverage[@]}"; do
	check "$c applies after the series" "$c does not apply after the series" 20 \
		applies_exactly "$patchdir/$c" --no-backup-if-mismatch
	check "$c is checkpatch --strict clean" "$c has checkpatch --strict findings" 30 \
		checkpatch_clean "$patchdir/$c"
done
echo "# series ($release): ${#patches[@]} patches, ${#mutants[@]} mutants, ${#coverage[@]} coverage patch(es), $failed failure(s)"
[ "$failed" -eq 0 ]
