#!/usr/bin/env bash
# run_tests.sh -- the test suite behind 'make test' (and 'make soak' with SOAK=1).
#
# Groups: generator CLI (bad input, determinism, config files), generated
# Verilog (check-gen, lint), lockstep co-simulation (every preset, directed
# tables, random legal parameter sets, X-hunting builds), harness self-test.
# C code runs under ASan/UBSan (build/san); the last line is 'N passed, N failed'.
#
# Environment: TEST_SEED (default 1) picks the random parameter sets and
# stimulus seeds; SETS (random sets per block, default 2; make soak adds the
# all-min and all-max corners), SET_CYCLES (default 50000), PRESET_CYCLES (default
# 1000000; 100000 for presets marked slow:sim), JOBS (default 2), ONLY
# (comma-separated blocks: the block-specific tests of those blocks only).
# SOAK=1 ('make soak'): lockstep only -- 24 sets x 1,000,000 cycles per block,
# 10,000,000 cycles per preset (1,000,000 for slow:sim presets), directed tables.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
SAN_BUILD=$ROOT/build/san
REL_BUILD=$ROOT/build
WARPGEN=$SAN_BUILD/warpgen
COSIM=$SAN_BUILD/cosim
LOGS=${TEST_LOGS:-$ROOT/build/test-logs}
TEST_SEED=${TEST_SEED:-1}
JOBS=${JOBS:-2}
if [ "${SOAK:-0}" = 1 ]; then
  SOAK=1; SETS=${SETS:-24}; SET_CYCLES=${SET_CYCLES:-1000000}; PRESET_CYCLES=${PRESET_CYCLES:-10000000}
  SLOW_PRESET_CYCLES=${SLOW_PRESET_CYCLES:-1000000}
  COSIM=$REL_BUILD/cosim; WARPGEN=$REL_BUILD/warpgen
else
  SOAK=0; SETS=${SETS:-2}; SET_CYCLES=${SET_CYCLES:-50000}; PRESET_CYCLES=${PRESET_CYCLES:-1000000}
  SLOW_PRESET_CYCLES=${SLOW_PRESET_CYCLES:-100000}
fi
only() { [ -z "${ONLY:-}" ] && cat || awk -v only=",$ONLY," 'index(only, "," $1 ",")'; }
rm -rf "$LOGS" && mkdir -p "$LOGS"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
echo "tests: seed $TEST_SEED, $SETS random parameter sets per block x $SET_CYCLES cycles, presets x $PRESET_CYCLES cycles (slow:sim presets x $SLOW_PRESET_CYCLES)${ONLY:+, blocks $ONLY}"
start=$(date +%s)

# ---- bookkeeping: each test is a function run in the background, one log each
running=0
run() {   # run NAME FUNCTION ARGS... (up to JOBS at once)
  local name=$1; shift
  ( t0=$(date +%s)
    if "$@" >"$LOGS/$name.log" 2>&1; then echo pass >"$LOGS/$name.res"; else echo fail >"$LOGS/$name.res"; fi
    echo "$(( $(date +%s) - t0 )) $name" >"$LOGS/$name.time" ) &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
}
finish_group() { wait; running=0; }

expect_bad() {  # expect_bad "MESSAGE SUBSTRING" CMD... : exit 2, one line naming the problem, no files
  local want=$1; shift
  local out=$ROOT/build/test-logs/tmp.$$.$RANDOM
  rm -rf "$out"
  local msg rc
  msg=$("$@" -o "$out" 2>&1 >/dev/null); rc=$?
  echo "command: $* -o DIR"; echo "exit $rc: $msg"
  [ "$rc" = 2 ] || { echo "expected exit 2"; return 1; }
  [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] || { echo "expected one line"; return 1; }
  case "$msg" in *"$want"*) ;; *) echo "expected message containing: $want"; return 1;; esac
  if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then echo "files were left in $out"; ls -A "$out"; return 1; fi
  rm -rf "$out"
}

