#!/bin/bash
# The testbed's lab: a network namespace with a private libvirtd (and
# virtlogd) in it, an isolated libvirt network (dnsmasq DHCP, no forwarding,
# no NAT) and the two guests. Sourced by the harness; also a command:
#
#   vm/lab.sh up | down | start-server | start-client KEY=VALUE... | status
#
# Guests are transient libvirt domains: destroying one also undefines it, so a
# crashed run leaves nothing defined behind. 'down' is idempotent and is run on
# every exit path of the harness.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

NETNS=${NFSTB_NETNS:-nfstb}
NET=${NFSTB_NET:-nfstb-net}
BRIDGE=${NFSTB_BRIDGE:-nfstb-br0}
PREFIX=${NFSTB_PREFIX:-10.213.59}
SERVER_NAME=${NFSTB_SERVER_NAME:-nfstb-server}
CLIENT_NAME=${NFSTB_CLIENT_NAME:-nfstb-client}
SERVER_IP=$PREFIX.10
CLIENT_IP=$PREFIX.20
KERNEL=${NFSTB_KERNEL:-$BUILD/kernel-default/bzImage}
IMAGES=${NFSTB_IMAGES:-$BUILD/images}
STATE=$BUILD/lab
URI=qemu:///system
VIRSH="virsh -q -c $URI"

virsh_ok() { timeout 20 $VIRSH "$@" > /dev/null 2>&1; }

# The NFSTB_* knobs: names, addresses, sizes and paths go into sed
# replacements and libvirt XML, so each is checked for its shape.
lab_config_check() {
	local v
	for v in NETNS NET BRIDGE SERVER_NAME CLIENT_NAME; do
		[[ ${!v} =~ ^[A-Za-z][A-Za-z0-9_.-]{0,14}$ ]] ||
			die "NFSTB_$v must be a letter and up to 14 letters, digits, '.', '_' or '-', got '$(shown "${!v}")'"
	done
	[[ $PREFIX =~ ^(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){2}$ ]] ||
		die "NFSTB_PREFIX must be the first three octets of an IPv4 /24 such as 10.213.59, got '$(shown "$PREFIX")'"
	check_int NFSTB_SERVER_MEM "$SERVER_MEM" 128 65536
	check_int NFSTB_CLIENT_MEM "$CLIENT_MEM" 128 65536
	check_path NFSTB_BUILD "$BUILD"
	check_path NFSTB_KERNEL "$KERNEL"
	check_path NFSTB_IMAGES "$IMAGES"
	case "${NFSTB_ACCEL:-auto}" in
	auto | kvm | tcg) ;;
	*) die "unknown NFSTB_ACCEL '$(shown "$NFSTB_ACCEL")': use auto, kvm or tcg" ;;
	esac
}

# KVM exists here but may not run a guest kernel: probe once per kernel.
virt_type() {
	case "${NFSTB_ACCEL:-auto}" in
	kvm) echo kvm; return ;;
	tcg) echo qemu; return ;;
	auto) ;;
	*) die "unknown NFSTB_ACCEL '${NFSTB_ACCEL}': use auto, kvm or tcg" ;;
	esac
	local key probe=$STATE/accel
	key=$(sha256sum "$KERNEL" | cut -c1-16)
	if [ -f "$probe" ] && [ "$(head -1 "$probe")" = "$key" ]; then
		tail -1 "$probe"
		return
	fi
	local out=qemu
	if [ -w /dev/kvm ]; then
		# A KVM guest that reaches the kernel's "no init" panic within the
		# timeout is a working KVM; anything else falls back to TCG.
		if timeout 30 qemu-system-x86_64 -accel kvm -m 128 -nographic -no-reboot \
			-kernel "$KERNEL" -append "console=ttyS0 panic=-1 rdinit=/nonexistent" \
			2>&1 | grep -q -m1 'Kernel panic\|No working init'; then
			out=kvm
		fi
	fi
	mkdir -p "$STATE"
	printf '%s\n%s\n' "$key" "$out" > "$probe"
	echo "$out"
}

