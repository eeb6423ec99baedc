#!/bin/sh
# Init of the NFS client guest (the patched kernel under test). Everything
# about the run comes on the kernel command line (nfstb.KEY=VALUE, from
# harness/scenarios.def): the workload to run, the arm's test switches
# (nfstb.knobs), the mode's trigger (nfstb.trigger) and the workload's
# parameters. This script sets the switches, runs the named workload, reports
# phases as "nfstb: phase=..." console markers and streams the trace to the
# virtio-serial port org.nfstb.trace. No arm or mode is named in it.
. /etc/nfstb-common.sh
base_mounts nfstb-client
parse_cmdline
export PATH=/usr/sbin:/usr/bin:/sbin:/bin

server=${nfstb_server:-10.213.59.10}
scenario=${nfstb_scenario:-manual}
vers=${nfstb_vers:-3}
proto=${nfstb_proto:-tcp}
workload=${nfstb_workload:-smoke}
arm=${nfstb_arm:--}
mode=${nfstb_mode:--}
knobs=${nfstb_knobs:--}
trigger=${nfstb_trigger:--}
run=${nfstb_run:-manual}
files=${nfstb_files:-4}
size=${nfstb_size:-4M}
seed=${nfstb_seed:-1}
params=/sys/module/sunrpc/parameters

# The flusher would COMMIT unstable folios behind the workload's back; the
# workload decides when data is committed.
echo 0 > /proc/sys/vm/dirty_writeback_centisecs
echo 1 > /proc/sys/kernel/sysrq

# Trace events the verdict and the timeline read; missing ones are skipped
# (a kernel without the series still boots and runs the smoke scenario).
start_tracing() {
	t=/sys/kernel/tracing
	[ -d $t/events ] || { log "phase=trace-unavailable"; return; }
	for ev in nfs/nfs_release_folio nfs/nfs_release_folio_done \
		sunrpc/xs_connect_worker_enter sunrpc/xs_connect_worker_exit \
		vmscan/mm_vmscan_reclaim_inject sunrpc/xprt_connect \
		sunrpc/xprt_disconnect_auto sunrpc/xprt_disconnect_done \
		sunrpc/xprt_disconnect_force sunrpc/rpc_socket_connect \
		sunrpc/rpc_socket_reset_connection sunrpc/rpc_socket_close \
		sunrpc/rpc_socket_state_change nfs/nfs_initiate_commit \
		nfs/nfs_commit_done vmscan/mm_vmscan_direct_reclaim_begin \
		vmscan/mm_vmscan_direct_reclaim_end kmem/mm_page_alloc; do
		[ -e $t/events/$ev/enable ] && echo 1 > $t/events/$ev/enable
	done
	# Release decisions of tasks that are not in reclaim (gfp 0: fadvise,
	# invalidation) are thousands of lines of noise: keep the ones that
	# matter, inside a connect worker or from reclaim.
	[ -e $t/events/nfs/nfs_release_folio/filter ] &&
		echo 'connect_worker == 1 || gfp != 0' > $t/events/nfs/nfs_release_folio/filter
	# Page allocations matter only in a connect worker (did its socket need
	# a fresh page, or did freed slab objects serve it?), and only those
	# that may enter direct reclaim (__GFP_DIRECT_RECLAIM, 0x400 in 6.1):
	# every task's, or the atomic receive allocations in softirq, flood
	# the stream. The connect workers run on xprtiod, unbound.
	[ -e $t/events/kmem/mm_page_alloc/filter ] &&
		echo 'comm ~ "kworker/u*" && gfp_flags & 0x400' > $t/events/kmem/mm_page_alloc/filter
	# Per CPU; nfstb.tracekb=N for a scenario that traces more (6.12's
	# stock release logs every folio a connect worker's reclaim meets).
	echo "${nfstb_tracekb:-4096}" > $t/buffer_size_kb
	echo 1 > $t/tracing_on
	# The trace channel is the virtio-serial port the harness named.
	chan=/dev/null
	for port in /sys/class/virtio-ports/*; do
		[ "$(cat "$port/name" 2> /dev/null)" = org.nfstb.trace ] && chan=/dev/${port##*/}
	done
	[ "$chan" = /dev/null ] && log "phase=error what=no-trace-channel"
	# The streamer touches no NFS file, so it keeps running during a deadlock.
	cat $t/trace_pipe > "$chan" &
	# The stream's heartbeat: a numbered trace marker every 500 ms, so that
	# a stream that stopped or lost events shows in the trace itself (the
	# verdict's rule w). The loop touches no NFS file either.
	(
		seq=0
		while :; do
			seq=$((seq + 1))
			echo "nfstb-heartbeat seq=$seq" > $t/trace_marker
			sleep 0.5
		done
	) &
	log "phase=tracing events=$(cat $t/set_event | wc -l) heartbeat_ms=500"
}