# ---- generator: bad input --------------------------------------------------------------------
if [ "$SOAK" = 0 ] && [ -z "${ONLY:-}" ]; then   # ---- the generic groups: 'make test' only
CFG=$LOGS/cfg; mkdir -p "$CFG"
printf '# comment\nW = 16   # trailing comment\n\nS=4\n' >"$CFG/good.cfg"
printf 'W = 16\nthis line has no equals sign\n' >"$CFG/noeq.cfg"
printf 'W = 16\nQ = 3\n' >"$CFG/unknown.cfg"
printf 'E = 3\n' >"$CFG/pow2.cfg"
run gen_bad_block      expect_bad "unknown block 'nosuch'" "$WARPGEN" gen nosuch
run gen_bad_param      expect_bad "unknown parameter 'Q' for block eqctr" "$WARPGEN" gen eqctr -p Q=1
run gen_bad_integer    expect_bad "parameter W: 'x12' is not an integer (legal: 1..64)" "$WARPGEN" gen eqctr -p W=x12
run gen_bad_range_hi   expect_bad "parameter W = 65 is out of range (legal: 1..64)" "$WARPGEN" gen eqctr -p W=65
run gen_bad_range_lo   expect_bad "parameter N = 0 is out of range (legal: 1..64)" "$WARPGEN" gen eqvote -p N=0
run gen_bad_pow2       expect_bad "parameter S = 3 is out of range (legal: 1..4096, a power of two)" "$WARPGEN" gen eqctr -p S=3
run gen_bad_contradict expect_bad "parameters S=256 and E=128 contradict" "$WARPGEN" gen eqctr -p S=256 -p E=128
run gen_bad_preset     expect_bad "unknown preset 'fermi' for block eqctr (presets: equalizer, small)" "$WARPGEN" gen eqctr --preset fermi
run gen_bad_cfg_line   expect_bad "noeq.cfg:2: 'this line has no equals sign': expected KEY=VALUE" "$WARPGEN" gen eqctr -c "$CFG/noeq.cfg"
run gen_bad_cfg_param  expect_bad "unknown.cfg:2: unknown parameter 'Q'" "$WARPGEN" gen eqctr -c "$CFG/unknown.cfg"
run gen_bad_cfg_pow2   expect_bad "pow2.cfg:1: parameter E = 3 is out of range (legal: 2..65536, a power of two)" "$WARPGEN" gen eqctr -c "$CFG/pow2.cfg"
run gen_bad_cfg_file   expect_bad "missing.cfg: cannot read config file" "$WARPGEN" gen eqctr -c "$CFG/missing.cfg"
run gen_bad_name       expect_bad "--name '9x': a module name is a Verilog identifier" "$WARPGEN" gen eqctr --name 9x
run gen_bad_kv         expect_bad "-p 'W': expected KEY=VALUE" "$WARPGEN" gen eqctr -p W

t_cosim_bad() {
  local msg rc
  msg=$("$COSIM" eqctr -p W=0 2>&1); rc=$?
  echo "exit $rc: $msg"
  [ "$rc" = 2 ] && case "$msg" in *"parameter W = 0 is out of range (legal: 1..64)"*) return 0;; esac
  return 1
}
run cosim_bad_param t_cosim_bad

t_determinism() {
  local a=$LOGS/det_a b=$LOGS/det_b
  rm -rf "$a" "$b"
  "$WARPGEN" gen --all-presets -o "$a" && "$WARPGEN" gen --all-presets -o "$b" || return 1
  "$WARPGEN" gen eqctr -p W=37 -p S=4 -p E=64 -o "$a" && "$WARPGEN" gen eqctr -p S=4 -p E=64 -p W=37 -o "$b" || return 1
  diff -r "$a" "$b" && echo "byte-identical: $(ls "$a" | wc -l) files"
}
run gen_determinism t_determinism

t_config_file() {   # -c FILE equals the same -p options; -p overrides the file
  local a=$LOGS/cfg_a b=$LOGS/cfg_b
  rm -rf "$a" "$b"
  "$WARPGEN" gen eqctr -c "$CFG/good.cfg" --name m -o "$a" || return 1
  "$WARPGEN" gen eqctr -p W=16 -p S=4 --name m -o "$b" || return 1
  cmp "$a/m.sv" "$b/m.sv" || return 1
  "$WARPGEN" describe eqctr -c "$CFG/good.cfg" -p W=9 | grep -E '^  W +9 ' || return 1
}
run gen_config_file t_config_file

t_cli() {   # help, version, list, describe tables
  "$WARPGEN" --help | grep -q "usage: warpgen" || return 1
  "$WARPGEN" --version | grep -q "^warpgen [0-9]" || return 1
  "$WARPGEN" eqctr --help | grep -q "presets:" || return 1
  "$WARPGEN" list | grep -q "^eqvote" || return 1
  "$COSIM" --help | grep -q "usage: cosim" || return 1
  # the thesis' storage: 4 counters x 11 bits and one 12-bit cycle counter
  "$WARPGEN" describe eqctr --preset equalizer | tee /dev/stderr | grep -Eq "state_counter +11 x +4 +44" || return 1
  "$WARPGEN" describe eqctr --preset equalizer | grep -Eq "cycle_counter +12 x +1 +12" || return 1
}
run gen_cli t_cli

