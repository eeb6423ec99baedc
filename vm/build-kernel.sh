#!/bin/bash
# Build a guest kernel: pristine Debian linux-source-<tree> + a patch series,
# config = allnoconfig + fragments merged with the kernel's merge_config.sh.
#
# usage: vm/build-kernel.sh [default|lockdep|coverage]
#   NFSTB_TREE=6.1|6.12    the tree (make KERNEL=; default 6.1): 6.1 takes
#                      kernel-patches/ and kernel-patches/config/, 6.12
#                      kernel-patches/6.12/ and kernel-patches/6.12/config/
#   PATCHES=DIR        the series to apply (DIR/series, quilt format;
#                      default the tree's directory)
#   EXTRA_PATCHES=...  patch files appended to the series, in order
#                      (space or comma separated)
#
# Prints the path of the bzImage on stdout; everything else goes to stderr.
#
# Every (tarball content, patches, fragments, this script) combination has
# its own keyed output directory, build/kernels/<flavour>-<key>/, so that a
# kernel once built is reused as it is. The object directory of a flavour
# is shared by all series: switching series re-creates the source tree as
# hard links to a pristine tree, applies the new patches and touches every
# file that the previous or the new patches touch and that now differs, so
# that make rebuilds exactly what differs (an incremental build, not a cold
# one).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=${1:-default}
case "$flavour" in
default) fragments="guest.config" ;;
lockdep) fragments="guest.config lockdep.config" ;;
# gcov for the fix's files only: coverage.config and the patches of
# kernel-patches/coverage/, applied after the series (make nfs-coverage)
coverage) fragments="guest.config coverage.config" ;;
*) die "unknown kernel CONFIG '$flavour': use CONFIG=default, CONFIG=lockdep or CONFIG=coverage" ;;
esac

# Each tree has its own series, fragments, pristine and source trees and
# object directories; 6.1 keeps the names it always had.
tree=${NFSTB_TREE:-6.1}
case "$tree" in
6.1) treedir=$TOP/kernel-patches tag="" ;;
6.12) treedir=$TOP/kernel-patches/6.12 tag=6.12- ;;
*) die "unknown KERNEL '$tree': use KERNEL=6.1 or KERNEL=6.12" ;;
esac
tarball=${NFSTB_KERNEL_TARBALL:-/usr/src/linux-source-$tree.tar.xz}
[ -r "$tarball" ] || die "kernel source $tarball is missing: run 'make deps KERNEL=$tree' (apt-get install linux-source-$tree)"

patchdir=${PATCHES:-$treedir}
patchdir=$(cd "$patchdir" 2> /dev/null && pwd) || die "PATCHES=$PATCHES is not a directory: name a directory that holds a 'series' file"
[ -f "$patchdir/series" ] || die "$patchdir/series is missing: PATCHES must name a directory with a quilt-style series file"
confdir=$treedir/config

# The patch stack as absolute paths, series first, then the extras.
stack=()
while read -r name _; do
	[ -f "$patchdir/$name" ] || die "patch '$name' named in $patchdir/series does not exist"
	stack+=("$patchdir/$name")
