#!/usr/bin/env bash
# lint.sh DIR -- every generated module in DIR must pass, with zero warnings:
#   verilator --lint-only -Wall (also with -DFORMAL: the properties lint too),
#   iverilog -g2012, and yosys synth with no latch and no multiple drivers.
# LINT_NO_PLAIN=1 (make test) leaves out the lint without -DFORMAL: there every
# preset's lockstep build runs 'verilator -Wall' on the same file and fails on
# any warning.
# The latch and driver check runs after 'proc' (where Yosys infers latches), not a full
# 'synth': the same verdict in seconds; 'make synth' synthesizes every preset in full.
# LINT_YOSYS_SKIP=" m1 m2 " (make test) leaves out that check for modules the same run
# synthesizes in full, whose flow asserts the same (no latch, no multiple driver).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
dir=${1:-rtl}
fails=0
for f in "$dir"/*.sv; do
  m=$(basename "$f" .sv)
  errs=""
  if [ "${LINT_NO_PLAIN:-0}" != 1 ]; then
    out=$(verilator --lint-only -Wall "$f" 2>&1) || errs="$errs verilator"
    [ -z "$out" ] || { errs="$errs verilator-warnings"; echo "$out"; }
  fi
  out=$(verilator --lint-only -Wall -DFORMAL "$f" 2>&1) || errs="$errs verilator-formal"
  [ -z "$out" ] || { errs="$errs verilator-formal-warnings"; echo "$out"; }
  out=$(iverilog -g2012 -o /dev/null "$f" 2>&1) || errs="$errs iverilog"
  [ -z "$out" ] || { errs="$errs iverilog-warnings"; echo "$out"; }
  flow="hierarchy -check -top $m; proc"
  case "${LINT_YOSYS_SKIP:-}" in *" $m "*) log=ok ;; *)
  log=$(yosys -q -p "read_verilog -sv $f; $flow; select -assert-none t:\$dlatch t:\$_DLATCH_* t:\$_SR_* ; check -assert" 2>&1) ||
    { errs="$errs yosys"; echo "$log" | tail -5; } ;;
  esac
  if [ -n "$errs" ]; then echo "lint FAIL $m:$errs"; fails=$((fails + 1)); else echo "lint ok   $m"; fi
done
[ "$fails" = 0 ]
