#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The reports as a browser shows them: renders a real control report, a
# real fixed report, a real lockdep report and the index of their results
# directory (tests/data/report, see its README) in headless Chromium, checks
# the rendered DOM for the elements a reader needs, and leaves screenshots in
# bin/screenshots/.  A second index, from the same data with one fixed run's
# verdict changed to BUG-PATH, checks the marking of an unexpected row.
# Prints TAP, then "N passed, N failed"; exit 1 if any check failed.
set -u
cd "$(dirname "$0")/.." || exit 1
BIN=bin
SHOTS=$BIN/screenshots
DATA=tests/data/report/20261203-140703
CHROMIUM=${NFSTB_CHROMIUM:-chromium}

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }

tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# One headless Chromium run: --dump-dom or --screenshot of a file:// URL.
chromium_run() {
	local profile
	profile=$(mktemp -d "$tmp/profile.XXXXXX")
	timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$profile" "$@" 2>>"$tmp/chromium.err"
}

# The test's own probe, added to a copy of the page for --dump-dom only (the
# reports themselves have no script; the parser puts a script after </html>
# into the body): for each selector of NFSTB_PROBE, "SELECTOR visible" when the first match has a non-empty
# box and is neither display:none nor visibility:hidden, else "hidden" or
# "missing", in <pre id="nfstb-probe">.
PROBE='<script>(function(){var out=[];NFSTB_PROBE.split("|").forEach(function(s){if(!s)return;var e=document.querySelector(s),st="missing";if(e){var r=e.getBoundingClientRect(),c=getComputedStyle(e);st=(r.width>0&&r.height>0&&c.display!="none"&&c.visibility!="hidden")?"visible":"hidden";}out.push(s+" "+st);});var p=document.createElement("pre");p.id="nfstb-probe";p.textContent="\n"+out.join("\n")+"\n";document.body.appendChild(p);})();</script>'

# render NAME FILE SELECTORS: NAME.dom in $tmp (probed), NAME.png in $SHOTS; a TAP line each
render() {
	local name=$1 file=$2 probe=$3
	{ cat "$file"; printf '<script>var NFSTB_PROBE="%s";</script>%s\n' "$probe" "$PROBE"; } >"$file.probe.html"
	chromium_run --dump-dom "file://$file.probe.html" >"$tmp/$name.dom"
	check "$name: chromium rendered the DOM" "[ -s '$tmp/$name.dom' ] && grep -q '</html>' '$tmp/$name.dom'"
	rm -f "$SHOTS/$name.png"
	chromium_run --screenshot="$PWD/$SHOTS/$name.png" --window-size=1200,2000 "file://$file" >/dev/null
	check "$name: screenshot $SHOTS/$name.png" "[ -s '$SHOTS/$name.png' ]"
}

# has NAME WHAT PATTERN [COUNT]: the DOM holds PATTERN (at least COUNT times)
has() {
	local c
	c=$(grep -o -- "$3" "$tmp/$1.dom" 2>/dev/null | wc -l)
	check "$1: $2" "[ $c -ge ${4:-1} ]"
}
# visible NAME SELECTOR...: each is rendered with a box (the probe above)
visible() {
	local name=$1 sel
	shift
	for sel in "$@"; do
		check "$name: $sel is visible" "grep -qxF -- '$sel visible' '$tmp/$name.dom'"
	done
}
hasnt() {
	check "$1: $2" "! grep -q -- '$3' '$tmp/$1.dom'"
}

echo "# test_browser"
if ! command -v "$CHROMIUM" >/dev/null; then
	echo "1..1"
	echo "not ok 1 - $CHROMIUM is installed (vm/install-deps.sh)"
	echo "0 passed, 1 failed"
	exit 1
fi
mkdir -p "$SHOTS"
cp -r "$DATA" "$tmp/res" && cp -r "$DATA" "$tmp/res2" || exit 1
for run in v3-tcp-control-forced-1 v3-tcp-fixed-forced-1 lockdep-v3-control-lockdep-1; do
	"$BIN/nfstb-report" --rundir "$tmp/res/$run" >/dev/null || exit 1
done
"$BIN/nfstb-report" --junit "$tmp/res" >/dev/null || exit 1
# the crafted index: v42-tcp-fixed-forced-1 judged BUG-PATH by rule g (trace)
r2=$tmp/res2/v42-tcp-fixed-forced-1
python3 -c '
import json, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    r = json.load(f)
r.update(verdict="BUG-PATH", rule="g", reason="crafted: decision=writeback in a connect worker")
with open(path, "w", encoding="utf-8") as f:
    json.dump(r, f, indent=2)
' "$r2/run.json" || exit 1
"$BIN/nfstb-report" --junit "$tmp/res2" >/dev/null || exit 1

