#!/bin/bash
# The testbed's lab: a network namespace with a private libvirtd (and
# virtlogd) in it, an isolated libvirt network (dnsmasq DHCP, no forwarding,
# no NAT) and the two guests. Sourced by the harness; also a command:
#
#   vm/lab.sh up | down | status | virsh ARGS...
#
# One lab per machine: its state lives in $RUNDIR/lab (/run/nfstb/lab), and
# up and down take the machine-wide lock (vm/lib.sh lab_lock). The daemons
# are always the lab's own, started inside the namespace, with their own
# /etc/libvirt, /run/libvirt, /var/lib/libvirt, /var/cache/libvirt and
# /var/log/libvirt (bind mounts of $RUNDIR/libvirt/* in a private mount
# namespace); a system libvirtd is never used.
#
# Guests are transient libvirt domains: destroying one also undefines it, so a
# crashed run leaves nothing defined behind. 'down' is idempotent, is run on
# every exit path of the harness, signals only processes the lab started, and
# then checks that nothing is left.
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
# The guest kernel's bzImage, set by the caller from vm/build-kernel.sh's output.
KERNEL=${NFSTB_KERNEL:-}
IMAGES=${NFSTB_IMAGES:-$BUILD/images}
STATE=$RUNDIR/lab
# The private libvirtd's directories: etc, run, lib, log (fresh at every
# lab up) and cache (kept: QEMU's capabilities are probed once).
PRIV=$RUNDIR/libvirt
URI="qemu:///system?socket=$PRIV/run/libvirt-sock"

# The two guests. Their MACs are the static DHCP leases of network.xml.in.
SERVER_MAC=52:54:00:6e:66:10
CLIENT_MAC=52:54:00:6e:66:20
SERVER_MEM=${NFSTB_SERVER_MEM:-1024}
CLIENT_MEM=${NFSTB_CLIENT_MEM:-384}

# virsh_t SECONDS ARGS...: virsh on the lab's libvirtd, with a time limit.
# --foreground keeps it in the caller's process group, so Ctrl-C reaches it.
virsh_t() { local secs=$1; shift; timeout --foreground "$secs" virsh -q -c "$URI" "$@"; }
virsh_ok() { virsh_t 20 "$@" > /dev/null 2>&1; }

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
	check_path NFSTB_RUNDIR "$RUNDIR"
	check_path NFSTB_BUILD "$BUILD"
	[ -z "$KERNEL" ] || check_path NFSTB_KERNEL "$KERNEL"
	check_path NFSTB_IMAGES "$IMAGES"
	case "${NFSTB_ACCEL:-auto}" in
	auto | kvm | tcg) ;;
	*) die "unknown NFSTB_ACCEL '$(shown "$NFSTB_ACCEL")': use auto, kvm or tcg" ;;
	esac
}

# KVM exists here but may not run a guest: probe once per host and QEMU.
# A working KVM boots the kernel to its "no init" panic in about a second;
# the one here hangs in the firmware, so the probe costs its whole timeout.
# The answer is kept in the build directory (keyed on the host kernel and
# the QEMU binary), not in the lab's state, so that it is paid once per
# machine, not once per lab.
virt_type() {
	case "${NFSTB_ACCEL:-auto}" in
	kvm) echo kvm; return ;;
	tcg) echo qemu; return ;;
	esac
	local key probe=$BUILD/accel-probe qemu
	qemu=$(command -v qemu-system-x86_64) || die "qemu-system-x86_64 missing: run 'make deps'"
	key="$(uname -r) $(sha256sum "$qemu" | cut -c1-16) $([ -w /dev/kvm ] && echo kvm || echo no-kvm)"
	if [ -f "$probe" ] && [ "$(head -1 "$probe")" = "$key" ]; then
		tail -1 "$probe"
		return
	fi
	local out=qemu
	if [ -w /dev/kvm ]; then
		if timeout --foreground 15 qemu-system-x86_64 -accel kvm -m 128 -nographic -no-reboot \
			-kernel "$KERNEL" -append "console=ttyS0 panic=-1 rdinit=/nonexistent" 9>&- \
			2>&1 | grep -q -m1 'Kernel panic\|No working init'; then
			out=kvm
		fi
	fi
	mkdir -p "$BUILD"
	printf '%s\n%s\n' "$key" "$out" > "$probe"
	echo "$out"
}