done < <(sed -e 's/#.*//' -e '/^\s*$/d' "$patchdir/series")
n_series=${#stack[@]}
if [ "$flavour" = coverage ]; then
	[ -f "$confdir/coverage.config" ] && compgen -G "$treedir/coverage/*.patch" > /dev/null ||
		die "the coverage flavour needs $confdir/coverage.config and $treedir/coverage/*.patch, which KERNEL=$tree does not have: use KERNEL=6.1"
	for p in "$treedir"/coverage/*.patch; do stack+=("$p"); done
fi
for p in $(echo "${EXTRA_PATCHES:-}" | tr ',' ' '); do
	[ -f "$p" ] || die "EXTRA_PATCHES: '$p' is not a file"
	stack+=("$(cd "$(dirname "$p")" && pwd)/$(basename "$p")")
done

mkdir -p "$BUILD/kernels"
exec 8> "$BUILD/kernel-build.lock"
flock -w 1800 8 || die "another kernel build in $BUILD held $BUILD/kernel-build.lock for 30 min: check for a stuck build"
# What an interrupted build left behind.
find "$BUILD/kernels" -mindepth 1 -maxdepth 1 -name '*.tmp' -exec rm -rf {} +

# The tarball's content, hashed once per (size, mtime, inode).
tar_id=$(stat -c '%s %Y %i' "$tarball")
tar_cache=$BUILD/${tag}tarball.sha256
if [ -f "$tar_cache" ] && [ "$(sed -n 1p "$tar_cache")" = "$tar_id" ]; then
	tar_sha=$(sed -n 2p "$tar_cache")
else
	tar_sha=$(sha256sum < "$tarball" | cut -c1-64)
	printf '%s\n%s\n' "$tar_id" "$tar_sha" > "$tar_cache"
fi

src_key=$( { echo "$tar_sha"; i=0; for p in "${stack[@]}"; do
	[ "$i" -lt "$n_series" ] && echo series || echo extra; i=$((i + 1)); sha256sum < "$p"; done; } |
	sha256sum | cut -c1-16)
kernel_key=$( { echo "$src_key"; for f in $fragments; do cat "$confdir/$f"; done; cat "$0"; } |
	sha256sum | cut -c1-16)

out=$BUILD/kernels/$tag$flavour-$kernel_key
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$kernel_key" ] && [ -f "$out/bzImage" ]; then
	log "kernel ($tag$flavour): up to date, key $kernel_key"
	echo "$out/bzImage"
	exit 0
fi

# A cold build needs about 3 GiB; ask for some margin.
need_kb=$((5 * 1024 * 1024))
avail_kb=$(df -Pk "$BUILD" | awk 'NR==2 {print $4}')
[ "$avail_kb" -ge "$need_kb" ] || die "not enough disk space for the kernel build in $BUILD: $((avail_kb / 1024)) MiB free, need 5120 MiB"

# The pristine tree, unpacked once per tarball content.
pristine=$BUILD/${tag}pristine
if [ ! -f "$pristine/.nfstb-tarball" ] || [ "$(cat "$pristine/.nfstb-tarball")" != "$tar_sha" ]; then
	log "kernel: unpacking $tarball"
	rm -rf "$pristine" "$pristine.tmp"
	mkdir -p "$pristine.tmp"
	tar -C "$pristine.tmp" --strip-components=1 -xf "$tarball" 2> "$BUILD/tar.log" ||
		{ rm -rf "$pristine.tmp"; die "cannot unpack $tarball (see $BUILD/tar.log): reinstall it with 'apt-get install --reinstall linux-source-$tree'"; }
	echo "$tar_sha" > "$pristine.tmp/.nfstb-tarball"
	mv "$pristine.tmp" "$pristine"
fi

# Files a patch touches (both sides, so deletions and creations count).
patch_files() { sed -n -e 's#^+++ b/\([^\t]*\).*#\1#p' -e 's#^--- a/\([^\t]*\).*#\1#p' "$@" | sort -u; }

src=$BUILD/${tag}src
if [ ! -f "$src/.nfstb-key" ] || [ "$(cat "$src/.nfstb-key")" != "$src_key" ]; then
	log "kernel: source tree for key $src_key: ${n_series} series patch(es) from $patchdir, $((${#stack[@]} - n_series)) extra"
	prev_files=""
	[ -f "$src/.nfstb-files" ] && prev_files=$(cat "$src/.nfstb-files")
	rm -rf "$src.tmp"
	cp -al "$pristine" "$src.tmp"
	rm -f "$src.tmp/.nfstb-tarball"
	i=0
	for p in "${stack[@]}"; do
		# The series must apply exactly (-F0); extras get patch's default
		# fuzz, since they are written against a moving series.
		fuzz=(-F0)
		[ "$i" -lt "$n_series" ] || fuzz=()
		# patch writes a new file for each one it changes, so the hard
		# links into the pristine tree are broken, not written through.
		patch -d "$src.tmp" -p1 "${fuzz[@]}" --no-backup-if-mismatch -s < "$p" > "$BUILD/patch.log" 2>&1 ||
			{ cat "$BUILD/patch.log" >&2; rm -rf "$src.tmp"; die "patch $(basename "$p") does not apply to $tarball with the patches before it"; }
		i=$((i + 1))
	done
	new_files=$( { [ ${#stack[@]} -eq 0 ] || patch_files "${stack[@]}"; } )
	# A file either stack touches that now differs from the previous tree
	# is made newer than every object, so make rebuilds it and whatever
	# depends on it; one whose content is unchanged keeps the previous
	# tree's time, so that a header both stacks patch the same way does
	# not rebuild the whole kernel.
	printf '%s\n' $prev_files $new_files | sort -u | while read -r f; do
		[ -e "$src.tmp/$f" ] || continue
		if [ -e "$src/$f" ] && cmp -s "$src/$f" "$src.tmp/$f"; then
			touch -r "$src/$f" "$src.tmp/$f"
		else
			touch "$src.tmp/$f"
		fi
	done
	printf '%s\n' $new_files > "$src.tmp/.nfstb-files"
	echo "$src_key" > "$src.tmp/.nfstb-key"
	rm -rf "$src"
	mv "$src.tmp" "$src"
fi

obj=$BUILD/obj-$tag$flavour
mkdir -p "$obj" "$out.tmp"
frag_paths=""
for f in $fragments; do frag_paths="$frag_paths $confdir/$f"; done
log "kernel ($tag$flavour): merging config fragments:$(for f in $fragments; do printf ' %s' "$f"; done)"
# -n: start from allnoconfig, so the kernel holds only what the fragments ask for.
(cd "$src" && scripts/kconfig/merge_config.sh -n -O "$obj" $frag_paths) > "$out.tmp/merge_config.log" 2>&1 ||
	die "merge_config.sh failed: see $out.tmp/merge_config.log"
# NFSTB_ALLOW_DROPPED_CONFIG=1 (check-bisect): a prefix of the series may
# not define every option the fragments set yet.
if [ "${NFSTB_ALLOW_DROPPED_CONFIG:-0}" != 1 ] && grep -q "not in final .config" "$out.tmp/merge_config.log"; then
	grep -A3 "not in final .config" "$out.tmp/merge_config.log" | head -20 >&2
	die "config fragment values were dropped by Kconfig: see $out.tmp/merge_config.log"
fi

# Progress: kbuild prints one "  CC      path.o" (or AS) line per object it
# compiles; they are counted as make writes the log. The estimate is the
# number of .o files the last finished build of this flavour left in its
# object directory ($objects_file) less those there now: a cold build makes
# them all, a build after a series switch only what changed (its count is
# then unknown and shown as such). Never recorded: a cold 6.1 build makes
# about 1100.
objects_file=$BUILD/kernels/$tag$flavour.objects
present=$(find "$obj" -name '*.o' 2> /dev/null | wc -l)
total=$(cat "$objects_file" 2> /dev/null || echo 1100)
[[ $total =~ ^[0-9]{1,6}$ ]] || total=1100
expect=$((total - present))
# build_progress LABEL EXPECTED START: copy make's output (stdin) to the build
# log (stdout), counting the objects, and draw the progress line (vm/lib.sh
# progress) with at least one update a second while make is quiet.
build_progress() {
	local label=$1 expected=$2 start=$3 line n=0 el what rc
	while :; do
		rc=0
		IFS= read -r -t 1 line || rc=$?
		if [ "$rc" = 0 ]; then
			printf '%s\n' "$line"
			[[ $line =~ ^\ \ (CC|AS)(\ \[M\])?\ +[^\ ]+\.o$ ]] && n=$((n + 1))
		elif [ "$rc" -gt 128 ]; then
			# Timed out: keep what came of a line so far.
			[ -z "$line" ] || printf '%s' "$line"
		else
			[ -z "$line" ] || printf '%s\n' "$line"
			break
		fi
		el=$((EPOCHSECONDS - start))
		if [ "$expected" -ge 50 ]; then
			what="$n of about $expected objects, $(fmt_duration "$el") elapsed"
			# The time left from the rate so far, once it means something.
			[ "$n" -lt 20 ] || [ "$n" -ge "$expected" ] ||
				what="$what, about $(fmt_duration $((el * (expected - n) / n))) left"
		else
			what="$n objects rebuilt so far (incremental), $(fmt_duration "$el") elapsed"
		fi
		progress "kernel ($label): $what"
	done
	progress_clear
}
log "kernel ($tag$flavour): building bzImage with -j$(nproc) (log: $out.tmp/build.log)"
start=$EPOCHSECONDS
if ! make -C "$src" O="$obj" -j"$(nproc)" bzImage 2>&1 | build_progress "$tag$flavour" "$expect" "$start" > "$out.tmp/build.log"; then
	rc=${PIPESTATUS[0]}
	[ "$rc" != 0 ] || rc=1
	tail -30 "$out.tmp/build.log" >&2
	err "kernel build failed: make exited $rc after $(fmt_duration $((EPOCHSECONDS - start))): see $out.tmp/build.log"
	exit "$rc"
fi
find "$obj" -name '*.o' | wc -l > "$objects_file"
cp "$obj/arch/x86/boot/bzImage" "$out.tmp/bzImage"
cp "$obj/.config" "$out.tmp/config"
printf '%s\n' "${stack[@]}" > "$out.tmp/patches"
secs=$((EPOCHSECONDS - start))
echo "$secs" > "$out.tmp/build-seconds"
echo "$kernel_key" > "$out.tmp/stamp"
rm -rf "$out"
mv "$out.tmp" "$out"
log "kernel ($tag$flavour): built in ${secs}s, key $kernel_key -> $out/bzImage"
echo "$out/bzImage"
