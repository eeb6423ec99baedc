#!/bin/bash
# Build the guest kernel: pristine Debian linux-source-6.1 + kernel-patches/series,
# config = allnoconfig + fragments merged with the kernel's merge_config.sh.
# Rebuilds only when the tarball, the series/patches, the fragments or this
# script change (the stamp is keyed on their hashes).
#
# usage: vm/build-kernel.sh [default|lockdep]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=${1:-default}
case "$flavour" in
default) fragments="guest.config" ;;
lockdep) fragments="guest.config lockdep.config" ;;
*) die "unknown kernel CONFIG '$flavour': use CONFIG=default or CONFIG=lockdep" ;;
esac

tarball=${NFSTB_KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
[ -r "$tarball" ] || die "kernel source $tarball is missing: run 'make deps' (apt-get install linux-source-6.1)"

patchdir=$TOP/kernel-patches
series_files() { grep -v '^\s*#' "$patchdir/series" 2>/dev/null | sed '/^\s*$/d' || true; }

# Key of the patched source tree, and of the built kernel.
src_key=$( { stat -c '%s %Y' "$tarball"; cat "$patchdir/series" 2>/dev/null;
	for p in $(series_files); do cat "$patchdir/$p"; done; } | sha256sum | cut -c1-16)
kernel_key=$( { echo "$src_key"; for f in $fragments; do cat "$patchdir/config/$f"; done;
	cat "$0"; } | sha256sum | cut -c1-16)

out=$BUILD/kernel-$flavour
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$kernel_key" ] && [ -f "$out/bzImage" ]; then
	log "kernel ($flavour): up to date, key $kernel_key (reusing $out/bzImage)"
	exit 0
fi

# A cold build needs about 3 GiB; ask for some margin.
need_kb=$((5 * 1024 * 1024))
mkdir -p "$BUILD"
avail_kb=$(df -Pk "$BUILD" | awk 'NR==2 {print $4}')
[ "$avail_kb" -ge "$need_kb" ] || die "not enough disk space for the kernel build in $BUILD: $((avail_kb / 1024)) MiB free, need 5120 MiB"

src=$BUILD/src-$src_key
if [ ! -f "$src/.nfstb-patched" ]; then
	log "kernel: unpacking $tarball and applying $(series_files | wc -l) patch(es)"
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	tar -C "$src.tmp" --strip-components=1 -xf "$tarball"
	for p in $(series_files); do
		# -F0: any fuzz is an error; the series must apply exactly.
		patch -d "$src.tmp" -p1 -F0 --no-backup-if-mismatch -s < "$patchdir/$p" ||
			die "patch $p does not apply cleanly to $tarball"
	done
	touch "$src.tmp/.nfstb-patched"
	mv "$src.tmp" "$src"
	# Old trees of other keys are just disk space now.
	find "$BUILD" -maxdepth 1 -name 'src-*' ! -name "src-$src_key" -exec rm -rf {} +
fi

obj=$out/obj
# A different source tree invalidates the object directory.
if [ ! -f "$obj/.nfstb-src" ] || [ "$(cat "$obj/.nfstb-src")" != "$src_key" ]; then
	rm -rf "$obj"
fi
mkdir -p "$obj"
echo "$src_key" > "$obj/.nfstb-src"

frag_paths=""
for f in $fragments; do frag_paths="$frag_paths $patchdir/config/$f"; done
log "kernel ($flavour): merging config fragments:$(for f in $fragments; do printf ' %s' "$f"; done)"
# -n: start from allnoconfig, so the kernel holds only what the fragments ask for.
(cd "$src" && scripts/kconfig/merge_config.sh -n -O "$obj" $frag_paths) > "$out/merge_config.log" 2>&1 ||
	die "merge_config.sh failed: see $out/merge_config.log"
if grep -q "not in final .config" "$out/merge_config.log"; then
	grep -A3 "not in final .config" "$out/merge_config.log" | head -20 >&2
	die "config fragment values were dropped by Kconfig: see $out/merge_config.log"
fi

log "kernel ($flavour): building bzImage with -j$(nproc) (log: $out/build.log)"
start=$(date +%s)
make -C "$src" O="$obj" -j"$(nproc)" bzImage > "$out/build.log" 2>&1 ||
	{ tail -30 "$out/build.log" >&2; die "kernel build failed: see $out/build.log"; }
cp "$obj/arch/x86/boot/bzImage" "$out/bzImage"
cp "$obj/.config" "$out/config"
echo "$kernel_key" > "$out/stamp"
secs=$(( $(date +%s) - start ))
echo "$secs" > "$out/build-seconds"
log "kernel ($flavour): built in ${secs}s, key $kernel_key -> $out/bzImage"
