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
nonce=${nfstb_nonce:--}
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
	# nfstb.reclaimtrace=workers: the direct reclaim of workqueue workers
	# only. Under a swap squeeze every other task reclaims in a loop, the
	# trace pump among them, whose own events it must then stream: 1.2
	# million events lost in one 30 s run (2026-12-06).
	if [ "${nfstb_reclaimtrace:-all}" = workers ]; then
		for ev in mm_vmscan_direct_reclaim_begin mm_vmscan_direct_reclaim_end; do
			[ ! -e $t/events/vmscan/$ev/filter ] ||
				echo 'comm ~ "kworker/*"' > $t/events/vmscan/$ev/filter
		done
	fi
	# Per CPU; nfstb.tracekb=N for a scenario that traces more (6.12's
	# stock release logs every folio a connect worker's reclaim meets).
	echo "${nfstb_tracekb:-4096}" > $t/buffer_size_kb
	# One clock for console and trace: printk stamps with local_clock(),
	# sched_clock_cpu(), which is the "global" trace clock. The "local"
	# one is raw sched_clock(): once the guest marks its TSC unstable
	# (TCG, a miscalibrated TSC) the two drift apart by tens of seconds.
	# A trace line whose comm reads <...> names no task: keep every
	# pid's comm for the whole run.
	echo global > $t/trace_clock
	echo 4096 > $t/saved_cmdlines_size 2> /dev/null ||
		log "phase=warning what=saved-cmdlines-size"
	echo 1 > $t/tracing_on
	# The trace's first record binds it to this run and this boot; the
	# boot marker on the console carries the same boot id.
	echo "nfstb-run run=$run seed=$seed nonce=$nonce boot=$boot_id" > $t/trace_marker
	# The trace channel is the virtio-serial port the harness named.
	chan=/dev/null
	for port in /sys/class/virtio-ports/*; do
		[ "$(cat "$port/name" 2> /dev/null)" = org.nfstb.trace ] && chan=/dev/${port##*/}
	done
	[ "$chan" = /dev/null ] && log "phase=error what=no-trace-channel"
	# The stream and its heartbeat (a numbered trace marker every 500 ms,
	# so that a stream that stopped or lost events shows in the trace
	# itself: the verdict's rule w) come from one process that touches no
	# NFS file, never forks and cannot be made to wait in NFS reclaim: it
	# keeps running through a deadlock, even one that stops every other
	# task that allocates memory (natural mode).
	# nfstb.pumpbelowmin=yes (swap's squeeze, which holds free memory
	# below min for good): the pump's own reserve (nfstb-tracepump).
	nfstb-tracepump --out "$chan" --heartbeat-ms 500 --below-min "${nfstb_pumpbelowmin:-no}" 2>&1 |
		to_kmsg /tmp/tracepump.log &
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

# trigger_start / trigger_fire / trigger_stop: the mode's trigger,
# nfstb.trigger=NAME, run as trigger_NAME on|fire|off ('-': none). fire
# comes with the transport down, just before the COMMIT that reconnects it.
trigger_start() { [ "$trigger" = - ] || "trigger_$trigger" on; }
trigger_fire() { [ "$trigger" = - ] || "trigger_$trigger" fire; }
trigger_stop() { [ "$trigger" = - ] || "trigger_$trigger" off; }

# transport_down PORT: wait, at most 5 s, until no sunrpc transport of the
# mount's protocol to PORT is connected (xprt_info says "<closed>" once the
# socket is released).
transport_down() {
	n=0
	while cat /sys/kernel/sunrpc/xprt-switches/switch-*/xprt-*-"$proto"/xprt_info 2> /dev/null |
		grep -qx "dst_port=$1"; do
		n=$((n + 1))
		[ $n -lt 50 ] || return 1
		sleep 0.1
	done
}

# socket_gone PROTO PORT: wait, at most 5 s, until no socket of PROTO to
# the server's PORT is left but TIME_WAIT ones (/proc/net/PROTO: the
# remote port in hex is the third field's tail, the state the fourth).
socket_gone() {
	hex=$(printf ':%04X' "$2")
	n=0
	while awk -v p="$hex" 'NR > 1 && substr($3, length($3) - 4) == p && $4 != "06" { found = 1 }
		END { exit !found }' "/proc/net/$1"; do
		n=$((n + 1))
		[ $n -lt 50 ] || return 1
		sleep 0.1
	done
}

