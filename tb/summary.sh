#!/usr/bin/env bash
# summary.sh -- the main job's co-simulation: every preset of every block,
# random stimulus for $CYCLES cycles, then a summary table.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
B=${BUILD:-build}
CYCLES=${CYCLES:-1000000}
rows=(); bad=0
while read -r blk preset _ slow; do
  n=$CYCLES; case "$slow" in *sim*) n=$((CYCLES / 10));; esac   # slow:sim presets: a shorter run
  echo "cosim $blk --preset $preset --cycles $n ..." >&2
  out=$("$B/cosim" "$blk" --preset "$preset" --cycles "$n" --seed 1 2>&1); rc=$?
  line=$(echo "$out" | grep -E '^(PASS|FAIL)' | tail -1)
  if [ "$rc" = 0 ]; then
    cyc=$(echo "$line" | sed -n 's/.*: \([0-9]*\) cycles.*/\1/p')
    rate=$(echo "$line" | sed -n 's/.*, \([0-9.]*\) M cycles\/s.*/\1/p')
    rows+=("$(printf '| %-7s | %-10s | %9s | %10s | %12s |' "$blk" "$preset" "$cyc" 0 "$rate")")
  else
    bad=1; echo "$out"
    rows+=("$(printf '| %-7s | %-10s | %9s | %10s | %12s |' "$blk" "$preset" "-" "FAIL" "-")")
  fi
done < <("$B/warpgen" list --presets)
echo
echo "Lockstep co-simulation, RTL (Verilator) vs C model, every output bit every cycle:"
printf '| %-7s | %-10s | %9s | %10s | %12s |\n' block preset cycles mismatches "M cycles/s"
echo "|---------|------------|-----------|------------|--------------|"
printf '%s\n' "${rows[@]}"

# warpsim, the performance model built from the same C models: every built-in kernel on
# fermi, with its end-of-run checks
echo
echo "warpsim (fermi, every built-in kernel, end-of-run checks):"
printf '| %-12s | %9s | %10s | %7s | %8s | %8s | %8s |\n' kernel cycles warp-inst IPC "L1 hit%" "L2 hit%" "row hit%"
echo "|--------------|-----------|------------|---------|----------|----------|----------|"
for k in $("$B/warpsim" --list | sed -n 's/^built-in kernels: //p'); do
  j=$B/summary_$k.json
  if "$B/warpsim" --named fermi --check --quiet --progress 0 --json "$j" "$k"; then
    python3 - "$j" "$k" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("| %-12s | %9d | %10d | %7.3f | %8.1f | %8.1f | %8.1f |" % (sys.argv[2], d["cycles"], d["warp_instructions"],
      d["ipc_warp"], 100 * d["l1"]["hit_rate"], 100 * d["l2"]["hit_rate"], 100 * d["dram"]["row_hit_rate"]))
PY
  else
    bad=1; printf '| %-12s | %9s |\n' "$k" FAIL
  fi
done
exit $bad
