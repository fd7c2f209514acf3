#!/usr/bin/env bash
# run.sh [--quick] -- formal checks of every block, from the properties and
# covers its descriptor emits inside `ifdef FORMAL (see docs/formal.md).
#
# Per (block, preset):
#   prove   Yosys 'sat -tempinduct' (base case and induction together, first
#           cycle in reset; -set-assumes: the descriptors' 'assume(rst)' before
#           f_past_valid also binds the induction step, so a step that starts
#           before the first clock starts in reset, not in a junk state):
#           "proved (k-inductive)"; if induction does not close
#           within the time limit, bounded model checking with 'sat -seq D':
#           "bounded to depth D"; a counterexample is "FAILED".
#   covers  yosys-smtbmc -c with z3: every cover() must be reached.
#   mutant  the descriptor's deliberately broken variant ('warpgen gen --mutant')
#           must fail the proof: the properties have teeth.
# Presets: 'small' of every block (--quick, what 'make test' runs) and, in the full
# run ('make formal'), each block's 'small_*' variants and main preset too.  Blocks join by
# themselves: the list comes from 'warpgen list --presets'; ALL_PRESETS=1 checks
# every preset, not only small and main; ONLY=blk1,blk2
# limits the run to those blocks.  A preset marked slow:formal (induction is
# out of reach at that size) gets the bounded check only, and says so.
# A failure prints the property (source line), the step, and the
# counterexample VCD with a .gtkw layout; the exit status is then 1.
# Every check reads the design flattened (prep -flatten): a block with a module
# of its own (rfc's clusters of lanes) is proved whole; a one-module block is
# unchanged by it.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
B=${BUILD:-build}
WARPGEN=$B/warpgen
OUT=${FORMAL_OUT:-$B/formal}
QUICK=0; [ "${1:-}" = --quick ] && QUICK=1
PROVE_STEPS=${PROVE_STEPS:-20}      # induction length tried by sat -tempinduct
PROVE_TIMEOUT=${PROVE_TIMEOUT:-$([ "$QUICK" = 1 ] && echo 120 || echo 300)} # seconds before falling back to BMC (--quick: 120)
BMC_DEPTH=${BMC_DEPTH:-40}          # depth of that fallback
COVER_STEPS=${COVER_STEPS:-40}
SLOW_BMC_DEPTH=${SLOW_BMC_DEPTH:-10}
COVER_SAT_DEPTH=${COVER_SAT_DEPTH:-10}  # the SAT fallback for covers z3 does not reach in time
# z3's time for all covers at once (--quick: 40 s). make formal: z3 first, SAT
# per cover if z3 runs out of time. --quick: SAT per cover first (seconds; z3 took
# 15 s to never at small for apogee, caps, dram_mib, oaws), z3 only when a cover is
# deeper than SAT's depth 10 (eqctr, rexq: about 7 s on an idle machine; 15 s was
# too short twice on a loaded one, so the budget is 40 s: it is spent only there).
COVER_TIMEOUT=${COVER_TIMEOUT:-$([ "$QUICK" = 1 ] && echo 40 || echo "$PROVE_TIMEOUT")}
rm -rf "$OUT" && mkdir -p "$OUT"
rows=(); failed=0; toolarge=()

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

gtkw_for() {  # gtkw_for VCD MODULE SV: a layout with the (top) module's ports
  local vcd=$1 m=$2 sv=$3
  { echo "[dumpfile] \"$(realpath "$vcd")\""
    sed -n '1,/^);/s/^ *\(input\|output\) *logic *\(\[[0-9]*:0\]\)\? *\([a-z_0-9]*\).*/\3/p' "$sv" |
      while read -r s; do echo "$m.$s"; done; } >"${vcd%.vcd}.gtkw"
}