# min_free_for_margin PAGES: the vm.min_free_kbytes (kB) that puts the min
# watermark of the zones an ordinary allocation uses (all but DMA) PAGES
# above their free pages now. The kernel spreads min_free_kbytes over all
# zones by managed pages (__setup_per_zone_wmarks).
min_free_for_margin() {
	awk -v margin="$1" '
		/^Node/ { zone = $4 }
		$1 == "pages" && $2 == "free" { free[zone] = $3 }
		$1 == "managed" { managed[zone] = $2; total += $2 }
		END {
			for (z in managed)
				if (z != "DMA" && managed[z] > 0) { f += free[z]; m += managed[z] }
			if (!m) exit 1
			print (int((f + margin) * total / m) + 1) * 4
		}' /proc/zoneinfo
}

# zone_state: free, min and low pages of the zones an ordinary allocation
# uses (all but DMA), for the console.
zone_state() {
	awk '/^Node/ { counted = ($4 != "DMA") }
		counted && $1 == "pages" && $2 == "free" { f += $3 }
		counted && $1 == "min" { m += $2 }
		counted && $1 == "low" { l += $2 }
		END { printf "free_pages=%d min_pages=%d low_pages=%d", f, m, l }' /proc/zoneinfo
}

# fence_dma_zone: the DMA zone would serve what the others refuse: its
# reserve against higher-zone allocations set to all of their pages
# (trigger_squeeze off puts the old ratio back).
fence_dma_zone() {
	reserve_ratio_was=$(cat /proc/sys/vm/lowmem_reserve_ratio)
	echo "$reserve_ratio_was" | awk '{ $1 = 1; print }' > /proc/sys/vm/lowmem_reserve_ratio
}

# Once a swap run's band is up the shell must not fork: a fork allocates
# the child's kernel stack (order 2), and below min that allocation ends
# in the OOM killer, which ends the starvation it was to show (measured:
# init invoked it 0.1 s after the squeeze, 2026-12-06). These waits use
# builtins only: read, and a 100 ms tick from 'read -t' on a FIFO that
# nobody writes (busybox's sleep forks).
nofork_tick() { read -t 0.1 _ <> /tmp/tick; }

# nofork_file_has SECS FILE TEXT: wait, at most SECS seconds, until a line
# of FILE contains TEXT.
nofork_file_has() {
	n=$(($1 * 10))
	while :; do
		if [ -r "$2" ]; then
			while IFS= read -r l; do
				case $l in *"$3"*) return 0 ;; esac
			done < "$2"
		fi
		[ $n -gt 0 ] || return 1
		n=$((n - 1))
		nofork_tick
	done
}

# nofork_transport_up PORT SECS: transport_up with builtins only.
nofork_transport_up() {
	n=$(($2 * 10))
	while :; do
		for f in /sys/kernel/sunrpc/xprt-switches/switch-*/xprt-*-"$proto"/xprt_info; do
			[ -r "$f" ] || continue
			while IFS= read -r l; do
				[ "$l" != "dst_port=$1" ] || return 0
			done < "$f"
		done
		[ $n -gt 0 ] || return 1
		n=$((n - 1))
		nofork_tick
	done
}

