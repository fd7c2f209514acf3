#!/usr/bin/env bash
# ws_compare.sh -- do two warpsim binaries give byte-identical statistics?  The check
# behind every speed change of warpsim (docs/warpsim.md, "Speed"): build the previous
# commit's warpsim, then
#   tb/ws_compare.sh OLD_WARPSIM NEW_WARPSIM
# runs every built-in kernel on tiny and fermi under each scheduler and mechanism
# setting below with both, compares the JSON, and ends with 'N runs, N differ'
# (exit 1 if any differ or a run fails).
set -u
case "${1:-}" in -h|--help|"") sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 2;; esac
A=$1 B=$2
d=$(mktemp -d /tmp/ws_compare.XXXXXX) || exit 2
trap 'rm -rf "$d"' EXIT
SETTINGS=("sched=lrr" "sched=gto" "sched=mascar" "sched=oaws_static" "sched=oaws_dynamic" "sched=two_level"
          "sched=two_level rfc=on" "sched=gto equalizer=energy" "sched=lrr equalizer=performance"
          "sched=gto dram_sched=mshr_sa" "sched=gto prefetch=apogee warps_per_sm=32" "sched=two_level prefetch=caps"
          "sched=gto issue_mode=per_pipe")
# keep_common A B: drop from each file the top-level lines whose key the other file lacks
keep_common() {
  local ka kb
  ka=$(sed -n 's/^  "\([a-z_0-9]*\)": .*/\1/p' "$1" | sort -u) kb=$(sed -n 's/^  "\([a-z_0-9]*\)": .*/\1/p' "$2" | sort -u)
  awk -v keys="$kb" 'BEGIN {n = split(keys, k, "\n"); for (i = 1; i <= n; i++) has[k[i]] = 1}
    match($0, /^  "[a-z_0-9]*": /) { key = substr($0, 4, RLENGTH - 6); if (!(key in has)) next } {print}' "$1" >"$1.k"
  awk -v keys="$ka" 'BEGIN {n = split(keys, k, "\n"); for (i = 1; i <= n; i++) has[k[i]] = 1}
    match($0, /^  "[a-z_0-9]*": /) { key = substr($0, 4, RLENGTH - 6); if (!(key in has)) next } {print}' "$2" >"$2.k"
  mv "$1.k" "$1"; mv "$2.k" "$2"
}
n=0 bad=0
for cfg in tiny fermi; do
  for set in "${SETTINGS[@]}"; do
    args=(--named "$cfg"); for kv in $set; do args+=(--set "$kv"); done
    for k in $("$A" --list | sed -n 's/^built-in kernels: //p'); do
      n=$((n + 1))
      "$A" "${args[@]}" --quiet --json "$d/a.json" "$k" >/dev/null 2>"$d/a.err"; ra=$?
      "$B" "${args[@]}" --quiet --json "$d/b.json" "$k" >/dev/null 2>"$d/b.err"; rb=$?
      # a statistic one binary reports and the other does not (a line '  "KEY": ...' of its own) is
      # left out of the comparison: the check is that the statistics both have are the same
      keep_common "$d/a.json" "$d/b.json"
      if [ "$ra" != 0 ] || [ "$rb" != 0 ]; then echo "FAIL $cfg $set $k: $(head -1 "$d/a.err") $(head -1 "$d/b.err")"; bad=$((bad + 1))
      elif ! cmp -s "$d/a.json" "$d/b.json"; then echo "DIFF $cfg $set $k"; bad=$((bad + 1)); fi
    done
  done
done
echo "$n runs, $bad differ"
[ "$bad" = 0 ]
