#!/usr/bin/env python3
"""Which lines and branches of the fix ran, and in which scenario.

    coverage_report.py RESULTS_DIR OBJDIR SRCDIR

RESULTS_DIR is a `make nfs-coverage` results directory: each run's
client-console.log carries the gcov counters of the profiled files
(vm/guest/client-init.sh's coverage_dump: 'nfstb-gcov file=PATH seq=K
data=BASE64' pieces, then 'nfstb-gcov file=PATH end parts=N bytes=B').
OBJDIR is the coverage kernel's object directory (the .gcno files), SRCDIR
its source tree. A run whose dump is missing (it hung, or it did not end)
or damaged (a piece missing, a size that differs) gives no coverage, and
the report names it. Prints the report and writes RESULTS_DIR/coverage.md.
Exit 0, or 1 (one line on stderr) on unusable input.
"""
import base64
import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The functions the fix changes (patch 2 of the series, and patch 1's
# release side), by source file.
FUNCTIONS = {
    'net/sunrpc/xprtsock.c': ['xs_connect_scope_enter', 'xs_connect_scope_exit',
                              'xs_local_setup_socket', 'xs_udp_setup_socket',
                              'xs_tcp_setup_socket'],
    'fs/nfs/file.c': ['nfs_release_folio'],
}
GCOV = os.environ.get('NFSTB_GCOV', 'gcov')
PIECE = re.compile(r'nfstb-gcov file=(\S+) seq=(\d+) data=([A-Za-z0-9+/=]+)$')
END = re.compile(r'nfstb-gcov file=(\S+) end parts=(\d+) bytes=(\d+)$')


def die(msg):
    print('coverage_report: ' + msg, file=sys.stderr)
    sys.exit(1)


def dumps_of(console):
    """{relative path in the build tree: bytes} of one console, or an
    error string when a dump is damaged; {} when there is none."""
    pieces, ends = {}, {}
    with open(console, encoding='utf-8', errors='replace') as f:
        for line in f:
            line = line.rstrip('\r\n')
            m = PIECE.search(line)
            if m:
                pieces.setdefault(m.group(1), {})[int(m.group(2))] = m.group(3)
                continue
            m = END.search(line)
            if m:
                ends[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    out = {}
    for path, (parts, size) in ends.items():
        got = pieces.get(path, {})
        if sorted(got) != list(range(1, parts + 1)):
            return 'dump of %s has pieces %d..%d of %d' % (
                path, min(got, default=0), max(got, default=0), parts)
        try:
            data = base64.b64decode(''.join(got[k] for k in range(1, parts + 1)),
                                    validate=True)
        except ValueError as e:
            return 'dump of %s is not base64: %s' % (path, e)
        if len(data) != size:
            return 'dump of %s has %d bytes, its end line says %d' % (path, len(data), size)
        out[path] = data
    if set(pieces) - set(ends):
        return 'dump of %s has no end line' % sorted(set(pieces) - set(ends))[0]
    return out


def tree_path(path):
    """'/work/x/build/obj-coverage/net/sunrpc/xprtsock.gcda' -> the part
    after the object directory: 'net/sunrpc/xprtsock'"""
    for src in FUNCTIONS:
        stem = src[:-2]
        if path.endswith('/' + stem + '.gcda'):
            return stem
    return None


def gcov_lines(objdir, stem, gcda, work):
    """{line: (count, [branch counts])} of one source file in one run."""
    gcno = os.path.join(objdir, stem + '.gcno')
    if not os.path.exists(gcno):
        die('%s is missing: build the coverage kernel (make kernel CONFIG=coverage)' % gcno)
    d = tempfile.mkdtemp(dir=work)
    base = os.path.basename(stem)
    shutil.copy(gcno, os.path.join(d, base + '.gcno'))
    with open(os.path.join(d, base + '.gcda'), 'wb') as f:
        f.write(gcda)
    r = subprocess.run([GCOV, '-j', '-b', '-o', d, os.path.join(d, base + '.gcda')],
                       cwd=d, capture_output=True, text=True, timeout=60)
    found = glob.glob(os.path.join(d, '*.gcov.json.gz'))
    if r.returncode != 0 or not found:
        die('gcov failed on %s: %s' % (stem, (r.stderr or r.stdout).strip().splitlines()[-1:]))
    with gzip.open(found[0], 'rt') as f:
        doc = json.load(f)
    lines = {}
    for fobj in doc.get('files', []):
        if not fobj.get('file', '').endswith(stem + '.c'):
            continue
        for ln in fobj.get('lines', []):
            n = ln['line_number']
            prev = lines.get(n, (0, []))
            branches = [b['count'] for b in ln.get('branches', [])]
            # inlined copies of a line add up
            if prev[1] and len(prev[1]) == len(branches):
                branches = [a + b for a, b in zip(prev[1], branches)]
            lines[n] = (prev[0] + ln['count'], branches or prev[1])
    return lines


def function_ranges(srcfile, names):
    """{name: (first, last)} from the source: the definition's line to
    its closing brace in column 0."""
    with open(srcfile, encoding='utf-8', errors='replace') as f:
        text = f.read().splitlines()
    out = {}
    for name in names:
        start = next((i for i, t in enumerate(text)
                      if re.match(r'^(static\s+)?[\w\s\*]*\b%s\(' % re.escape(name), t)), None)
        if start is None:
            die('%s: no definition of %s()' % (srcfile, name))
        end = next(i for i in range(start, len(text)) if text[i] == '}')
        out[name] = (start + 1, end + 1)
    return out, text


def main():
    if len(sys.argv) != 4:
        die('usage: coverage_report.py RESULTS_DIR OBJDIR SRCDIR')
    results, objdir, srcdir = sys.argv[1:]
    for p in (results, objdir, srcdir):
        if not os.path.isdir(p):
            die('%s is not a directory' % p)
    consoles = sorted(glob.glob(os.path.join(results, '*', 'client-console.log')))
    if not consoles:
        die('no run directories with client-console.log in %s' % results)
    work = tempfile.mkdtemp(prefix='nfstb-coverage.')
    try:
        per_run, missing = {}, []
        for console in consoles:
            rundir = os.path.dirname(console)
            run = os.path.basename(rundir)
            name = run
            rec = os.path.join(rundir, 'run.json')
            if os.path.exists(rec):
                try:
                    with open(rec, encoding='utf-8') as f:
                        r = json.load(f)
                    name = '%s.%s.%s' % (r['scenario'], r['arm'], r['mode'])
                except (ValueError, KeyError):
                    pass
            dumps = dumps_of(console)
            if isinstance(dumps, str):
                missing.append('%s: damaged (%s): no coverage' % (run, dumps))
                continue
            if not dumps:
                missing.append('%s: no nfstb-gcov data (the run did not end: a hang, '
                               'or a kernel without the coverage flavour)' % run)
                continue
            counts = {}
            for path, data in dumps.items():
                stem = tree_path(path)
                if stem:
                    counts[stem] = gcov_lines(objdir, stem, data, work)
            per_run[run] = (name, counts)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out = ['# Coverage of the fix: %s' % os.path.abspath(results), '',
           '%d of %d run(s) with coverage.' % (len(per_run), len(consoles))]
    out += ['- ' + m for m in missing]
    never_total = 0
    for src, names in FUNCTIONS.items():
        stem = src[:-2]
        ranges, text = function_ranges(os.path.join(srcdir, src), names)
        for fn in names:
            first, last = ranges[fn]
            rows, never = [], []
            taken = total = 0
            for n in range(first, last + 1):
                seen, ran_in, branches = False, [], None
                for run, (name, counts) in sorted(per_run.items()):
                    c = counts.get(stem, {}).get(n)
                    if c is None:
                        continue
                    seen = True
                    if c[0] > 0 and name not in ran_in:
                        ran_in.append(name)
                    if c[1]:
                        branches = [max(a, b) for a, b in zip(branches, c[1])] \
                            if branches and len(branches) == len(c[1]) else list(c[1])
                if not seen:
                    continue
                src_line = text[n - 1].strip()
                br = ''
                if branches:
                    k = sum(1 for b in branches if b > 0)
                    taken += k
                    total += len(branches)
                    br = ' branches %d/%d' % (k, len(branches))
                if ran_in:
                    rows.append('| %d | `%s` | %s%s |' % (n, src_line.replace('|', '\\|'),
                                                          ', '.join(ran_in), br))
                else:
                    never.append(n)
                    rows.append('| %d | `%s` | **never**%s |' % (n, src_line.replace('|', '\\|'), br))
            never_total += len(never)
            out += ['', '## %s() (%s:%d-%d)' % (fn, src, first, last), '',
                    '%d executable line(s), %d never ran%s; branches taken %d of %d.' % (
                        len(rows), len(never),
                        (': ' + ', '.join(map(str, never))) if never else '', taken, total),
                    '', '| line | source | ran in |', '| --- | --- | --- |'] + rows
    out += ['', '%d executable line(s) of the fix never ran.' % never_total]
    text = '\n'.join(out) + '\n'
    with open(os.path.join(results, 'coverage.md'), 'w', encoding='utf-8') as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == '__main__':
    main()