# trigger_swapsqueeze on|fire|off: natural mode's squeeze for swap over
# NFS. on: the DMA zone fenced off; the anonymous fill is the pressure.
# fire (the swap transport still up): the clean page cache dropped, then
# one locked-in-memory process, nfstb-slabfill, destroys the transport's
# socket, leaves the TCP slab without a free object (the old socket's
# included) and raises min nfstb.squeezemb MiB above free. A swap
# transport cannot stay down while this shell forks: any page a child
# touches that went out to swap reconnects it at once. So the connect
# worker must take a fresh page while reclaim can free memory only by
# swapping out over the transport it is creating. off: as squeeze's.
trigger_swapsqueeze() {
	case "$1" in
	on) fence_dma_zone ;;
	fire)
		echo 1 > /proc/sys/vm/drop_caches
		min_free_was=$(cat /proc/sys/vm/min_free_kbytes)
		# The band: min above free by what reclaim frees without IO (the
		# clean swap cache the fill left, any file page left: that must
		# not lift free above min) plus nfstb.squeezemb, but at most
		# free - 2 * 256 pages above it: the trace pump, a real-time task,
		# allocates down to min / 2 (tracepump.c), and must keep 1 MiB.
		cheap=$(awk '/^(SwapCached|Active\(file\)|Inactive\(file\)):/ { kb += $2 }
			END { print int(kb / 4) }' /proc/meminfo)
		margin=$(awk -v cheap="$cheap" -v squeeze=$((${nfstb_squeezemb:-16} * 256)) \
			'/^Node/ { counted = ($4 != "DMA") }
			counted && $1 == "pages" && $2 == "free" { f += $3 }
			END { m = cheap + squeeze; cap = f - 512; if (m > cap) m = cap; print (m > 0 ? m : 0) }' /proc/zoneinfo)
		min_free=$(min_free_for_margin "$margin") ||
			{ log "phase=error what=zoneinfo"; return 1; }
		log "phase=squeeze slab=TCP $(zone_state) reclaimable_pages=$cheap margin_pages=$margin min_free_kbytes=$min_free_was->$min_free"
		[ -p /tmp/tick ] || mkfifo /tmp/tick
		nfstb-slabfill --proto tcp --cache TCP --destroy-port 2049 --min-free-kbytes "$min_free" \
			--settle-ms 500 --hold-file /tmp/release --timeout 600 2>&1 | to_kmsg /tmp/slabfill.log &
		# From here on the band may be up: no fork (nofork_tick).
		nofork_file_has 30 /tmp/slabfill.log 'full=' || { log "phase=error what=slabfill"; return 1; }
		nofork_file_has 0 /tmp/slabfill.log 'full=1' || { log "phase=error what=slab-not-full"; return 1; }
		;;
	off) trigger_squeeze off ;;
	esac
}

# trigger_squeeze on|fire|off: natural memory pressure, standard
# interfaces only. on: clean page cache younger than the unstable folios
# (reclaim meets the unstable ones first; reclaim without __GFP_FS can free
# the clean ones), the DMA zone fenced off (lowmem_reserve_ratio), and
# anonymous memory until free pages are nfstb.abovelow MiB above the low
# watermark (kswapd still asleep: nothing has met the unstable folios).
# fire, with the old socket gone: its slab cache left without a free object
# (nfstb-slabfill: the new socket needs a fresh page), and the band widened:
# min_free_kbytes so that min is nfstb.squeezemb MiB above free. Every
# allocation that may reclaim now enters direct reclaim, the connect
# worker's too; atomic ones still have the reserve below min. off: the old
# band and ratio, the memory and the sockets back.
trigger_squeeze() {
	case "$1" in
	on)
		cat /mnt/nfs/clean > /dev/null 2> /tmp/clean.err ||
			{ log "phase=error what=cleanfile err=$(tr '\n' ' ' < /tmp/clean.err)"; return 1; }
		fence_dma_zone
		nfstb-memhog --above-low "${nfstb_abovelow:-8}" --chunk 1 --hold-file /tmp/release --timeout 600 2>&1 |
			to_kmsg /tmp/memhog.log &
		wait_grep 300 /tmp/memhog.log 'holding' || { log "phase=error what=memhog"; return 1; }
		;;
	fire)
		transport_down 2049 || { log "phase=error what=transport-not-down"; return 1; }
		[ "$proto" != tcp ] || socket_gone tcp 2049 || { log "phase=error what=socket-not-gone"; return 1; }
		cache=$(echo "$proto" | tr a-z A-Z)
		nfstb-slabfill --proto "$proto" --cache "$cache" --hold-file /tmp/release --timeout 600 2>&1 |
			to_kmsg /tmp/slabfill.log &
		wait_grep 30 /tmp/slabfill.log 'full=' || { log "phase=error what=slabfill"; return 1; }
		grep -q 'full=1' /tmp/slabfill.log || { log "phase=error what=slab-not-full"; return 1; }
		min_free_was=$(cat /proc/sys/vm/min_free_kbytes)
		min_free=$(min_free_for_margin $((${nfstb_squeezemb:-16} * 256))) ||
			{ log "phase=error what=zoneinfo"; return 1; }
		# Said before the band moves: from then on a fork may wait in
		# reclaim (for ever, in a control arm that deadlocks).
		log "phase=squeeze slab=$cache $(zone_state) min_free_kbytes=$min_free_was->$min_free"
		echo "$min_free" > /proc/sys/vm/min_free_kbytes
		;;
	off)
		[ -n "${min_free_was:-}" ] && echo "$min_free_was" > /proc/sys/vm/min_free_kbytes
		[ -n "${reserve_ratio_was:-}" ] && echo "$reserve_ratio_was" > /proc/sys/vm/lowmem_reserve_ratio
		touch /tmp/release
		;;
	esac
}