t_check_gen() { make -s --no-print-directory check-gen; }
run check_gen t_check_gen
t_lint() { tb/lint.sh rtl; }
run lint_presets t_lint
t_docs() { make -s --no-print-directory check-docs; }
# ---- cost: synthesis of every preset, baselines, sweeps --------------------------------------------
t_synth() {   # every preset synthesizes, matches the baselines, and holds no state beyond its storage table
  make -s --no-print-directory SAN=1 -j2 synth-check-quick || return 1
  # more flops than the table is hidden state (a failure); fewer are bits Yosys found constant
  awk -F, 'NR > 1 && $5 > $4 { printf "%s %s: %s flops for %s storage bits\n", $1, $2, $5, $4; bad = 1 }
           NR > 1 && $5 < $4 { printf "%s %s: %s flops for %s storage bits (%d constant bits removed)\n", $1, $2, $5, $4, $4 - $5 }
           NR > 1 { n++ } END { if (bad || n == 0) exit 1; printf "flops <= storage bits for %d presets\n", n }' \
    build/san/synth/results.csv
}
run synth_presets t_synth
t_synth_check_fails() {   # a moved baseline must be reported and fail
  local f=$LOGS/baselines_moved.csv
  [ -s build/san/synth/results.csv ] || make -s --no-print-directory SAN=1 synth >/dev/null || return 1
  awk -F, 'BEGIN { OFS = "," } NR == 2 { $7 = $7 * 1.05 } { print }' synth/baselines.csv >"$f"
  if synth/check.sh build/san/synth/results.csv "$f"; then echo "a 5% area change passed"; return 1; fi
  awk -F, 'BEGIN { OFS = "," } NR == 3 { $12 = $12 * 0.9 } { print }' synth/baselines.csv >"$f"
  if synth/check.sh build/san/synth/results.csv "$f"; then echo "a 10% Fmax change passed"; return 1; fi
  echo "moved baselines are caught"
}
t_sweep() {   # the swept structure grows: flops never shrink and area rises with the parameter
  make -s --no-print-directory SAN=1 QUICK=1 -j2 synth-sweep >/dev/null || return 1
  for f in build/san/synth/sweep_*.csv; do
    awk -F, -v f="$f" 'NR > 2 && ($3 < pf || $5 <= pa) { printf "%s: at %s flops %s area %s after %s / %s\n", f, $1, $3, $5, pf, pa; bad = 1 }
                       NR > 1 { pf = $3; pa = $5; n++ }
                       END { if (bad || n < 4) exit 1; printf "%s: %d points, flops and area grow\n", f, n }' "$f" || return 1
    [ -s "build/san/synth/plots/$(basename "$f" .csv | sed 's/^sweep_//')_sweep.svg" ] || return 1
  done
}
run synth_sweep t_sweep
t_cost_bad() {
  local msg rc
  msg=$("$WARPGEN" cost eqctr -p W=0 2>&1); rc=$?; echo "exit $rc: $msg"
  [ "$rc" = 2 ] || return 1
  msg=$(WG_LIBERTY=/nonexistent.lib "$WARPGEN" cost eqvote --preset small 2>&1); rc=$?; echo "exit $rc: $msg"
  [ "$rc" = 3 ] && case "$msg" in *"/nonexistent.lib: cannot read the liberty file"*) return 0;; esac
  return 1
}
run cost_bad_input t_cost_bad
t_gebhart_trace() {   # rfc + tls models on a scripted trace: MRF traffic against the test's own count
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
      -Ibuild/san/include -Isim/models tb/gebhart_trace.c sim/models/rfc.c sim/models/tls.c \
      -o build/san/gebhart_trace && build/san/gebhart_trace
}
run gebhart_trace t_gebhart_trace

