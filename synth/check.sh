#!/usr/bin/env bash
# check.sh RESULTS.csv BASELINES.csv -- fail when a preset's area moved more
# than 2 % or its Fmax more than 5 % from the checked-in baseline, or when a
# preset has no baseline.  'make synth-baseline' rewrites the baselines.
# SKIP="block,preset ..." names baselines this run left out on purpose
# (make test skips the presets marked slow:synth).  MAIN="block,preset ..." names
# the main presets: each must meet the CLOCK_NS (5) ns clock target unless
# synth/clock_exceptions.txt (CLOCK_EXCEPTIONS=FILE) lists it, and a listed one
# that meets it fails too (the list must say what is true).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
res=$1 base=$2
exc=$(awk '!/^#/ && NF >= 2 {printf "%s,%s ", $1, $2}' "${CLOCK_EXCEPTIONS:-$(dirname "$0")/clock_exceptions.txt}")
awk -F, -v skip=" ${SKIP:-} " -v main=" ${MAIN:-} " -v exclist=" $exc " -v clock="${CLOCK_NS:-5}" \
    -v AREA_TOL=0.02 -v FMAX_TOL=0.05 '
  BEGIN { n = split(exclist, e, " "); for (i = 1; i <= n; i++) exc[e[i]] = 1 }
  FNR == 1 { next }
  NR == FNR { area[$1 "," $2] = $7; fmax[$1 "," $2] = $12; params[$1 "," $2] = $3; next }
  { k = $1 "," $2; seen[k] = 1
    if (!(k in area)) { printf "synth-check: %s %s has no baseline (run make synth-baseline)\n", $1, $2; bad = 1; next }
    da = ($7 - area[k]) / area[k]; df = ($12 - fmax[k]) / fmax[k]
    if (da > AREA_TOL || da < -AREA_TOL || df > FMAX_TOL || df < -FMAX_TOL) {
      printf "synth-check: %s %s moved: area %.0f -> %.0f um2 (%+.1f%%), Fmax %.1f -> %.1f MHz (%+.1f%%)\n",
             $1, $2, area[k], $7, 100 * da, fmax[k], $12, 100 * df; bad = 1 }
    else n++ }
  { if (index(main, " " k " ") && $11 + 0 > clock + 0) {
      if (k in exc) nexc++
      else { printf "synth-check: %s %s misses the %s ns clock: critical path %s ns\n", $1, $2, clock, $11; bad = 1 } }
    else if (index(main, " " k " ")) {
      nclock++
      if (k in exc) { printf "synth-check: %s %s meets the clock (%s ns): remove it from synth/clock_exceptions.txt\n", $1, $2, $11; bad = 1 } } }
  END { for (k in area) if (!(k in seen)) {
          if (index(skip, " " k " ")) { printf "synth-check: %s not synthesized in this run (slow:synth)\n", k; continue }
          printf "synth-check: baseline %s has no result\n", k; bad = 1 }
        if (bad) exit 1
        printf "synth-check: %d presets within 2%% area and 5%% Fmax of synth/baselines.csv\n", n
        if (main != "  ") printf "synth-check: %d main presets meet the %s ns clock; %d over it, listed in synth/clock_exceptions.txt\n", nclock, clock, nexc }' "$base" "$res"