# trigger_reclaim_inject on|off: the forced trigger. The kernel's reclaim injection
# (Documentation/fault-injection/fault-injection.rst, reclaim_inject) runs
# direct reclaim before every allocation that may enter it, with that
# allocation's own gfp, in the tasks selected by task-filter; sunrpc's
# connect_make_it_fail selects the RPC socket connects.
trigger_reclaim_inject() { connect_fault reclaim_inject "$1"; }

# connect_fault NAME on|off: the fault-injection capability NAME of
# /sys/kernel/debug/ (Documentation/fault-injection/) hits every
# allocation of the tasks task-filter selects, and only the RPC socket
# connects are selected (sunrpc's connect_make_it_fail); off: none.
# ignore-gfp-wait=N where the capability has it (failslab,
# fail_page_alloc): the connects' allocations may sleep.
connect_fault() {
	d=/sys/kernel/debug/$1
	[ -d $d ] || { log "phase=error what=missing-knob knob=$1"; return 1; }
	case "$2" in
	on)
		echo 0 > $d/verbose
		echo 0 > $d/space
		echo Y > $d/task-filter
		[ ! -e $d/ignore-gfp-wait ] || echo N > $d/ignore-gfp-wait
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

# failslab: while on, every slab allocation of a connect worker fails (the
# kernel's failslab), so socket creation fails inside the worker and it
# leaves through its error exit.
trigger_failslab() { connect_fault failslab "$1"; }

# noroute: while on, the server is unreachable from the client (an
# 'unreachable' route to it), so kernel_connect() fails at once inside the
# TCP connect worker (-EHOSTUNREACH): the error exit of the switch after
# xs_tcp_finish_connecting(). The RPC layer retries that error after 3 s.
trigger_noroute() {
	case "$1" in
	on) ip route add unreachable "$server/32" ||
		{ log "phase=error what=noroute-add"; return 1; } ;;
	off) ip route del unreachable "$server/32" ||
		{ log "phase=error what=noroute-del"; return 1; } ;;
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

# send_anchor: clock anchors for the packet capture (nfstb-anchor): each
# "nfstb: anchor run=R.NONCE seq=K" console line (the run's name and its
# nonce: another run of the same name has another nonce) is written just
# before the datagram "nfstb-anchor run=R.NONCE seq=K" goes to the server's
# UDP port 20051,
# which the host's tcpdump keeps (nothing listens there; the ICMP port
# unreachable back is harmless). nfstb-pcapsum gives each datagram's
# capture time (anchor.K=), so the capture names this run and maps onto
# the printk clock. Once per run, before the reconnect and before any
# memory pressure is set up; a failure is said but does not fail the run
# (the verdict then finds no anchors: the packets judge nothing). 16
# anchors 10 ms apart, the most the console parser keeps: the mapping
# takes the two least delayed, and with 5 anchors 50 ms apart a guest
# clock that fell behind the host's under TCG (offsets growing 10 to 17
# ms from one anchor to the next, 4 of 80 natural runs of 2026-12-07)
# left no two within the residual bound.
send_anchor() {
	nfstb-anchor --to "$server" --port 20051 --run "$run.$nonce" --count 16 --interval-ms 10 > /tmp/anchor.log 2>&1 ||
		log "phase=error what=anchor err=$(tr '\n' ' ' < /tmp/anchor.log)"
	return 0
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
	send_anchor
	write_and_verify
}

