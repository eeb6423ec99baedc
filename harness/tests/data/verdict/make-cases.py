#!/usr/bin/env python3
# Writes the golden run directories NAME.run/ here from the real evidence in
# ../console, ../trace, ../pcap and ../run (see README.md). It leaves the
# NAME.expected files alone: regenerate those with
# NFSTB_UPDATE_GOLDEN=1 bin/tests/test_runs and review the diff.
import os, re, shutil
D=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT=D+'/verdict'
os.makedirs(OUT, exist_ok=True)
for e in os.listdir(OUT):
    if e.endswith('.run'): shutil.rmtree(OUT+'/'+e)
def rd(p): return open(D+'/'+p, newline='').read()
def booted(text, scenario, seed):
    return re.sub(r'(nfstb: phase=booted )(workload=[^\r\n]*?)(\r?\n)', lambda m: m.group(1)+'scenario='+scenario+' '+m.group(2)+' seed='+seed+m.group(3), text, count=1)
def pcap_part(name):
    t=rd('pcap/'+name+'.expected'); return t.split('--- packets.tsv')[0]
SERVER_HEAD='[    4.880000] nfstb: phase=server-ready ports=udp 2049 tcp 2049 \n'
def server_ok(run, n=4, size=4194304, extra=''):
    s=SERVER_HEAD+'[   70.210000] nfstb: server-verify run=%s\n'%run
    for i in range(n): s+='[   70.%02d0000] nfstb-verify: ok file=nfstb-data.%d bytes=%d\n'%(30+i,i,size)
    s+='[   70.520000] nfstb-verify: summary files=%d ok=%d failed=0 bytes=%d%s\n'%(n,n,n*size,extra)
    return s
def fixed_trace(): return rd('trace/fixed-forced.trace')
def control_trace(comm, pid):
    t=rd('trace/control-forced.trace')
    return t.replace('kworker/u4:1-35', '%s-%d'%(comm,pid))
cases={}
def case(name, judge, client, trace, server, pcap=None, note=''):
    d=OUT+'/'+name+'.run'; os.makedirs(d)
    open(d+'/judge','w').write('# '+note+'\n'+''.join('%s=%s\n'%kv for kv in judge.items()))
    open(d+'/client-console.log','w',newline='').write(client)
    open(d+'/client-trace.txt','w').write(trace)
    open(d+'/server-console.log','w').write(server)
    if pcap is not None: open(d+'/pcap-summary.txt','w').write(pcap)
J=lambda sc,arm,mode,seed,wd=0: {'scenario':sc,'arm':arm,'mode':mode,'watchdog':wd,'seed':seed}
# ---- real bases ----
FIX=booted(rd('console/real-v3-tcp-fixed-forced.log'),'v3-tcp','1480233219')
FIXJ=J('v3-tcp','fixed','forced','1480233219')
FIXPCAP=pcap_part('v3-tcp-fixed-forced-reconnect')
FIXSRV=server_ok('v3-tcp-fixed-forced-1')
case('real-v3-tcp-fixed-forced', FIXJ, FIX, fixed_trace(), FIXSRV, FIXPCAP,
     'real console (booted marker given scenario= and seed=), synthetic fixed-forced trace, real packets, server summary in the real format')
CTL=booted(rd('console/real-v3-tcp-control-forced.log'),'v3-tcp','2969187741')
CTLJ=J('v3-tcp','control','forced','2969187741',1)
case('real-v3-tcp-control-forced', CTLJ, CTL, control_trace('kworker/u4:3',32), SERVER_HEAD,
     pcap_part('v3-tcp-control-forced-noreconnect'),
     'real console and real packets; synthetic control-forced trace, its worker renamed to the stack\'s kworker/u4:3-32')
U=booted(rd('console/real-v3-udp-control-forced.log'),'v3-udp','512844019')
case('real-v3-udp-control-forced', J('v3-udp','control','forced','512844019',1), U,
     control_trace('kworker/u4:1',25).replace('proto=tcp','proto=udp'), SERVER_HEAD, None,
     'real console; synthetic control-forced trace as kworker/u4:1-25; UDP: no packet witness')
