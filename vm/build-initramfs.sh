#!/bin/bash
# Assemble a guest's initramfs (newc cpio) from Debian packages:
# busybox-static for the userland, nfs-common / nfs-kernel-server / rpcbind
# fetched with 'apt-get download' and unpacked with dpkg-deb (never installed
# on the host, so no host NFS service is ever started), their shared libraries
# from the host (installed by 'make deps'), the role's init (server:
# nfs-server/server-init.sh and nfs-server/exports; client:
# vm/guest/client-init.sh), the helpers both guests share
# (vm/guest/common.sh) and the project's static workload binaries. Runs
# under the lab lock (the lab boots these images) and writes the image under
# a temporary name in the same directory, renamed into place only when
# complete.
#
# usage: vm/build-initramfs.sh server|client OUTPUT.cpio
set -euo pipefail
. "$(dirname "$0")/lib.sh"

role=${1:-}
output=${2:-}
case "$role" in
server | client) ;;
*) die "unknown guest role '$role': use server or client" ;;
esac
[ -n "$output" ] || die "usage: vm/build-initramfs.sh server|client OUTPUT.cpio"
lab_lock images

debs=$BUILD/debs
guest_pkgs="busybox-static nfs-common nfs-kernel-server rpcbind"
if [ ! -f "$debs/.unpacked" ] || [ "$(cat "$debs/.unpacked")" != "$guest_pkgs" ]; then
	log "images: fetching $guest_pkgs with apt-get download"
	rm -rf "$debs"
	mkdir -p "$debs/root"
	(cd "$debs" && apt-get download $guest_pkgs > download.log 2>&1) ||
		die "apt-get download $guest_pkgs failed (see $debs/download.log): run 'apt-get update' and retry"
	for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$debs/root"; done
	echo "$guest_pkgs" > "$debs/.unpacked"
fi
pkgroot=$debs/root

mkdir -p "$BUILD" "$(dirname "$output")"
root=$(mktemp -d "$BUILD/initramfs-$role.XXXXXX")
tmp=$(mktemp "$output.XXXXXX.tmp")
trap 'rm -rf "$root" "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,run,tmp,var/lib/nfs,mnt,export,lib64,lib/x86_64-linux-gnu}
# The kernel's rpcbind client looks for /var/run/rpcbind.sock.
ln -s ../run "$root/var/run"

# Busybox applets as symlinks.
cp "$pkgroot/bin/busybox" "$root/bin/busybox"
for applet in $("$pkgroot/bin/busybox" --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done

# copy_elf FILE: copy a dynamic executable and every library ldd names.
copy_elf() {
	local src=$1 dst=$root${1#"$pkgroot"}
	mkdir -p "$(dirname "$dst")"
	cp -L "$src" "$dst"
	LD_LIBRARY_PATH="$pkgroot/lib/x86_64-linux-gnu:$pkgroot/usr/lib/x86_64-linux-gnu" ldd "$src" |
		awk '/=> \// {print $3} /^\s*\/lib/ {print $1}' | while read -r lib; do
		[ -n "$lib" ] || continue
		mkdir -p "$root$(dirname "$lib")"
		[ -e "$root$lib" ] || cp -L "$lib" "$root$lib"
	done
	if LD_LIBRARY_PATH="$pkgroot/lib/x86_64-linux-gnu" ldd "$src" | grep -q 'not found'; then
		die "a library of $src is missing on the host: run 'make deps'"
	fi
}
# The dynamic loader itself.
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"

copy_elf "$pkgroot/sbin/mount.nfs"
ln -sf mount.nfs "$root/sbin/mount.nfs4"
copy_elf "$pkgroot/sbin/rpc.statd"
if [ "$role" = server ]; then
	copy_elf "$pkgroot/usr/sbin/rpc.nfsd"
	copy_elf "$pkgroot/usr/sbin/rpc.mountd"
	copy_elf "$pkgroot/usr/sbin/exportfs"
	copy_elf "$pkgroot/sbin/rpcbind"
fi

# Static project binaries.
for b in "${NFSTB_WORKLOADS_BIN:-$TOP/workloads/bin}"/*; do
	[ -x "$b" ] && cp "$b" "$root/usr/bin/"
done
[ -x "$root/usr/bin/nfstb-verify" ] || die "workload binaries missing: run 'make -C workloads'"

# Minimal /etc: libtirpc needs netconfig, services and protocols.
printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' '_rpc:x:100:65534::/run/rpcbind:/bin/false' \
	'statd:x:101:65534::/var/lib/nfs:/bin/false' 'nobody:x:65534:65534:nobody:/nonexistent:/bin/false' > "$root/etc/passwd"
printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' > "$root/etc/group"
cp /etc/services /etc/protocols "$root/etc/"
cp "$pkgroot/etc/netconfig" "$root/etc/netconfig" 2>/dev/null || cp /etc/netconfig "$root/etc/netconfig"
# No IPv6 in the guest kernel: keep libtirpc from trying it.
sed -i '/^udp6\|^tcp6/d' "$root/etc/netconfig"
printf '127.0.0.1 localhost\n' > "$root/etc/hosts"
printf 'hosts: files\n' > "$root/etc/nsswitch.conf"
: > "$root/etc/fstab"

# The role's init and the helpers both guests share (vm/guest/common.sh);
# the server's side lives in nfs-server/.
cp "$TOP/vm/guest/common.sh" "$root/etc/nfstb-common.sh"
if [ "$role" = server ]; then
	cp "$TOP/nfs-server/server-init.sh" "$root/init"
	cp "$TOP/nfs-server/exports" "$root/etc/exports"
else
	cp "$TOP/vm/guest/client-init.sh" "$root/init"
fi
chmod 755 "$root/init"

(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) > "$tmp"
chmod 644 "$tmp"
mv -f "$tmp" "$output"
log "images: $role initramfs $(du -h "$output" | cut -f1) -> $output"