# proc_id PID: what identifies a process across PID reuse: its start time
# (clock ticks since boot, /proc/PID/stat field 22) and its executable.
proc_id() {
	local stat rest f
	[[ $1 =~ ^[1-9][0-9]{0,9}$ ]] || return 1
	stat=$(cat "/proc/$1/stat" 2> /dev/null) || return 1
	rest=${stat##*) }
	read -r -a f <<< "$rest"
	printf '%s %s\n' "${f[19]}" "$(readlink "/proc/$1/exe" 2> /dev/null)"
}

# pid_record NAME: note who $STATE/NAME.pid is, right after the lab started it.
pid_record() {
	local pid
	if ! pid=$(cat "$STATE/$1.pid" 2> /dev/null) || ! proc_id "$pid" > "$STATE/$1.id"; then
		die "$1 wrote no usable pid file $STATE/$1.pid: see $PRIV/log/$1.log"
	fi
}

# pid_ours NAME: print the PID in $STATE/NAME.pid if it is still the process
# the lab started (same start time and executable as recorded at launch).
pid_ours() {
	local pid id
	pid=$(cat "$STATE/$1.pid" 2> /dev/null) || return 1
	id=$(proc_id "$pid") || return 1
	[ -n "$id" ] && [ "$id" = "$(cat "$STATE/$1.id" 2> /dev/null)" ] || return 1
	echo "$pid"
}

# stop_pid PID WHAT: SIGTERM, up to 15 s, then SIGKILL.
stop_pid() {
	kill -TERM "$1" 2> /dev/null || return 0
	wait_for 15 "$2 to exit" proc_gone "$1" || kill -KILL "$1" 2> /dev/null || true
}
# proc_gone PID: PID has exited (a zombie waiting to be reaped counts).
proc_gone() {
	local st
	st=$(cat "/proc/$1/stat" 2> /dev/null) || return 0
	st=${st##*) }
	[ "${st%% *}" = Z ]
}
# group_gone PGID: no process of group PGID runs (zombies waiting to be
# reaped do not count).
group_gone() {
	! awk -v g="$1" '{ sub(/.*\) /, ""); if ($3 == g && $1 != "Z") f = 1 } END { exit !f }' \
		/proc/[0-9]*/stat 2> /dev/null
}
# netns_exists: the lab's network namespace exists (exact name; awk reads all
# of the list, so no SIGPIPE under pipefail).
netns_exists() { ip netns list 2> /dev/null | awk -v n="$NETNS" '$1 == n { f = 1 } END { exit !f }'; }

start_private_libvirtd() {
	ip netns add "$NETNS" ||
		die "cannot create network namespace $NETNS: it exists but this lab did not record it (see 'ip netns pids $NETNS'; remove it with 'ip netns del $NETNS')"
	echo "$NETNS" > "$STATE/netns"
	ip -n "$NETNS" link set lo up
	rm -rf "${PRIV:?}/etc" "${PRIV:?}/run" "${PRIV:?}/lib" "${PRIV:?}/log"
	mkdir -p "$PRIV"/{etc,run,lib,cache,log}
	# QEMU runs as root with no relabeling, so /dev/kvm (root-only here)
	# looks the same to the capability probe and to the domain, and libvirt
	# does not re-probe QEMU on every start (that cost ~50 s per guest).
	# stdio_handler "file": QEMU writes the console log and the trace
	# channel itself; through virtlogd they would be rotated at 2 MiB (a
	# busy trace is several MiB), and the analysers would read only the
	# last piece.
	printf '%s\n' 'user = "root"' 'group = "root"' 'dynamic_ownership = 0' \
		'security_driver = "none"' 'stdio_handler = "file"' > "$PRIV/etc/qemu.conf"
	printf '%s\n' "unix_sock_dir = \"$PRIV/run\"" 'unix_sock_rw_perms = "0700"' \
		'auth_unix_ro = "none"' 'auth_unix_rw = "none"' \
		"log_outputs = \"3:file:$PRIV/log/libvirtd.log\"" > "$PRIV/etc/libvirtd.conf"
	printf '%s\n' "log_outputs = \"3:file:$PRIV/log/virtlogd.log\"" > "$PRIV/etc/virtlogd.conf"
	# The mount points must exist; on a host with libvirt installed they do.
	mkdir -p /etc/libvirt /run/libvirt /var/lib/libvirt /var/cache/libvirt /var/log/libvirt
	# libvirtd runs in the foreground under tini, a child subreaper: the
	# QEMU processes libvirt daemonizes are reparented to tini and reaped at
	# once. This machine's PID 1 reaps orphans about a second late, and
	# 'virsh destroy' waits for the reaping: 2 s per run, before this.
	# The bind mounts are made in a private mount namespace (nothing
	# propagates back to the host); 'ip netns exec' gives each daemon a copy
	# of it, inside the lab's network namespace. libvirtd finds virtlogd at
	# /run/libvirt/virtlogd-sock, i.e. in $PRIV/run. fd 9 (the lab lock) is
	# closed: the daemons must not hold it.
	unshare --mount --propagation private sh -c '
		set -e
		mount --bind "$1/etc" /etc/libvirt
		mount --bind "$1/run" /run/libvirt
		mount --bind "$1/lib" /var/lib/libvirt
		mount --bind "$1/cache" /var/cache/libvirt
		mount --bind "$1/log" /var/log/libvirt
		ip netns exec "$2" virtlogd -d -f /etc/libvirt/virtlogd.conf -p "$3/virtlogd.pid"
		ip netns exec "$2" setsid tini -s -- libvirtd -f /etc/libvirt/libvirtd.conf -p "$3/libvirtd.pid" < /dev/null &' \
		sh "$PRIV" "$NETNS" "$STATE" > "$STATE/daemons.log" 2>&1 9>&- ||
		die "the lab's libvirtd/virtlogd failed to start in namespace $NETNS: $(tr '\n' ' ' < "$STATE/daemons.log")"
	wait_for 30 "libvirtd to answer on $URI" virsh_ok version ||
		die "the lab's libvirtd did not answer within 30s: see $PRIV/log/libvirtd.log"
	pid_record virtlogd
	pid_record libvirtd
	readlink "/proc/$(cat "$STATE/libvirtd.pid")/ns/mnt" > "$STATE/mntns" || true
	# libvirt probes QEMU's capabilities (about 30 s under TCG) at the first
	# domain start; do it here so that it counts as lab set-up, not as the
	# first guest's boot.
	virsh_t 180 domcapabilities --virttype qemu > /dev/null 2>&1 ||
		log "warning: libvirt could not report QEMU capabilities"
	log "lab: libvirtd $(cat "$STATE/libvirtd.pid") in network namespace $NETNS (socket $PRIV/run/libvirt-sock)"
}

# lab_free: refuse a lab left up by 'make vm-up' (its guests are in use; the
# lock was released when vm-up exited). Taken before anything is made.
lab_free() {
	if [ -f "$STATE/owner" ] && grep -q '^what=vm-up ' "$STATE/owner"; then
		die "the lab is up ($(head -1 "$STATE/owner")): run 'make vm-down' first"
	fi
}

# lab_up [WHAT]: the namespace, the daemons and the network. WHAT (nfs-test,
# vm-up) is recorded as the lab's owner: a lab left up by vm-up is refused
# (make vm-down first); one left by a run that died is torn down first.
lab_up() {
	local what=${1:-nfs-test}
	require_root
	lab_config_check
	lab_lock "$what"
	mkdir -p "$STATE"
	lab_free
	if [ -f "$STATE/owner" ]; then
		log "lab: tearing down what an earlier run left ($(head -1 "$STATE/owner"))"
		lab_down quiet || die "what the earlier run left cannot be torn down: see the line above"
	fi
	printf 'what=%s pid=%s checkout=%s since=%s\n' "$what" "$$" "$TOP" \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$STATE/owner"
	LAB_OURS=1
	start_private_libvirtd
	sed -e "s|@NET@|$NET|g" -e "s|@BRIDGE@|$BRIDGE|g" -e "s|@PREFIX@|$PREFIX|g" \
		-e "s|@SERVER@|$SERVER_NAME|g" -e "s|@CLIENT@|$CLIENT_NAME|g" \
		"$TOP/vm/libvirt/network.xml.in" > "$STATE/network.xml"
	virsh_t 60 net-create "$STATE/network.xml" > "$STATE/net-create.log" 2>&1 ||
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
	[ -f "$KERNEL" ] || die "kernel $KERNEL missing: run 'make kernel'"
	[ -f "$IMAGES/$role.cpio" ] || die "initramfs $IMAGES/$role.cpio missing: run 'make images'"
	vt=$(virt_type)
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
	virsh_t 60 create "$xml" > "$dir/$role-create.log" 2>&1 ||
		die "starting domain $name failed: $(tr '\n' ' ' < "$dir/$role-create.log")"
	log "lab: $name started ($vt, ${mem} MiB, console: vm/lab.sh virsh console $name)"
}

# start_server DIR [CMDLINE-EXTRA] / start_client DIR CMDLINE-EXTRA
start_server() { start_domain server "$SERVER_NAME" "$SERVER_MAC" "$SERVER_MEM" 1 "$1" "${2:-}"; }
start_client() { start_domain client "$CLIENT_NAME" "$CLIENT_MAC" "$CLIENT_MEM" 2 "$1" "$2"; }

stop_domain() {
	virsh_ok domstate "$1" && virsh_t 30 destroy "$1" > /dev/null 2>&1 || true
}

# domain_alive NAME: the domain exists and its state (virsh domstate) is
# running, blocked, paused or idle. One retry, so that a slow answer is not
# taken for a dead guest.
domain_alive() {
	local st try
	for try in 1 2; do
		if st=$(virsh_t 10 domstate "$1" 2> /dev/null); then
			case "$st" in running | blocked | paused | idle) return 0 ;; *) return 1 ;; esac
		fi
		[ "$try" = 2 ] || sleep 1
	done
	return 1
}

