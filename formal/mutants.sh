#!/usr/bin/env bash
# mutants.sh -- how much of a block's logic its formal properties pin down.
#
#   formal/mutants.sh [BLOCK...]        (default: every block, at its small preset)
#
# For each block: its small preset's Verilog, and MUTANTS (default 12) single-point
# mutants of the RTL outside the `ifdef FORMAL section, drawn with SEED (default 1):
# one operator or constant changed (== !=, && ||, + -, < <=, > >=, & |, 1'b0 1'b1).
# Each mutant is
#   - invalid        when Verilator does not compile it;
#   - equivalent     when lockstep against the C model does not tell it apart
#                    (random stimulus, LOCK_CYCLES cycles, and the directed table);
#   - caught         when lockstep tells it apart and the proof of the block's
#                    properties fails on it (formal/run.sh's SymbiYosys job: the prove
#                    task, then the bounded check where induction does not close;
#                    PROVE_TIMEOUT s each);
#   - missed         when lockstep tells it apart but the properties still prove (or
#                    hold in the bounded check: not proved, but no counterexample);
#   - no result      when the proof neither proves nor fails within PROVE_TIMEOUT.
# Where neither task decides, ABC's bmc3 checks the module BMC_FRAMES (default 24) steps from
# reset (Debian's Yosys and yosys-abc): a pipelined block's mutant can first fail deeper than
# smtbmc reaches in time.  A failure there counts as caught only when the
# unmutated RTL passes the same check (run once per block).
# The table ends with the score: caught / (caught + missed + no result).  Mutants, logs and
# results are kept in OUT (default build/mutants) to look at.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
WARPGEN=$BUILD/warpgen
COSIM=$BUILD/cosim
MUTANTS=${MUTANTS:-12}
SEED=${SEED:-1}
LOCK_CYCLES=${LOCK_CYCLES:-20000}
PROVE_TIMEOUT=${PROVE_TIMEOUT:-120}
BMC_FRAMES=${BMC_FRAMES:-24}
. formal/tools.sh   # the formal tools on PATH, SOLVER and SOLVER_CMD
OUT=${OUT:-$BUILD/mutants}
case "${1:-}" in -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0;; esac
command -v yowasp-sby >/dev/null && command -v "$SOLVER_CMD" >/dev/null && command -v verilator >/dev/null ||
  { echo "mutants.sh: needs yowasp-sby and $SOLVER_CMD (in $VENV) and verilator (make deps)" >&2; exit 2; }
