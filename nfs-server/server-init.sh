#!/bin/sh
# Init of the NFS server guest: knfsd (built into the guest kernel) with
# nfs-utils from Debian, exporting a tmpfs; then verifies every run directory
# a client marks complete, so data is checked on the server side too.
# vm/build-initramfs.sh packs it as /init of the server's initramfs;
# /etc/nfstb-common.sh is vm/guest/common.sh, shared with the client.
. /etc/nfstb-common.sh
base_mounts nfstb-server
parse_cmdline
export PATH=/usr/sbin:/usr/bin:/sbin:/bin

# The run's nonce (the orchestrator's, also on the client's command line):
# the verdict ties this console to the run by it.
log "phase=server-booted nonce=${nfstb_nonce:--}"
mount -t tmpfs -o size=${nfstb_exportsize:-768m} tmpfs /export
chmod 777 /export
# nfstb.cleanmb=N: a file the client reads for clean page cache (natural
# mode: memory that reclaim without __GFP_FS can still free).
if [ -n "${nfstb_cleanmb:-}" ]; then
	dd if=/dev/zero of=/export/clean bs=1M count="$nfstb_cleanmb" 2> /dev/null ||
		log "phase=server-error what=cleanfile"
fi
mkdir -p /proc/fs/nfsd /var/lib/nfs/rpc_pipefs /var/lib/nfs/v4recovery /run/rpcbind
mount -t nfsd nfsd /proc/fs/nfsd
# Short NFSv4 grace and lease periods (10 s, the least nfsd takes).
echo 10 > /proc/fs/nfsd/nfsv4gracetime
echo 10 > /proc/fs/nfsd/nfsv4leasetime

rpcbind -w || log "phase=server-error what=rpcbind"
# nfsd's start spends a second waiting for an nfsdcld that this guest does
# not run (nfsd4_cld_tracking_init) before it takes the legacy client
# tracking: it runs beside exportfs and mountd, and is waited for before
# the server says it is ready. UDP is off by default in nfs-utils 2.x; the
# NFSv3/UDP scenario needs it.
rpc.nfsd --udp --tcp 8 2>&1 | to_kmsg /tmp/nfsd.log &
nfsd_started=$!
exportfs -ra 2>&1 | to_kmsg /tmp/exportfs.log
# Foreground with its log on the console: a refused mount says why.
rpc.mountd --foreground --port 20048 --debug auth 2>&1 | to_kmsg /tmp/mountd.log &
wait "$nfsd_started"
# This server was booted for one run on an empty tmpfs: no client can hold
# state to reclaim, so the NFSv4 grace period ends now (v4.x mounts would
# otherwise wait the 10 s out).
echo Y > /proc/fs/nfsd/v4_end_grace 2>/dev/null || log "phase=server-warning what=v4-end-grace"
if grep -q . /proc/fs/nfsd/portlist 2>/dev/null; then
	log "phase=server-ready ports=$(tr '\n' ' ' < /proc/fs/nfsd/portlist)"
	nc -ll -p "$READY_PORT" -e /bin/true > /dev/null 2>&1 &
	exportfs -v 2>&1 | to_kmsg /tmp/exportfs.log
else
	log "phase=server-error what=nfsd-not-listening"
fi

# Verify each run directory the client marks complete, once.
verify_loop() {
	while :; do
		for done_mark in /export/*/nfstb-complete; do
			[ -e "$done_mark" ] || continue
			dir=${done_mark%/nfstb-complete}
			[ -e "$dir/nfstb-verified" ] && continue
			log "server-verify run=${dir#/export/}"
			nfstb-verify --dir "$dir" 2>&1 | to_kmsg /tmp/verify.log
			touch "$dir/nfstb-verified"
		done
		sleep 0.5
	done
}
verify_loop &
console_shell