explain_failure() {  # explain_failure SV MODULE DIR [STEP]: property, step, VCD (via smtbmc)
  # STEP: where the SAT proof failed; BMC to just that depth (deeper steps cost
  # z3 minutes and cannot fail earlier than SAT's shortest counterexample)
  local sv=$1 m=$2 d=$3 log line depth=$PROVE_STEPS
  [ -n "${4:-}" ] && depth=$(( $4 + 1 ))
  yosys -q -p "read_verilog -sv -formal $sv; prep -flatten -top $m; async2sync; dffunmap; write_smt2 -wires $d/$m.smt2" 2>&1 | tail -3
  log=$(timeout 600 yosys-smtbmc --noprogress -s z3 --unroll -t "$depth" --dump-vcd "$d/cex.vcd" "$d/$m.smt2" 2>&1)
  echo "$log" | grep -E "Assert failed|BMC failed|Status" | sed 's/^/    /'
  # Yosys gives the span from the end of the previous statement: the assert is on its last line
  line=$(echo "$log" | sed -n 's/.*Assert failed in [^:]*: [^:]*:[0-9]*\.[0-9]*-\([0-9]*\)\..*/\1/p' | head -1)
  [ -n "$line" ] && echo "    property: $(sed -n "${line}p" "$sv" | sed 's/^ *//')"
  if [ -s "$d/cex.vcd" ]; then gtkw_for "$d/cex.vcd" "$m" "$sv"; echo "    counterexample: $d/cex.vcd (gtkwave $d/cex.gtkw)"; fi
}

prove() {  # prove SV MODULE DIR [bmc-only] -> sets RESULT, prints failures
  local sv=$1 m=$2 d=$3 log rc k
  log=$d/prove.log; FAIL_STEP=
  if [ "${4:-}" = bmc-only ]; then
    timeout "$PROVE_TIMEOUT" yosys -p "read_verilog -sv -formal $sv; prep -flatten -top $m; delete t:\$cover; async2sync;
        sat -seq $SLOW_BMC_DEPTH -prove-asserts -set-assumes -set-at 1 rst 1 -dump_vcd $d/sat_cex.vcd" >"$d/bmc.log" 2>&1
    if grep -q "SUCCESS" "$d/bmc.log"; then RESULT="bounded to depth $SLOW_BMC_DEPTH (slow:formal, no induction)"; return 0; fi
    if grep -q "FAIL" "$d/bmc.log"; then RESULT="FAILED (bounded check)"; return 1; fi
    # too large for the solver: said so in the table, not a pass and not a counterexample
    RESULT="NOT CHECKED: no bounded result within ${PROVE_TIMEOUT}s (slow:formal)"; toolarge+=("$m"); return 0
  fi
  timeout "$PROVE_TIMEOUT" yosys -p "read_verilog -sv -formal $sv; prep -flatten -top $m; delete t:\$cover; async2sync;
      sat -tempinduct -prove-asserts -set-assumes -set-at 1 rst 1 -seq 1 -maxsteps $PROVE_STEPS -dump_vcd $d/sat_cex.vcd" >"$log" 2>&1
  rc=$?
  if grep -q "Induction step proven: SUCCESS" "$log"; then
    k=$(grep -o "induction step [0-9]*" "$log" | tail -1 | awk '{print $3}')
    RESULT="proved (${k}-inductive)"; return 0
  fi
  if grep -q "model found for base case: FAIL" "$log"; then
    k=$(grep -o "base case [0-9]*" "$log" | tail -1 | awk '{print $3}')
    RESULT="FAILED at step $k"; FAIL_STEP=$k; return 1
  fi
  # induction did not close in time: bounded model checking instead
  timeout "$PROVE_TIMEOUT" yosys -p "read_verilog -sv -formal $sv; prep -flatten -top $m; delete t:\$cover; async2sync;
      sat -seq $BMC_DEPTH -prove-asserts -set-assumes -set-at 1 rst 1 -dump_vcd $d/sat_cex.vcd" >"$d/bmc.log" 2>&1
  if grep -q "SUCCESS" "$d/bmc.log"; then
    RESULT="bounded to depth $BMC_DEPTH ($( [ $rc = 124 ] && echo "induction timed out after ${PROVE_TIMEOUT}s" || echo "not ${PROVE_STEPS}-inductive"))"
    return 0
  fi
  if grep -q "FAIL" "$d/bmc.log"; then RESULT="FAILED (bounded check)"; return 1; fi
  RESULT="FAILED (no result within ${PROVE_TIMEOUT}s)"; return 1
}