# wait_guest SECONDS NAME FILE PATTERN: wait for PATTERN in FILE (a guest's
# console log) while domain NAME runs; the domain's state is checked every
# second. On failure guest_down says why: "domain NAME not running", or is
# empty after a timeout.
wait_guest() {
	local secs=$1 name=$2 file=$3 pattern=$4 deadline next=0 t
	guest_down=""
	deadline=$(($(date +%s) + secs))
	until grep -q -- "$pattern" "$file" 2> /dev/null; do
		t=$(date +%s)
		if [ "$t" -ge "$next" ]; then
			next=$((t + 1))
			if ! domain_alive "$name"; then
				grep -q -- "$pattern" "$file" 2> /dev/null && return 0
				guest_down="domain $name not running"
				log "$guest_down (waiting for '$pattern' in $(basename "$file"))"
				return 1
			fi
		fi
		[ "$t" -lt "$deadline" ] || { log "timed out after ${secs}s waiting for '$pattern' in $(basename "$file")"; return 1; }
		sleep 0.2
	done
}

# guests_down CLIENT-CONSOLE: for the orchestrator's watch loop (at most one
# check a second): true, with guest_down set, if the client or the server
# domain is no longer running; a client whose console shows a panic is
# "panic".
guests_last_check=0
guests_down() {
	local t
	t=$(date +%s)
	[ "$t" -ge "$((guests_last_check + 1))" ] || return 1
	guests_last_check=$t
	guest_down=""
	if ! domain_alive "$CLIENT_NAME"; then
		guest_down="domain $CLIENT_NAME not running"
		grep -q 'Kernel panic' "$1" 2> /dev/null && guest_down=panic
	elif ! domain_alive "$SERVER_NAME"; then
		guest_down="domain $SERVER_NAME not running"
	fi
	[ -n "$guest_down" ]
}

