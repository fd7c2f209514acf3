#!/usr/bin/env bash
# bench_warpsim.sh -- 'make bench-warpsim': warpsim's speed on the fermi configuration,
# single-threaded, for a memory-bound (stream) and a compute-bound (compute) kernel, with
# every scheduler (SCHEDS: lrr, gto and the mechanisms; gto+equalizer: GTO with Equalizer). Simulated cycles/s and
# warp-instructions/s, side by side in one run, and each scheduler's speed relative to gto
# on the same kernel; a report, not a test (targets, one core: stream >= 2 M and compute
# >= 10 M warp-instructions/s with gto; docs/warpsim.md "Speed" has the last run). Each number is the fastest of REPEAT
# runs (default 5: the host has phases 25-35 % slower; the fastest run is the least disturbed).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
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
REPEAT=${REPEAT:-5}
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

# ---- RTL in the loop: per block, warp-instructions/s with that block's slots as Verilated RTL,
# checked against the model every cycle and unchecked (--rtl-no-check), beside the C-model run of
# the same configuration and kernel, measured in the same run (a smaller grid: RTL_GRID x RTL_ITERS).
# The first --rtl run of a set builds it (cached); a warm-up run does that before timing.
[ "${RTL:-1}" = 1 ] || exit 0
RTL_GRID=${RTL_GRID:-60}
RTL_ITERS=${RTL_ITERS:-8}
RTL_REPEAT=${RTL_REPEAT:-3}
rout=$BUILD/bench_warpsim_rtl.csv
echo "block,kernel,settings,grid,iterations,model_warp_inst_per_s,rtl_checked_warp_inst_per_s,rtl_unchecked_warp_inst_per_s,checked_vs_model,unchecked_vs_model" >"$rout"
echo
printf '| %-8s | %-11s | %-34s | %12s | %12s | %7s | %12s | %7s |\n' block kernel settings "model w-i/s" "RTL checked" ratio \
  "RTL alone" ratio
printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' ---------- ------------- ------------------------------------ -------------- \
  -------------- --------- -------------- ---------
rtl_ips() {   # rtl_ips KERNEL SETTINGS EXTRA...: the fastest of RTL_REPEAT runs' warp-instructions/s
  local k=$1 sets=$2 best=0 r w; shift 2
  for r in $(seq "$RTL_REPEAT"); do
    # shellcheck disable=SC2086
    w=$(taskset -c 0 "$WS" --named fermi $sets "$@" --grid "$RTL_GRID" --iterations "$RTL_ITERS" --quiet --speed \
        --progress 0 "$k" | sed -nE 's/.* ([0-9]+) warp-instructions\/s$/\1/p')
    [ -n "$w" ] && [ "$w" -gt "$best" ] && best=$w
  done
  echo "$best"
}
while IFS='|' read -r blk k sets; do
  # shellcheck disable=SC2086
  "$WS" --named fermi $sets --rtl "$blk" --grid 1 --iterations 1 --quiet --progress 0 "$k" >/dev/null 2>&1 ||
    { printf '| %-8s | failed: warpsim --named fermi %s --rtl %s %s\n' "$blk" "$sets" "$blk" "$k"; continue; }
  m=$(rtl_ips "$k" "$sets")
  c=$(rtl_ips "$k" "$sets" --rtl "$blk")
  u=$(rtl_ips "$k" "$sets" --rtl "$blk" --rtl-no-check)
  rc=$(awk -v a="$c" -v b="$m" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
  ru=$(awk -v a="$u" -v b="$m" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
  printf '| %-8s | %-11s | %-34s | %12s | %12s | %7s | %12s | %7s |\n' "$blk" "$k" "${sets:--}" "$m" "$c" "$rc" "$u" "$ru"
  echo "$blk,$k,${sets:--},$RTL_GRID,$RTL_ITERS,$m,$c,$u,$rc,$ru" >>"$rout"
done <<'ROWS'
mshr|stream|
dram_mib|stream|
l2mib|stream|--set dram_sched=mshr_sa
memsat|stream|--set sched=mascar
wst|stream|--set sched=mascar
rexq|stream|--set sched=mascar
tls|stream|--set sched=two_level
rfc|stream|--set sched=two_level --set rfc=on
oaws|stream|--set sched=oaws_dynamic
eqctr|compute|--set equalizer=performance
eqvote|compute|--set equalizer=performance
apogee|tia|--set prefetch=apogee --set warps_per_sm=32
caps|cta_stride|--set prefetch=caps
ROWS
echo "(single core; $RTL_GRID CTAs x $RTL_ITERS iterations; CSV: $rout)"