# knob_path NAME: the parameter file of a test switch: sunrpc's, or nfs's
# (release_folio_wait, 6.12 series only); sunrpc's path when neither has it.
knob_path() {
	for m in sunrpc nfs; do
		[ -e /sys/module/$m/parameters/$1 ] && { echo /sys/module/$m/parameters/$1; return 0; }
	done
	echo $params/$1
}

set_knob() {
	if [ -w "$(knob_path $1)" ]; then
		echo "$2" > "$(knob_path $1)"
	else
		log "phase=error what=missing-knob knob=$1"
		return 1
	fi
}

# apply_knobs: the arm's test switches, nfstb.knobs=KNOB=VALUE,... ('-': none),
# then one marker with what the kernel now says of each.
apply_knobs() {
	[ "$knobs" = - ] && return 0
	said=
	for kv in $(echo "$knobs" | tr ',' ' '); do
		set_knob "${kv%%=*}" "${kv#*=}" || return 1
		said="$said ${kv%%=*}=$(cat "$(knob_path "${kv%%=*}")")"
	done
	log "phase=arm arm=$arm$said"
}

# trigger_start / trigger_stop: the mode's trigger, nfstb.trigger=NAME, run
# as trigger_NAME on|off ('-': none).
trigger_start() { [ "$trigger" = - ] || "trigger_$trigger" on; }
trigger_stop() { [ "$trigger" = - ] || "trigger_$trigger" off; }

# trigger_memhog on|off: natural memory pressure: anonymous memory held
# until MemAvailable is nfstb.memtarget MiB.
trigger_memhog() {
	case "$1" in
	on)
		nfstb-memhog --available "${nfstb_memtarget:-24}" --hold-file /tmp/release --timeout 600 2>&1 |
			to_kmsg /tmp/memhog.log &
		wait_grep 300 /tmp/memhog.log 'holding' || { log "phase=error what=memhog"; return 1; }
		;;
	off) touch /tmp/release ;;
	esac
}

# trigger_reclaim_inject on|off: the forced trigger. The kernel's reclaim injection
# (Documentation/fault-injection/fault-injection.rst, reclaim_inject) runs
# direct reclaim before every allocation that may enter it, with that
# allocation's own gfp, in the tasks selected by task-filter; sunrpc's
# connect_make_it_fail selects the RPC socket connects.
trigger_reclaim_inject() {
	d=/sys/kernel/debug/reclaim_inject
	[ -d $d ] || { log "phase=error what=missing-knob knob=reclaim_inject"; return 1; }
	case "$1" in
	on)
		echo 0 > $d/verbose
		echo 0 > $d/space
		echo Y > $d/task-filter
		echo 1 > $d/interval
		echo -1 > $d/times
		echo 100 > $d/probability
		set_knob connect_make_it_fail Y
		;;
	off)
		set_knob connect_make_it_fail N
		echo 0 > $d/probability
		;;
	esac
}

# reconnect_transport: the transport to the server closed, so that a connect
# worker must create a new socket; nfstb.reconnect picks how (sysfs, the
# default: xprt_force_disconnect() through the transport's dstaddr, which
# takes the transport's lock; sockdiag: SOCK_DESTROY of the TCP socket, which
# takes no lock of the transport).
reconnect_transport() {
	nfstb-reconnect --port 2049 --proto "$proto" --method "${nfstb_reconnect:-sysfs}" \
		${nfstb_nearmin:+--near-min "$nfstb_nearmin"} 2>&1 |
		to_kmsg /tmp/reconnect.log
}

