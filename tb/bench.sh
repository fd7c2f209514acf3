#!/usr/bin/env bash
# bench.sh -- for each block's main preset: lockstep cycles/s (RTL + C model
# compared every cycle) and bare Verilator cycles/s (same stimulus, no model),
# measured one after the other in the same process, and their ratio.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
B=${BUILD:-build}
CYCLES=${BENCH_CYCLES:-3000000}
LOG=$B/bench.log
: >"$LOG"
printf '| %-7s | %-10s | %9s | %16s | %16s | %6s |\n' block preset cycles "lockstep cyc/s" "bare RTL cyc/s" ratio
echo "|---------|------------|-----------|------------------|------------------|--------|"
"$B/warpgen" list --presets | while read -r blk preset main slow; do
  [ "$main" = main ] || continue
  n=$CYCLES; case "$slow" in *sim*) n=$((CYCLES / 30));; esac   # slow:sim presets: a shorter run
  # the stimulus' coverage lines and any build output go to the log: only the table is printed
  "$B/cosim" "$blk" --preset "$preset" --cycles 1 --quiet >>"$LOG" 2>&1
  b=
  read -r b p c lock bare ratio < <("$B/cosim" "$blk" --preset "$preset" --cycles "$n" --bench 2>>"$LOG")
  if [ -z "$b" ]; then printf '| %-7s | %-10s | failed: see %s\n' "$blk" "$preset" "$LOG"; continue; fi
  printf '| %-7s | %-10s | %9s | %16s | %16s | %6s |\n' "$b" "$p" "$c" "$lock" "$bare" "$ratio"
done