[ -x "$WARPGEN" ] && [ -x "$COSIM" ] || { echo "mutants.sh: build the tools first (make tools)" >&2; exit 2; }
blocks=("$@")
[ ${#blocks[@]} -gt 0 ] || mapfile -t blocks < <("$WARPGEN" list --presets | awk '$2 == "small" {print $1}')

# the mutation sites of FILE: "LINE OFFSET FROM TO" for each operator occurrence in the
# logic (in each module's body: after its port list, outside `ifdef FORMAL, outside comments;
# a block with a module of its own, rfc's lane, has two bodies)
sites() {
  awk '
    /^`ifn?def / { depth++; if (!formal && $1 == "`ifdef" && $2 == "FORMAL") formal = depth; next }
    /^`endif/ { if (formal == depth) formal = 0; depth--; next }
    formal { next }
    /^module / { body = 0; next }
    /^\);/ { body = 1; next }
    /^endmodule/ { body = 0; next }
    !body { next }
    {
      code = $0; c = index(code, "//"); if (c) code = substr(code, 1, c - 1)
      n = split("== != && || + - < > & | 1'"'"'b0 1'"'"'b1", from, " ")
      split("!= == || && - + <= >= | & 1'"'"'b1 1'"'"'b0", to, " ")
      for (k = 1; k <= n; k++) {
        pat = " " from[k] " "; if (from[k] ~ /^1/) pat = from[k]
        s = code; off = 0
        while ((i = index(s, pat)) > 0) {
          printf "%d %d %s %s\n", NR, off + i - 1, from[k], to[k]
          off += i + length(pat) - 1; s = substr(s, i + length(pat))
        }
      }
    }' "$1"
}

# write FILE with the site LINE OFFSET FROM -> TO applied
mutate() {
  local src=$1 dst=$2 line=$3 off=$4 from=$5 to=$6
  awk -v L="$line" -v O="$off" -v F="$from" -v T="$to" '
    NR == L { pat = (F ~ /^1/) ? F : " " F " "; rep = (F ~ /^1/) ? T : " " T " "
              print substr($0, 1, O) rep substr($0, O + length(pat) + 1); next } { print }' "$src" >"$dst"
}

sby_status() {  # sby_status DIR MODULE TASK LOG: the task's status (PASS FAIL UNKNOWN ERROR TIMEOUT)
  local st
  (cd "$1" && timeout -k 10 "$PROVE_TIMEOUT" yowasp-sby -f "$2.sby" "$3") >>"$4" 2>&1
  [ $? = 124 ] && { echo TIMEOUT; return; }
  st=$(sed -n 's/.*\] DONE (\([A-Z]*\).*/\1/p' "$4" | tail -1); echo "${st:-ERROR}"
}

deep_bmc() {  # deep_bmc DIR MODULE LOG: PASS (no failure in BMC_FRAMES frames) or FAIL
  # The module as AIGER (asserts as bad states, assumes as constraints, registers without a reset
  # value at 0, undriven wires free) by Debian's Yosys, then ABC's bmc3 from the first cycle (the
  # properties assume reset there).  Not through the job's own 'abc bmc3' engine: sby 0.70's
  # AIGER model of these modules keeps x constants its write_aiger refuses, and it cannot read
  # the counterexample Debian's ABC writes; a trace is not needed to classify a mutant.
  local aig=$3.aig
  yosys -q -p "read_verilog -sv -formal $1/$2.sv; prep -top $2; delete t:\$cover; async2sync; flatten;
      setattr -unset keep; delete -output; setundef -undriven -anyseq; opt -fast; techmap; opt -fast;
      dffunmap; abc -g AND -fast; opt_clean; write_aiger -zinit $aig" >>"$3" 2>&1 || return
  timeout -k 10 "$PROVE_TIMEOUT" yosys-abc -c "read_aiger $aig; fold; strash; bmc3 -F $BMC_FRAMES" >>"$3" 2>&1
  if grep -q "was asserted in frame" "$3"; then echo FAIL
  elif grep -q "No output asserted in $BMC_FRAMES frames" "$3"; then echo PASS; fi
}

prove() {   # prove DIR MODULE LOG BASEDIR: 0 proved (or held the bounded check), 1 failed, 2 no result
  # DIR holds MODULE.sv and its job MODULE.sby (formal/run.sh's prove, then bmc); BASEDIR the
  # unmutated RTL's, for the deep check's baseline
  : >"$3"
  case $(sby_status "$1" "$2" prove "$3") in PASS) return 0;; FAIL) return 1;; esac
  case $(sby_status "$1" "$2" bmc "$3") in PASS) return 0;; FAIL) return 1;; esac
  command -v yosys-abc >/dev/null && command -v yosys >/dev/null || return 2
  [ -f "$4/deep_base" ] || deep_bmc "$4" "$2" "$4/deep_base.log" >"$4/deep_base"
  [ "$(cat "$4/deep_base")" = PASS ] || return 2
  [ "$(deep_bmc "$1" "$2" "$3")" = FAIL ] && { echo "caught by ABC bmc3 ($BMC_FRAMES steps)" >>"$3"; return 1; }
  return 2
}

rows=()
tot_c=0 tot_m=0
for b in "${blocks[@]}"; do
  d=$OUT/$b; rm -rf "$d"; mkdir -p "$d"
  "$WARPGEN" gen "$b" --preset small --sby --name "$b" -o "$d" >/dev/null || exit 2
  [ "$SOLVER" = bitwuzla ] || sed -i "s/^smtbmc bitwuzla$/smtbmc $SOLVER/" "$d/$b.sby"
  sv=$d/$b.sv
  sites "$sv" >"$d/sites.txt"
  nsites=$(wc -l <"$d/sites.txt")
  # a seeded sample of the sites (the same SEED gives the same mutants)
  awk -v seed="$SEED" 'BEGIN { srand(seed) } { print rand() "\t" $0 }' "$d/sites.txt" | sort -k1,1 | cut -f2- |
    head -n "$MUTANTS" >"$d/sample.txt"
  inv=0 eqv=0 caught=0 missed=0 unk=0 k=0
  while read -r line off from to; do
    k=$((k + 1)); m=$d/m$k; mkdir -p "$m"
    mutate "$sv" "$m/$b.sv" "$line" "$off" "$from" "$to"; cp "$d/$b.sby" "$m/"
    echo "line $line: '$from' -> '$to': $(sed -n "${line}p" "$m/$b.sv" | sed 's/^ *//')" >"$m/what.txt"
    if ! verilator --lint-only -Wno-fatal "$m/$b.sv" >"$m/lint.log" 2>&1; then
      inv=$((inv + 1)); echo invalid >"$m/result"; continue
    fi
    if "$COSIM" "$b" --preset small --rtl-file "$m/$b.sv" --cycles "$LOCK_CYCLES" --seed "$SEED" >"$m/lockstep.log" 2>&1 &&
       { "$COSIM" "$b" --preset small --rtl-file "$m/$b.sv" --stim directed >>"$m/lockstep.log" 2>&1 ||
         grep -q "directed table" "$m/lockstep.log"; }; then
      eqv=$((eqv + 1)); echo equivalent >"$m/result"; continue
    fi
    if grep -q "cosim: building" "$m/lockstep.log"; then inv=$((inv + 1)); echo invalid >"$m/result"; continue; fi
    prove "$m" "$b" "$m/prove.log" "$d"
    case $? in
      1) caught=$((caught + 1)); echo caught >"$m/result" ;;
      0) missed=$((missed + 1)); echo missed >"$m/result"; echo "  missed: $b $(cat "$m/what.txt")" ;;
      *) unk=$((unk + 1)); echo "no result" >"$m/result"; echo "  no result: $b $(cat "$m/what.txt")" ;;
    esac
  done <"$d/sample.txt"
  tot_c=$((tot_c + caught)); tot_m=$((tot_m + missed + unk))
  score=$(awk -v c="$caught" -v m="$((missed + unk))" 'BEGIN { if (c + m) printf "%.0f %%", 100 * c / (c + m); else print "-" }')
  rows+=("$(printf '| %-8s | %5d | %7d | %7d | %10d | %6d | %6d | %9d | %7s |' "$b" "$nsites" "$k" "$inv" "$eqv" "$caught" "$missed" "$unk" "$score")")
done
echo "mutants of each block's small preset (seed $SEED, $MUTANTS per block; lockstep $LOCK_CYCLES cycles + the directed table):"
printf '| %-8s | %5s | %7s | %7s | %10s | %6s | %6s | %9s | %7s |\n' block sites mutants invalid equivalent caught missed "no result" score
echo "|----------|-------|---------|---------|------------|--------|--------|-----------|---------|"
printf '%s\n' "${rows[@]}"
awk -v c="$tot_c" -v m="$tot_m" 'BEGIN { printf "caught by the proofs: %d of %d mutants that lockstep tells apart (%s)\n", c, c + m, (c + m) ? sprintf("%.0f %%", 100 * c / (c + m)) : "-" }'
