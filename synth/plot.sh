#!/usr/bin/env bash
# plot.sh OUT ROW.csv... -- per block, the sweep's area (with the storage floor:
# storage bits x DFFPOSX1 area), flip-flops and critical path against the swept
# parameter: OUT/plots/BLOCK_sweep.{svg,png} and OUT/sweep_BLOCK.csv.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -eu
out=$1; shift
mkdir -p "$out/plots"
dff=$(awk '/cell \(DFFPOSX1\)/ { f = 1 } f && /area/ { gsub(/[^0-9.]/, "", $0); print; exit }' "${WG_LIBERTY:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}")
for blk in $(for f in "$@"; do basename "$f" | sed 's/__.*//'; done | sort -u); do
  data=$out/sweep_$blk.csv
  first=$(printf '%s\n' "$@" | grep "/${blk}__" | head -1)
  param=$(basename "$first" .csv | awk -F'__' '{print $3}')
  echo "value,storage_bits,flops,cells,area_um2,storage_floor_um2,crit_path_ns,fmax_mhz,synth_s" >"$data"
  for f in "$@"; do
    b=$(basename "$f" .csv)
    case "$b" in "$blk"__*) ;; *) continue;; esac
    value=$(echo "$b" | awk -F'__' '{print $4}')
    awk -F, -v v="$value" -v dff="$dff" '{ printf "%s,%s,%s,%s,%s,%.0f,%s,%s,%s\n", v, $4, $5, $6, $7, $4 * dff, $11, $12, $16 }' "$f"
  done | sort -t, -k1,1n >>"$data"
  for term in "svg size 900,320 font 'sans,11'" "pngcairo size 900,320 font 'sans,9'"; do
    ext=${term%% *}; ext=${ext/pngcairo/png}
    gnuplot <<GP
set terminal $term
set output "$out/plots/${blk}_sweep.$ext"
set datafile separator ","
set key top left
set grid
set multiplot layout 1,3 title "$blk: cost against $param (Yosys + OSU 0.18 um + OpenSTA, pre-layout)"
set xlabel "$param"
set ylabel "area (um^2)"
plot "$data" every ::1 using 1:5 with linespoints title "area", "" every ::1 using 1:6 with lines dashtype 2 title "storage floor"
set ylabel "flip-flops"
set yrange [0:*]
plot "$data" every ::1 using 1:3 with linespoints title "flops", "" every ::1 using 1:2 with lines dashtype 2 title "storage bits"
set ylabel "critical path (ns)"
set yrange [0:*]
plot "$data" every ::1 using 1:7 with linespoints title "critical path"
unset multiplot
GP
  done
  echo "sweep $blk over $param: $data, $out/plots/${blk}_sweep.svg and .png"
  column -t -s, "$data"
done
