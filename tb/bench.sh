#!/usr/bin/env bash
# bench.sh -- for each block's main preset: lockstep cycles/s (RTL + C model
# compared every cycle) and bare Verilator cycles/s (same stimulus, no model),
# measured one after the other in the same process, and their ratio.
set -u
cd "$(dirname "$0")/.."
B=${BUILD:-build}
CYCLES=${BENCH_CYCLES:-3000000}
printf '| %-7s | %-10s | %9s | %16s | %16s | %6s |\n' block preset cycles "lockstep cyc/s" "bare RTL cyc/s" ratio
echo "|---------|------------|-----------|------------------|------------------|--------|"
"$B/warpgen" list --presets | while read -r blk preset main slow; do
  [ "$main" = main ] || continue
  n=$CYCLES; case "$slow" in *sim*) n=$((CYCLES / 30));; esac   # slow:sim presets: a shorter run
  "$B/cosim" "$blk" --preset "$preset" --cycles 1 --quiet >/dev/null
  read -r b p c lock bare ratio < <("$B/cosim" "$blk" --preset "$preset" --cycles "$n" --bench)
  printf '| %-7s | %-10s | %9s | %16s | %16s | %6s |\n' "$b" "$p" "$c" "$lock" "$bare" "$ratio"
done