# ---- warpsim: unit tests of its parts (sanitized), the command line end to end, bad input ----
t_warpsim_unit() {   # t_warpsim_unit NAME SOURCES...: build under ASan/UBSan and run (ends 'N passed, N failed')
  local name=$1; shift
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
      -Ibuild/san/include -Isim/models -Isim/warpsim "$@" -o "build/san/$name" && "build/san/$name"
}
run warpsim_kernel_format t_warpsim_unit test_kernel sim/warpsim/ws_kernel.c tb/warpsim/test_kernel.c
run warpsim_config t_warpsim_unit test_config sim/warpsim/ws_config.c tb/warpsim/test_config.c
run warpsim_model t_warpsim_unit test_model sim/warpsim/ws_config.c sim/warpsim/ws_kernel.c sim/warpsim/ws_mem.c \
    sim/warpsim/ws_core.c sim/warpsim/ws_gpu.c sim/models/mshr.c sim/models/dram_mib.c tb/warpsim/test_model.c
WARPSIM=$SAN_BUILD/warpsim
t_warpsim_cli() {
  local d=$LOGS/warpsim; rm -rf "$d"; mkdir -p "$d"
  "$WARPSIM" --help | grep -q "usage: warpsim" || return 1
  "$WARPSIM" --version | grep -q "^warpsim [0-9]" || return 1
  "$WARPSIM" --list | grep -q "fig4_2" || return 1
  # the thesis' Fig. 4.2 (spec 000 2.4): two outstanding requests 26 cycles, infinite MSHRs 21
  "$WARPSIM" --named fig4_2 --check fig4_2 | tee "$d/fig.txt" | grep -Eq '^  cycles +26$' || { cat "$d/fig.txt"; return 1; }
  "$WARPSIM" --named fig4_2 --set l1_mshr_entries=64 --check fig4_2 | grep -Eq '^  cycles +21$' || return 1
  # every built-in kernel on tiny and on fermi, with the end-of-run checks
  for k in $("$WARPSIM" --list | sed -n 's/^built-in kernels: //p'); do
    for c in tiny fermi; do
      "$WARPSIM" --named "$c" --check --quiet "$k" || { echo "$k on $c failed"; return 1; }
    done
    echo "$k: tiny and fermi checked"
  done
  # JSON: valid, and the same inputs give the same statistics
  "$WARPSIM" --named tiny --json "$d/a.json" --quiet cache_reuse && "$WARPSIM" --named tiny --json "$d/b.json" --quiet cache_reuse || return 1
  cmp "$d/a.json" "$d/b.json" && python3 -m json.tool "$d/a.json" >/dev/null || return 1
  # a kernel file, a config file and --set, in order (--set after --config wins)
  printf 'grid 4\ncta 64\niterations 3\nld r1, [4*gtid + 4096*iter]\nalu r2, r1\nst [4*gtid], r2\n' >"$d/k.k"
  printf '# test\nn_sm = 3\nsched = lrr\n' >"$d/c.cfg"
  "$WARPSIM" --named tiny --config "$d/c.cfg" --set n_sm=1 --print-config | grep -Eq '^n_sm = 1$' || return 1
  "$WARPSIM" --named tiny --config "$d/c.cfg" --check "$d/k.k" | grep -q "^warpsim: kernel k on tiny: 3 SMs" || return 1
  # a GPGPU-Sim configuration: its ignored options are listed
  "$WARPSIM" --config tb/warpsim/gtx480.gpgpusim.config --print-config 2>"$d/ign.txt" | grep -Eq '^n_sm = 15$' || return 1
  grep -q "ignored" "$d/ign.txt" || return 1
}
run warpsim_cli t_warpsim_cli
t_warpsim_bad() {   # one line naming the key or file:line, exit 2, no output file
  local d=$LOGS/warpsim_bad; rm -rf "$d"; mkdir -p "$d"
  printf 'n_sm = 2\nl1_ways = 0\n' >"$d/bad.cfg"
  printf 'grid 2\ncta 32\nlod r1, [0]\n' >"$d/bad.k"
  bad() {
    local want=$1; shift
    local msg rc
    msg=$("$WARPSIM" --json "$d/out.json" "$@" 2>&1 >/dev/null); rc=$?
    echo "warpsim $*: exit $rc: $msg"
    [ "$rc" = 2 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] && [ ! -e "$d/out.json" ] || return 1
    case "$msg" in *"$want"*) return 0;; esac
    echo "expected: $want"; return 1
  }
  bad "l1_mshr_entries = 65 is out of range (legal: 1..64)" --named tiny --set l1_mshr_entries=65 stream || return 1
  bad "unknown key 'l1_mshrs'" --set l1_mshrs=4 stream || return 1
  bad "bad.cfg:2: l1_ways = 0 is out of range" --config "$d/bad.cfg" stream || return 1
  bad "bad.k:3: unknown opcode 'lod'" --named tiny "$d/bad.k" || return 1
  bad "unknown kernel 'nosuch'" nosuch || return 1
  bad "missing.cfg: cannot read" --config "$d/missing.cfg" stream || return 1
  bad "--grid '0' is out of range" --grid 0 stream || return 1
  bad "--set 'n_sm': expected KEY=VALUE" --set n_sm stream || return 1
}
run warpsim_bad_input t_warpsim_bad

