#!/usr/bin/env bash
# check.sh RESULTS.csv BASELINES.csv -- fail when a preset's area moved more
# than 2 % or its Fmax more than 5 % from the checked-in baseline, or when a
# preset has no baseline.  'make synth-baseline' rewrites the baselines.
# SKIP="block,preset ..." names baselines this run left out on purpose
# (make test skips the presets marked slow:synth).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
res=$1 base=$2
awk -F, -v skip=" ${SKIP:-} " -v AREA_TOL=0.02 -v FMAX_TOL=0.05 '
  FNR == 1 { next }
  NR == FNR { area[$1 "," $2] = $7; fmax[$1 "," $2] = $12; params[$1 "," $2] = $3; next }
  { k = $1 "," $2; seen[k] = 1
    if (!(k in area)) { printf "synth-check: %s %s has no baseline (run make synth-baseline)\n", $1, $2; bad = 1; next }
    da = ($7 - area[k]) / area[k]; df = ($12 - fmax[k]) / fmax[k]
    if (da > AREA_TOL || da < -AREA_TOL || df > FMAX_TOL || df < -FMAX_TOL) {
      printf "synth-check: %s %s moved: area %.0f -> %.0f um2 (%+.1f%%), Fmax %.1f -> %.1f MHz (%+.1f%%)\n",
             $1, $2, area[k], $7, 100 * da, fmax[k], $12, 100 * df; bad = 1 }
    else n++ }
  END { for (k in area) if (!(k in seen)) {
          if (index(skip, " " k " ")) { printf "synth-check: %s not synthesized in this run (slow:synth)\n", k; continue }
          printf "synth-check: baseline %s has no result\n", k; bad = 1 }
        if (bad) exit 1
        printf "synth-check: %d presets within 2%% area and 5%% Fmax of synth/baselines.csv\n", n }' "$base" "$res"
