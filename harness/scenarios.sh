# The scenario table (harness/scenarios.def), read once. Sourced, not run.
#
# scenarios_load: parse the table into SCENARIO_FLAT, one line per
# declaration with every 'like' resolved: NAME<TAB>KEY<TAB>VALUE, where KEY
# is 'workload', 'mount', ..., 'arm A', 'mode M' (its trigger), 'modeguest M'
# (the mode's own guest parameters), 'runs M' or 'expect A M'. A table
# that breaks the format is one line 'nfstb: error: scenarios.def:N: ...'.
# The queries below read SCENARIO_FLAT only.

# NFSTB_SCENARIO_DEF: another table (tests use it; one line on error).
SCENARIO_DEF=${NFSTB_SCENARIO_DEF:-$TOP/harness/scenarios.def}

scenarios_load() {
	[ -z "${SCENARIO_FLAT:-}" ] || return 0
	[ -f "$SCENARIO_DEF" ] && [ -r "$SCENARIO_DEF" ] ||
		die "the scenario table '$(shown "$SCENARIO_DEF")' is not a readable file: set NFSTB_SCENARIO_DEF to one, or unset it"
	SCENARIO_FLAT=$(awk -v def="$(basename "$SCENARIO_DEF")" '
	function fail(msg) { printf "nfstb: error: %s%s: %s\n", def, NR ? ":" NR : "", msg > "/dev/stderr"; bad = 1; exit 1 }
	# rest(n): fields n.. joined by one space
	function rest(n,   s, i) { s = ""; for (i = n; i <= NF; i++) s = s (i > n ? " " : "") $i; return s }
	function set(name, key, val) {
		if (!((name, key) in value)) keys[name, ++nkeys[name]] = key
		value[name, key] = val
	}
	/^[ \t]*(#|$)/ { next }
	/^scenario[ \t]/ {
		name = $2
		if (name !~ /^[A-Za-z0-9][A-Za-z0-9._-]*$/) fail("bad scenario name \"" name "\"")
		if (name in declared) fail("scenario " name " declared twice")
		if (NF != 2 && !(NF == 4 && $3 == "like")) fail("expected: scenario NAME [like PARENT]")
		declared[name] = 1; order[++n] = name
		if (NF == 4) {
			if (!($4 in declared)) fail("scenario " name " is like " $4 ", which is not declared above it")
			for (i = 1; i <= nkeys[$4]; i++) set(name, keys[$4, i], value[$4, keys[$4, i]])
		}
		next
	}
	/^[ \t]/ {
		if (!name) fail("a declaration before the first scenario line")
		k = $1
		if (k == "about") { set(name, k, rest(2)); next }
		if (rest(2) !~ /^[A-Za-z0-9_.,=*()\/ -]*$/) fail(k " of " name ": only letters, digits and _ . , = * ( ) / - are allowed")
		if (k ~ /^(mount|guest|server|arm|mode)$/)
			for (i = (k == "arm" ? 3 : k == "mode" ? 4 : 2); i <= NF; i++)
				if ($i !~ /^[a-z][a-z0-9_]*=[A-Za-z0-9_.,-]+$/) fail(k " of " name ": \"" $i "\" is not KEY=VALUE")
		if (k == "verify" && rest(2) !~ /^client(,server)?$/) fail("verify of " name ": client,server or client")
		if (k == "capture" && rest(2) !~ /^(full|tcp-flags)$/) fail("capture of " name ": full or tcp-flags")
		if (k == "trees" && rest(2) !~ /^(6\.1|6\.12)( (6\.1|6\.12))*$/) fail("trees of " name ": one or more of 6.1 6.12")
		if (k == "arm" || k == "mode") {
			if (NF < 2) fail(k " needs a name")
			if (k == "mode" && NF < 3) fail("expected: mode NAME TRIGGER (- for none) [KEY=VALUE...]")
			if (k == "mode") {
				set(name, k " " $2, $3)
				set(name, "modeguest " $2, rest(4))
			} else
				set(name, k " " $2, rest(3))
		} else if (k == "judge") {
			if (NF != 3 || $3 !~ /^(smoke|reconnect-injected|reconnect-direct|lockdep|swap|connect-error)$/)
				fail("expected: judge MODE smoke|reconnect-injected|reconnect-direct|lockdep|swap|connect-error")
			set(name, k " " $2, $3)
		} else if (k == "role") {
			if (NF != 3 || $3 !~ /^(none|fixed|control|stock)$/)
				fail("expected: role ARM none|fixed|control|stock")
			set(name, k " " $2, $3)
		} else if (k == "runs") {
			if (NF != 3 || $3 !~ /^[1-9][0-9]?[0-9]?$/) fail("expected: runs MODE N (1-999)")
			set(name, k " " $2, $3)
		} else if (k == "expect") {
			if (NF != 5 || $5 !~ /^([1-9][0-9]?|100)$/) fail("expected: expect ARM MODE VERDICT PERCENT (1-100)")
			set(name, k " " $2 " " $3, $4 " " $5)
		} else if (k ~ /^(workload|mount|kernel|default|guest|server|watchdog|verify|capture|trees)$/) {
			set(name, k, rest(2))
		} else fail("unknown key \"" k "\"")
		next
	}
	{ fail("expected a scenario line or an indented declaration") }
	END {
		if (bad) exit 1
		if (!n) { NR = 0; fail("no scenarios") }
		for (s = 1; s <= n; s++) {
			name = order[s]; arms = modes = 0
			for (i = 1; i <= nkeys[name]; i++) {
				arms += keys[name, i] ~ /^arm /; modes += keys[name, i] ~ /^mode /
			}
			split("workload mount kernel default watchdog verify", need, " ")
			for (i = 1; i <= 6; i++) if (!((name, need[i]) in value)) { NR = 0; fail("scenario " name " has no " need[i]) }
			if (!arms || !modes) { NR = 0; fail("scenario " name " needs at least one arm and one mode") }
			for (i = 1; i <= nkeys[name]; i++)
				if (keys[name, i] ~ /^runs / && !((name, "mode " substr(keys[name, i], 6)) in value)) {
					NR = 0; fail("scenario " name ": runs of mode " substr(keys[name, i], 6) ", which it does not declare")
				}
			# every mode says which rules judge it, every arm what it must show
			for (i = 1; i <= nkeys[name]; i++) {
				if (keys[name, i] ~ /^mode / && !((name, "judge " substr(keys[name, i], 6)) in value)) {
					NR = 0; fail("scenario " name ": mode " substr(keys[name, i], 6) " has no judge line")
				}
				if (keys[name, i] ~ /^arm / && !((name, "role " substr(keys[name, i], 5)) in value)) {
					NR = 0; fail("scenario " name ": arm " substr(keys[name, i], 5) " has no role line")
				}
			}
			if (value[name, "watchdog"] !~ /^[1-9][0-9]*$/ || length(value[name, "watchdog"]) > 4) { NR = 0; fail("scenario " name ": watchdog must be 1-9999 seconds") }
			for (i = 1; i <= nkeys[name]; i++)
				printf "%s\t%s\t%s\n", name, keys[name, i], value[name, keys[name, i]]
		}
	}' "$SCENARIO_DEF") || exit 1
}

# scenario_names: every scenario, in table order.
scenario_names() { awk -F'\t' '!seen[$1]++ { print $1 }' <<< "$SCENARIO_FLAT"; }

# scenario_get NAME KEY: the value ('' if not declared).
scenario_get() { awk -F'\t' -v n="$1" -v k="$2" '$1 == n && $2 == k { print $3 }' <<< "$SCENARIO_FLAT"; }

# scenario_names_of NAME KIND: the names of its arms or modes, in order.
scenario_names_of() {
	awk -F'\t' -v n="$1" -v k="$2" '$1 == n && index($2, k " ") == 1 { print substr($2, length(k) + 2) }' <<< "$SCENARIO_FLAT"
}

# trigger_modes: the modes that have a trigger anywhere in the table (the
# ones MODES= chooses between).
trigger_modes() {
	awk -F'\t' '$2 ~ /^mode / && $3 != "-" && !seen[$2]++ { print substr($2, 6) }' <<< "$SCENARIO_FLAT"
}

# scenario_runs NAME MODE: how many runs of MODE (0: none). Without
# MODES=, a scenario runs its modes without a trigger, forced, and the
# modes it declares 'runs' for; the others not at all. Then: RUNS= when
# given, else the scenario's 'runs MODE N', else RUNS (2).
scenario_runs() {
	local declared
	declared=$(scenario_get "$1" "runs $2")
	if [ -z "${MODES_GIVEN:-}" ] && [ -z "$declared" ] && [ "$2" != forced ] &&
		[ "$(scenario_get "$1" "mode $2")" != - ]; then
		echo 0
	elif [ -n "${RUNS_GIVEN:-}" ] || [ -z "$declared" ]; then
		echo "$RUNS"
	else
		echo "$declared"
	fi
}

# scenario_expect NAME ARM MODE: "VERDICT PERCENT", or '' (report only).
scenario_expect() {
	local v
	v=$(scenario_get "$1" "expect $2 $3")
	[ -n "$v" ] || v=$(scenario_get "$1" "expect $2 *")
	printf '%s' "$v"
}

# shard_plan I N < PLAN > SHARD_PLAN: the rows of a plan (tab-separated,
# its first field the run's number k in the whole selection) with
# (k - 1) mod N = I - 1, numbered again 1, 2, ... (a KTAP stream counts
# from 1 without gaps). The j-th row of shard I was row I + (j - 1) * N of
# the whole plan, which is how harness/merge.sh puts shards back in
# order. A run's seed comes from its scenario, arm, mode and index, so a
# shard runs exactly the seeds the whole selection would.
shard_plan() {
	awk -F'\t' -v OFS='\t' -v i="$1" -v n="$2" '($1 - 1) % n == i - 1 { $1 = ++j; print }'
}