start_private_libvirtd() {
	ip netns add "$NETNS" || die "cannot create network namespace $NETNS (left over? run 'make vm-down')"
	ip -n "$NETNS" link set lo up
	echo private > "$STATE/mode"
	ip netns exec "$NETNS" virtlogd -d -p "$STATE/virtlogd.pid" ||
		die "virtlogd failed to start inside namespace $NETNS"
	# The private libvirtd gets its own qemu.conf through a bind mount in a
	# private mount namespace (the host's /etc is left alone): QEMU runs as
	# root with no relabeling, so /dev/kvm (root-only here) looks the same to
	# the capability probe and to the domain, and libvirt does not re-probe
	# QEMU on every start (that cost ~50 s per guest).
	printf '%s\n' 'user = "root"' 'group = "root"' 'dynamic_ownership = 0' \
		'security_driver = "none"' > "$STATE/qemu.conf"
	unshare --mount --propagation private sh -c \
		'mount --bind "$1" /etc/libvirt/qemu.conf && exec ip netns exec "$2" libvirtd -d -p "$3"' \
		sh "$STATE/qemu.conf" "$NETNS" "$STATE/libvirtd.pid" ||
		die "libvirtd failed to start inside namespace $NETNS"
	wait_for 30 "libvirtd to answer on $URI" virsh_ok version ||
		die "private libvirtd did not answer within 30s: see /var/log/libvirt/libvirtd.log"
	# libvirt probes QEMU's capabilities (about 30 s under TCG) at the first
	# domain start; do it here so that it counts as lab set-up, not as the
	# first guest's boot.
	timeout 180 $VIRSH domcapabilities --virttype qemu > /dev/null 2>&1 ||
		log "warning: libvirt could not report QEMU capabilities"
	log "lab: private libvirtd $(cat "$STATE/libvirtd.pid") in network namespace $NETNS"
}

lab_up() {
	require_root
	lab_config_check
	mkdir -p "$STATE"
	lab_down quiet
	if [ -S /run/libvirt/libvirt-sock ] && virsh_ok version; then
		echo system > "$STATE/mode"
		log "lab: using the system libvirtd"
	else
		start_private_libvirtd
	fi
	for name in "$SERVER_NAME" "$CLIENT_NAME"; do
		virsh_ok dominfo "$name" &&
			die "libvirt domain $name already exists: pick other names (NFSTB_SERVER_NAME/NFSTB_CLIENT_NAME) or remove it"
	done
	virsh_ok net-info "$NET" &&
		die "libvirt network $NET already exists: pick another NFSTB_NET or remove it"
	sed -e "s|@NET@|$NET|g" -e "s|@BRIDGE@|$BRIDGE|g" -e "s|@PREFIX@|$PREFIX|g" \
		-e "s|@SERVER@|$SERVER_NAME|g" -e "s|@CLIENT@|$CLIENT_NAME|g" \
		"$TOP/vm/libvirt/network.xml.in" > "$STATE/network.xml"
	timeout 60 $VIRSH net-create "$STATE/network.xml" > "$STATE/net-create.log" 2>&1 ||
		die "creating libvirt network $NET failed: $(tr '\n' ' ' < "$STATE/net-create.log")"
	echo "$NET" > "$STATE/net"
	log "lab: network $NET up on bridge $BRIDGE ($PREFIX.0/24, isolated)"
}

# xml_value NAME VALUE: VALUE may go into a sed replacement and libvirt XML
# (no quote, '<', '>', '&', '|', backslash or newline).
xml_value() {
	[[ $2 =~ ^[A-Za-z0-9._/:,=\ -]*$ ]] ||
		die "$1 '$(shown "$2")' cannot go into the domain XML: use letters, digits and . _ / : , = - only"
}