# server_ready: wait, at most 120 s, until the server accepts on
# READY_PORT (its nfsd serves): the two guests boot at the same time.
server_ready() {
	[ -z "${server_is_ready:-}" ] || return 0
	deadline=$(($(date +%s) + 120))
	until nc -w 1 "$server" "$READY_PORT" < /dev/null > /dev/null 2>&1; do
		[ "$(date +%s)" -lt "$deadline" ] || { log "phase=error what=server-not-ready"; return 1; }
		sleep 0.1
	done
	server_is_ready=1
}

mount_export() {
	server_ready || return 1
	mkdir -p /mnt/nfs
	case "$vers" in
	# Explicit ports: no rpcbind query is needed (the server's rpcbind, built
	# with libwrap, refuses remote GETPORT calls in this minimal guest).
	3) opts="vers=3,proto=$proto,port=2049,mountport=20048,mountproto=$proto,nolock,hard,timeo=100,retrans=5" ;;
	*) opts="vers=$vers,proto=$proto,hard,timeo=100,retrans=5" ;;
	esac
	# nfstb.nconnect=N: N transports to the server, all reconnected at once
	[ -n "${nfstb_nconnect:-}" ] && opts="$opts,nconnect=$nfstb_nconnect"
	[ -n "${mount_extra:-}" ] && opts="$opts,$mount_extra"
	# A mount refused for a passing reason: retry for a while.
	n=0
	until mount.nfs "$server:/export" /mnt/nfs -o "$opts" 2> /tmp/mount.err; do
		n=$((n + 1))
		[ $n -lt 30 ] || { log "phase=error what=mount err=$(tr '\n' ' ' < /tmp/mount.err)"; return 1; }
		sleep 1
	done
	log "phase=mounted vers=$vers proto=$proto opts=$opts"
}

# Drop the page cache and remount, so verification reads from the server.
verify_after_remount() {
	umount /mnt/nfs || { log "phase=error what=umount"; return 1; }
	echo 3 > /proc/sys/vm/drop_caches
	mount_export || return 1
	nfstb-verify --dir "/mnt/nfs/$run" 2>&1 | to_kmsg /tmp/verify.log
	# A manifest cut short verifies only what it still names: not enough.
	grep -q 'summary.*failed=0.*manifest=complete' /tmp/verify.log || return 1
	# Tell the server to check the same bytes on its side.
	touch "/mnt/nfs/$run/nfstb-complete"
	umount /mnt/nfs
}

# write_and_verify: the run's pattern written and committed on the mounted
# export, then read back after a remount; the server checks it too.
write_and_verify() {
	mkdir -p "/mnt/nfs/$run"
	nfstb-writer --dir "/mnt/nfs/$run" --files "$files" --size "$size" --seed "$seed" 2>&1 | to_kmsg /tmp/writer.log
	grep -q 'committed' /tmp/writer.log || { log "phase=error what=writer"; return 1; }
	log "phase=committed"
	verify_after_remount
}

# smoke: write a known pattern, commit, remount, read back; server checks too.
workload_smoke() {
	mount_export || return 1
	write_and_verify
}

# deadlock: unstable folios on the LRU, then a forced reconnect while the
# connect worker reclaims (the mode's trigger: injected direct reclaim, or
# memory pressure), then commit and verify.
workload_deadlock() {
	# write=eager: without it, every writeback pass that is not fsync ends
	# with an asynchronous COMMIT (nfs_io_completion_commit), and no folio
	# stays unstable. With it, the WRITEs go out UNSTABLE and stay
	# uncommitted until the writer's fsync.
	mount_extra=write=eager
	mount_export || return 1
	mount_extra=
	mkdir -p "/mnt/nfs/$run"
	rm -f /tmp/go /tmp/release
	nfstb-writer --dir "/mnt/nfs/$run" --files "$files" --size "$size" --seed "$seed" \
		--hold-file /tmp/go --timeout 600 2>&1 | to_kmsg /tmp/writer.log &
	wait_grep 300 /tmp/writer.log 'ready' || { log "phase=error what=writer-not-ready"; return 1; }
	log "phase=unstable $(grep -E '^(Writeback|NFS_Unstable|MemAvailable):' /proc/meminfo | tr -s ' ' | tr '\n' ' ')"
	trigger_start || return 1
	log "phase=reconnect proto=$proto"
	reconnect_transport
	grep -q 'done\|destroyed' /tmp/reconnect.log || { log "phase=error what=reconnect"; return 1; }
	# The writer now fsyncs: the COMMIT needs the transport, so the connect
	# worker runs and (with the trigger) reclaims before creating its socket.
	touch /tmp/go
	wait_grep 600 /tmp/writer.log 'committed' || { log "phase=error what=writer-commit"; return 1; }
	trigger_stop
	log "phase=committed"
	verify_after_remount
}

