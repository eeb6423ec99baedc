#!/bin/bash
# Install, with apt, what the testbed uses on the host. Only Debian's archive
# is used. The NFS userland for the guests is NOT installed here: it is fetched
# with 'apt-get download' by vm/build-initramfs.sh, so no NFS service is ever
# started on the host. Only libraries those binaries link are installed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkgs=(
	# kernel build: both trees (make check checks both series)
	linux-source-6.1 linux-source-6.12 build-essential flex bison bc libelf-dev libssl-dev cpio xz-utils perl
	# guests and lab network
	qemu-system-x86 libvirt-daemon-system libvirt-clients dnsmasq-base iproute2 busybox-static
	# reaps the QEMU processes libvirtd daemonizes (vm/lab.sh)
	tini
	# shared libraries of the guests' nfs-utils/rpcbind binaries
	libtirpc3 libwrap0 libnsl2 libgssapi-krb5-2 libmount1 libblkid1 libuuid1 libselinux1
	libsystemd0 libkeyutils1 libcap2
	# packet capture and decoding
	tcpdump tshark
	# tests; chromium renders the reports in harness/tests/test_browser.sh
	# (fonts-liberation is only a Recommends of chromium, installed here on purpose)
	# libjansson-dev: the analysers read run.json with it (harness/src/record.c);
	# libssl-dev (above) also gives nfstb-kcidb its sha256 of the patch set
	libcmocka-dev libjansson-dev pkg-config chromium fonts-liberation
	# kcidb.json against the KCIDB schema (harness/tests/kcidb/check.py);
	# rfc3987 is what makes jsonschema check the "uri" format (a Recommends)
	python3-jsonschema python3-rfc3987
	# the fleet: one selection over many machines (harness/fleet, docs/fleet.md)
	ansible-core
)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

require_root
log "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq > "$BUILD/apt-update.log" 2>&1 || { mkdir -p "$BUILD"; apt-get update -qq; } ||
	die "apt-get update failed: check the Debian archive is reachable"
apt-get install -y -qq --no-install-recommends "${missing[@]}" > "$BUILD/apt-install.log" 2>&1 ||
	{ tail -20 "$BUILD/apt-install.log" >&2; die "apt-get install failed: see $BUILD/apt-install.log"; }
log "deps: installed"
