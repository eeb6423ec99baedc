#!/bin/bash
# make nfs-merge RESULTS=DIR,DIR,...: the shards of one selection
# (make nfs-test SHARD=i/N, on one machine or many) as one results
# directory, with the table, junit.xml, the KTAP stream and kcidb.json of
# the whole.
#
# Each DIR is a results directory of make nfs-test SHARD=i/N: its 'shard'
# file says i/N and how many runs the whole selection has. The j-th run of
# shard i is run i + (j - 1) * N of the whole plan (shard_plan in
# scenarios.sh), so the merged plan is the unsharded plan, run for run,
# with the same seeds. Refused, with one line: a directory that is not a
# shard, shards of different selections (N or their size), the same shard
# twice, the same run twice, another kernel tree, another package version
# or patch set (kernel-source) or other kernels (a flavour built from
# another source key).
#
# The merged directory is MERGED (an absolute path; default
# results/merged-YYYYmmdd-HHMMSS): plan, matrix.tsv, phases.tsv, the
# kernel files of the first shard, 'merged-from' (the directories), and a
# symbolic link per run to its run directory, which stays where it is.
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"
. "$TOP/harness/scenarios.sh"

BIN=$TOP/harness/bin

[ -n "${RESULTS:-}" ] ||
	die "nfs-merge needs RESULTS=DIR,DIR,...: the results directories of make nfs-test SHARD=i/N"
IFS=, read -r -a dirs <<< "$RESULTS"
[ "${#dirs[@]}" -ge 1 ] || die "nfs-merge needs RESULTS=DIR,DIR,..."

# shard_of DIR: i, n and whole from DIR/shard, or die (not in a
# subshell: die must end the script).
shard_of() {
	local line
	[ -f "$1/shard" ] || die "RESULTS: $1 is not a shard (no shard file: run make nfs-test SHARD=i/N)"
	line=$(head -1 "$1/shard")
	[[ "$line" =~ ^([1-9][0-9]{0,2})/([1-9][0-9]{0,2})\ ([1-9][0-9]*)$ ]] &&
		[ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
		die "RESULTS: $1/shard says '$(shown "$line")', not 'i/N RUNS'"
	i=${BASH_REMATCH[1]} n=${BASH_REMATCH[2]} whole=${BASH_REMATCH[3]}
}

# kernels_of DIR: "flavour key" of each kernel the shard ran, sorted (the
# key is the name of the bzImage's directory: flavour-key).
kernels_of() {
	local f p k
	for f in "$1"/kernel-*.path; do
		[ -f "$f" ] || continue
		p=$(head -1 "$f")
		k=$(basename "$(dirname "$p")")
		echo "$(basename "$f" .path | sed 's/^kernel-//') $k"
	done | sort
}

# source_of DIR: the package, its version and the patch set's hash
# (kernel-source, harness/kernel-source.sh) on one line; "unrecorded" for
# a shard without the file.
source_of() {
	[ -f "$1/kernel-source" ] || { echo unrecorded; return 0; }
	awk '$1 == "package" || $1 == "version" { printf "%s ", $2 }
		$1 == "patchset_hash" { printf "patchset %s", substr($2, 1, 16) }' "$1/kernel-source"
}

first=""
declare -A seen_shard
n_all="" whole_all=""
for d in "${dirs[@]}"; do
	[[ "$d" = /* ]] || d=$TOP/$d
	[ -d "$d" ] && [ -f "$d/plan" ] && [ -f "$d/matrix.tsv" ] && [ -f "$d/kernel-tree" ] ||
		die "RESULTS: $d is not a results directory of make nfs-test (no plan, matrix.tsv or kernel-tree)"
	shard_of "$d"
	if [ -z "$first" ]; then
		first=$d n_all=$n whole_all=$whole
	else
		[ "$(cat "$d/kernel-tree")" = "$(cat "$first/kernel-tree")" ] ||
			die "RESULTS: $d ran linux-source-$(cat "$d/kernel-tree"), $first linux-source-$(cat "$first/kernel-tree"): one tree only"
		[ "$(kernels_of "$d")" = "$(kernels_of "$first")" ] ||
			die "RESULTS: $d ran other kernels than $first (another series or source key): $(kernels_of "$d" | paste -sd,) against $(kernels_of "$first" | paste -sd,)"
		[ "$(source_of "$d")" = "$(source_of "$first")" ] ||
			die "RESULTS: $d was built from $(source_of "$d"), $first from $(source_of "$first"): one package version and patch set only"
		[ "$n" = "$n_all" ] && [ "$whole" = "$whole_all" ] ||
			die "RESULTS: $d is shard $i/$n of $whole runs, $first of $n_all shards of $whole_all runs: another selection"
	fi
	[ -z "${seen_shard[$i]:-}" ] || die "RESULTS: shard $i/$n twice ($d and ${seen_shard[$i]})"
	seen_shard[$i]=$d
done

out=${MERGED:-$TOP/results/merged-$(date +%Y%m%d-%H%M%S)}
[[ "$out" = /* ]] || die "MERGED must be an absolute path, got '$(shown "$out")'"
[ ! -e "$out" ] || die "MERGED=$out exists: name a new directory"
mkdir -p "$out"

# Every run with its number k in the whole selection, then in k order.
rows=$out/rows
: > "$rows"
for i in "${!seen_shard[@]}"; do
	d=${seen_shard[$i]}
	awk -F'\t' -v OFS='\t' -v i="$i" -v n="$n_all" -v d="$d" \
		'{ k = i + ($1 - 1) * n; $1 = k; print d, $0 }' "$d/plan" >> "$rows"
done
sort -t$'\t' -k2,2n "$rows" -o "$rows"
dup=$(cut -f3 "$rows" | sort | uniq -d | head -1)
[ -z "$dup" ] || { rm -rf "$out"; die "RESULTS: run $dup is in two shards"; }
cut -f2- "$rows" > "$out/plan"
printf '%s\n' "$(head -1 "$first/matrix.tsv")" > "$out/matrix.tsv"
cut -f1-9 "$out/plan" >> "$out/matrix.tsv"
while IFS=$'\t' read -r d _ rid _; do
	[ ! -d "$d/$rid" ] || ln -s "$d/$rid" "$out/$rid"
	[ ! -f "$d/phases.tsv" ] || awk -F'\t' -v r="$rid" '$1 == r' "$d/phases.tsv" >> "$out/phases.tsv"
done < "$rows"
rm -f "$rows"
cp "$first/kernel-tree" "$out/"
[ ! -f "$first/kernel-source" ] || cp -r "$first/kernel-source" "$first/patches" "$out/"
for f in "$first"/kernel-*.path; do [ ! -f "$f" ] || cp "$f" "$out/"; done
for i in $(printf '%s\n' "${!seen_shard[@]}" | sort -n); do
	echo "$i/$n_all ${seen_shard[$i]}"
done > "$out/merged-from"
have=$(($(wc -l < "$out/matrix.tsv") - 1))
[ "$have" = "$whole_all" ] ||
	log "warning: ${#seen_shard[@]} of $n_all shards: $have of the selection's $whole_all runs"

status=0
"$BIN/nfstb-table" "$out" || status=$?
"$BIN/nfstb-report" --junit "$out" || log "junit/index report failed"
"$BIN/nfstb-tap" "$out" > "$out/results.ktap" || log "KTAP file failed"
tail -2 "$out/results.ktap" >&2
"$BIN/nfstb-kcidb" --output "$out/kcidb.json" "$out" || log "KCIDB file failed"
log "merged: $out ($have runs of ${#seen_shard[@]} shard(s))"
exit "$status"