# lockdep: with the lockdep kernel, the first connect of the mount is
# enough: without the NOFS scope lockdep reports the xprt_connect/fs_reclaim
# cycle; with it, it must stay silent. Then a smoke write/verify, and one
# forced reconnect so a later connect is covered too.
workload_lockdep() {
	mount_export || return 1
	log "phase=reconnect proto=$proto"
	reconnect_transport
	write_and_verify
}

# swap: swap to a file on the export, fill anonymous memory beyond RAM with a
# pattern, force a reconnect while pages are being swapped out, read it all
# back (the arms: with and without PF_MEMALLOC for swap transports).
workload_swap() {
	mount_export || return 1
	swapfile=/mnt/nfs/$run.swap
	# Fully allocated, no holes: swap over NFS requires it.
	dd if=/dev/zero of="$swapfile" bs=1M count="${nfstb_swapmb:-512}" 2> /tmp/dd.err ||
		{ log "phase=error what=swapfile err=$(tr '\n' ' ' < /tmp/dd.err)"; return 1; }
	chmod 600 "$swapfile"
	mkswap "$swapfile" > /dev/null && swapon "$swapfile" ||
		{ log "phase=error what=swapon"; return 1; }
	log "phase=swapon $(grep -E '^(SwapTotal|MemAvailable):' /proc/meminfo | tr -s ' ' | tr '\n' ' ')"
	fill=${nfstb_fillmb:-448}
	nfstb-swapfill --size "$fill" --seed "$seed" --hold-file /tmp/go --timeout 600 2>&1 |
		to_kmsg /tmp/swapfill.log &
	# Reconnect while pages are going out to swap, i.e. once the fill has
	# passed the guest's RAM; with nfstb.nearmin=S, nfstb-reconnect waits
	# (at most S seconds) until free memory is near the min watermark,
	# below which only PF_MEMALLOC allocations succeed.
	wait_grep 600 /tmp/swapfill.log "filled mb=${nfstb_reconnectmb:-384}" ||
		{ log "phase=error what=swapfill-progress"; return 1; }
	log "phase=reconnect proto=$proto"
	reconnect_transport
	touch /tmp/go
	wait_grep 900 /tmp/swapfill.log 'verified\|FAIL\|killed' || { log "phase=error what=swapfill"; return 1; }
	grep -q 'verified.*ok=1' /tmp/swapfill.log || return 1
	log "phase=verified"
	swapoff "$swapfile" && rm -f "$swapfile"
}

# interactive: just mount the export, for 'make vm-up'.
workload_interactive() {
	mount_export
}

start_tracing
# The verdict checks this marker against the run it judges (scenario, arm,
# mode and the seed the orchestrator chose).
log "phase=booted scenario=$scenario workload=$workload vers=$vers proto=$proto arm=$arm mode=$mode run=$run seed=$seed"
if ! type "workload_$workload" > /dev/null 2>&1; then
	log "phase=error what=unknown-workload workload=$workload"
	rc=2
elif [ "$trigger" != - ] && ! type "trigger_$trigger" > /dev/null 2>&1; then
	log "phase=error what=unknown-trigger trigger=$trigger"
	rc=2
elif apply_knobs; then
	"workload_$workload"
	rc=$?
else
	rc=1
fi
log "phase=done rc=$rc"
console_shell
