#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""kcidb.json against the KCIDB I/O schema v5.3 (make kcidb-check).

Generates the document of the real results directory in tests/data/kcidb
with the built nfstb-kcidb (once with a served base URL, once with the
default file:// one), validates it with jsonschema's Draft7Validator and
format checking, as kcidb-io does, and checks that crafted invalid
documents are refused: a schema that accepts anything would pass the
first half alone.  Debian's python3-jsonschema (and python3-rfc3987, for
the "uri" format) are what it runs with: /usr/bin/python3, not whatever
python3 the PATH finds.

usage: check.py NFSTB_KCIDB RESULTS_DIR SCHEMA
Prints TAP; exit 0 when every check passed, 1 otherwise, 2 usage.
"""
import copy
import json
import subprocess
import sys

import jsonschema


def generate(tool, results, *args):
    out = subprocess.run([tool, *args, results], check=True,
                         stdout=subprocess.PIPE).stdout
    return json.loads(out)


def crafted(doc):
    """(name, invalid document) pairs, each breaking one rule of the schema."""
    def mutate(name, change):
        bad = copy.deepcopy(doc)
        change(bad)
        return name, bad

    return [
        mutate("test without origin", lambda d: d["tests"][0].pop("origin")),
        mutate("build without origin", lambda d: d["builds"][0].pop("origin")),
        mutate("checkout without origin", lambda d: d["checkouts"][0].pop("origin")),
        mutate("bad status value", lambda d: d["tests"][0].update(status="XFAIL")),
        mutate("lower-case status", lambda d: d["tests"][0].update(status="pass")),
        mutate("test id without origin prefix",
               lambda d: d["tests"][0].update(id=d["tests"][0]["id"].split(":", 1)[1])),
        mutate("build_id without origin prefix", lambda d: d["tests"][0].update(build_id="x")),
        mutate("checkout id without origin prefix",
               lambda d: d["checkouts"][0].update(id="20261206-155937")),
        mutate("duration of the wrong type", lambda d: d["tests"][0].update(duration="13.3")),
        mutate("misc of the wrong type", lambda d: d["tests"][0].update(misc="PASS")),
        mutate("null property", lambda d: d["tests"][0].update(start_time=None)),
        mutate("unknown property", lambda d: d["tests"][0].update(verdict="PASS")),
        mutate("path with an empty part", lambda d: d["tests"][0].update(path="nfstb..smoke")),
        mutate("relative output url",
               lambda d: d["tests"][-1]["output_files"][0].update(url="run/client-console.log")),
        mutate("output file name with a directory",
               lambda d: d["tests"][-1]["output_files"][0].update(name="run/console.log")),
        mutate("patchset hash not 64 hex digits",
               lambda d: d["checkouts"][0].update(patchset_hash="3e22d2d6")),
        mutate("patchset file without url",
               lambda d: d["checkouts"][0]["patchset_files"][0].pop("url")),
        mutate("another major version", lambda d: d["version"].update(major=4)),
        mutate("a later minor version", lambda d: d["version"].update(minor=4)),
        mutate("no version", lambda d: d.pop("version")),
        mutate("tests not an array", lambda d: d.update(tests=d["tests"][0])),
    ]


def main(argv):
    if len(argv) != 4:
        print("usage: check.py NFSTB_KCIDB RESULTS_DIR SCHEMA", file=sys.stderr)
        return 2
    tool, results, schema_path = argv[1:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(
        schema, format_checker=jsonschema.FormatChecker())
    # Without a "uri" checker the relative-URL case would pass unnoticed.
    if "uri" not in validator.format_checker.checkers:
        print("Bail out! jsonschema cannot check the uri format: install python3-rfc3987")
        return 1

    served = generate(tool, results, "--base-url",
                      "https://nfstb.example/results/20261206-155937")
    local = generate(tool, results)
    checks = [("generated document, served base URL", served, True),
              ("generated document, file:// base URL", local, True)]
    checks += [(name, bad, False) for name, bad in crafted(served)]

    print(f"1..{len(checks)}")
    failed = 0
    for n, (name, doc, valid) in enumerate(checks, 1):
        errors = list(validator.iter_errors(doc))
        ok = not errors if valid else bool(errors)
        failed += not ok
        print(f"{'ok' if ok else 'not ok'} {n} {'valid' if valid else 'refused'}: {name}")
        if not ok:
            for e in errors[:5] if valid else []:
                print(f"#   {list(e.absolute_path)}: {e.message}")
            if not valid:
                print("#   the schema accepted it")
    print(f"# {len(checks) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