CONTROL_SEL="section.stack.named .frame.mark-wait .frame.mark-release .frame.mark-reclaim .frame.mark-worker table#procs svg#flow svg#timeline text.label"
FIXED_SEL="table#procs svg#flow text.msg-label text.note.skip svg#timeline rect.reconnect-band circle.verdict-event"
LOCKDEP_SEL="section.lockdep"
INDEX_SEL="table#summary table#runs a.report-link td.reason"
bar() { local IFS='|'; echo "$*"; }

render control "$tmp/res/v3-tcp-control-forced-1/report.html" "$(bar $CONTROL_SEL)"
visible control $CONTROL_SEL
has control "verdict DEADLOCK" 'Verdict: DEADLOCK(reclaim-commit-deadlock)'
has control "the named task's stack section" '<section class="stack named" id="stack-1">'
has control "the writer's stack section" '<section class="stack" id="stack-2">'
has control "marked wait frames" 'class="frame mark-wait"' 2
has control "marked release frame" 'class="frame mark-release"'
has control "marked reclaim frames" 'class="frame mark-reclaim"' 4
has control "marked worker frame" 'class="frame mark-worker">[^<]*xs_tcp_setup_socket'
has control "the whole stack: process_one_work and ret_from_fork" 'process_one_work+0x1c4/0x380'
has control "the whole stack: ret_from_fork" 'ret_from_fork+0x1f/0x30'
has control "the role in text beside the frame" '&lt;- worker'
has control "the packet table" '<table class="procs" id="procs">'
has control "the COMMIT row of the packet table" '<td>COMMIT</td>'
has control "the flow diagram" '<svg[^>]*id="flow"'
has control "flow: the close arrow" 'class="msg-label"[^>]*>FIN|ACK'
has control "flow: no reconnect" 'class="end"[^>]*>capture ends'
has control "flow: the worker's writeback decision" 'class="note writeback"[^>]*>pid 27: nfs_release_folio writeback'
has control "the timeline plot" '<svg[^>]*id="timeline"'
has control "the timeline's labels" 'class="label"' 3
has control "the timeline's reconnect band and verdict rings" 'class="verdict-event"' 4
has control "the timeline says what is marked" 'ringed: close, no-reconnect, writeback, blocked'


render fixed "$tmp/res/v3-tcp-fixed-forced-1/report.html" "$(bar $FIXED_SEL)"
visible fixed $FIXED_SEL
has fixed "verdict PASS" 'Verdict: PASS'
has fixed "no stack, said so" 'No blocked-task report in the console.'
hasnt fixed "no stack section" 'class="stack'
has fixed "the packet table, five connections" '<tr class="conn">' 5
has fixed "flow: the reconnect SYN arrow" 'class="msg-label"[^>]*>SYN 10.213.59.20:815'
has fixed "flow: the COMMITs and their replies" 'class="msg-label"[^>]*>COMMIT reply' 4
has fixed "flow: the worker's skip decisions" 'class="note skip"' 3
has fixed "the timeline plot" '<svg[^>]*id="timeline"'
has fixed "a skip label" 'class="label"[^>]*>skip<'
has fixed "a reconnect-syn label" 'class="label"[^>]*>reconnect-syn<'
has fixed "the reconnect band, close to SYN" 'shaded: the reconnect, close to SYN; ringed: close, skip, reconnect-syn'

render lockdep "$tmp/res/lockdep-v3-control-lockdep-1/report.html" "$(bar $LOCKDEP_SEL)"
visible lockdep $LOCKDEP_SEL
has lockdep "the lockdep report section" '<section class="lockdep" id="lockdep-1">'
has lockdep "the lockdep report whole: its head" 'WARNING: possible circular locking dependency detected'
has lockdep "the lockdep report whole: its backtrace" 'stack backtrace:'

render index "$tmp/res/report.html" "$(bar $INDEX_SEL)"
visible index $INDEX_SEL
has index "a report link per run" 'class="report-link" href="[^"]*/report.html"' 14
has index "the control run's link" 'href="v3-tcp-control-forced-1/report.html"'
has index "a reason cell per run" '<td class="reason">' 14
has index "the control run's reason" 'reclaim-commit-deadlock in xs_tcp_setup_socket via nfs_release_folio'
hasnt index "no unexpected row (all runs as expected)" 'class="run unexpected"'

render index-unexpected "$tmp/res2/report.html" "$(bar tr.unexpected td.witness)"
visible index-unexpected tr.unexpected td.witness
has index-unexpected "the crafted row marked unexpected" '<tr class="run unexpected" id="run-v42-tcp-fixed-forced-1">'
has index-unexpected "its result in words" '<td class="result">FAIL: unexpected verdict</td>'
has index-unexpected "the witness that failed it" '<td class="witness">trace</td>'
has index-unexpected "only that row" 'class="run unexpected"' 1

echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
