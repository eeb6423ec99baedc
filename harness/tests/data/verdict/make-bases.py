#!/usr/bin/env python3
"""Make the mutation tool's bases from real run directories.

    make-bases.py RESULTS_DIR RUN[=NAME] ...

For each RUN of RESULTS_DIR (a `make nfs-test` results directory) writes
NAME.run/ here (NAME defaults to RUN without its trailing "-1"): the client and
server consoles and pcap-summary.txt as they are, the client trace trimmed,
and `judge` (what the orchestrator passes to nfstb-verdict, from
matrix.tsv and harness/scenarios.def). The trim keeps every line but the
bulk of two repetitive events, so that a base stays small:
  - nfs_release_folio and nfs_release_folio_done: the first 20 and the
    last 5 lines of each (task, event, decision);
  - kmem:mm_page_alloc: the first 10 lines of each task.
Every worker enter/exit, reclaim, commit, socket, heartbeat and the run's
own record are kept. Writes NAME/expected from the real run's verdict
(verdict.line) only when the trimmed base is judged the same by the
verdict tool given with --verdict; otherwise it says so and fails.
NAME.expected gets that verdict with the rule and reason the tool gave
(what test_runs asserts; the mutation tool reads its verdict=).
"""
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
EVENT = re.compile(r"^\s*(.+?)-(\d+)\s+(?:\(\s*[-\d]+\)\s+)?\[\d+\]\s.*?\s\d+\.\d+:\s+([A-Za-z0-9_]+):(.*)$")


def trim(lines):
    seen = Counter()
    groups = defaultdict(list)
    keyed = []
    for i, line in enumerate(lines):
        m = EVENT.match(line)
        key = None
        if m:
            comm, _pid, name, rest = m.groups()
            if name in ("nfs_release_folio", "nfs_release_folio_done"):
                d = re.search(r"decision=(\S+)", rest)
                key = ("release", comm, name, d.group(1) if d else "")
            elif name == "mm_page_alloc":
                key = ("alloc", comm)
        keyed.append(key)
        if key:
            groups[key].append(i)
    drop = set()
    for key, idx in groups.items():
        head, tail = (20, 5) if key[0] == "release" else (10, 0)
        keep = set(idx[:head]) | set(idx[len(idx) - tail:] if tail else [])
        drop |= set(idx) - keep
    return [l for i, l in enumerate(lines) if i not in drop]


def scenario_get(name, key):
    cmd = ('TOP="$1"; die() { echo "$*" >&2; exit 1; }; shown() { echo "$1"; }; '
           '. "$TOP/harness/scenarios.sh"; scenarios_load; scenario_get "$2" "$3"')
    return subprocess.run(["bash", "-c", cmd, "-", TOP, name, key], check=True,
                          capture_output=True, text=True).stdout.strip()


def main():
    args = sys.argv[1:]
    verdict = os.path.join(TOP, "harness", "bin", "nfstb-verdict")
    if args[:1] == ["--verdict"]:
        verdict, args = args[1], args[2:]
    if len(args) < 2:
        sys.exit("usage: make-bases.py [--verdict BIN] RESULTS_DIR RUN[=NAME] ...")
    results, runs = args[0], args[1:]
    matrix = {}
    with open(os.path.join(results, "matrix.tsv")) as f:
        next(f)
        for row in f:
            c = row.rstrip("\n").split("\t")
            matrix[c[1]] = c
    for spec in runs:
        run, _, name = spec.partition("=")
        name = name or re.sub(r"-1$", "", run)
        _n, _run, scenario, arm, mode, _i, seed, _e, _p = matrix[run]
        src = os.path.join(results, run)
        dst = os.path.join(HERE, name + ".run")
        os.makedirs(dst, exist_ok=True)
        for f in ("client-console.log", "server-console.log", "pcap-summary.txt"):
            with open(os.path.join(src, f), "rb") as i, open(os.path.join(dst, f), "wb") as o:
                o.write(i.read())
        with open(os.path.join(src, "client-trace.txt"), encoding="utf-8",
                  errors="surrogateescape") as i:
            lines = i.read().split("\n")
        with open(os.path.join(dst, "client-trace.txt"), "w", encoding="utf-8",
                  errors="surrogateescape") as o:
            o.write("\n".join(trim(lines)))
        real = open(os.path.join(src, "verdict.line")).read().split()[4]
        record = os.path.join(src, "run.json")
        if not os.path.exists(record):
            record = os.path.join(src, "verdict.json")   # before run.json
        watchdog = str(json.load(open(record))["watchdog"])
        judge = {
            "scenario": scenario, "arm": arm, "mode": mode,
            "rules": scenario_get(scenario, "judge " + mode),
            "role": scenario_get(scenario, "role " + arm),
            "watchdog": watchdog, "seed": seed, "run": run,
            "capture": scenario_get(scenario, "capture") or "full",
        }
        # the run's nonce, as the orchestrator passed it to both guests
        with open(os.path.join(src, "client-console.log"), errors="replace") as f:
            m = re.search(r"nfstb: phase=booted .*\bnonce=(\S+)", f.read())
        if m:
            judge["nonce"] = m.group(1)
        with open(os.path.join(dst, "judge"), "w") as o:
            o.write("# real run %s of %s, trace trimmed by make-bases.py\n"
                    % (run, os.path.basename(os.path.normpath(results))))
            for k, v in judge.items():
                o.write("%s=%s\n" % (k, v))
        argv = [verdict, "--console", dst + "/client-console.log",
                "--trace", dst + "/client-trace.txt",
                "--server-console", dst + "/server-console.log",
                "--pcap-summary", dst + "/pcap-summary.txt",
                "--out", "/tmp/nfstb-make-bases"]
        for k in ("scenario", "arm", "mode", "rules", "role", "watchdog", "seed", "run",
                  "nonce", "capture"):
            if k in judge:
                argv += ["--" + k, judge[k]]
        line = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
        got = line.split()[4]
        if got != real:
            sys.exit("make-bases.py: %s: the trimmed base is judged %s, the real run was %s"
                     % (run, got, real))
        record = json.load(open("/tmp/nfstb-make-bases/run.json"))
        with open(os.path.join(HERE, name + ".expected"), "w") as o:
            o.write("verdict=%s\nrule=%s\nreason=%s\n"
                    % (real, record["rule"], record["reason"]))
        print("%s: %s (%d trace lines of %d)" % (name, real, len(trim(lines)), len(lines)))


if __name__ == "__main__":
    main()