V=booted(rd('console/real-v42-tcp-control-forced.log'),'v42-tcp','3850441127')
case('real-v42-tcp-control-forced', J('v42-tcp','control','forced','3850441127',1), V,
     control_trace('kworker/u4:0',8), SERVER_HEAD, None,
     'real console; synthetic control-forced trace as kworker/u4:0-8')
LF=booted(rd('console/real-lockdep-v3-fixed.log'),'lockdep-v3','11')
LFJ=J('lockdep-v3','fixed','lockdep','11')
case('real-lockdep-v3-fixed', LFJ, LF, '', server_ok('lockdep-v3-fixed-lockdep-1',1,1048576), None,
     'real lockdep console, empty trace, server summary in the real format')
LC=booted(rd('console/real-lockdep-v3-control.log'),'lockdep-v3','12')
case('real-lockdep-v3-control', J('lockdep-v3','control','lockdep','12'), LC, '',
     server_ok('lockdep-v3-control-lockdep-1',1,1048576), None,
     'real lockdep console with the reclaim-connect report, empty trace')
SM=booted(rd('run/smoke-v3-1.run/client-console.log'),'smoke-v3','907165346')
case('real-smoke-v3', J('smoke-v3','-','smoke','907165346'), SM, rd('run/smoke-v3-1.run/client-trace.txt'),
     rd('run/smoke-v3-1.run/server-console.log'), rd('run/smoke-v3-1.run/pcap-summary.txt'),
     'the real smoke-v3-1 run directory (tests/data/run), booted marker given scenario= and seed=')
# ---- crafted, each from a real base ----
def after(text, anchor, line):
    i=text.index(anchor); j=text.index('\n',i)+1; return text[:j]+line+text[j:]