# deadlock: unstable folios on the LRU, then a forced reconnect while the
# connect worker reclaims (the mode's trigger: injected direct reclaim, or
# memory pressure), then commit and verify.
# unstable_writer [WRITER-OPTION...]: mount the export, and start the
# writer, which leaves its files' WRITEs unstable on the server and waits
# for /tmp/go before it fsyncs (COMMITs). write=eager: without it, every
# writeback pass that is not fsync ends with an asynchronous COMMIT
# (nfs_io_completion_commit), and no folio stays unstable. With it, the
# WRITEs go out UNSTABLE and stay uncommitted until the writer's fsync.
unstable_writer() {
	mount_extra=write=eager
	mount_export || return 1
	mount_extra=
	mkdir -p "/mnt/nfs/$run"
	rm -f /tmp/go /tmp/release /tmp/retry
	nfstb-writer --dir "/mnt/nfs/$run" --files "$files" --size "$size" --seed "$seed" \
		--hold-file /tmp/go --timeout 600 "$@" 2>&1 | to_kmsg /tmp/writer.log &
	wait_grep 300 /tmp/writer.log 'ready' || { log "phase=error what=writer-not-ready"; return 1; }
}

workload_deadlock() {
	unstable_writer || return 1
	log "phase=unstable $(grep -E '^(Writeback|NFS_Unstable|MemAvailable):' /proc/meminfo | tr -s ' ' | tr '\n' ' ')"
	# Before the trigger: natural mode's squeeze leaves no memory to spare.
	send_anchor
	trigger_start || return 1
	log "phase=reconnect proto=$proto"
	reconnect_transport
	grep -q 'done\|destroyed' /tmp/reconnect.log || { log "phase=error what=reconnect"; return 1; }
	trigger_fire || return 1
	# The writer now fsyncs: the COMMIT needs the transport, so the connect
	# worker runs and (with the trigger) reclaims before creating its socket.
	touch /tmp/go
	wait_grep 600 /tmp/writer.log 'committed' || { log "phase=error what=writer-commit"; return 1; }
	trigger_stop
	log "phase=committed"
	verify_after_remount
}

# connerr: a connect worker's error exit, end to end. The files' WRITEs are
# on the server, unstable; the transport is closed and the trigger makes
# the next connect fail inside the worker; the writer's fsync needs that
# connect. An error the RPC layer does not retry (a failed socket
# creation) must reach the writer even on a hard mount; one it retries
# (no route) must not. Then the fault is taken away, the writer writes a
# failed file again and fsyncs, and the bytes are verified on client and
# server.
workload_connerr() {
	# The fsync's COMMIT needs the new connection.
	unstable_writer --retry-hold-file /tmp/retry || return 1
	send_anchor
	log "phase=reconnect proto=$proto"
	reconnect_transport
	grep -q 'done\|destroyed' /tmp/reconnect.log || { log "phase=error what=reconnect"; return 1; }
	# The old connection gone before the fault: a TCP close waits
	# (XPRT_CLOSING) for the server's FIN, which no route would let in.
	transport_down 2049 || { log "phase=error what=transport-down"; return 1; }
	trigger_start || return 1
	touch /tmp/go
	# The first fsync error, a commit the fault never touched, or (an
	# error the RPC layer retries) an fsync still waiting after 10 s.
	wait_grep 10 /tmp/writer.log 'fsync-error\|committed' ||
		log "phase=writer-waiting what=fsync"
	trigger_stop || return 1
	log "phase=fault-gone"
	touch /tmp/retry
	wait_grep 600 /tmp/writer.log 'committed' || { log "phase=error what=writer-retry"; return 1; }
	log "phase=committed"
	verify_after_remount
}

# lockdep: with the lockdep kernel, the first connect of the mount is
# enough: without the NOFS scope lockdep reports the xprt_connect/fs_reclaim
# cycle; with it, it must stay silent. Then a smoke write/verify, and one
# forced reconnect so a later connect is covered too.
workload_lockdep() {
	mount_export || return 1
	send_anchor
	log "phase=reconnect proto=$proto"
	reconnect_transport
	write_and_verify
}

# writeback_done SECS: wait, at most SECS seconds, until no page is under
# writeback (/proc/vmstat nr_writeback).
writeback_done() {
	n=0
	until grep -qx 'nr_writeback 0' /proc/vmstat; do
		n=$((n + 1))
		[ $n -lt $(($1 * 10)) ] || return 1
		sleep 0.1
	done
}

