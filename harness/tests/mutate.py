#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Evidence mutation check of nfstb-verdict (harness/tests/mutate/README.md).

Takes real run directories ("bases", tests/data/bases/NAME/), applies named
operators that damage, mix up or alter their evidence, judges every mutant
with nfstb-verdict the way the orchestrator calls it, and checks that each
mutant gets exactly the verdict class its operator declares (a neutral
operator: exactly the base's verdict). Prints TAP lines, an operator x base
matrix in short and "N passed, N failed"; exits 0 only when none failed.

Standard library only; deterministic (no randomness).
"""

import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_BASES = HERE / 'data' / 'verdict'
DEFAULT_VERDICT = HERE.parent / 'bin' / 'nfstb-verdict'
TIMEOUT_S = 10
NEUTRAL = 'neutral'

CONSOLE = 'client-console.log'
TRACE = 'client-trace.txt'
SERVER = 'server-console.log'
PCAP = 'pcap-summary.txt'
EVIDENCE = (CONSOLE, TRACE, SERVER, PCAP)


class Skip(Exception):
    """The operator cannot apply to this base (predicate or anchor missing)."""


# --------------------------------------------------------------------------
# Text: every file is handled as latin-1 (one char per byte, lossless), as a
# list of lines that keep their own terminator ('\n', '\r\n', or none).

def split_lines(text):
    return re.findall(r'[^\n]*\n|[^\n]+$', text)


def content(line):
    return re.sub(r'\r*\n?$', '', line)


def eol(line):
    return line[len(content(line)):]


def with_content(line, new):
    return new + eol(line)


def file_eol(lines):
    crlf = sum(1 for line in lines if line.endswith('\r\n'))
    lf = sum(1 for line in lines if line.endswith('\n'))
    return '\r\n' if lf and crlf * 2 >= lf else '\n'


def insert_raw(lines, idx, new_contents):
    """Insert lines (given without terminator) before lines[idx]."""
    fe = file_eol(lines)
    if idx > 0 and not eol(lines[idx - 1]):
        lines[idx - 1] += fe
    e = eol(lines[idx - 1]) if idx > 0 else fe
    lines[idx:idx] = [c + (e or fe) for c in new_contents]


# printk stamps: "[%5lu.%06lu] " at the start of a line, in microseconds.
STAMP_RE = re.compile(r'^\[\s*(\d+)\.(\d+)\]')


def stamp(line):
    m = STAMP_RE.match(line)
    if not m:
        return None
    return int(m.group(1)) * 1000000 + int(m.group(2).ljust(6, '0')[:6])


def fmt_stamp(us):
    us = max(0, us)
    return '[%5d.%06d]' % (us // 1000000, us % 1000000)


def restamp(line, us):
    return STAMP_RE.sub(fmt_stamp(us), line, count=1)


def message(line):
    """A console line's text after its stamp (or the whole line)."""
    return STAMP_RE.sub('', content(line), count=1).lstrip(' ')


def stamp_before(lines, idx):
    for i in range(idx - 1, -1, -1):
        t = stamp(lines[i])
        if t is not None:
            return t
    return None


def stamp_from(lines, idx):
    for i in range(idx, len(lines)):
        t = stamp(lines[i])
        if t is not None:
            return t
    return None


def spread(prev, nxt, n, gap=3000):
    """n stamps a few ms after prev, squeezed before nxt when it is close."""
    prev = prev or 0
    if nxt is None or nxt < prev or nxt - prev > gap * n:
        return [prev + gap * (k + 1) for k in range(n)]
    return [prev + (nxt - prev) * (k + 1) // (n + 1) for k in range(n)]


def insert_stamped(lines, idx, msgs, prefix=''):
    """Insert printk-stamped records before lines[idx], a few ms apart."""
    ts = spread(stamp_before(lines, idx), stamp_from(lines, idx), len(msgs))
    insert_raw(lines, idx, [prefix + fmt_stamp(t) + ' ' + m
                            for t, m in zip(ts, msgs)])


def find(lines, pred, start=0):
    for i in range(start, len(lines)):
        if pred(lines[i]):
            return i
    return None


def kv_line(line, key):
    m = re.search(r'(?<![\w.])' + re.escape(key) + r'=(\S*)', content(line))
    return m.group(1) if m else None


def set_kv(line, key, value):
    pat = r'(?<![\w.])' + re.escape(key) + r'=\S*'
    c = content(line)
    if not re.search(pat, c):
        raise Skip('no %s= in the anchor line' % key)
    return with_content(line, re.sub(pat, lambda _: '%s=%s' % (key, value), c, count=1))


def bump_name(value):
    """Another run name: its trailing number plus one, or '-2' appended."""
    m = re.match(r'^(.*?)(\d+)$', value)
    return m.group(1) + str(int(m.group(2)) + 1) if m else value + '-2'


# --------------------------------------------------------------------------
# ftrace trace_pipe lines:
#   "    kworker/u4:3-32      [001] .....    24.102030: event: fields"
# (the comm may contain '-', the tgid column and the flags are optional).

TRACE_RE = re.compile(
    r'^(?P<pre>\s*)(?P<comm>.+)-(?P<pid>\d+)'
    r'(?P<mid>\s+(?:\(\s*[\d-]+\)\s+)?\[\d+\]\s+(?:\S+\s+)?)'
    r'(?P<ts>\d+\.\d+):\s(?P<event>\w+):\s?(?P<fields>.*)$')


class Ev:
    def __init__(self, m):
        self.m = m
        self.comm = m.group('comm')
        self.pid = int(m.group('pid'))
        self.ts_text = m.group('ts')
        self.us = int(Decimal(self.ts_text) * 1000000)
        self.event = m.group('event')
        self.fields = m.group('fields')

    def kv(self, key):
        m = re.search(r'(?<![\w.])' + re.escape(key) + r'=(\S*)', self.fields)
        return m.group(1) if m else None


def ev(line):
    m = TRACE_RE.match(content(line))
    return Ev(m) if m else None


def events(lines):
    """(index, Ev) of every event line."""
    out = []
    for i, line in enumerate(lines):
        e = ev(line)
        if e:
            out.append((i, e))
    return out


def fmt_ts(us, like):
    dec = len(like.split('.')[1])
    q = (Decimal(max(0, us)) / 1000000).quantize(Decimal(1).scaleb(-dec))
    return str(q)


def retime(line, us):
    """The same trace line at another time; the column keeps its width."""
    e = ev(line)
    c = content(line)
    start, end = e.m.span('ts')
    new = fmt_ts(us, e.ts_text)
    head = c[:start]
    grow = len(new) - len(e.ts_text)
    if grow > 0:
        spaces = len(head) - len(head.rstrip(' '))
        head = head[:len(head) - min(grow, max(0, spaces - 1))]
    elif grow < 0:
        head += ' ' * -grow
    return with_content(line, head + new + c[end:])


def retask(line, comm=None, pid=None):
    """The same trace line with another comm and/or pid ("%16s-%-7d")."""
    e = ev(line)
    c = content(line)
    comm = e.comm if comm is None else comm
    pid = e.pid if pid is None else pid
    rest = c[e.m.start('mid'):].lstrip(' ')
    return with_content(line, '%16s-%-7s %s' % (comm, pid, rest))


def make_event(template, us, event, fields, comm=None, pid=None):
    """A new trace line shaped like template (task, cpu, flags)."""
    e = ev(template)
    c = content(template)
    c = c[:e.m.start('event')] + event + ': ' + fields
    line = retime(with_content(template, c), us)
    if comm is not None or pid is not None:
        line = retask(line, comm, pid)
    return line


def insert_by_time(lines, line):
    """Insert a trace line after the last event line not later than it."""
    us = ev(line).us
    idx = 0
    for i, e in events(lines):
        if e.us <= us:
            idx = i + 1
    if idx > 0 and not eol(lines[idx - 1]):
        lines[idx - 1] += file_eol(lines)
    lines.insert(idx, content(line) + (eol(lines[idx - 1]) if idx > 0 else '\n'))


def is_heartbeat(e):
    return e.event == 'tracing_mark_write' and e.fields.startswith('nfstb-heartbeat ')


def is_run_record(e):
    return e.event == 'tracing_mark_write' and e.fields.startswith('nfstb-run ')


def renamed_comm(comm):
    """kworker/u4:3 -> kworker/u4:9 (a different comm of the same shape)."""
    if comm and comm[-1].isdigit():
        return comm[:-1] + ('8' if comm[-1] == '9' else '9')
    return comm + 'x'


# --------------------------------------------------------------------------
# Bases

def kv_file(text):
    out = {}
    for line in split_lines(text):
        c = content(line).strip()
        if not c or c.startswith('#') or '=' not in c:
            continue
        k, v = c.split('=', 1)
        out.setdefault(k.strip(), v)
    return out


MODE_FAMILY = {'forced': 'reclaim', 'natural': 'reclaim', 'lockdep': 'lockdep',
               'smoke': 'smoke', 'swap': 'swap'}


class Base:
    def __init__(self, path):
        self.path = Path(path)
        # NAME.run/ beside NAME.expected (the golden layout of test_runs)
        self.name = self.path.name[:-4] if self.path.name.endswith('.run') else self.path.name
        self.problem = None
        self.files = {}
        for f in EVIDENCE:
            p = self.path / f
            self.files[f] = p.read_bytes().decode('latin-1') if p.exists() else None
        jp, ep = self.path / 'judge', self.path.parent / (self.name + '.expected')
        self.judge = kv_file(jp.read_bytes().decode('latin-1')) if jp.exists() else {}
        self.expected = kv_file(ep.read_bytes().decode('latin-1')).get('verdict', '') \
            if ep.exists() else ''
        for k in ('scenario', 'arm', 'mode', 'watchdog'):
            if k not in self.judge:
                self.problem = 'judge has no %s=' % k
        if not self.expected:
            self.problem = 'no expected verdict (NAME.expected: verdict=...)'
        if self.files[CONSOLE] is None:
            self.problem = self.problem or 'no %s' % CONSOLE
        self.mode = self.judge.get('mode', '')
        self.arm = self.judge.get('arm', '')
        self.family = MODE_FAMILY.get(self.mode, self.mode)
        self.has_pcap = self.files[PCAP] is not None
        con = self.files[CONSOLE] or ''
        trace = self.files[TRACE] or ''
        server = self.files[SERVER] or ''
        pcap = kv_file(self.files[PCAP] or '')
        m = re.search(r'nfstb: phase=booted .*?proto=(\w+)', con)
        self.transport = pcap.get('transport') or (m.group(1) if m else '')
        self.capture = pcap.get('capture', '')
        self.has_worker = 'xs_connect_worker_enter:' in trace
        self.has_server_summary = 'nfstb-verify: summary ' in server
        self.has_client_summary = 'nfstb-verify: summary ' in con
        self.has_writer_totals = 'nfstb-writer: committed ' in con
        self.rules = self.judge.get('rules', '')
        self.role = self.judge.get('role', '')

    @property
    def deadlock(self):
        return self.expected.startswith('DEADLOCK')

    @property
    def lockdep_verdict(self):
        return self.expected.startswith('LOCKDEP')


TOP = HERE.parent.parent
# The orchestrator's own lookup (harness/nfs-test.sh): the rules that judge
# the mode and the role of the arm, from the scenario table.
LOOKUP = r'''
. "$TOP/vm/lib.sh" && . "$TOP/harness/scenarios.sh" && scenarios_load || exit 1
shift
while [ $# -ge 3 ]; do
	printf '%s\t%s\n' "$(scenario_get "$1" "judge $3")" "$(scenario_get "$1" "role $2")"
	shift 3
done
'''


def resolve_rules(bases):
    """Each base's --rules and --role: its judge file's rules=/role=, else
    what scenarios.def declares for its scenario, mode and arm, else none
    (a table without 'judge'/'role' lines, and a judge without the options).
    Returns where they came from, for the log."""
    need = [b for b in bases if not ('rules' in b.judge and 'role' in b.judge)]
    for b in bases:
        b.rules, b.role = b.judge.get('rules', ''), b.judge.get('role', '')
    if not need:
        return 'the judge files'
    args = []
    for b in need:
        args += [b.judge.get('scenario', ''), b.judge.get('arm', ''), b.judge.get('mode', '')]
    try:
        p = subprocess.run(['bash', '-c', LOOKUP, 'lookup', '-'] + args,
                           env=dict(os.environ, TOP=str(TOP)), stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired):
        return 'nowhere (the scenario table could not be read)'
    rows = p.stdout.decode('utf-8', 'replace').split('\n')
    if p.returncode != 0 or len(rows) < len(need):
        return 'nowhere (the scenario table could not be read)'
    found = False
    for b, row in zip(need, rows):
        rules, _, role = row.partition('\t')
        b.rules = b.rules or rules
        b.role = b.role or role
        found |= bool(rules or role)
    return 'scenarios.def' if found else 'nowhere (scenarios.def declares no judge/role)'


def load_bases(root):
    return [Base(p) for p in sorted(Path(root).iterdir())
            if p.is_dir() and p.name.endswith('.run')]


def donor(base, bases, want):
    """Another base for a swap: same mode, else same family, else any;
    among equals the next name after this base (deterministic)."""
    cands = [b for b in bases if b is not base and not b.problem and want(b)]
    if not cands:
        return None
    tier = min(0 if b.mode == base.mode else 1 if b.family == base.family else 2
               for b in cands)
    cands = sorted((b for b in cands
                    if (0 if b.mode == base.mode else 1 if b.family == base.family else 2) == tier),
                   key=lambda b: b.name)
    after = [b for b in cands if b.name > base.name]
    return (after or cands)[0]


# --------------------------------------------------------------------------
# Operators

class When:
    """A predicate on a base, with the words --list and the matrix print."""

    def __init__(self, text, fn):
        self.text, self.fn = text, fn

    def __call__(self, base):
        return self.fn(base)

    def __and__(self, other):
        return When(self.text + ', ' + other.text,
                    lambda b: self.fn(b) and other.fn(b))


ANY = When('any base', lambda b: True)
NOT_LOCKDEP = When('not a LOCKDEP(...) base', lambda b: not b.lockdep_verdict)
DEADLOCK = When('expected DEADLOCK(...)', lambda b: b.deadlock)
PASS_STORY = When('expected PASS, mode forced|natural, arm fixed',
                  lambda b: b.expected == 'PASS' and b.mode in ('forced', 'natural')
                  and b.arm == 'fixed')
EXPECT_PASS = When('expected PASS', lambda b: b.expected == 'PASS')
# The packets are a witness of PASS and DEADLOCK; a LOCKDEP(...) verdict
# rests on lockdep's report alone.
HAS_PCAP = When('with pcap-summary.txt, expected PASS or DEADLOCK(...)',
                lambda b: b.has_pcap and (b.expected == 'PASS' or b.deadlock))
CAPTURED = When('capture=ok', lambda b: b.capture == 'ok')
TCP = When('transport tcp', lambda b: b.transport == 'tcp')
HAS_WORKER = When('trace has xs_connect_worker_enter', lambda b: b.has_worker)
HAS_SERVER_SUMMARY = When('server verify summary', lambda b: b.has_server_summary)
HAS_CLIENT_SUMMARY = When('client verify summary', lambda b: b.has_client_summary)
HAS_DATA = When('writer totals and a verify summary',
                lambda b: b.has_writer_totals and (b.has_client_summary or b.has_server_summary))
TWO_ARMS = When('arm fixed|control', lambda b: b.arm in ('fixed', 'control'))
HAS_RUN = When('judge has run=', lambda b: 'run' in b.judge)


class Op:
    def __init__(self, name, declared, reason, when, fn):
        self.name, self.declared, self.reason, self.when, self.fn = \
            name, declared, reason, when, fn


OPS = []


def op(name, declared, reason, when=ANY):
    def deco(fn):
        assert not any(o.name == name for o in OPS), name
        OPS.append(Op(name, declared, reason, when, fn))
        return fn
    return deco


class Mutant:
    def __init__(self, base, bases):
        self.base = base
        self.bases = bases
        self.files = dict(base.files)

    def lines(self, name):
        if self.files.get(name) is None:
            raise Skip('no %s' % name)
        return split_lines(self.files[name])

    def put(self, name, lines):
        self.files[name] = ''.join(lines)


# ---- the shapes of operator: families declare their members with these

def known(value):
    return value is not None


def need(value, why, ok=bool):
    """value where ok(value) holds, else Skip(why): the anchor is missing."""
    if not ok(value):
        raise Skip(why)
    return value


def edit_op(name, declared, reason, fname, when=ANY):
    """An operator on one evidence file: the function gets the mutant and
    the file's lines, changes them in place or returns the new list."""
    def deco(fn):
        def run(m):
            lines = m.lines(fname)
            out = fn(m, lines)
            m.put(fname, lines if out is None else out)
        op(name, declared, reason, when)(run)
        return fn
    return deco


def drop_op(name, declared, reason, fname, when=ANY):
    """An operator that deletes lines of one evidence file: the function
    gives their indices (or raises Skip)."""
    def deco(pick):
        @edit_op(name, declared, reason, fname, when)
        def _(m, lines):
            drop = set(pick(lines))
            return [l for i, l in enumerate(lines) if i not in drop]
        return pick
    return deco


def kv_op(name, declared, reason, fname, locate, key, when=ANY):
    """An operator that sets key= in the one line locate(lines) finds: the
    function gives the new value from the old one (None where it is not
    given), or raises Skip."""
    def deco(new):
        @edit_op(name, declared, reason, fname, when)
        def _(m, lines):
            i = locate(lines)
            lines[i] = set_kv(lines[i], key, new(kv_line(lines[i], key)))
        return new
    return deco


def lines_with(lines, text):
    return [i for i, l in enumerate(lines) if text in l]


def crlf(lines):
    return [content(l) + '\r\n' if eol(l) else l for l in lines]


# ---- anchors shared by the operators

def is_dump_line(line):
    return message(line).startswith(('sysrq:', 'task:', 'INFO: task '))


def booted_index(lines):
    return find(lines, lambda l: 'nfstb: phase=booted ' in l)


def dump_index(lines):
    b = booted_index(lines)
    return find(lines, is_dump_line, 0 if b is None else b + 1)


def complaint_index(m, lines):
    """Where a kernel complaint goes: before a DEADLOCK base's dump, else
    right after phase=reconnect, else right after phase=booted."""
    if m.base.deadlock:
        return need(dump_index(lines), 'no SysRq/hung-task dump in the console', known)
    i = find(lines, lambda l: 'nfstb: phase=reconnect' in l)
    if i is None:
        i = booted_index(lines)
    return need(i, 'no phase=reconnect or phase=booted marker', known) + 1


def task_blocks(lines):
    """(pid, comm, start, end) of every 'task:COMM state:...pid:N' block."""
    out = []
    heads = [i for i, l in enumerate(lines)
             if re.match(r'task:\S', message(l)) and re.search(r'\bpid:\s*\d+', l)]
    for k, i in enumerate(heads):
        msg = message(lines[i])
        comm = re.match(r'task:(.*?)\s+state:', msg)
        pid = int(re.search(r'\bpid:\s*(\d+)', msg).group(1))
        limit = heads[k + 1] if k + 1 < len(heads) else len(lines)
        end = limit
        for j in range(i + 1, limit):
            if '</TASK>' in lines[j]:
                end = j + 1
                break
            if j > i + 1 and (message(lines[j]).startswith(('sysrq:', 'INFO: task ')) or
                              'nfstb' in lines[j]):
                end = j
                break
        out.append((pid, comm.group(1) if comm else '', i, end))
    return out


def releases(tlines, decision, pid=None, worker=False):
    """(index, Ev) of the nfs_release_folio events with this decision=, of
    one pid if given, only those with connect_worker=1 if worker."""
    return [(i, e) for i, e in events(tlines)
            if e.event == 'nfs_release_folio' and e.kv('decision') == decision
            and (pid is None or e.pid == pid)
            and (not worker or e.kv('connect_worker') == '1')]


def blocked_worker(m):
    """The connect worker the dump shows blocked: (pid, comm)."""
    clines = m.lines(CONSOLE)
    tlines = m.lines(TRACE)
    blocks = task_blocks(clines)
    wb = {e.pid for _, e in releases(tlines, 'writeback', worker=True)}
    for pid, comm, s, e in blocks:
        if pid in wb:
            return pid, comm
    for pid, comm, s, e in blocks:
        if any('setup_socket' in l for l in clines[s:e]):
            return pid, comm
    raise Skip('no blocked connect worker in the dump')


def last_writeback(tlines, pid):
    return need(releases(tlines, 'writeback', pid),
                'no decision=writeback by pid %d in the trace' % pid)[-1]


# ---- kernel complaints

def insert_op(name, declared, reason, msgs, when=ANY, prefix='', stamped=True):
    """An operator that puts msgs on the client console where a kernel
    complaint goes: as printk records (behind prefix), or unstamped."""
    @edit_op(name, declared, reason, CONSOLE, when)
    def _(m, lines):
        idx = complaint_index(m, lines)
        if stamped:
            insert_stamped(lines, idx, msgs, prefix)
        else:
            insert_raw(lines, idx, msgs)


COMPLAINTS = [
    ('kernel-bug', 'OOPS', ['kernel BUG at fs/nfs/write.c:757!',
                            'invalid opcode: 0000 [#1] PREEMPT SMP NOPTI']),
    ('soft-lockup', 'OOPS', ['watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [kworker/u4:3:32]']),
    ('rcu-stall', 'OOPS', ['rcu: INFO: rcu_preempt self-detected stall on CPU']),
    ('kasan', 'OOPS', ['BUG: KASAN: use-after-free in nfs_commit_release_pages+0x2b/0x1d0']),
    ('ubsan', 'OOPS', ['UBSAN: shift-out-of-bounds in net/sunrpc/xprtsock.c:1234:5']),
    ('kfence', 'OOPS', ['BUG: KFENCE: out-of-bounds read in xs_tcp_setup_socket+0x12/0x3b0']),
    ('list-corruption', 'OOPS', ['list_add corruption. prev->next should be next (ffff8880), '
                                 'but was ffff8880. (prev=ffff8880).']),
    ('refcount-underflow', 'OOPS', ['refcount_t: underflow; use-after-free.']),
    ('gpf', 'OOPS', ['general protection fault, probably for non-canonical address '
                     '0xdead000000000100: 0000 [#1] PREEMPT SMP NOPTI']),
    ('warning', 'OOPS', ['WARNING: CPU: 1 PID: 32 at net/sunrpc/xprtsock.c:2286 '
                         'xs_tcp_setup_socket+0x1a/0x3b0']),
    ('hard-lockup', 'OOPS', ['Watchdog detected hard LOCKUP on cpu 1']),
    ('oops', 'OOPS', ['Oops: 0000 [#1] PREEMPT SMP NOPTI']),
    ('sched-atomic', 'OOPS', ['BUG: scheduling while atomic: kworker/u4:3/32/0x00000002']),
    ('panic', 'PANIC', ['Kernel panic - not syncing: Fatal exception']),
    ('panic-hung-task', 'PANIC', ['Kernel panic - not syncing: hung_task: blocked tasks']),
]


def complaint_op(short, declared, msgs):
    when = ANY if declared == 'PANIC' else NOT_LOCKDEP
    reason = ('a kernel complaint on the client console: "%s"' % msgs[0])
    insert_op('complaint-' + short, declared, reason, msgs, when)


for _short, _declared, _msgs in COMPLAINTS:
    complaint_op(_short, _declared, _msgs)


@edit_op('complaint-after-prompt', 'OOPS',
         'a page-fault BUG: printed on the shell prompt\'s line ("/ # \\e[6n[ t] BUG: ...")',
         CONSOLE, NOT_LOCKDEP)
def _(m, lines):
    idx = complaint_index(m, lines)
    msg = 'BUG: unable to handle page fault for address: ffffffffffffff8b'
    prompt = None
    if not m.base.deadlock:
        prompt = find(lines, lambda l: content(l).startswith('/ # ') and stamp(l) is None, idx)
    if prompt is None:
        t = spread(stamp_before(lines, idx), stamp_from(lines, idx), 1)[0]
        insert_raw(lines, idx, ['/ # \x1b[6n' + fmt_stamp(t) + ' ' + msg])
    else:
        t = stamp_before(lines, len(lines)) + 3000
        line = lines[prompt]
        e = eol(line) or file_eol(lines)
        lines[prompt] = content(line) + fmt_stamp(t) + ' ' + msg + e


insert_op('complaint-after-nul', 'OOPS',
          'a kernel BUG line behind a NUL byte ("\\0[ t] kernel BUG at mm/vmscan.c:1234!")',
          ['kernel BUG at mm/vmscan.c:1234!'], NOT_LOCKDEP, prefix='\x00')
insert_op('complaint-leaked-lock', 'LOCK-LEAK',
          'lockdep\'s "lock held when returning to user space" in a passing run (rule z; '
          'in the lockdep rule set it is a lockdep report, rule l)',
          ['WARNING: lock held when returning to user space!',
           'nfstb-writer/57 is leaving the kernel with locks still held!'],
          EXPECT_PASS & When('not mode lockdep', lambda b: b.mode != 'lockdep'))
insert_op('complaint-lockdep-off', 'LOCKDEP-OFF', 'lockdep switched itself off in a passing run (rule z)',
          ['turning off the locking correctness validator.', 'INFO: lockdep is turned off.'],
          EXPECT_PASS)


# ---- neutral

@op('neutral-crlf', NEUTRAL, 'CRLF line endings on every evidence file')
def _(m):
    for f in EVIDENCE:
        if m.files.get(f) is not None:
            m.put(f, crlf(m.lines(f)))


@edit_op('neutral-userspace-bytes', NEUTRAL,
         'a 0xff byte and ESC sequences in a user-space (unstamped) console line', CONSOLE)
def _(m, lines):
    b = booted_index(lines) or 0
    i = need(find(lines, lambda l: stamp(l) is None and content(l).strip()
                  and not re.search(r'\[\s*\d+\.\d+\]', l), b),
             'no unstamped user-space line', known)
    c = content(lines[i])
    half = len(c) // 2
    lines[i] = with_content(lines[i], '\x1b[0;1m' + c[:half] + '\xff' + c[half:] +
                            '\x1b[0m\x1b[K')


insert_op('neutral-userspace-bug', NEUTRAL,
          'an unstamped user-space line "BUG: this is shell output" is no kernel complaint',
          ['BUG: this is shell output'], stamped=False)


@edit_op('neutral-server-swap', NEUTRAL, 'two adjacent non-nfstb server console lines swapped', SERVER)
def _(m, lines):
    def plain(l):
        return content(l).strip() and 'nfstb' not in l
    pairs = need([i for i in range(len(lines) - 1)
                  if plain(lines[i]) and plain(lines[i + 1])
                  and content(lines[i]) != content(lines[i + 1])],
                 'no two adjacent non-nfstb server lines')
    # nearest the middle, preferring a pair whose stamps differ (the
    # swap then also steps the server's clock back a little)
    i = min(pairs, key=lambda k: (stamp(lines[k]) == stamp(lines[k + 1]),
                                  abs(2 * k + 1 - len(lines)), k))
    a, b = lines[i], lines[i + 1]
    lines[i], lines[i + 1] = with_content(a, content(b)), with_content(b, content(a))


@edit_op('neutral-trace-trailing-spaces', NEUTRAL, 'trailing spaces on every trace line', TRACE)
def _(m, lines):
    return [with_content(l, content(l) + '   ') for l in need(lines, 'empty trace')]


# ---- liveness of the trace witness

@edit_op('trace-cut-tail', 'NO-JUDGEMENT',
         'every trace line of the last 3 s before the console\'s end dropped: the witness stopped early',
         TRACE)
def _(m, lines):
    stamps = [float(x) for x in re.findall(r'\[\s*(\d+\.\d+)\]', m.files[CONSOLE] or '')]
    if len(lines) < 3 or not stamps:
        raise Skip('trace too short or console without stamps')
    end = max(stamps) - 3.0

    def keep(line):
        t = re.search(r'\s(\d+\.\d+):\s', content(line))
        return not t or float(t.group(1)) <= end
    return [l for l in lines if keep(l)]


@edit_op('trace-lost-events', 'NO-JUDGEMENT',
         'trace_pipe\'s "CPU:1 [LOST 312 EVENTS]" in the middle of the trace', TRACE)
def _(m, lines):
    insert_raw(lines, len(need(lines, 'empty trace')) // 2, ['CPU:1 [LOST 312 EVENTS]'])


def heartbeats(lines):
    return [(i, e) for i, e in events(lines) if is_heartbeat(e)]


@drop_op('heartbeat-drop-one', 'NO-JUDGEMENT', 'one heartbeat in the middle of the trace deleted (a seq missing)',
         TRACE)
def _(lines):
    hb = need(heartbeats(lines), 'fewer than 3 heartbeats', lambda h: len(h) >= 3)
    return [hb[len(hb) // 2][0]]


@edit_op('heartbeat-restart', 'NO-JUDGEMENT',
         'the second half\'s heartbeats numbered from seq=1 again (a restarted pump)', TRACE)
def _(m, lines):
    hb = need(heartbeats(lines), 'fewer than 2 heartbeats', lambda h: len(h) >= 2)
    for n, (i, e) in enumerate(hb[len(hb) // 2:], 1):
        lines[i] = set_kv(lines[i], 'seq', n)


@drop_op('heartbeat-none', 'NO-JUDGEMENT',
         'every heartbeat deleted: an announced heartbeat the trace never carries', TRACE)
def _(lines):
    return need([i for i, _ in heartbeats(lines)], 'no heartbeat')


@drop_op('trace-empty', 'NO-JUDGEMENT', 'an empty trace file although the console announced a heartbeat', TRACE)
def _(lines):
    return range(len(need(lines, 'trace already empty')))


@edit_op('console-no-heartbeat-ms', 'NO-JUDGEMENT',
         'heartbeat_ms=500 removed from the console\'s phase=tracing line', CONSOLE)
def _(m, lines):
    i = need(find(lines, lambda l: 'nfstb: phase=tracing' in l and 'heartbeat_ms=' in l),
             'no phase=tracing ... heartbeat_ms=', known)
    lines[i] = re.sub(r' ?heartbeat_ms=\S*', '', lines[i], count=1)


@edit_op('trace-comm-unknown', 'NO-JUDGEMENT',
         'every line of the first connect worker\'s pid has comm <...>', TRACE, HAS_WORKER)
def _(m, lines):
    first = need(next((e for _, e in events(lines) if e.event == 'xs_connect_worker_enter'), None),
                 'no xs_connect_worker_enter', known)
    for i, e in events(lines):
        if e.pid == first.pid:
            lines[i] = retask(lines[i], comm='<...>')


# ---- binding of the evidence to the run

def run_record(lines):
    for i, e in events(lines):
        if is_run_record(e):
            return i
    raise Skip('no nfstb-run record in the trace')


def other_boot(boot):
    for k, ch in enumerate(boot):
        if ch in '0123456789abcdef':
            return boot[:k] + '0123456789abcdef'[('0123456789abcdef'.index(ch) + 1) % 16] + boot[k + 1:]
    return boot + '0'


@drop_op('run-record-delete', 'NO-JUDGEMENT',
         'the trace\'s nfstb-run record deleted: the trace is bound to no run', TRACE)
def _(lines):
    return [run_record(lines)]


@kv_op('run-record-run', 'NO-JUDGEMENT', 'the trace\'s nfstb-run record names another run=',
       TRACE, run_record, 'run')
def _(run):
    return bump_name(run or 'run')


@kv_op('run-record-boot', 'NO-JUDGEMENT', 'the trace\'s nfstb-run record names another boot=',
       TRACE, run_record, 'boot')
def _(boot):
    return other_boot(need(boot, 'the nfstb-run record has no boot=', known))


def donor_op(name, reason, fname, want, why, when=ANY):
    """An operator (NO-JUDGEMENT) that puts another base's file in place of
    this one's (donor(): one that want() holds for and whose file differs)."""
    @op(name, 'NO-JUDGEMENT', reason, when)
    def _(m):
        d = need(donor(m.base, m.bases, lambda b: want(b) and b.files[fname] != m.base.files[fname]),
                 why, known)
        m.files[fname] = d.files[fname]


donor_op('trace-other-base', 'the trace replaced by another base\'s trace (same mode if possible)',
         TRACE, lambda b: b.files[TRACE] is not None, 'no other base with a different trace')


def shift_op(name, reason, delta):
    """An operator (NO-JUDGEMENT) that moves every trace event by delta us
    (clamped at 0)."""
    @edit_op(name, 'NO-JUDGEMENT', reason, TRACE)
    def _(m, lines):
        for i, e in need(events(lines), 'no trace event'):
            lines[i] = retime(lines[i], max(0, e.us + delta))


shift_op('trace-shift-later', 'every trace timestamp 30 s later: not the console\'s clock', 30000000)
shift_op('trace-shift-earlier', 'every trace timestamp 5 s earlier (clamped at 0): not the console\'s clock',
         -5000000)
donor_op('server-other-base', 'the server console replaced by another base\'s', SERVER,
         lambda b: b.has_server_summary, 'no other base with a different server summary',
         HAS_SERVER_SUMMARY)


def server_verify(lines):
    return need(find(lines, lambda l: 'nfstb: server-verify ' in l and 'run=' in l),
                'no server-verify run= line', known)


@kv_op('server-verify-run', 'NO-JUDGEMENT', 'the server\'s "nfstb: server-verify run=" names another run',
       SERVER, server_verify, 'run', HAS_SERVER_SUMMARY)
def _(run):
    return bump_name(run)


@edit_op('console-second-boot', 'NO-JUDGEMENT',
         'a second boot appended to the console (its first 20 lines, Linux version banner, stamps from 0)',
         CONSOLE)
def _(m, lines):
    b = need(find(lines, lambda l: 'Linux version ' in l), 'no Linux version banner', known)
    copy = lines[b:b + 20]
    t0 = stamp(copy[0]) or 0
    copy = [restamp(content(l), stamp(l) - t0) if stamp(l) is not None else content(l)
            for l in copy]
    insert_raw(lines, len(lines), copy)


def boot_marker(lines):
    return need(booted_index(lines), 'no boot marker', known)


def boot_op(name, declared, reason, key, when=ANY):
    """A kv_op on the client console's boot marker (nfstb: phase=booted)."""
    return kv_op(name, declared, reason, CONSOLE, boot_marker, key, when)


@boot_op('boot-arm-other', 'WRONG-RUN', 'the boot marker names the other arm (fixed<->control)', 'arm', TWO_ARMS)
def _(arm):
    need(arm, 'boot marker arm=%s' % arm, lambda a: a in ('fixed', 'control'))
    return 'control' if arm == 'fixed' else 'fixed'


@boot_op('boot-seed-other', 'WRONG-RUN', 'the boot marker names another seed', 'seed')
def _(seed):
    need(seed, 'no numeric seed= in the boot marker', lambda s: s is not None and s.isdigit())
    return (int(seed) + 1) % 4294967296


@boot_op('boot-scenario-other', 'WRONG-RUN', 'the boot marker names another scenario (rule m)', 'scenario')
def _(scenario):
    return need(scenario, 'no scenario= in the boot marker') + '-other'


@boot_op('boot-mode-other', 'WRONG-RUN', 'the boot marker names another mode (rule m)', 'mode')
def _(mode):
    return 'natural' if need(mode, 'no mode= in the boot marker') == 'forced' else 'forced'


@boot_op('boot-run-other', 'WRONG-RUN', 'the boot marker names another run= than the judged one (like seed)',
         'run', HAS_RUN)
def _(run):
    return bump_name(need(run, 'no run= in the boot marker'))


@drop_op('boot-marker-delete', 'WRONG-RUN', 'no boot marker at all (rule m)', CONSOLE)
def _(lines):
    return [boot_marker(lines)]


@boot_op('boot-id-other', 'NO-JUDGEMENT', 'the boot marker\'s boot= differs from the trace\'s nfstb-run record',
         'boot')
def _(boot):
    return other_boot(need(boot, 'no boot= in the boot marker', known))


# ---- a cell the tree cannot run (rule u): the guest's missing-knob marker

KNOB_MISSING = 'nfstb: phase=error what=missing-knob knob=reclaim_inject'
HUNG = When('a DEADLOCK(...) or OTHER-HANG base whose watchdog fired',
            lambda b: b.expected.startswith(('DEADLOCK', 'OTHER-HANG'))
            and b.judge.get('watchdog') == '1')
NOT_HUNG = When('not a DEADLOCK(...) or OTHER-HANG base whose watchdog fired',
                lambda b: not (b.expected.startswith(('DEADLOCK', 'OTHER-HANG'))
                               and b.judge.get('watchdog') == '1'))


@edit_op('knob-missing-after-run', 'NO-JUDGEMENT',
         'a missing-knob marker at the end of the console, after the run went on and ended '
         '(rule u: not a clean skip)', CONSOLE, NOT_HUNG)
def _(m, lines):
    insert_stamped(lines, len(lines), [KNOB_MISSING])


@edit_op('knob-missing-after-hang', NEUTRAL,
         'a missing-knob marker at the end of a hung run\'s console: the hang rules judge it (rule u)',
         CONSOLE, HUNG)
def _(m, lines):
    insert_stamped(lines, len(lines), [KNOB_MISSING])


@edit_op('knob-missing-before-boot', NEUTRAL,
         'a missing-knob marker before the boot marker is not this run\'s (rule u)', CONSOLE)
def _(m, lines):
    insert_stamped(lines, boot_marker(lines), [KNOB_MISSING])


@edit_op('knob-missing-clean', 'SKIP',
         'positive control: the console stops after the boot marker with the missing-knob marker '
         'and phase=done rc=1, as the guest init does on a kernel without the knob (rule u; a hung '
         'base\'s judge call says the watchdog fired: not a skip)', CONSOLE, NOT_HUNG)
def _(m, lines):
    out = lines[:boot_marker(lines) + 1]
    insert_stamped(out, len(out), [KNOB_MISSING, 'nfstb: phase=done rc=1'])
    return out


# ---- the run's nonce and the capture's clock anchors

def server_booted(lines):
    return need(find(lines, lambda l: 'nfstb: phase=server-booted ' in l),
                'no server-booted marker', known)


@kv_op('server-nonce-other', 'NO-JUDGEMENT',
       'the server console\'s nonce is another run\'s (a server console of another run of the same name)',
       SERVER, server_booted, 'nonce')
def _(nonce):
    return other_boot(need(nonce, 'no nonce= on the server-booted marker', known))


@kv_op('run-record-nonce', 'NO-JUDGEMENT', 'the trace\'s nfstb-run record names another nonce=',
       TRACE, run_record, 'nonce')
def _(nonce):
    return other_boot(need(nonce, 'the nfstb-run record has no nonce=', known))


@boot_op('boot-nonce-other', 'WRONG-RUN', 'the boot marker names another nonce than the orchestrator passed',
         'nonce', When('judge has nonce=', lambda b: 'nonce' in b.judge))
def _(nonce):
    return other_boot(need(nonce, 'no nonce= in the boot marker', known))


@boot_op('boot-nonce-delete', 'WRONG-RUN', 'the boot marker says nonce= with no value: no token ties the witnesses',
         'nonce')
def _(nonce):
    need(nonce, 'no nonce= in the boot marker', known)
    return ''


@drop_op('anchors-console-deleted', 'NO-JUDGEMENT',
         'every "nfstb: anchor" record deleted from the console: the capture is on no known clock',
         CONSOLE, HAS_PCAP)
def _(lines):
    return need([i for i, l in enumerate(lines) if 'nfstb: anchor ' in l], 'no anchor records')


def anchor_line(key):
    def at(lines):
        return need(find(lines, lambda l: content(l).startswith(key + '=')), 'no %s= line' % key, known)
    return at


@edit_op('anchor-run-other', 'NO-JUDGEMENT',
         'the capture\'s anchor_run= names another run\'s nonce (a capture of another run of the same name)',
         PCAP, HAS_PCAP)
def _(m, lines):
    i = anchor_line('anchor_run')(lines)
    lines[i] = with_content(lines[i], other_boot(content(lines[i])))


@edit_op('anchor-early', 'NO-JUDGEMENT',
         'one anchor datagram 50 ms before its console record\'s place: the clock mapping\'s residual too large',
         PCAP, HAS_PCAP)
def _(m, lines):
    i = anchor_line('anchor.3')(lines)
    v = float(content(lines[i]).split('=', 1)[1]) - 0.050
    lines[i] = with_content(lines[i], 'anchor.3=%.6f' % v)


@drop_op('anchors-capture-deleted', 'NO-JUDGEMENT',
         'the capture\'s anchor.K= lines deleted (the capture kept no anchor datagram)', PCAP, HAS_PCAP)
def _(lines):
    return need([i for i, l in enumerate(lines) if content(l).startswith('anchor.')],
                'no anchor.K= lines')


# ---- packets

def pcap_key(lines, key):
    return need(find(lines, lambda l: content(l).startswith(key + '=')),
                'no %s= in the packet summary' % key, known)


def pcap_op(name, declared, reason, key, when):
    """A kv_op on the key=value line of the packet summary."""
    return kv_op(name, declared, reason, PCAP, lambda lines: pcap_key(lines, key), key, when)


@pcap_op('pcap-capture-none', 'NO-JUDGEMENT', 'capture=none: the packets cannot witness', 'capture',
         HAS_PCAP & CAPTURED)
def _(capture):
    return 'none'


@drop_op('pcap-no-unanswered', 'NO-JUDGEMENT', 'the unanswered_calls= line deleted', PCAP, HAS_PCAP)
def _(lines):
    return [pcap_key(lines, 'unanswered_calls')]


@edit_op('pcap-duplicate-key', 'NO-JUDGEMENT', 'unanswered_calls= given twice with different values',
         PCAP, HAS_PCAP)
def _(m, lines):
    i = pcap_key(lines, 'unanswered_calls')
    v = content(lines[i]).split('=', 1)[1]
    insert_raw(lines, i + 1, ['unanswered_calls=%d' % ((int(v) if v.isdigit() else 0) + 3)])


@edit_op('pcap-capture-dropped', 'NO-JUDGEMENT', 'capture_dropped=7: the capture lost packets', PCAP, HAS_PCAP)
def _(m, lines):
    i = find(lines, lambda l: content(l).startswith('capture_dropped='))
    if i is None:
        insert_raw(lines, len(lines), ['capture_dropped=7'])
    else:
        lines[i] = with_content(lines[i], 'capture_dropped=7')


@pcap_op('pcap-transport-flip', 'NO-JUDGEMENT', 'the packet summary\'s transport flipped tcp<->udp',
         'transport', HAS_PCAP)
def _(transport):
    need(transport, 'transport=%s' % transport, lambda t: t in ('tcp', 'udp'))
    return 'udp' if transport == 'tcp' else 'tcp'


@op('pcap-file-missing', 'ERROR', 'pcap-summary.txt deleted while --pcap-summary still names it', HAS_PCAP)
def _(m):
    m.files[PCAP] = None


@edit_op('pcap-truncated-crlf', 'NO-JUDGEMENT', 'capture=truncated, with CRLF line endings', PCAP, HAS_PCAP)
def _(m, lines):
    i = pcap_key(lines, 'capture')
    lines[i] = with_content(lines[i], 'capture=truncated')
    return crlf(lines)


@edit_op('pcap-unanswered', 'WITNESS-DISAGREE',
         '3 calls unanswered and no packet dropped: the packets cannot vouch for a PASS (rule n)',
         PCAP, EXPECT_PASS & HAS_PCAP & CAPTURED)
def _(m, lines):
    i = pcap_key(lines, 'unanswered_calls')
    lines[i] = with_content(lines[i], 'unanswered_calls=3')
    j = find(lines, lambda l: content(l).startswith('unanswered_xids='))
    xids = 'unanswered.WRITE=3\nunanswered_xids=0x1:WRITE,0x2:WRITE,0x3:WRITE'.split('\n')
    if j is None:
        insert_raw(lines, i + 1, xids)
    else:
        lines[j:j + 1] = [with_content(lines[j], x) for x in xids]


@pcap_op('dl-packets-reconnect', 'WITNESS-DISAGREE',
         'the packets show a reconnect SYN after the close of a DEADLOCK (rule a.3)',
         'reconnect_syn', DEADLOCK & HAS_PCAP & CAPTURED & TCP)
def _(syn):
    need(syn, 'reconnect_syn is not 0', lambda s: s == '0')
    return 1


# ---- data

def summaries(lines):
    return lines_with(lines, 'nfstb-verify: summary ')


def last_client_summary(lines):
    return need(summaries(lines), 'no client verify summary')[-1]


def a_count(value):
    """A count of at least 1 (the value of files=, bytes=)."""
    return bool(value) and value.isdigit() and int(value) >= 1


def zeroed(line, *keys):
    for k in keys:
        line = set_kv(line, k, 0)
    return line


@op('data-all-zero', 'NO-JUDGEMENT', 'writer totals and every verify summary say files=0 ok=0 bytes=0', HAS_DATA)
def _(m):
    lines = m.lines(CONSOLE)
    for i in lines_with(lines, 'nfstb-writer: committed '):
        lines[i] = zeroed(lines[i], 'files', 'bytes')
    for i in summaries(lines):
        lines[i] = zeroed(lines[i], 'files', 'ok', 'bytes')
    m.put(CONSOLE, lines)
    if m.files.get(SERVER) is not None:
        sl = m.lines(SERVER)
        for i in summaries(sl):
            sl[i] = zeroed(sl[i], 'files', 'ok', 'bytes')
        m.put(SERVER, sl)


@kv_op('data-failed-negative', 'NO-JUDGEMENT', 'the client summary says failed=-1',
       CONSOLE, last_client_summary, 'failed', HAS_DATA & HAS_CLIENT_SUMMARY)
def _(failed):
    return -1


@op('data-fail-line', 'NO-JUDGEMENT',
    'an "nfstb-verify: FAIL file=..." line before a summary that says failed=0', HAS_DATA)
def _(m):
    for f in (CONSOLE, SERVER):
        if m.files.get(f) is None:
            continue
        lines = m.lines(f)
        ok = [i for i in summaries(lines) if kv_line(lines[i], 'failed') == '0']
        if ok:
            insert_stamped(lines, ok[0], ['nfstb-verify: FAIL file=f0003 offset=4096 '
                                          'expected=0x5a got=0x00'])
            m.put(f, lines)
            return
    raise Skip('no summary with failed=0')


@edit_op('data-cut-summary', 'NO-JUDGEMENT',
         'the console ends in the middle of the client summary (bytes= cut, no newline)',
         CONSOLE, HAS_DATA & HAS_CLIENT_SUMMARY)
def _(m, lines):
    i = last_client_summary(lines)
    c = content(lines[i])
    k = need(c.find('bytes='), 'the client summary has no bytes=', lambda k: k >= 0)
    digits = re.match(r'\d*', c[k + 6:]).group(0)
    return lines[:i] + [c[:k + 6 + len(digits) // 2]]


@edit_op('data-loss-client', 'DATA-LOSS', 'positive control: the client summary says failed=1 ok=files-1',
         CONSOLE, HAS_DATA & HAS_CLIENT_SUMMARY)
def _(m, lines):
    i = last_client_summary(lines)
    files = need(kv_line(lines[i], 'files'), 'the client summary has no files>0', a_count)
    lines[i] = set_kv(set_kv(lines[i], 'ok', int(files) - 1), 'failed', 1)


@kv_op('data-loss-server-bytes', 'DATA-LOSS', 'positive control: the server summary\'s bytes one less',
       SERVER, lambda lines: need(summaries(lines), 'no server summary with bytes>0')[-1], 'bytes',
       HAS_DATA & HAS_SERVER_SUMMARY)
def _(nbytes):
    return int(need(nbytes, 'no server summary with bytes>0', a_count)) - 1


@edit_op('data-manifest-truncated', 'DATA-LOSS', 'the client summary says manifest=truncated (rule d)',
         CONSOLE, HAS_DATA & HAS_CLIENT_SUMMARY)
def _(m, lines):
    i = last_client_summary(lines)
    if kv_line(lines[i], 'manifest') is not None:
        lines[i] = set_kv(lines[i], 'manifest', 'truncated')
    else:
        lines[i] = with_content(lines[i], content(lines[i]).rstrip() + ' manifest=truncated')


@drop_op('data-no-writer-totals', 'NO-JUDGEMENT', 'the writer\'s committed totals deleted (rule v)',
         CONSOLE, EXPECT_PASS & HAS_DATA)
def _(lines):
    return lines_with(lines, 'nfstb-writer: committed ')


@drop_op('data-no-server-summary', 'NO-JUDGEMENT', 'the server verify summary deleted (rule v)',
         SERVER, EXPECT_PASS & HAS_SERVER_SUMMARY)
def _(lines):
    return summaries(lines)


# ---- the fixed arm's PASS story

def worker_pids(lines):
    return {e.pid for _, e in events(lines) if e.event == 'xs_connect_worker_enter'}


@drop_op('pass-no-worker-enter', 'NO-JUDGEMENT', 'every xs_connect_worker_enter deleted', TRACE, PASS_STORY)
def _(lines):
    return need([i for i, e in events(lines) if e.event == 'xs_connect_worker_enter'],
                'no xs_connect_worker_enter')


@drop_op('pass-no-reclaim-in-worker', 'NO-JUDGEMENT',
         'the connect workers\' reclaim_inject and direct_reclaim_begin lines deleted', TRACE, PASS_STORY)
def _(lines):
    pids = worker_pids(lines)
    return need([i for i, e in events(lines) if e.pid in pids and e.event in
                 ('mm_vmscan_reclaim_inject', 'mm_vmscan_direct_reclaim_begin')],
                'no reclaim by a connect worker')


@edit_op('pass-skip-foreign-pid', 'NO-JUDGEMENT',
         'every decision=skip_nofs by a task that never enters a connect worker (nfstb-writer-999)',
         TRACE, PASS_STORY)
def _(m, lines):
    pids = worker_pids(lines)
    pid = 999
    while pid in pids:
        pid = pid * 10 + 9
    for i, _ in need(releases(lines, 'skip_nofs'), 'no decision=skip_nofs'):
        lines[i] = retask(lines[i], comm='nfstb-writer', pid=pid)


@edit_op('pass-reconnect-late', 'NO-JUDGEMENT',
         'the console\'s phase=reconnect moved after the trace\'s last event', CONSOLE, PASS_STORY)
def _(m, lines):
    i = need(find(lines, lambda l: 'nfstb: phase=reconnect' in l and stamp(l) is not None),
             'no stamped phase=reconnect', known)
    evs = need([e for _, e in events(m.lines(TRACE)) if e.event != 'tracing_mark_write'],
               'no trace event')
    t = max(e.us for e in evs) + 1000
    line = restamp(lines.pop(i), t)
    j = find(lines, lambda l: stamp(l) is not None and stamp(l) > t)
    if j is None:
        j = max(k for k, l in enumerate(lines) if stamp(l) is not None) + 1
    insert_raw(lines, j, [content(line)])


@drop_op('pass-reconnect-delete', 'NO-JUDGEMENT', 'the console\'s phase=reconnect deleted', CONSOLE, PASS_STORY)
def _(lines):
    return need(lines_with(lines, 'nfstb: phase=reconnect'), 'no phase=reconnect')


@kv_op('pass-writeback-in-worker', 'BUG-PATH',
       'one decision=skip_nofs in a connect worker becomes decision=writeback (rule g)',
       TRACE, lambda lines: need(releases(lines, 'skip_nofs', worker=True),
                                 'no decision=skip_nofs connect_worker=1')[0][0],
       'decision', PASS_STORY)
def _(decision):
    return 'writeback'


@edit_op('flags-leak', 'FLAGS-LEAK',
         'a connect worker exits with MEMALLOC_NOFS added to the flags it entered with (rule f)', TRACE)
def _(m, lines):
    i = need(next((i for i, e in events(lines)
                   if e.event == 'xs_connect_worker_exit' and e.kv('entry_flags') is not None
                   and 'MEMALLOC_NOFS' not in (e.kv('entry_flags') or '')), None),
             'no xs_connect_worker_exit without MEMALLOC_NOFS on entry', known)
    entry = kv_line(lines[i], 'entry_flags') or '0'
    lines[i] = set_kv(lines[i], 'flags', 'MEMALLOC_NOFS' if entry in ('', '0')
                      else entry + '|MEMALLOC_NOFS')


# ---- the connect-error story (rules connect-error, rule q and f)

CONNERR_PASS = When('rules connect-error, expected PASS',
                    lambda b: b.rules == 'connect-error' and b.expected == 'PASS')


def error_exits(lines):
    return [i for i, e in events(lines) if e.event == 'xs_connect_worker_exit'
            and e.kv('status') not in (None, '0', '-115', '-114')]


@edit_op('error-exit-hidden', 'HAZARD-NOT-REACHED',
         'every error exit of a connect worker reads as a normal one (rule q)', TRACE,
         CONNERR_PASS)
def _(m, lines):
    for i in need(error_exits(lines), 'no error exit in the trace'):
        normal = '-115' if kv_line(lines[i], 'proto') == 'tcp' else '0'
        lines[i] = set_kv(lines[i], 'status', normal)


@edit_op('fsync-error-deleted', 'HAZARD-NOT-REACHED',
         "the writer's fsync-error line is gone: the error never reached it (rule q)", CONSOLE,
         CONNERR_PASS)
def _(m, lines):
    idx = need(lines_with(lines, 'nfstb-writer: fsync-error '), 'no fsync-error line')
    return [l for i, l in enumerate(lines) if i not in set(idx)]


@edit_op('retried-deleted', 'NO-JUDGEMENT',
         "the writer's committed line loses retried=N after an fsync error (rule q)", CONSOLE,
         CONNERR_PASS)
def _(m, lines):
    i = need(next(iter(lines_with(lines, 'nfstb-writer: committed ')), None),
             'no committed line', known)
    lines[i] = with_content(lines[i], re.sub(r' retried=\d+', '', content(lines[i])))


@edit_op('scope-left-behind', 'FLAGS-LEAK',
         'the connect worker after the error exit enters its kworker with MEMALLOC_NOFS already set (rule f)',
         TRACE, CONNERR_PASS)
def _(m, lines):
    first = need(error_exits(lines), 'no error exit in the trace')[0]
    i = need(next((i for i, e in events(lines) if i > first
                   and e.event == 'xs_connect_worker_enter'
                   and kv_line(lines[i], 'proto') in ('tcp', 'udp')
                   and e.comm.startswith('kworker/')), None),
             'no connect worker after the error exit', known)
    lines[i] = set_kv(lines[i], 'entry_flags', 'MEMALLOC_NOFS')
    # its exit, from the same pid, left with what it entered with
    pid = events_pid(lines, i)
    j = next((j for j, e in events(lines) if j > i and e.pid == pid
              and e.event == 'xs_connect_worker_exit'), None)
    if j is not None:
        lines[j] = set_kv(set_kv(lines[j], 'entry_flags', 'MEMALLOC_NOFS'),
                          'flags', 'MEMALLOC_NOFS')


def events_pid(lines, i):
    return next(e.pid for k, e in events(lines) if k == i)


# ---- swap (rule t): the fix gives a swap transport's workers PF_MEMALLOC

SWAP_FIXED_PASS = When('rules swap, arm fixed, expected PASS',
                       lambda b: b.rules == 'swap' and b.arm == 'fixed'
                       and b.expected == 'PASS')


@edit_op('swap-memalloc-lost', 'BUG-PATH',
         'every connect worker that ran with PF_MEMALLOC runs without it (rule t)', TRACE,
         SWAP_FIXED_PASS)
def _(m, lines):
    idx = need([i for i, e in events(lines) if e.event == 'xs_connect_worker_enter'
                and 'MEMALLOC' in (e.kv('flags') or '').split('|')],
               'no connect worker with PF_MEMALLOC')
    for i in idx:
        kept = [f for f in kv_line(lines[i], 'flags').split('|') if f != 'MEMALLOC']
        lines[i] = set_kv(lines[i], 'flags', '|'.join(kept) or '0')


# ---- swap starvation (rule a of mode swap): the worker's own story

def starved_run(lines):
    """(pid, enter index, reclaim-end indices) of the connect worker run
    entered without PF_MEMALLOC with the most direct reclaim rounds inside
    it (from its enter to its exit): the starved one."""
    evs = events(lines)
    best = None
    for k, (i, e) in enumerate(evs):
        if e.event != 'xs_connect_worker_enter' or \
                'MEMALLOC' in (e.kv('flags') or '').split('|'):
            continue
        ends = []
        for j, f in evs[k + 1:]:
            if f.pid != e.pid:
                continue
            if f.event.startswith('xs_connect_worker_'):
                break
            if f.event == 'mm_vmscan_direct_reclaim_end':
                ends.append(j)
        if ends and (best is None or len(ends) > len(best[2])):
            best = (e.pid, i, ends)
    return need(best, 'no connect worker without PF_MEMALLOC that reclaimed')


def starved_pid(lines):
    return starved_run(lines)[0]


def starved_ends(lines):
    return starved_run(lines)[2]


def starved_exit_early(lines):
    """An exit of the starved worker right after its first reclaim round."""
    i = starved_ends(lines)[0]
    e = ev(lines[i])
    insert_raw(lines, i + 1, [retime(lines[i], e.us).replace(
        'mm_vmscan_direct_reclaim_end: ' + e.fields,
        'xs_connect_worker_exit: proto=tcp dst=10.213.59.10:2049 entry_flags=0 flags=0 status=-115')])


def starved_tail_frees(lines):
    """Its last reclaim rounds free pages: every 4th round frees 12."""
    for k, i in enumerate(starved_ends(lines)):
        if k % 4 == 3:
            lines[i] = set_kv(lines[i], 'nr_reclaimed', '12')


def starved_memalloc(lines):
    i = starved_run(lines)[1]
    lines[i] = set_kv(lines[i], 'flags', 'MEMALLOC|' + ev(lines[i]).kv('flags'))


STARVED_SAMPLED = When('expected DEADLOCK(swap-connect-starved), SysRq-W samples',
                       lambda b: b.expected == 'DEADLOCK(swap-connect-starved)'
                       and 'sysrq: Show Blocked State' in (b.files[CONSOLE] or ''))
STARVED_UNTIL_OOM = When('expected DEADLOCK(swap-connect-starved), ended by an OOM kill',
                         lambda b: b.expected == 'DEADLOCK(swap-connect-starved)'
                         and 'oom-kill:' in (b.files[CONSOLE] or ''))

for _name, _fn, _what in (
        ('exit', starved_exit_early, 'the starved worker exits after its first reclaim round'),
        ('frees', starved_tail_frees, 'every 4th reclaim round of the starved worker frees 12 pages'),
        ('memalloc', starved_memalloc, 'the starved worker entered with PF_MEMALLOC')):
    edit_op('starved-' + _name, 'WITNESS-DISAGREE', _what + ' (the stack still shows it)',
            TRACE, STARVED_SAMPLED)(lambda m, lines, fn=_fn: fn(lines))
    edit_op('starved-oom-' + _name, 'OOM', _what + ': the kill is judged an OOM, nothing more',
            TRACE, STARVED_UNTIL_OOM)(lambda m, lines, fn=_fn: fn(lines))


# ---- the DEADLOCK story

@edit_op('dl-recovery', 'WITNESS-DISAGREE',
         'after the dump the writer commits, the client verifies failed=0 and init ends rc=0',
         CONSOLE, DEADLOCK)
def _(m, lines):
    need(dump_index(lines), 'no dump', known)
    text = ''.join(lines)
    r = re.search(r'nfstb-writer: (?:ready|committed) files=(\d+) bytes=(\d+)', text)
    files, nbytes = (r.group(1), r.group(2)) if r else ('4', '16777216')
    last = max(k for k, l in enumerate(lines) if stamp(l) is not None) + 1
    insert_stamped(lines, last, [
        'nfstb-writer: committed files=%s bytes=%s' % (files, nbytes),
        'nfstb-verify: summary files=%s ok=%s failed=0 bytes=%s manifest=complete' % (files, files, nbytes),
        'nfstb: phase=done rc=0'])


@edit_op('dl-mutex-wait', 'OTHER-HANG',
         'the blocked worker waits in __mutex_lock, not in wait_on_commit/folio_wait_writeback',
         CONSOLE, DEADLOCK)
def _(m, lines):
    pid, _ = blocked_worker(m)
    done = 0
    for bpid, comm, s, e in sorted(task_blocks(lines), key=lambda b: -b[2]):
        if bpid != pid:
            continue
        for j in range(s, e):
            mm = re.search(r'(?<![?] )\b(wait_on_commit|folio_wait_writeback)\+\S+', lines[j])
            if mm:
                a = lines[j][:mm.start()] + '__mutex_lock.constprop.0+0x1a/0x80' + lines[j][mm.end():]
                b = lines[j][:mm.start()] + 'mutex_lock+0x1e/0x30' + lines[j][mm.end():]
                lines[j:j + 1] = [a, b]
                done += 1
                break
    need(done, 'no wait_on_commit/folio_wait_writeback frame in the worker\'s stack')


@edit_op('dl-worker-exit-reenter', 'WITNESS-DISAGREE',
         'the blocked pid exits its connect worker 1 ms after its writeback and enters a new one 100 ms later',
         TRACE, DEADLOCK)
def _(m, lines):
    pid, _ = blocked_worker(m)
    wi, we = last_writeback(lines, pid)
    enter = need([e for i, e in events(lines)
                  if e.pid == pid and e.event == 'xs_connect_worker_enter' and i < wi],
                 'no xs_connect_worker_enter by pid %d before its writeback' % pid)
    en = enter[-1]
    ef = en.kv('entry_flags') or ''
    proto, dst = en.kv('proto') or 'tcp', en.kv('dst') or '-'
    exit_line = make_event(lines[wi], we.us + 1000, 'xs_connect_worker_exit',
                           'proto=%s dst=%s entry_flags=%s flags=%s status=0' % (proto, dst, ef, ef))
    enter_line = make_event(lines[wi], we.us + 101000, 'xs_connect_worker_enter', en.fields)
    insert_by_time(lines, exit_line)
    insert_by_time(lines, enter_line)


@edit_op('dl-no-connect-worker-flag', 'WITNESS-DISAGREE',
         'connect_worker=1 stripped from the blocked pid\'s decision=writeback lines', TRACE, DEADLOCK)
def _(m, lines):
    pid, _ = blocked_worker(m)
    hits = need(releases(lines, 'writeback', pid, worker=True),
                'no decision=writeback connect_worker=1 by pid %d' % pid)
    for i, _ in hits:
        lines[i] = with_content(lines[i], re.sub(r' ?(?<![\w.])connect_worker=1\b', '',
                                                 content(lines[i]), count=1))


@edit_op('dl-trace-comm-renamed', 'WITNESS-DISAGREE',
         'the blocked pid has another comm in the trace than in the stack (kworker/u4:3 -> :9)', TRACE, DEADLOCK)
def _(m, lines):
    pid, comm = blocked_worker(m)
    hits = need([(i, e) for i, e in events(lines) if e.pid == pid], 'pid %d not in the trace' % pid)
    for i, e in hits:
        lines[i] = retask(lines[i], comm=renamed_comm(comm or e.comm))


@edit_op('dl-dup-sysrq-block', 'NO-JUDGEMENT',
         'the blocked task\'s SysRq block duplicated under another comm, same pid', CONSOLE, DEADLOCK)
def _(m, lines):
    pid, comm = blocked_worker(m)
    blocks = [b for b in task_blocks(lines) if b[0] == pid]
    sysrq = find(lines, lambda l: message(l).startswith('sysrq:'))
    if sysrq is not None:
        blocks = [b for b in blocks if b[2] > sysrq] or blocks
    _, comm, s, e = need(blocks, 'no task block of pid %d' % pid)[0]
    t = stamp_before(lines, e)
    new = []
    for k, l in enumerate(lines[s:e]):
        c = content(l)
        if k == 0:
            c = c.replace('task:' + comm + ' ', 'task:' + renamed_comm(comm) + ' ', 1)
        new.append(restamp(c, t) if stamp(c) is not None else c)
    insert_raw(lines, e, new)


@edit_op('dl-dump-before-writeback', 'WITNESS-DISAGREE',
         'the dump restamped (and moved) to 1 s before the worker\'s decision=writeback', CONSOLE, DEADLOCK)
def _(m, lines):
    pid, _ = blocked_worker(m)
    _, we = last_writeback(m.lines(TRACE), pid)
    d = need(dump_index(lines), 'no stamped dump', lambda d: d is not None and stamp(lines[d]) is not None)
    target = max(0, we.us - 1000000)
    delta = target - stamp(lines[d])
    dump = [restamp(l, stamp(l) + delta) if stamp(l) is not None else l for l in lines[d:]]
    rest = lines[:d]
    j = find(rest, lambda l: stamp(l) is not None and stamp(l) > target)
    j = len(rest) if j is None else j
    if j == len(rest) and rest and not eol(rest[-1]):
        rest[-1] += file_eol(lines)
    if dump and not eol(dump[-1]) and j < len(rest):
        dump[-1] += file_eol(lines)
    return rest[:j] + dump + rest[j:]


# --------------------------------------------------------------------------
# Judging

class Runner:
    def __init__(self, verdict, tmp):
        self.verdict = verdict
        self.tmp = Path(tmp)
        self.lock = threading.Lock()
        self.procs = set()
        self.stopping = threading.Event()

    @staticmethod
    def kill(p):
        """The judge and anything it started (its own process group)."""
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass

    def kill_all(self):
        self.stopping.set()
        with self.lock:
            for p in list(self.procs):
                self.kill(p)

    def judge(self, base, files, label):
        """Write files to a mutant dir, run nfstb-verdict as the orchestrator
        does; (verdict or None, judge reason, problem or None)."""
        if self.stopping.is_set():
            return None, '', 'interrupted'
        d = self.tmp / base.name / label
        d.mkdir(parents=True, exist_ok=True)
        for f in EVIDENCE:
            if files.get(f) is not None:
                (d / f).write_bytes(files[f].encode('latin-1'))
        shutil.copy(base.path / 'judge', d / 'judge')
        out = d / 'out'
        j = base.judge
        cmd = [str(self.verdict), '--console', str(d / CONSOLE), '--trace', str(d / TRACE),
               '--server-console', str(d / SERVER), '--scenario', j['scenario'],
               '--arm', j['arm'], '--mode', j['mode'], '--watchdog', j['watchdog']]
        if base.rules:
            cmd += ['--rules', base.rules]
        if base.role:
            cmd += ['--role', base.role]
        if 'seed' in j:
            cmd += ['--seed', j['seed']]
        if 'run' in j:
            cmd += ['--run', j['run']]
        if 'nonce' in j:
            cmd += ['--nonce', j['nonce']]
        if base.has_pcap:
            cmd += ['--pcap-summary', str(d / PCAP)]
        if 'outcome' in j:
            cmd += ['--outcome', j['outcome']]
        if 'capture' in j:
            cmd += ['--capture', j['capture']]
        cmd += ['--out', str(out)]
        (d / 'cmd').write_text(' '.join(shlex.quote(c) for c in cmd) + '\n')
        try:
            p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, start_new_session=True)
        except OSError as e:
            return None, '', 'cannot run %s: %s' % (self.verdict, e.strerror)
        with self.lock:
            self.procs.add(p)
        try:
            so, se = p.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.kill(p)
            p.communicate()
            return 'TIMEOUT', '', 'nfstb-verdict ran longer than %d s' % TIMEOUT_S
        finally:
            with self.lock:
                self.procs.discard(p)
        (d / 'stdout').write_bytes(so)
        (d / 'stderr').write_bytes(se)
        if self.stopping.is_set():
            return None, '', 'interrupted'
        line = next((l for l in so.decode('utf-8', 'replace').splitlines()
                     if l.startswith('VERDICT ')), None)
        if p.returncode != 0 or line is None:
            err = (se.decode('utf-8', 'replace').strip().splitlines() or ['no output'])[0]
            return 'TOOL-FAILED(rc=%d)' % p.returncode, '', err[:200]
        parts = line.split(' ', 5)
        got = parts[4] if len(parts) > 4 else ''
        m = re.search(r' reason=(.*)$', line)
        reason = m.group(1) if m else ''
        jsons = sorted(out.rglob('*.json')) if out.is_dir() else []
        if not jsons:
            return got, reason, 'no *.json written in --out'
        for jf in jsons:
            try:
                json.loads(jf.read_bytes().decode('utf-8'),
                           parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
            except (UnicodeDecodeError, ValueError) as e:
                return got, reason, '%s is not valid UTF-8 JSON: %s' % (
                    jf.name, str(e).splitlines()[0][:120])
        return got, reason, None


class Result:
    def __init__(self, base, opname, status, got='', declared='', why=''):
        self.base, self.op, self.status = base, opname, status
        self.got, self.declared, self.why = got, declared, why


def check(runner, base, bases, o):
    """One TAP result: base's own check when o is None, else a mutant."""
    name = 'unmutated' if o is None else o.name
    if base.problem:
        if o is None:
            return Result(base, name, 'not ok', 'nothing (not judged)',
                          base.expected or '(no expected verdict)',
                          'unusable base: ' + base.problem)
        return Result(base, name, 'skip', why='unusable base')
    if o is None:
        files, declared, want = base.files, base.expected, base.expected
        label = '_unmutated'
    else:
        if not o.when(base):
            return Result(base, name, 'skip', why='applies to: ' + o.when.text)
        m = Mutant(base, bases)
        try:
            o.fn(m)
        except Skip as e:
            return Result(base, name, 'skip', why=str(e))
        except Exception as e:  # an operator bug is a failure, not a crash
            return Result(base, name, 'not ok', 'OPERATOR-CRASHED', o.declared,
                          '%s: %s' % (type(e).__name__, e))
        files = m.files
        declared = o.declared
        want = base.expected if o.declared == NEUTRAL else o.declared
        label = o.name
    got, jreason, problem = runner.judge(base, files, label)
    shown = 'neutral (%s)' % want if declared == NEUTRAL else declared
    why = o.reason if o else 'the base\'s expected verdict (%s/expected)' % base.name
    if got is None:
        return Result(base, name, 'not ok', 'NOTHING', shown, problem)
    if problem:
        return Result(base, name, 'not ok', got, shown, problem)
    if got != want:
        return Result(base, name, 'not ok', got, shown,
                      why + ('; judge: ' + jreason if jreason else ''))
    return Result(base, name, 'ok', got, shown, jreason)


def print_list(ops):
    w = max(len(o.name) for o in ops)
    for o in ops:
        print('%-*s  %-17s %s [%s]' % (w, o.name, o.declared, o.reason, o.when.text))


def select(names, pool, what):
    out = []
    for pat in [p for p in names.split(',') if p]:
        hits = [x for x in pool if fnmatch.fnmatchcase(x, pat)]
        if not hits:
            raise ValueError('no %s matches %r' % (what, pat))
        out += [h for h in hits if h not in out]
    return out


def chosen_by(ap, names, pool, what):
    """The members of pool (operators or bases) whose .name matches one of
    the comma-separated globs names, all when names is empty; a usage error
    when a glob matches none."""
    if not names:
        return pool
    try:
        hits = select(names, [x.name for x in pool], what)
    except ValueError as e:
        ap.error(str(e))
    return [x for x in pool if x.name in hits]


def main(argv):
    ap = argparse.ArgumentParser(
        prog='mutate.py',
        description='Mutate real run evidence and check nfstb-verdict\'s verdict classes.')
    ap.add_argument('--bases', default=str(DEFAULT_BASES), help='directory of bases (default %(default)s)')
    ap.add_argument('--verdict', default=str(DEFAULT_VERDICT), help='nfstb-verdict to judge with')
    ap.add_argument('--only', help='OPERATOR[,..]: only these operators (shell globs allowed)')
    ap.add_argument('--base', help='NAME[,..]: only these bases (shell globs allowed)')
    ap.add_argument('--list', action='store_true', help='print the operators and their declarations')
    ap.add_argument('--keep', metavar='DIR', help='keep the mutant directories in DIR')
    ap.add_argument('--jobs', type=int, default=2, help='parallel judges (default 2)')
    ap.add_argument('-v', '--verbose', action='store_true',
                    help='after each ok line, the judge\'s reason as a TAP comment')
    a = ap.parse_args(argv)

    ops = chosen_by(ap, a.only, OPS, 'operator')
    if a.list:
        print_list(ops)
        return 0
    if a.jobs < 1:
        ap.error('--jobs must be at least 1')
    if not Path(a.bases).is_dir():
        print('mutate.py: no bases directory %s (see tests/mutate/README.md)' % a.bases,
              file=sys.stderr)
        return 2
    bases = load_bases(a.bases)
    chosen = chosen_by(ap, a.base, bases, 'base')
    if not chosen:
        print('mutate.py: no bases in %s (see tests/mutate/README.md)' % a.bases, file=sys.stderr)
        return 2
    if not os.access(a.verdict, os.X_OK):
        print('mutate.py: %s is not executable (make all)' % a.verdict, file=sys.stderr)
        return 2

    origin = resolve_rules(bases)
    tmp = tempfile.mkdtemp(prefix='nfstb-mutate-')
    runner = Runner(Path(a.verdict).resolve(), tmp)
    tasks = [(b, o) for b in chosen for o in [None] + ops]
    results = []

    def on_signal(signum, frame):
        raise KeyboardInterrupt
    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGHUP)}
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs)
    try:
        print('TAP version 13')
        print('1..%d' % len(tasks))
        print('# --rules/--role from %s' % origin)
        futs = [pool.submit(check, runner, b, bases, o) for b, o in tasks]
        for n, f in enumerate(futs, 1):
            r = f.result()
            results.append(r)
            label = '%s/%s' % (r.base.name, r.op)
            if r.status == 'skip':
                print('ok %d %s # SKIP %s' % (n, label, r.why))
            elif r.status == 'ok':
                print('ok %d %s' % (n, label))
                if a.verbose:
                    print('#   %s: %s' % (r.got, r.why))
            else:
                print('not ok %d %s # got %s, declared %s: %s' % (n, label, r.got, r.declared, r.why))
            sys.stdout.flush()
        pool.shutdown(wait=True)
        if a.keep:
            shutil.copytree(tmp, a.keep, dirs_exist_ok=True)
            print('# mutants kept in %s' % a.keep)
    except KeyboardInterrupt:
        runner.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        print('# interrupted', file=sys.stderr)
        return 130
    finally:
        runner.kill_all()
        shutil.rmtree(tmp, ignore_errors=True)
        for s, h in old.items():
            signal.signal(s, h)

    # the matrix, one line per operator
    print('# operator x base (%d base(s): %s)' % (len(chosen), ', '.join(b.name for b in chosen)))
    w = max(len(o.name) for o in ops + [Op('unmutated', '', '', ANY, None)])
    for name, declared in [('unmutated', 'expected')] + [(o.name, o.declared) for o in ops]:
        rs = [r for r in results if r.op == name]
        applied = [r for r in rs if r.status != 'skip']
        bad = [r for r in applied if r.status == 'not ok']
        if not applied:
            state = 'skipped on every base'
        elif not bad:
            state = 'all ok'
        else:
            state = 'failed: ' + ', '.join('%s (got %s)' % (r.base.name, r.got) for r in bad)
        print('# %-*s  %-17s %d/%d  %s' % (w, name, declared, len(applied), len(rs), state))
    passed = sum(1 for r in results if r.status == 'ok')
    failed = sum(1 for r in results if r.status == 'not ok')
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:
        sys.exit(1)
