#!/usr/bin/env bash
# bench_warpsim.sh -- 'make bench-warpsim': warpsim's speed on the fermi configuration,
# single-threaded, for a memory-bound (stream) and a compute-bound (compute) kernel.
# Simulated cycles/s and warp-instructions/s, side by side in one run; a report, not a test
# (target: >= 2 M warp-instructions/s for compute on one core).
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
WS=$BUILD/warpsim
GRID=${GRID:-240}          # 16 CTAs per SM on 15 SMs
ITERS=${ITERS:-64}
out=$BUILD/bench_warpsim.csv
echo "kernel,config,grid,iterations,cycles,warp_instructions,seconds,cycles_per_s,warp_inst_per_s" >"$out"
printf '| %-8s | %-6s | %10s | %12s | %8s | %12s | %14s |\n' kernel config cycles warp-inst seconds "cycles/s" "warp-inst/s"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ---------- -------- ------------ -------------- ---------- -------------- ----------------
for k in stream compute; do
  line=$(taskset -c 0 "$WS" --named fermi --grid "$GRID" --iterations "$ITERS" --quiet --speed --progress 0 "$k" | grep '^speed:')
  # speed: K on C: N cycles, M warp-instructions in S s: X cycles/s, Y warp-instructions/s
  read -r cyc insts secs cps ips < <(echo "$line" | sed -E 's/.*: ([0-9]+) cycles, ([0-9]+) warp-instructions in ([0-9.]+) s: ([0-9]+) cycles\/s, ([0-9]+) warp.*/\1 \2 \3 \4 \5/')
  printf '| %-8s | %-6s | %10s | %12s | %8s | %12s | %14s |\n' "$k" fermi "$cyc" "$insts" "$secs" "$cps" "$ips"
  echo "$k,fermi,$GRID,$ITERS,$cyc,$insts,$secs,$cps,$ips" >>"$out"
done
echo "(single core: taskset -c 0; CSV: $out)"