# swap_squeezed: the reconnect of a swap run with a trigger. The fill is
# complete (swapped out, the filler holding); the trigger destroys the
# transport's socket and squeezes (trigger_swapsqueeze). The filler's
# read-back and kswapd's swap-out both need the new connection; once it
# is up the trigger is taken away.
swap_squeezed() {
	wait_grep 600 /tmp/swapfill.log 'ready' || { log "phase=error what=swapfill-ready"; return 1; }
	# No swap-out in flight: an RPC waiting for the transport would have
	# it reconnect at once, before the trigger fires.
	writeback_done 10 || { log "phase=error what=writeback-in-flight"; return 1; }
	log "phase=reconnect proto=$proto $(zone_state)"
	trigger_fire || return 1
	# The filler reads back, over the new connection.
	: > /tmp/go
	nofork_transport_up 2049 60 || { log "phase=error what=transport-not-up"; return 1; }
	trigger_stop
	log "phase=reconnected $(zone_state)"
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
	# Before the fill: near the min watermark an exec may not come back.
	send_anchor
	# N MiB more than the kernel says is available (nfstb.overmb=N), so
	# that N MiB or so must go out to swap.
	fill=$(($(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo) + ${nfstb_overmb:-48}))
	trigger_start || return 1
	nfstb-swapfill --size "$fill" --seed "$seed" --hold-file /tmp/go --timeout 600 2>&1 |
		to_kmsg /tmp/swapfill.log &
	swap_squeezed || return 1
	wait_grep 900 /tmp/swapfill.log 'verified\|FAIL\|killed' || { log "phase=error what=swapfill"; return 1; }
	grep -q 'verified.*ok=1' /tmp/swapfill.log || return 1
	log "phase=verified"
	swapoff "$swapfile" && rm -f "$swapfile"
}

# interactive: just mount the export, for 'make vm-up'.
workload_interactive() {
	mount_export
}

# coverage_reset / coverage_dump (nfstb.coverage=1, the coverage flavour):
# the gcov counters of the files the fix touches start at zero with the
# run's workload, and leave through the console when it ends, each .gcda
# as base64 in numbered pieces ('nfstb-gcov file=PATH seq=K data=...',
# then 'nfstb-gcov file=PATH end parts=N bytes=B'). A run that hangs never
# gets here: it has no coverage, and the report says so.
GCOV=/sys/kernel/debug/gcov
coverage_reset() {
	[ "${nfstb_coverage:-0}" = 1 ] || return 0
	echo 1 > $GCOV/reset 2> /dev/null ||
		{ log "phase=error what=gcov-reset (a kernel without CONFIG_GCOV_KERNEL?)"; return 1; }
	log "phase=coverage-reset"
}
coverage_dump() {
	[ "${nfstb_coverage:-0}" = 1 ] || return 0
	for f in $(find $GCOV -name '*.gcda' 2> /dev/null); do
		rel=${f#$GCOV}
		bytes=$(wc -c < "$f")
		k=0
		for piece in $(base64 < "$f" | tr -d '\n' | fold -w 600); do
			k=$((k + 1))
			echo "nfstb-gcov file=$rel seq=$k data=$piece" > /dev/kmsg
		done
		echo "nfstb-gcov file=$rel end parts=$k bytes=$bytes" > /dev/kmsg
	done
}

boot_id=$(cat /proc/sys/kernel/random/boot_id)
start_tracing
# The verdict checks this marker against the run it judges (scenario, arm,
# mode, run and the seed the orchestrator chose) and its boot id against
# the trace's first record.
log "phase=booted scenario=$scenario workload=$workload vers=$vers proto=$proto arm=$arm mode=$mode run=$run seed=$seed nonce=$nonce boot=$boot_id"
if ! type "workload_$workload" > /dev/null 2>&1; then
	log "phase=error what=unknown-workload workload=$workload"
	rc=2
elif [ "$trigger" != - ] && ! type "trigger_$trigger" > /dev/null 2>&1; then
	log "phase=error what=unknown-trigger trigger=$trigger"
	rc=2
elif apply_knobs && coverage_reset; then
	"workload_$workload"
	rc=$?
	coverage_dump
else
	rc=1
fi
log "phase=done rc=$rc"
console_shell