# start_domain ROLE NAME MAC MEMORY VCPUS RUNDIR CMDLINE-EXTRA
start_domain() {
	local role=$1 name=$2 mac=$3 mem=$4 vcpus=$5 dir=$6 extra=$7
	local xml=$dir/$role-domain.xml vt
	vt=$(virt_type)
	[ -f "$KERNEL" ] || die "kernel $KERNEL missing: run 'make kernel'"
	[ -f "$IMAGES/$role.cpio" ] || die "initramfs $IMAGES/$role.cpio missing: run 'make images'"
	# The first boot (hung-task timeout, sysrq, unlimited /dev/kmsg) matters
	# as much as the scenario, so it is all on the command line.
	local cmdline="console=ttyS0,115200 ip=dhcp panic=-1 printk.devkmsg=on loglevel=7"
	cmdline="$cmdline sysctl.kernel.hung_task_timeout_secs=10 nfstb.role=$role nfstb.server=$SERVER_IP $extra"
	xml_value "the kernel command line" "$cmdline"
	xml_value "the run directory" "$dir"
	xml_value "the kernel" "$KERNEL"
	xml_value "the images directory" "$IMAGES"
	sed -e "s|@VIRT_TYPE@|$vt|" -e "s|@NAME@|$name|" -e "s|@MEMORY@|$mem|" \
		-e "s|@VCPUS@|$vcpus|" -e "s|@KERNEL@|$KERNEL|" -e "s|@INITRD@|$IMAGES/$role.cpio|" \
		-e "s|@CMDLINE@|$cmdline|" -e "s|@NET@|$NET|" -e "s|@MAC@|$mac|" \
		-e "s|@CONSOLE_LOG@|$dir/$role-console.log|" -e "s|@TRACE_LOG@|$dir/$role-trace.txt|" \
		"$TOP/vm/libvirt/domain.xml.in" > "$xml"
	echo "$name" >> "$STATE/domains"
	timeout 60 $VIRSH create "$xml" > "$dir/$role-create.log" 2>&1 ||
		die "starting domain $name failed: $(tr '\n' ' ' < "$dir/$role-create.log")"
	log "lab: $name started ($vt, ${mem} MiB, console: virsh console $name)"
}

# The two guests. Their MACs are the static DHCP leases of network.xml.in.
SERVER_MAC=52:54:00:6e:66:10
CLIENT_MAC=52:54:00:6e:66:20
SERVER_MEM=${NFSTB_SERVER_MEM:-1024}
CLIENT_MEM=${NFSTB_CLIENT_MEM:-384}

# start_server DIR / start_client DIR CMDLINE-EXTRA
start_server() { start_domain server "$SERVER_NAME" "$SERVER_MAC" "$SERVER_MEM" 1 "$1" ""; }
start_client() { start_domain client "$CLIENT_NAME" "$CLIENT_MAC" "$CLIENT_MEM" 2 "$1" "$2"; }

stop_domain() {
	virsh_ok domstate "$1" && timeout 30 $VIRSH destroy "$1" > /dev/null 2>&1 || true
}

lab_down() {
	local quiet=${1:-}
	[ -d "$STATE" ] || return 0
	for name in $(cat "$STATE/domains" 2>/dev/null) "$SERVER_NAME" "$CLIENT_NAME"; do
		stop_domain "$name"
	done
	rm -f "$STATE/domains"
	if [ -f "$STATE/net" ]; then
		virsh_ok net-destroy "$(cat "$STATE/net")" || true
		rm -f "$STATE/net"
	fi
	if [ "$(cat "$STATE/mode" 2>/dev/null)" = private ]; then
		local d pid
		for d in libvirtd virtlogd; do
			pid=$(cat "$STATE/$d.pid" 2> /dev/null || true)
			if [ -n "$pid" ] && kill "$pid" 2> /dev/null; then
				wait_for 15 "$d to exit" eval "! kill -0 $pid" ||
					kill -9 "$pid" 2> /dev/null || true
			fi
			rm -f "$STATE/$d.pid"
		done
	fi
	if ip netns list 2>/dev/null | grep -qw "^$NETNS"; then
		ip netns del "$NETNS"
	fi
	rm -f "$STATE/mode"
	[ -n "$quiet" ] || log "lab: down (domains destroyed, network removed, daemons stopped, namespace deleted)"
}

lab_status() {
	echo "mode: $(cat "$STATE/mode" 2>/dev/null || echo down)"
	virsh_ok version && $VIRSH list --all && $VIRSH net-list --all || true
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	cmd=${1:-}
	shift || true
	case "$cmd" in
	up) lab_up ;;
	down) lab_down ;;
	status) lab_status ;;
	*) die "unknown lab command '$cmd': use up, down or status" ;;
	esac
fi
