# Helpers shared by the server and client init scripts (busybox sh, inside the guest).

# Markers go to /dev/kmsg so that they carry the kernel's timestamp and land on
# the console in order with kernel messages (printk.devkmsg=on lifts the rate limit).
log() { echo "nfstb: $*" > /dev/kmsg; }

# The server accepts TCP connections on this port once nfsd serves, so the
# client, booted at the same time, knows when to mount. It is none of the
# ports the orchestrator captures: the probe never shows in the packets.
READY_PORT=20049

# to_kmsg FILE: copy stdin line by line to the console and to FILE.
to_kmsg() {
	while IFS= read -r line; do
		echo "$line" > /dev/kmsg
		echo "$line" >> "$1"
	done
}

# wait_grep SECS FILE PATTERN: wait until FILE has a line matching PATTERN.
wait_grep() {
	local n=$(($1 * 10))
	while [ $n -gt 0 ]; do
		grep -q "$3" "$2" 2>/dev/null && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

# Every nfstb.KEY=VALUE on the kernel command line becomes $nfstb_KEY.
parse_cmdline() {
	for word in $(cat /proc/cmdline); do
		case "$word" in
		nfstb.*=*)
			key=${word%%=*}
			key=${key#nfstb.}
			eval "nfstb_$key=\${word#*=}"
			;;
		esac
	done
}

base_mounts() {
	mount -t proc proc /proc
	mount -t sysfs sysfs /sys
	mount -t devtmpfs devtmpfs /dev 2>/dev/null || true
	mkdir -p /dev/pts && mount -t devpts devpts /dev/pts
	mount -t tmpfs tmpfs /run
	mount -t tmpfs tmpfs /tmp
	mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null || true
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null || true
	hostname "${1:-nfstb}"
	ip link set lo up
}

# A shell on the console for 'virsh console', forever (respawned on exit).
console_shell() {
	while :; do
		setsid cttyhack sh -l < /dev/console > /dev/console 2>&1
		sleep 1
	done
}