t_formal() { BUILD=build/san ONLY=$1 FORMAL_OUT=build/san/formal/$1 formal/run.sh --quick; }
for b in $("$WARPGEN" list --presets | awk '{print $1}' | uniq); do run "formal_$b" t_formal "$b"; done
run docs_current t_docs
fi   # generic groups
# (no barrier between groups: every job takes the next free slot; the one test that
# needs another's output, synth_check_fails, runs after the last group)

# ---- lockstep: presets, directed tables, self-test --------------------------------------------
PRESETS=$("$WARPGEN" list --presets | only)
# build each preset's lockstep binary once before running them in parallel
# (JOBS at a time: a parameter set's directory is locked while it is built)
awk '{print $1, $2}' <<<"$PRESETS" | xargs -P "$JOBS" -n 2 sh -c '"$0" "$1" --preset "$2" --cycles 1 --quiet >/dev/null 2>&1; exit 0' "$COSIM"
while read -r b p _ slow; do
  n=$PRESET_CYCLES; case "$slow" in *sim*) n=$SLOW_PRESET_CYCLES;; esac
  run "cosim_${b}_${p}" "$COSIM" "$b" --preset "$p" --cycles "$n" --seed "$TEST_SEED" --coverage
done <<<"$PRESETS"
# every block's directed table on every preset it is written for (a table
# states which parameters it needs and refuses the others)
t_directed() {
  local out rc
  out=$("$COSIM" "$@" --stim directed 2>&1); rc=$?
  echo "$out"
  if [ "$rc" = 2 ] && echo "$out" | grep -q "directed table"; then echo "SKIP: not this table's preset"; return 0; fi
  return $rc
}
while read -r b p _; do
  probe=$("$COSIM" "$b" --preset "$p" --stim directed --quiet 2>&1); prc=$?
  # only a table that says it is not written for this preset is skipped; any other result is a test
  if [ "$prc" = 2 ] && echo "$probe" | grep -q "directed table"; then continue; fi
  run "directed_${b}_${p}" t_directed "$b" --preset "$p"
done <<<"$PRESETS"
[ -z "${ONLY:-}" ] && run directed_eqvote_plurality t_directed eqvote --preset equalizer -p VOTE=1

if [ "$SOAK" = 0 ] && [ -z "${ONLY:-}" ]; then
t_selftest() {  # a corrupted model output must be reported at that cycle and port, with a waveform
  local out rc fst
  out=$("$COSIM" eqctr --preset small --seed 5 --cycles 5000 --inject-fault 1234:sum_xmem 2>&1); rc=$?
  echo "$out"
  [ "$rc" = 1 ] || { echo "expected exit 1, got $rc"; return 1; }
  echo "$out" | grep -q "^FAIL eqctr (small) at cycle 1234: port sum_xmem" || return 1
  echo "$out" | grep -q "reproduce: .*--seed 5 --cycles 1235" || return 1
  fst=$(echo "$out" | sed -n 's/^  waveform: *\([^ ]*\.fst\) .*/\1/p')
  [ -s "$fst" ] && [ -s "${fst%.fst}.gtkw" ] || { echo "no waveform/layout"; return 1; }
  # the trace ends at the failing cycle: 10 time units per cycle
  fst2vcd "$fst" 2>/dev/null | grep -q "^#12340" || { echo "trace does not reach cycle 1234"; return 1; }
  # and the fault-free run passes
  "$COSIM" eqctr --preset small --seed 5 --cycles 5000
}
run harness_selftest t_selftest

t_trace() {   # --trace writes a waveform of the whole run on request
  local f=$LOGS/trace.fst
  "$COSIM" eqvote --preset small --cycles 300 --trace "$f" && [ -s "$f" ] && fst2vcd "$f" | grep -q "^#2990"
}
run cosim_trace t_trace
fi

