#!/usr/bin/env bash
# ws_speed.sh -- is one warpsim binary faster than another?  The speed half of every speed
# change of warpsim (tb/ws_compare.sh is the statistics half; docs/warpsim.md, "Speed"):
#   tb/ws_speed.sh OLD_WARPSIM NEW_WARPSIM [KERNEL] [SCHED]
# runs KERNEL (default stream) on fermi with SCHED (default gto), 240 CTAs x 256 iterations,
# ROUNDS times (default 9), the binaries alternating, pinned to one core, and prints each
# binary's CPU time (task-clock: the process's own time, so another process's share of the core
# does not count) as its least and median, and NEW's median relative to OLD's.  The host's
# slow phases still move both; alternating puts both in the same phases.  Needs perf.
set -u
case "${1:-}" in -h|--help|"") sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2;; esac
A=$1 B=$2 K=${3:-stream} S=${4:-gto}
ROUNDS=${ROUNDS:-9} ITERS=${ITERS:-256}
command -v perf >/dev/null || { echo "ws_speed.sh: needs perf (Debian's linux-perf)" >&2; exit 2; }
for f in "$A" "$B"; do [ -x "$f" ] || { echo "ws_speed.sh: $f: not an executable" >&2; exit 2; }; done
cpu_ms() {   # cpu_ms BINARY: the run's task-clock in ms
  perf stat -x, -e task-clock taskset -c 0 "$1" --named fermi --set "sched=$S" --grid 240 --iterations "$ITERS" \
    --quiet --progress 0 "$K" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'
}
ta=() tb=()
for r in $(seq "$ROUNDS"); do
  ta+=("$(cpu_ms "$A")"); tb+=("$(cpu_ms "$B")")
  printf '\rround %d/%d' "$r" "$ROUNDS" >&2
done
echo >&2
stats() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {printf "%.1f %.1f", v[1], v[int((NR + 1) / 2)]}'; }
read -r amin amed <<<"$(stats "${ta[@]}")"
read -r bmin bmed <<<"$(stats "${tb[@]}")"
printf '%-40s least %8.1f ms  median %8.1f ms\n' "$A" "$amin" "$amed"
printf '%-40s least %8.1f ms  median %8.1f ms\n' "$B" "$bmin" "$bmed"
awk -v a="$amed" -v b="$bmed" -v k="$K" -v s="$S" 'BEGIN {printf "%s %s: new / old = %.3f (median CPU time; below 1: faster)\n", k, s, b / a}'
