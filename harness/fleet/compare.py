#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Is a merged fleet run the same selection as one machine's run?

usage: harness/fleet/compare.py MERGED_DIR UNSHARDED_DIR

Both are results directories of make nfs-test (MERGED_DIR usually
make nfs-merge's). Checked, in this order, each printed as one line:
  plan     the same runs in the same order: scenario, arm, mode, index, seed
           (plan columns 3 to 7)
  seeds    no seed twice in either directory
  forced   per scenario x arm of the forced rows, the same verdict counts
  natural  per scenario x arm of the natural rows, the same reach (the
           records' 'reached': runs that met the hazard)
A run without a readable run.json counts as verdict 'no-record' and as
not reached. Exit 0 when all four agree, 1 when one differs, 2 on usage.
"""
import collections
import json
import os
import sys


def plan_rows(d):
    rows = []
    with open(os.path.join(d, "plan"), encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 7:
                raise ValueError(f"{d}/plan: a line of {len(cols)} columns")
            rows.append((cols[1], tuple(cols[2:7])))
    return rows


def record(d, run):
    try:
        with open(os.path.join(d, run, "run.json"), encoding="utf-8") as f:
            rec = json.load(f)
        return rec if isinstance(rec, dict) else {}
    except (OSError, ValueError):
        return {}


def tallies(d, rows):
    verdicts = collections.defaultdict(collections.Counter)
    reach = collections.defaultdict(lambda: [0, 0])
    for run, (scenario, arm, mode, _, _) in rows:
        rec = record(d, run)
        if mode == "forced":
            verdicts[(scenario, arm)][str(rec.get("verdict", "no-record"))] += 1
        elif mode == "natural":
            reach[(scenario, arm)][0] += rec.get("reached") is True
            reach[(scenario, arm)][1] += 1
    return verdicts, reach


def show(table):
    return "; ".join(f"{s}.{a}: {v}" for (s, a), v in sorted(table.items())) or "none"


def main(argv):
    if len(argv) != 3 or not all(os.path.isdir(d) for d in argv[1:]):
        print("usage: compare.py MERGED_DIR UNSHARDED_DIR (two results directories)",
              file=sys.stderr)
        return 2
    a, b = argv[1], argv[2]
    try:
        ra, rb = plan_rows(a), plan_rows(b)
    except (OSError, ValueError) as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 2
    same = True

    def say(what, ok, detail):
        nonlocal same
        same = same and ok
        print(f"{what:8} {'same' if ok else 'DIFFERS'}: {detail}")

    pa, pb = [r for _, r in ra], [r for _, r in rb]
    first = next((i for i, (x, y) in enumerate(zip(pa, pb)) if x != y), None)
    say("plan", pa == pb,
        f"{len(pa)} runs" if pa == pb else
        f"{len(pa)} against {len(pb)} runs" + (f", first difference at run {first + 1}: "
                                                f"{pa[first]} against {pb[first]}"
                                                if first is not None else ""))
    twice = [d for d, rows in ((a, pa), (b, pb))
             if len({r[4] for r in rows}) != len(rows)]
    say("seeds", not twice, "none twice" if not twice else "a seed twice in " + ", ".join(twice))
    va, ha = tallies(a, ra)
    vb, hb = tallies(b, rb)
    say("forced", va == vb, show({k: dict(v) for k, v in va.items()}) if va == vb else
        f"{show({k: dict(v) for k, v in va.items()})} against {show({k: dict(v) for k, v in vb.items()})}")
    fmt = {k: f"{r}/{n} reached" for k, (r, n) in ha.items()}
    fmt_b = {k: f"{r}/{n} reached" for k, (r, n) in hb.items()}
    say("natural", ha == hb, show(fmt) if ha == hb else f"{show(fmt)} against {show(fmt_b)}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