case('fixed-kernel-warning', FIXJ, after(FIX,'nfstb: phase=committed','[    4.600000] WARNING: CPU: 1 PID: 35 at net/sunrpc/xprtsock.c:2301 xs_tcp_setup_socket+0x2a0/0x3b0\n'),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run plus a WARNING: CPU: line')
case('fixed-kernel-bug', FIXJ, after(FIX,'nfstb: phase=committed','[    4.600000] BUG: kernel NULL pointer dereference, address: 0000000000000008\n[    4.600100] Oops: 0000 [#1] PREEMPT SMP NOPTI\n'),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run plus a BUG: and Oops: report')
case('fixed-kernel-panic', FIXJ, after(FIX,'nfstb: phase=committed','[    4.600000] Kernel panic - not syncing: Fatal exception\n'),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run plus a Kernel panic line')
case('fixed-leaked-lock', FIXJ, after(FIX,'nfstb: phase=committed','[    4.600000] WARNING: lock held when returning to user space!\n[    4.600100] nfstb-writer/57 is leaving the kernel with locks still held!\n'),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run plus a leaked-lock complaint (lock held when returning to user space)')
wb=('    kworker/u4:1-35      [001] .....    24.100070: nfs_release_folio: fileid=00:2a:1234 index=8 gfp=GFP_NOFS decision=writeback connect_worker=1\n')
ft=fixed_trace(); i=ft.index('    kworker/u4:1-35      [001] .....    24.100090: mm_vmscan_direct_reclaim_end')
case('fixed-writeback-in-worker', FIXJ, FIX, ft[:i]+wb+ft[i:], FIXSRV, FIXPCAP,
     'real fixed run; the trace takes the bug path once (decision=writeback connect_worker=1) beside its skips')
fs=('    kworker/u4:1-35      [001] .....    24.150000: mm_vmscan_reclaim_inject: caller=tcp_stream_alloc_skb+0x35/0x1a0 order=0 gfp_flags=GFP_KERNEL|__GFP_NOWARN\n')
i=ft.index('    kworker/u4:1-35      [001] .....    24.190000: rpc_socket_connect')
case('fixed-fs-reclaim-in-worker', FIXJ, FIX, ft[:i]+fs+ft[i:], FIXSRV, FIXPCAP,
     'real fixed run; one injected reclaim inside the worker still has __GFP_FS (the SYN outside the scope), though it met no NFS folio')
case('boot-marker-other-arm', FIXJ, FIX.replace('arm=fixed mode=forced run=v3-tcp-fixed','arm=control mode=forced run=v3-tcp-fixed',1),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run whose boot marker names the control arm')
case('boot-marker-other-scenario', FIXJ, FIX.replace('scenario=v3-tcp','scenario=v42-tcp',1),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run whose boot marker names scenario v42-tcp')
case('boot-marker-missing', FIXJ, re.sub(r'[^\n]*phase=booted[^\n]*\n','',FIX,count=1),
     fixed_trace(), FIXSRV, FIXPCAP, 'real fixed run without its boot marker')
case('lockdep-fixed-turned-off', LFJ, after(LF,'nfstb: phase=mounted','[    4.750100] turning off the locking correctness validator.\n[    4.750200] INFO: lockdep is turned off.\n'),
     '', server_ok('lockdep-v3-fixed-lockdep-1',1,1048576), None, 'real lockdep fixed run in which lockdep switched itself off')
one=re.sub(r'nfstb-verify: summary files=4 ok=4 failed=0 bytes=16777216','nfstb-verify: summary files=1 ok=1 failed=0 bytes=4194304',
           re.sub(r'[^\n]*nfstb-verify: ok file=nfstb-data\.[123][^\n]*\n','',FIX))
case('verify-one-of-four', FIXJ, one, fixed_trace(), FIXSRV, FIXPCAP,
     'real fixed run whose client verify saw 1 file: the writer committed 4')
case('manifest-cut', FIXJ, FIX, fixed_trace(),
     SERVER_HEAD+'[   70.210000] nfstb: server-verify run=v3-tcp-fixed-forced-1\n[   70.300000] nfstb-verify: ok file=nfstb-data.0 bytes=4194304\n[   70.310000] nfstb-verify: ok file=nfstb-data.1 bytes=4194304\n[   70.320000] nfstb-verify: FAIL manifest=truncated entries=2 expected=4\n[   70.520000] nfstb-verify: summary files=2 ok=2 failed=0 bytes=8388608 manifest=truncated\n',
     FIXPCAP, 'real fixed run; the server read a manifest cut at a line boundary (2 of 4 entries, trailer lost)')
nine=FIX
for k in range(8):
    nine=after(nine,'nfstb-verify: summary','[    5.9%02d000] nfstb-verify: summary files=4 ok=4 failed=0 bytes=16777216\n'%k) if k==0 else nine
extra=''.join('[    5.9%02d000] nfstb-verify: summary files=4 ok=4 failed=0 bytes=16777216\n'%k for k in range(7))+'[    5.990000] nfstb-verify: summary files=4 ok=3 failed=1 bytes=12582912\n'
nine=after(FIX,'nfstb-verify: summary',extra)
case('ninth-summary-failed', FIXJ, nine, fixed_trace(), FIXSRV, FIXPCAP,
     'real fixed run with nine client summaries; only the ninth failed')
bad=FIXPCAP.replace('unanswered_calls=0','unanswered_calls=3').replace('unanswered_xids=-','unanswered.WRITE=3\nunanswered_xids=0x1:WRITE,0x2:WRITE,0x3:WRITE')
case('pcap-calls-unanswered', FIXJ, FIX, fixed_trace(), FIXSRV, bad,
     'real fixed run; the packets leave 3 calls unanswered, everything else passes')
case('pcap-unanswered-capture-dropped', FIXJ, FIX, fixed_trace(), FIXSRV, bad+'capture_dropped=7\n',
     'as pcap-calls-unanswered, but tcpdump dropped 7 packets: 3 unanswered calls are not judged (PASS)')
case('pcap-unanswered-beyond-dropped', FIXJ, FIX, fixed_trace(), FIXSRV, bad+'capture_dropped=2\n',
     'as pcap-calls-unanswered, but tcpdump dropped only 2 packets: 3 unanswered calls still fail')
case('flags-mismatch', FIXJ, FIX, fixed_trace().replace('24.200000: xs_connect_worker_exit: proto=tcp dst=10.0.0.1:2049 entry_flags= flags= status=0','24.200000: xs_connect_worker_exit: proto=tcp dst=10.0.0.1:2049 entry_flags= flags=MEMALLOC_NOFS status=-115'),
     FIXSRV, FIXPCAP, 'real fixed run; the worker leaves with flags=MEMALLOC_NOFS after entering with entry_flags=0')
case('enter-without-exit', FIXJ, FIX, fixed_trace()+'    kworker/u4:2-47      [000] .....    24.400000: xs_connect_worker_enter: proto=tcp dst=10.0.0.1:2049 entry_flags= flags=MEMALLOC_NOFS\n',
     FIXSRV, FIXPCAP, 'real fixed run; a second connect worker enters and never exits')
fake=CTL.replace('shrink_folio_list+0x80c/0xa40','foo_reclaim_bar+0x80c/0xa40',1)
for f in ['shrink_lruvec+0x5c8/0x970','shrink_node+0x1ad/0x3a0','try_to_free_pages+0x184/0x4e0','xs_connect_inject_reclaim+0x75/0x100']:
    fake=re.sub(r'[^\n]* '+re.escape(f)+r'\r?\n','',fake,count=1)
case('stack-foo-reclaim-bar', CTLJ, fake, control_trace('kworker/u4:3',32), SERVER_HEAD,
     pcap_part('v3-tcp-control-forced-noreconnect'), 'real control run whose stack has foo_reclaim_bar instead of the reclaim frames')
case('server-summary-missing', FIXJ, FIX, fixed_trace(), SERVER_HEAD, FIXPCAP,
     'real fixed run; the server console has no verify summary')
cf=FIX.replace('[    5.486956] nfstb-verify: ok file=nfstb-data.1 bytes=4194304','[    5.486956] nfstb-verify: FAIL file=nfstb-data.1 offset=1048576 expected=0x5a got=0x00')
cf=cf.replace('summary files=4 ok=4 failed=0 bytes=16777216','summary files=4 ok=3 failed=1 bytes=12582912').replace('phase=done rc=0','phase=done rc=1')
case('client-verify-failed', FIXJ, cf, fixed_trace(), SERVER_HEAD, FIXPCAP,
     'real fixed run; the client verify finds a wrong byte, so the guest init exits rc=1 and the server never verifies')
ex=control_trace('kworker/u4:3',32)+'    kworker/u4:3-32      [001] .....    30.500000: xs_connect_worker_exit: proto=tcp dst=10.0.0.1:2049 entry_flags= flags= status=0\n'
case('deadlock-worker-exited', CTLJ, CTL, ex, SERVER_HEAD, pcap_part('v3-tcp-control-forced-noreconnect'),
     'real control run; the trace says the blocked worker exited')
rc=pcap_part('v3-tcp-control-forced-noreconnect').replace('reconnect_syn=0','reconnect_syn=1')
case('deadlock-packets-reconnected', CTLJ, CTL, control_trace('kworker/u4:3',32), SERVER_HEAD, rc,
     'real control run; the packets show a reconnect SYN after the close')
case('control-hazard-not-reached', J('v3-tcp','control','forced','1480233219'),
     FIX.replace('arm=fixed','arm=control'), fixed_trace().replace('decision=skip_nofs','decision=no_private'), FIXSRV, FIXPCAP,
     'real fixed run relabelled control; no release decision in a connect worker at all')