covers() {  # covers SV MODULE DIR -> COVER text
  local sv=$1 m=$2 d=$3 n log reached
  n=$(grep -c "^ *cover(" "$sv")
  [ "$n" = 0 ] && { COVER="none"; return 0; }
  # --quick: Yosys' SAT first (seconds, where z3 needs 15 s to 1 min: apogee, caps,
  # dram_mib, oaws); z3 to depth COVER_STEPS only when some cover is deeper than 10
  if [ "$QUICK" = 1 ] && covers_sat "$sv" "$m" "$d" "$n"; then COVER="$n/$n reached (SAT, depth $SAT_DEPTH)"; return 0; fi
  yosys -q -p "read_verilog -sv -formal -DWG_COVERS $sv; prep -flatten -top $m; async2sync; dffunmap; write_smt2 -wires $d/$m.cover.smt2" >/dev/null 2>&1
  # (--quick leaves out the traces of the reached covers: writing them costs more than finding them)
  local vcd=(--dump-vcd "$d/cover.vcd"); [ "$QUICK" = 1 ] && vcd=()
  log=$(timeout "$COVER_TIMEOUT" yosys-smtbmc --noprogress -s z3 --unroll -c -t "$COVER_STEPS" "${vcd[@]}" "$d/$m.cover.smt2" 2>&1)
  reached=$(echo "$log" | grep -c "Reached cover statement")
  if echo "$log" | grep -q "Status: PASSED"; then COVER="$reached/$n reached"; return 0; fi
  # z3 did not get through in time (wide compare trees): Yosys' SAT solver instead
  if [ "$QUICK" = 0 ] && covers_sat "$sv" "$m" "$d" "$n"; then COVER="$n/$n reached (SAT, depth $SAT_DEPTH)"; return 0; fi
  COVER="$SAT_OK/$n reached (FAILED)"
  echo "$log" | grep -E "Unreached|Status" | sed 's/^/    /'
  return 1
}

