#!/bin/bash
# make check-bisect: build the default guest kernel after each patch of the
# series, in order (incrementally after the first: vm/build-kernel.sh keeps
# one object directory per flavour), and name the first patch after which
# it does not build. Options of the config fragments that a prefix of the
# series does not define yet are allowed to drop out.
set -euo pipefail
. "$(dirname "$0")/../vm/lib.sh"

patchdir=$TOP/kernel-patches
mapfile -t patches < <(sed -e 's/#.*//' -e '/^\s*$/d' "$patchdir/series")
[ ${#patches[@]} -gt 0 ] || die "$patchdir/series lists no patches"
work=$(mktemp -d "${TMPDIR:-/tmp}/nfstb-bisect.XXXXXX")
trap 'rm -rf "$work"' EXIT

n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	prefix=$work/$n
	mkdir -p "$prefix"
	printf '%s\n' "${patches[@]:0:$n}" > "$prefix/series"
	for q in "${patches[@]:0:$n}"; do ln -s "$patchdir/$q" "$prefix/$q"; done
	start=$(date +%s)
	if PATCHES=$prefix NFSTB_ALLOW_DROPPED_CONFIG=1 "$TOP/vm/build-kernel.sh" default > /dev/null 2> "$work/log"; then
		echo "ok $n - builds after $p ($(($(date +%s) - start)) s)"
	else
		echo "not ok $n - does not build after $p"
		tail -15 "$work/log" | sed 's/^/# /'
		echo "first patch that does not build: $p"
		exit 1
	fi
done
echo "every prefix of the series builds (${#patches[@]} patches)"
