#!/usr/bin/env bash
# bench_warpsim.sh -- 'make bench-warpsim': warpsim's speed on the fermi configuration,
# single-threaded, for a memory-bound (stream) and a compute-bound (compute) kernel, with
# every scheduler (SCHEDS: lrr, gto and the mechanisms; gto+equalizer: GTO with Equalizer). Simulated cycles/s and
# warp-instructions/s, side by side in one run, and each scheduler's speed relative to gto
# on the same kernel; a report, not a test (targets, one core: stream >= 2 M and compute
# >= 10 M warp-instructions/s with gto; docs/warpsim.md "Speed" has the last run). Each number is the fastest of REPEAT
# runs (default 3): the machine's other load only ever slows a run down.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
WS=$BUILD/warpsim
GRID=${GRID:-240}          # 16 CTAs per SM on 15 SMs
ITERS=${ITERS:-64}
SCHEDS=${SCHEDS:-"lrr gto mascar oaws_static oaws_dynamic two_level gto+equalizer"}   # +equalizer: equalizer = performance
out=$BUILD/bench_warpsim.csv
echo "kernel,config,sched,grid,iterations,cycles,warp_instructions,seconds,cycles_per_s,warp_inst_per_s,speed_vs_gto" >"$out"
printf '| %-8s | %-6s | %-13s | %10s | %12s | %8s | %12s | %14s | %7s |\n' kernel config sched cycles warp-inst seconds \
  "cycles/s" "warp-inst/s" "vs gto"
printf '|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n' ---------- -------- --------------- ------------ -------------- ---------- \
  -------------- ---------------- ---------
REPEAT=${REPEAT:-3}
measure() {   # measure KERNEL SCHED: sets cyc insts secs cps ips, from the fastest of REPEAT runs
  local line r best=
  for r in $(seq "$REPEAT"); do
    line=$(taskset -c 0 "$WS" --named fermi --set "sched=${2%%+*}" \
           $(case "$2" in *+equalizer) echo --set equalizer=performance;; esac) --grid "$GRID" --iterations "$ITERS" --quiet --speed \
           --progress 0 "$1" | grep '^speed:')
    # speed: K on C: N cycles, M warp-instructions in S s: X cycles/s, Y warp-instructions/s
    read -r c1 i1 s1 p1 w1 < <(echo "$line" | sed -E 's/.*: ([0-9]+) cycles, ([0-9]+) warp-instructions in ([0-9.]+) s: ([0-9]+) cycles\/s, ([0-9]+) warp.*/\1 \2 \3 \4 \5/')
    if [ -z "$best" ] || [ "$w1" -gt "$ips" ]; then cyc=$c1 insts=$i1 secs=$s1 cps=$p1 ips=$w1 best=1; fi
  done
}
for k in stream compute; do
  measure "$k" gto                        # the reference for 'vs gto', measured once
  gto="$cyc $insts $secs $cps $ips"
  gto_ips=$ips
  for s in $SCHEDS; do
    if [ "$s" = gto ]; then read -r cyc insts secs cps ips <<<"$gto"; else measure "$k" "$s"; fi
    rel=$(awk -v a="$ips" -v b="$gto_ips" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    printf '| %-8s | %-6s | %-13s | %10s | %12s | %8s | %12s | %14s | %7s |\n' "$k" fermi "$s" "$cyc" "$insts" "$secs" \
      "$cps" "$ips" "$rel"
    echo "$k,fermi,$s,$GRID,$ITERS,$cyc,$insts,$secs,$cps,$ips,$rel" >>"$out"
  done
done
echo "(single core: taskset -c 0; CSV: $out)"