covers_sat() {  # covers_sat SV MODULE DIR N: every cover on its own, as a bounded check of
  # 'assert(!cover)' with the real asserts assumed; a counterexample is a trace that reaches
  # the cover. 0 when all N are reached within COVER_SAT_DEPTH (SAT_OK: how many were), or the
  # deeper depth a module's properties ask for in a comment 'formal: covers need depth D' (a
  # pipelined block reports every decision some cycles after its inputs: apogee's PIPE=1)
  # Covers are read with WG_COVERS defined: the restated functions (`ifndef WG_COVERS) check
  # values, not reachability, and as assumptions they made each cover's SAT 8x slower.
  local sv=$1 m=$2 d=$3 n=$4 i line cv depth=$COVER_SAT_DEPTH want
  want=$(sed -n 's/.*formal: covers need depth \([0-9]*\).*/\1/p' "$sv" | head -1)
  [ -n "$want" ] && [ "$want" -gt "$depth" ] && depth=$want
  SAT_DEPTH=$depth
  SAT_OK=0
  for i in $(seq 1 "$n"); do
    line=$(grep -n "^ *cover(" "$sv" | sed -n "${i}p" | cut -d: -f1)
    cv=$d/cover_$i.sv
    awk -v l="$line" 'NR == l { sub(/cover\(/, "assert(!("); sub(/\);/, "));"); print; next }
                      /^ *cover\(/ { next } { gsub(/assert\(/, "assume("); print }' "$sv" >"$cv"
    if timeout "$PROVE_TIMEOUT" yosys -p "read_verilog -sv -formal -DWG_COVERS $cv; prep -flatten -top $m; async2sync;
        sat -seq $depth -prove-asserts -set-assumes -set-at 1 rst 1" 2>&1 | grep -q "FAIL"; then SAT_OK=$((SAT_OK + 1)); fi
  done
  [ "$SAT_OK" = "$n" ]
}

while read -r blk preset main slow; do
  [ -n "${ONLY:-}" ] && case ",$ONLY," in *",$blk,"*) ;; *) continue;; esac
  # small_*: a second small variant (dram_mib's small_table), proved like small by the
  # full run; --quick (make test) leaves it out: its proof takes minutes, not seconds
  case $preset in small) small=1;; small_*) small=$((1 - QUICK));; *) small=0;; esac
  [ "$small" = 1 ] || [ "${ALL_PRESETS:-0}" = 1 ] || { [ "$QUICK" = 0 ] && [ "$main" = main ]; } || continue
  d=$OUT/${blk}_$preset; mkdir -p "$d"; m=${blk}_$preset; sv=$d/$m.sv
  "$WARPGEN" gen "$blk" --preset "$preset" --verilog-only --name "$m" -o "$d" || exit 2
  t0=$(now)
  mode=; case "${slow:-}" in *formal*) mode=bmc-only;; esac
  if prove "$sv" "$m" "$d" $mode; then :; else failed=1; echo "FAILED: $blk $preset: $RESULT"; explain_failure "$sv" "$m" "$d" "${FAIL_STEP:-}"; fi
  prove_result=$RESULT
  # the asserts Yosys elaborated (properties over entries are loops in the source;
  # each is imported once per step, under the same name)
  nprops=$(cat "$d/prove.log" "$d/bmc.log" 2>/dev/null | grep "^Import proof for assert" | sort -u | wc -l)
  if [ "$small" = 1 ]; then
    covers "$sv" "$m" "$d" || { failed=1; echo "FAILED: $blk $preset: unreached covers"; }
  else COVER="(at small)"; fi
  rows+=("$(printf '| %-7s | %-10s | %5s | %-14s | %-58s | %6s |' "$blk" "$preset" "$nprops" "$COVER" "$prove_result" "$(since "$t0")")")
  if [ "$small" = 1 ]; then   # the mutant must fail
    md=$d/mutant; mkdir -p "$md"; mm=${m}_mutant
    "$WARPGEN" gen "$blk" --preset "$preset" --mutant --verilog-only --name "$mm" -o "$md" || exit 2
    doc=$(sed -n 's|^// MUTANT (test only): ||p' "$md/$mm.sv")
    t0=$(now)
    if prove "$md/$mm.sv" "$mm" "$md"; then
      failed=1; mres="NOT CAUGHT ($RESULT)"; echo "FAILED: $blk mutant was not caught: $doc"
    else
      mres="caught: $RESULT"
      # which property caught it: z3 replays SAT's counterexample (up to a minute on
      # the larger blocks), so --quick leaves it out and 'make formal' says it
      if [ "$QUICK" = 0 ]; then
        explain_failure "$md/$mm.sv" "$mm" "$md" "${FAIL_STEP:-}" >"$md/explain.txt" 2>&1
        prop=$(sed -n 's/^    property: //p' "$md/explain.txt" | head -1)
        [ -n "$prop" ] && echo "mutant $blk ($doc) caught by: $prop"
      else echo "mutant $blk ($doc) caught: $RESULT (counterexample: $md/sat_cex.vcd)"; fi
    fi
    rows+=("$(printf '| %-7s | %-10s | %5s | %-14s | %-58s | %6s |' "$blk" "mutant" "" "" "$mres" "$(since "$t0")")")
  fi
done < <("$WARPGEN" list --presets)

{ echo "| block   | preset     | asserts | covers       | result (engine: yosys sat -tempinduct; covers: smtbmc/z3)  | time s |"
  echo "|---------|------------|-------|----------------|------------------------------------------------------------|--------|"
  printf '%s\n' "${rows[@]}"; } | tee "$OUT/results.md"
[ ${#toolarge[@]} -gt 0 ] && echo "formal: too large for the solver in ${PROVE_TIMEOUT}s, not checked: ${toolarge[*]} (their properties are proved at the block's smaller presets)"
[ "$failed" = 0 ] && echo "formal: all properties hold where checked, all covers reached, every mutant caught" || echo "formal: FAILED"
exit $failed