# lab_leftovers: what of the lab is still there, as a comma separated list
# (empty when nothing is).
lab_leftovers() {
	local left=() p d pid mntns
	if netns_exists; then
		left+=("netns $NETNS")
		for p in $(ip netns pids "$NETNS" 2> /dev/null); do
			left+=("pid $p ($(cat "/proc/$p/comm" 2> /dev/null)) in netns $NETNS")
		done
	fi
	for d in libvirtd virtlogd; do
		pid=$(pid_ours "$d") && left+=("$d pid $pid")
	done
	mntns=$(cat "$STATE/mntns" 2> /dev/null || true)
	if [ -n "$mntns" ]; then
		for p in $(find /proc/[0-9]*/ns/mnt -maxdepth 0 -lname "${mntns//\[/\\[}" 2> /dev/null); do
			p=${p#/proc/}; p=${p%%/*}
			left+=("pid $p ($(cat "/proc/$p/comm" 2> /dev/null)) in the lab's mount namespace")
		done
	fi
	# QEMU names the guest on its command line (-name guest=NAME,...);
	# dnsmasq names the network's config file. ([t], [q]: grep's own
	# command line does not match.)
	for p in $(grep -l -a -e "gues[t]=$SERVER_NAME," -e "gues[t]=$CLIENT_NAME," \
		-e "/dnsmas[q]/$NET.conf" /proc/[0-9]*/cmdline 2> /dev/null); do
		p=${p#/proc/}; p=${p%/cmdline}
		left+=("pid $p ($(cat "/proc/$p/comm" 2> /dev/null))")
	done
	ip link show dev "$BRIDGE" > /dev/null 2>&1 && left+=("bridge $BRIDGE in the host's namespace")
	(IFS=,; echo "${left[*]}")
}

# lab_down [quiet]: destroy the domains and the network, stop the daemons
# (only if they are still the processes the lab started), stop whatever else
# is in the lab's namespace, delete it; then check nothing is left: a
# leftover is one error line naming it and a non-zero return.
lab_down() {
	local quiet=${1:-} name pid d p left
	[ -d "$STATE" ] || return 0
	if [ -f "$STATE/libvirtd.pid" ] && pid_ours libvirtd > /dev/null; then
		while read -r name; do
			if [ -n "$name" ]; then stop_domain "$name"; fi
		done < <({ cat "$STATE/domains" 2> /dev/null; echo "$SERVER_NAME"; echo "$CLIENT_NAME"; } | sort -u)
		[ -f "$STATE/net" ] && { virsh_ok net-destroy "$(cat "$STATE/net")" || true; }
	fi
	rm -f "$STATE/domains" "$STATE/net"
	for d in libvirtd virtlogd; do
		if pid=$(pid_ours "$d"); then
			stop_pid "$pid" "$d"
		elif [ -f "$STATE/$d.pid" ]; then
			log "lab: $STATE/$d.pid names pid $(head -c 20 "$STATE/$d.pid") which is not the $d the lab started: not signalled, file removed"
		fi
		rm -f "$STATE/$d.pid" "$STATE/$d.id"
	done
	# What the lab's namespace still holds (QEMU after a failed destroy,
	# dnsmasq) is the lab's by definition.
	if [ "$(cat "$STATE/netns" 2> /dev/null)" = "$NETNS" ] && netns_exists; then
		for p in $(ip netns pids "$NETNS" 2> /dev/null); do kill -TERM "$p" 2> /dev/null || true; done
		wait_for 15 "the processes in namespace $NETNS to exit" eval '[ -z "$(ip netns pids "$NETNS")" ]' ||
			for p in $(ip netns pids "$NETNS" 2> /dev/null); do kill -KILL "$p" 2> /dev/null || true; done
		wait_for 5 "the processes in namespace $NETNS to go" eval '[ -z "$(ip netns pids "$NETNS")" ]' || true
		ip netns del "$NETNS" 2> /dev/null || true
	fi
	left=$(lab_leftovers)
	if [ -n "$left" ]; then
		err "teardown left: $left: stop them by hand, then run 'make vm-down' again"
		return 1
	fi
	rm -f "$STATE/netns" "$STATE/mntns" "$STATE/owner"
	[ -n "$quiet" ] || log "lab: down (domains destroyed, network removed, daemons stopped, namespace deleted, nothing left)"
}

# lab_teardown: lab_down, if this process brought the lab up (lab_up got as
# far as recording itself as the owner); a lab it did not start is left alone.
LAB_OURS=""
lab_teardown() {
	[ -n "$LAB_OURS" ] || return 0
	lab_down "$@"
}

# lab_traps FUNCTION: 'FUNCTION RC' runs once on every exit path, in a
# subshell with INT and TERM ignored (a second Ctrl-C cannot cut the teardown
# short, and the commands it runs inherit that); INT exits 130, TERM 143, and
# so does a run whose teardown a Ctrl-C (TERM) arrived during: the signal is
# noted by this shell and acted on once the teardown is complete. A trap runs
# inside the redirections of the command it interrupted (virsh ... > log), so
# its messages and the teardown go to the stdout and stderr lab_traps saw.
lab_traps() {
	exec {lab_trap_out}>&1 {lab_trap_err}>&2
	trap "lab_exit_rc=\$?; lab_signal_rc=''; trap 'lab_signal_rc=130' INT; trap 'lab_signal_rc=143' TERM;
		( trap '' INT TERM; $1 \"\$lab_exit_rc\" ) >&\$lab_trap_out 2>&\$lab_trap_err; lab_exit_rc=\$?;
		trap '' INT TERM; exit \"\${lab_signal_rc:-\$lab_exit_rc}\"" EXIT
	trap "trap '' INT TERM; log 'interrupted: tearing down' 2>&\$lab_trap_err; exit 130" INT
	trap "trap '' INT TERM; log 'terminated: tearing down' 2>&\$lab_trap_err; exit 143" TERM
}

# lab_virsh ARGS...: virsh on the lab's libvirtd for a person at a terminal
# (vm/lab.sh virsh ...). virsh 9.0 starts polkit's text agent, pkttyagent,
# before it connects whenever virPolkitAgentAvailable() (libvirt
# src/util/virpolkit.c) is true: pkttyagent is installed and the process
# has a controlling terminal it can open. With no polkitd on the system
# bus the agent prints "Authorization not available. Check if polkit
# service is running ..." and exits; the lab's socket needs no agent
# anyway (libvirtd.conf auth_unix_rw = "none", root only), and virsh has
# no option or variable to skip it. So virsh runs in a session of its own
# (setsid: no controlling terminal), its stdin, stdout and stderr still
# the terminal, which is all 'virsh console' uses; INT, TERM and HUP are
# passed on to it.
lab_virsh() {
	local pid rc=0
	setsid virsh -c "$URI" "$@" 0<&0 &
	pid=$!
	trap 'kill -TERM "$pid" 2> /dev/null' INT TERM HUP
	while :; do
		wait "$pid" && rc=0 || rc=$?
		kill -0 "$pid" 2> /dev/null || break
	done
	trap - INT TERM HUP
	return "$rc"
}

lab_status() {
	echo "owner: $(cat "$STATE/owner" 2>/dev/null || echo "none (down)")"
	virsh_ok version && virsh_t 20 list --all && virsh_t 20 net-list --all || true
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	cmd=${1:-}
	shift || true
	case "$cmd" in
	up) lab_up vm-up ;;
	down) require_root; lab_config_check; lab_lock vm-down; lab_down ;;
	status) lab_status ;;
	virsh) lab_virsh "$@" ;;
	*) die "unknown lab command '$(shown "$cmd")': use up, down, status or virsh ARGS..." ;;
	esac
fi
