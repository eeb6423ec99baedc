#!/bin/bash
# harness/kernel-source.sh DIR: what the selection's kernels are built from,
# as DIR/kernel-source and a copy of each patch in DIR/patches/ (the
# checkout of kcidb.json; make nfs-merge refuses shards whose kernel-source
# differs). The same inputs as vm/build-kernel.sh: NFSTB_TREE, PATCHES,
# EXTRA_PATCHES, NFSTB_KERNEL_TARBALL.
#
# DIR/kernel-source, one fact a line, a word and its value:
#   package linux-source-6.1
#   version 6.1.158-1            (dpkg's; '-' for another tarball)
#   patch patches/01-0001-x.patch SHA256   (in order: the series, then extras)
#   patchset_hash SHA256         (KCIDB's: the sha256 of the patches'
#                                 sha256s, one a line, in order)
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"

[ $# -eq 1 ] && [ -d "$1" ] || die "usage: harness/kernel-source.sh RESULTS_DIR"
out=$1
tree=${NFSTB_TREE:-6.1}
case "$tree" in
6.1) treedir=$TOP/kernel-patches ;;
6.12) treedir=$TOP/kernel-patches/6.12 ;;
*) die "unknown KERNEL '$(shown "$tree")': use KERNEL=6.1 or KERNEL=6.12" ;;
esac
patchdir=${PATCHES:-$treedir}
[ -f "$patchdir/series" ] || die "$patchdir/series is missing: PATCHES must name a directory with a quilt-style series file"

stack=()
while read -r name _; do
	[ -f "$patchdir/$name" ] || die "patch '$name' named in $patchdir/series does not exist"
	stack+=("$patchdir/$name")
done < <(sed -e 's/#.*//' -e '/^\s*$/d' "$patchdir/series")
for p in $(echo "${EXTRA_PATCHES:-}" | tr ',' ' '); do
	[ -f "$p" ] || die "EXTRA_PATCHES: '$p' is not a file"
	stack+=("$p")
done

version=-
if [ -z "${NFSTB_KERNEL_TARBALL:-}" ]; then
	version=$(dpkg-query -W -f='${Version}' "linux-source-$tree" 2> /dev/null) || version=-
	[ -n "$version" ] || version=-
fi

rm -rf "$out/patches" "$out/kernel-source.tmp"
mkdir -p "$out/patches"
{
	echo "package linux-source-$tree"
	echo "version $version"
	i=0
	for p in "${stack[@]}"; do
		i=$((i + 1))
		# numbered: a series patch and an extra may share a name
		name=patches/$(printf '%02d' "$i")-$(basename "$p" | tr -c 'A-Za-z0-9._+\n-' _)
		cp "$p" "$out/$name"
		echo "patch $name $(sha256sum < "$p" | cut -c1-64)"
	done
	# an empty patch set hashes to "" in KCIDB
	hash=""
	[ ${#stack[@]} -eq 0 ] || hash=$(for p in "${stack[@]}"; do sha256sum < "$p" | cut -c1-64; done |
		sha256sum | cut -c1-64)
	echo "patchset_hash ${hash:--}"
} > "$out/kernel-source.tmp"
mv "$out/kernel-source.tmp" "$out/kernel-source"