# ---- X-hunting: random initial state, reset must define every output ----------------------------
# (every preset but the slow:sim ones, whose structure the block's small preset shares)
[ "$SOAK" = 1 ] || while read -r b p _ slow; do
  case "$slow" in *sim*) continue;; esac
  "$COSIM" "$b" --preset "$p" --x-seed 1 --cycles 1 --quiet >/dev/null 2>&1 || true
  for x in 1 2 3; do
    run "xunique_${b}_${p}_x$x" "$COSIM" "$b" --preset "$p" --x-seed "$x" --cycles 20000 --seed "$x"
  done
done <<<"$PRESETS"

# ---- random legal parameter sets -----------------------------------------------------------------
# every block in the registry joins by itself: 'warpgen random' draws legal sets
# from the descriptor's ranges (seeded), plus the all-min / all-max corners
BLOCKS=$("$WARPGEN" list --presets | only | awk '{print $1}' | uniq)
sets=()
for b in $BLOCKS; do
  while read -r a; do sets+=("$b $a"); done < <("$WARPGEN" random "$b" --seed "$TEST_SEED" --count "$SETS")
  # the all-min / all-max corners: make soak (the all-max builds of the big blocks take minutes)
  [ "$SOAK" = 1 ] && while read -r a; do sets+=("$b $a"); done < <("$WARPGEN" random "$b" --corners)
done
# extra edges: request ports at 32/33/64 bits and above
[ -z "${ONLY:-}" ] && sets+=("eqvote -p N=16 -p VOTE=1" "eqvote -p N=17 -p VOTE=0" "eqvote -p N=32 -p VOTE=0" "eqvote -p N=33 -p VOTE=1")
printf 'random set: %s\n' "${sets[@]}"
if [ "$(printf '%s\n' "${sets[@]}" | sort -u | wc -l)" -lt $(( ${#sets[@]} * 8 / 10 )) ]; then
  echo "random parameter sets repeat too often: the generator is broken"; exit 1
fi
t_lint_sweep() {  # many more parameter sets than we simulate: lint only (verilator -Wall, +FORMAL)
  local d=$LOGS/lint_sweep i=0 bad=0
  rm -rf "$d"; mkdir -p "$d"
  for s in "${lint_sets[@]}"; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    "$WARPGEN" gen $s --name m$i --verilog-only -o "$d" || { bad=1; continue; }
    verilator --lint-only -Wall "$d/m$i.sv" && verilator --lint-only -Wall -DFORMAL "$d/m$i.sv" ||
      { echo "lint warnings for: $s"; bad=1; }
  done
  echo "linted $i parameter sets"
  return $bad
}
lint_sets=()
for b in $BLOCKS; do
  while read -r a; do lint_sets+=("$b $a"); done < <("$WARPGEN" random "$b" --seed "$((TEST_SEED + 7777))" --count 8)
  # the all-min / all-max corners too: scalar ports and 1-entry tables (tls WARPS=2 ACTIVE=1 once
  # emitted a part-select of a 1-bit port; only the soak simulates the corners)
  while read -r a; do lint_sets+=("$b $a"); done < <("$WARPGEN" random "$b" --corners)
done
[ "$SOAK" = 1 ] || run lint_sweep t_lint_sweep

t_set() { local seed=$1; shift; "$COSIM" "$@" --cycles "$SET_CYCLES" --seed "$seed"; }
k=0
for s in "${sets[@]}"; do
  k=$((k + 1))
  # shellcheck disable=SC2086
  run "set_$(printf %02d $k)_${s%% *}" t_set "$((TEST_SEED * 1000 + k))" $s
done
finish_group
if [ "$SOAK" = 0 ] && [ -z "${ONLY:-}" ]; then run synth_check_fails t_synth_check_fails; finish_group; fi

# ---- report ----------------------------------------------------------------------------------------
pass=0; fail=0
for r in "$LOGS"/*.res; do
  n=$(basename "$r" .res)
  if [ "$(cat "$r")" = pass ]; then
    pass=$((pass + 1)); printf 'ok    %s  %s\n' "$n" "$(grep -E '^PASS|^byte|^exit' "$LOGS/$n.log" | tail -1)"
  else
    fail=$((fail + 1)); printf 'FAIL  %s  (log: build/test-logs/%s.log)\n' "$n" "$n"; sed 's/^/      /' "$LOGS/$n.log" | tail -15
  fi
done
echo "slowest tests (wall s, 2 running at once):" $(cat "$LOGS"/*.time 2>/dev/null | sort -rn | head -8 | awk '{printf "%s %ss;", $2, $1}')
echo "time: $(( $(date +%s) - start )) s, seed $TEST_SEED"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
