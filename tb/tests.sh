#!/usr/bin/env bash
# tests.sh -- the tests behind 'make test' and 'make soak', and their plan.
#
#   tb/tests.sh plan FILE     write the make fragment that runs the suite: one
#                             rule per test (name, time limit, what it runs,
#                             what it must wait for), longest first
#   tb/tests.sh exec FN ARGS  run one test function (tb/run_one.sh calls this)
#   tb/tests.sh report        the results: failures with their logs, the slowest
#                             tests, and the closing line 'N passed, N failed'
#
# make does the scheduling ('make -j JOBS -f FILE'); tb/run_one.sh runs each
# test under its time limit and leaves NAME.log, NAME.res and NAME.time in
# build/test-logs. C code runs under ASan/UBSan (build/san).
#
# Groups: generator CLI (bad input, determinism, config files), generated
# Verilog (check-gen, lint), cost (synthesis against the baselines), formal
# (small presets), warpsim (unit tests, command line, bad input), lockstep
# co-simulation (every preset, directed tables, X-hunting builds, random
# legal parameter sets), harness self-test.
#
# Environment: TEST_SEED (default 1) picks the random parameter sets and
# stimulus seeds; SETS (random sets per block, default 2), SET_CYCLES (default
# 50000), PRESET_CYCLES (default 1000000; SLOW_PRESET_CYCLES 100000 for
# presets marked slow:sim), LINT_SETS (random sets per block that are only
# linted, default 4), ONLY (comma-separated blocks: those blocks' tests only).
# make test's random sets come from the lowest quarter of each range
# ('warpgen random --small'), so they build in seconds.
# SOAK=1 ('make soak'): lockstep and lint -- 24 sets x 1,000,000 cycles per
# block from the whole ranges plus the all-min / all-max corners, 10,000,000
# cycles per preset (1,000,000 for slow:sim presets), X-hunting of every
# preset but the slow:sim ones, directed tables, 16 lint-only sets per block.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
SAN_BUILD=$ROOT/build/san
REL_BUILD=$ROOT/build
LOGS=${TEST_LOGS:-$ROOT/build/test-logs}
TEST_SEED=${TEST_SEED:-1}
if [ "${SOAK:-0}" = 1 ]; then
  SOAK=1; SETS=${SETS:-24}; SET_CYCLES=${SET_CYCLES:-1000000}; PRESET_CYCLES=${PRESET_CYCLES:-10000000}
  SLOW_PRESET_CYCLES=${SLOW_PRESET_CYCLES:-1000000}; LINT_SETS=${LINT_SETS:-16}
  COSIM=$REL_BUILD/cosim; WARPGEN=$REL_BUILD/warpgen
else
  SOAK=0; SETS=${SETS:-1}; SET_CYCLES=${SET_CYCLES:-50000}; PRESET_CYCLES=${PRESET_CYCLES:-1000000}
  SLOW_PRESET_CYCLES=${SLOW_PRESET_CYCLES:-100000}; LINT_SETS=${LINT_SETS:-2}
  COSIM=$SAN_BUILD/cosim; WARPGEN=$SAN_BUILD/warpgen
fi
WARPSIM=$SAN_BUILD/warpsim
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
SKIP=77   # a test that does not apply here (run_one.sh records 'skip')

only() { [ -z "${ONLY:-}" ] && cat || awk -v only=",$ONLY," 'index(only, "," $1 ",")'; }

# ==== the tests ==================================================================================

expect_bad() {  # expect_bad "MESSAGE SUBSTRING" CMD... : exit 2, one line naming the problem, no files
  local want=$1; shift
  local out=$LOGS/tmp.$$.$RANDOM
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

CFG=$LOGS/cfg
t_gen_bad_cfg() {   # expect_bad on a config file written here: NAME CONTENT MESSAGE
  local name=$1 content=$2 want=$3
  mkdir -p "$CFG"; printf '%b' "$content" >"$CFG/$name.cfg"
  expect_bad "$want" "$WARPGEN" gen eqctr -c "$CFG/$name.cfg"
}

t_cosim_bad() {
  local msg rc
  msg=$("$COSIM" eqctr -p W=0 2>&1); rc=$?
  echo "exit $rc: $msg"
  [ "$rc" = 2 ] && case "$msg" in *"parameter W = 0 is out of range (legal: 1..64)"*) return 0;; esac
  return 1
}

t_determinism() {
  local a=$LOGS/det_a b=$LOGS/det_b
  rm -rf "$a" "$b"
  "$WARPGEN" gen --all-presets -o "$a" && "$WARPGEN" gen --all-presets -o "$b" || return 1
  "$WARPGEN" gen eqctr -p W=37 -p S=4 -p E=64 -o "$a" && "$WARPGEN" gen eqctr -p S=4 -p E=64 -p W=37 -o "$b" || return 1
  diff -r "$a" "$b" && echo "byte-identical: $(ls "$a" | wc -l) files"
}

t_config_file() {   # -c FILE equals the same -p options; -p overrides the file
  local a=$LOGS/cfg_a b=$LOGS/cfg_b
  rm -rf "$a" "$b"; mkdir -p "$CFG"
  printf '# comment\nW = 16   # trailing comment\n\nS=4\n' >"$CFG/good.cfg"
  "$WARPGEN" gen eqctr -c "$CFG/good.cfg" --name m -o "$a" || return 1
  "$WARPGEN" gen eqctr -p W=16 -p S=4 --name m -o "$b" || return 1
  cmp "$a/m.sv" "$b/m.sv" || return 1
  "$WARPGEN" describe eqctr -c "$CFG/good.cfg" -p W=9 | grep -E '^  W +9 ' || return 1
}

t_cli() {   # help, version, list, describe tables
  "$WARPGEN" --help | grep -q "usage: warpgen" || return 1
  "$WARPGEN" --version | grep -q "^warpgen [0-9]" || return 1
  "$WARPGEN" eqctr --help | grep -q "presets:" || return 1
  "$WARPGEN" list | grep -q "^eqvote" || return 1
  "$COSIM" --help | grep -q "usage: cosim" || return 1
  # the thesis' storage: 4 counters x 11 bits and one 12-bit cycle counter
  "$WARPGEN" describe eqctr --preset equalizer | tee /dev/stderr | grep -Eq "state_counter +11 x +4 +44" || return 1
  "$WARPGEN" describe eqctr --preset equalizer | grep -Eq "cycle_counter +12 x +1 +12" || return 1
  # storage as the papers count it: their own figures (eqctr 56 bits, thesis 3.4.1; wst 96 + 6
  # bits, Table 4.2; caps 354 bytes, Table 2; rfc 6,144 bytes, 5.4)
  local want b p n
  for want in "eqctr equalizer 56" "wst mascar 102" "caps caps 2832" "rfc gebhart 49152"; do
    read -r b p n <<<"$want"
    "$WARPGEN" describe "$b" --preset "$p" | grep -Eq "^  paper's count +$n  bits" ||
      { echo "$b $p: the paper's count is not $n bits"; return 1; }
  done
  # every field a block says its paper counts is a field of its main preset
  while read -r b p main _; do
    [ "$main" = main ] || continue
    if "$WARPGEN" describe "$b" --preset "$p" | grep "not in this parameter set"; then
      echo "$b $p: a paper field is not in the storage table"; return 1
    fi
  done < <("$WARPGEN" list --presets)
}

t_check_gen() { make -s --no-print-directory check-gen; }
# (make test: without the plain Verilator lint, which every preset's cosim build runs
# with -Wall on the same file, failing on any warning)
t_lint() {   # the presets synth_presets synthesizes have their latch check there (the flow asserts none)
  LINT_NO_PLAIN=1 LINT_YOSYS_SKIP=" $("$WARPGEN" list --presets | awk '$0 !~ /slow:synth/ {printf "%s_%s ", $1, $2}')" \
    tb/lint.sh rtl
}
t_docs() { make -s --no-print-directory check-docs; }

# ---- cost: synthesis of every preset, baselines, sweeps
t_synth() {   # every preset synthesizes, matches the baselines, and holds no state beyond its storage table
  # (no -j: the sub-make takes free job slots from make test's own jobserver)
  make -s --no-print-directory SAN=1 synth-check-quick || return 1
  # more flops than the table is hidden state (a failure); fewer are bits Yosys found constant
  awk -F, 'NR > 1 && $5 > $4 { printf "%s %s: %s flops for %s storage bits\n", $1, $2, $5, $4; bad = 1 }
           NR > 1 && $5 < $4 { printf "%s %s: %s flops for %s storage bits (%d constant bits removed)\n", $1, $2, $5, $4, $4 - $5 }
           NR > 1 { n++ } END { if (bad || n == 0) exit 1; printf "flops <= storage bits for %d presets\n", n }' \
    build/san/synth/results.csv
}
t_synth_check_fails() {   # a moved baseline must be reported and fail (after synth_presets)
  local f=$LOGS/baselines_moved.csv
  [ -s build/san/synth/results.csv ] || { echo "no synthesis results: synth_presets did not run"; return 1; }
  awk -F, 'BEGIN { OFS = "," } NR == 2 { $7 = $7 * 1.05 } { print }' synth/baselines.csv >"$f"
  if synth/check.sh build/san/synth/results.csv "$f"; then echo "a 5% area change passed"; return 1; fi
  awk -F, 'BEGIN { OFS = "," } NR == 3 { $12 = $12 * 0.9 } { print }' synth/baselines.csv >"$f"
  if synth/check.sh build/san/synth/results.csv "$f"; then echo "a 10% Fmax change passed"; return 1; fi
  # the clock gate (docs/cost.md): a main preset over 5 ns that synth/clock_exceptions.txt does not
  # list fails, and so does a listed one that meets the clock
  grep -q '^eqctr,equalizer,' build/san/synth/results.csv || { echo "no eqctr equalizer result"; return 1; }
  awk -F, 'BEGIN { OFS = "," } $1 == "eqctr" && $2 == "equalizer" { $11 = 6.0 } { print }' \
    build/san/synth/results.csv >"$LOGS/results_slow.csv"
  if MAIN="eqctr,equalizer" synth/check.sh "$LOGS/results_slow.csv" synth/baselines.csv; then
    echo "a main preset at 6 ns passed the 5 ns clock"; return 1; fi
  echo "eqctr equalizer listed" >"$LOGS/clock_exc.txt"
  if CLOCK_EXCEPTIONS=$LOGS/clock_exc.txt MAIN="eqctr,equalizer" synth/check.sh build/san/synth/results.csv \
       synth/baselines.csv; then echo "an exception that meets the clock passed"; return 1; fi
  echo "moved baselines and missed clocks are caught"
}
t_sweep() {   # the swept structure grows: flops never shrink and area rises with the parameter
  make -s --no-print-directory SAN=1 QUICK=1 synth-sweep >/dev/null || return 1
  for f in build/san/synth/sweep_*.csv; do
    awk -F, -v f="$f" 'NR > 2 && ($3 < pf || $5 <= pa) { printf "%s: at %s flops %s area %s after %s / %s\n", f, $1, $3, $5, pf, pa; bad = 1 }
                       NR > 1 { pf = $3; pa = $5; n++ }
                       END { if (bad || n < 4) exit 1; printf "%s: %d points, flops and area grow\n", f, n }' "$f" || return 1
    [ -s "build/san/synth/plots/$(basename "$f" .csv | sed 's/^sweep_//')_sweep.svg" ] || return 1
  done
}
t_cost_bad() {
  local msg rc
  msg=$("$WARPGEN" cost eqctr -p W=0 2>&1); rc=$?; echo "exit $rc: $msg"
  [ "$rc" = 2 ] || return 1
  msg=$(WG_LIBERTY=/nonexistent.lib "$WARPGEN" cost eqvote --preset small 2>&1); rc=$?; echo "exit $rc: $msg"
  [ "$rc" = 3 ] && case "$msg" in *"/nonexistent.lib: cannot read the liberty file"*) return 0;; esac
  return 1
}
t_dram_mib_table() {   # dram_mib: the row-score table picks what the exact row scores pick (models, random traffic)
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
      -Ibuild/san/include -Isim/models -Itb/stim tb/dram_mib_table.c build/san/lib/libwgtb.a build/san/lib/libwgsim.a \
      -o build/san/dram_mib_table && build/san/dram_mib_table "$TEST_SEED"
}
t_caps_pipe() {   # caps: the pipelined load decides every load as the one-cycle load, two cycles later (models)
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
      -Ibuild/san/include -Isim/models -Itb/stim tb/caps_pipe.c build/san/lib/libwgtb.a build/san/lib/libwgsim.a \
      -o build/san/caps_pipe && build/san/caps_pipe "$TEST_SEED"
}
t_gebhart_trace() {   # rfc + tls models on a scripted trace: MRF traffic against the test's own count
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
      -Ibuild/san/include -Isim/models tb/gebhart_trace.c sim/models/rfc.c sim/models/tls.c \
      -o build/san/gebhart_trace && build/san/gebhart_trace
}

# ---- warpsim: unit tests of its parts (sanitized), the command line end to end, bad input
t_warpsim_unit() {   # t_warpsim_unit NAME SOURCES...: build under ASan/UBSan and run (ends 'N passed, N failed')
  local name=$1; shift
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
      -Ibuild/san/include -Isim/models -Isim/warpsim "$@" -o "build/san/$name" && "build/san/$name"
}
t_warpsim_cli() {
  local d=$LOGS/warpsim; rm -rf "$d"; mkdir -p "$d"
  "$WARPSIM" --help | grep -q "usage: warpsim" || return 1
  "$WARPSIM" --version | grep -q "^warpsim [0-9]" || return 1
  "$WARPSIM" --list | grep -q "fig4_2" || return 1
  # the thesis' Fig. 4.2 (Sethia's thesis 4.2.1): two outstanding requests 26 cycles, infinite MSHRs 21
  "$WARPSIM" --named fig4_2 --check fig4_2 | tee "$d/fig.txt" | grep -Eq '^  cycles +26$' || { cat "$d/fig.txt"; return 1; }
  "$WARPSIM" --named fig4_2 --set l1_mshr_entries=64 --check fig4_2 | grep -Eq '^  cycles +21$' || return 1
  # JSON: valid, and the same inputs give the same statistics
  "$WARPSIM" --named tiny --json "$d/a.json" --quiet cache_reuse && "$WARPSIM" --named tiny --json "$d/b.json" --quiet cache_reuse || return 1
  cmp "$d/a.json" "$d/b.json" && python3 -m json.tool "$d/a.json" >/dev/null || return 1
  # a kernel file, a config file and --set, in order (--set after --config wins)
  printf 'grid 4\ncta 64\niterations 3\nld r1, [4*gtid + 4096*iter]\nalu r2, r1\nst [4*gtid], r2\n' >"$d/k.k"
  printf '# test\nn_sm = 3\nsched = lrr\n' >"$d/c.cfg"
  "$WARPSIM" --named tiny --config "$d/c.cfg" --set n_sm=1 --print-config | grep -Eq '^n_sm = 1$' || return 1
  "$WARPSIM" --named tiny --config "$d/c.cfg" --check "$d/k.k" | grep -q "^warpsim: kernel k on tiny: 3 SMs" || return 1
  # fully cached loads (every line an L1 hit): a warp reading its own line 3 times misses once; a
  # warp reading 3 different lines never hits
  printf 'grid 1\ncta 32\niterations 3\nld r1, [4*lane]\nadd r2, r1\n' >"$d/fc.k"
  printf 'grid 1\ncta 32\niterations 3\nld r1, [4*lane + 4096*iter]\nadd r2, r1\n' >"$d/fc2.k"
  "$WARPSIM" --named tiny --quiet --json "$d/fc.json" "$d/fc.k" && grep -q '^  "fully_cached_loads": 2,' "$d/fc.json" || return 1
  "$WARPSIM" --named tiny --quiet --json "$d/fc2.json" "$d/fc2.k" && grep -q '^  "fully_cached_loads": 0,' "$d/fc2.json" || return 1
  # a GPGPU-Sim configuration: its ignored options are listed
  "$WARPSIM" --config tb/warpsim/gtx480.gpgpusim.config --print-config 2>"$d/ign.txt" | grep -Eq '^n_sm = 15$' || return 1
  grep -q "ignored" "$d/ign.txt" || return 1
}
t_warpsim_kernels() {   # t_warpsim_kernels CONFIG: every built-in kernel with the end-of-run checks
  local c=$1 k
  for k in $("$WARPSIM" --list | sed -n 's/^built-in kernels: //p'); do
    "$WARPSIM" --named "$c" --check --quiet "$k" || { echo "$k on $c failed"; return 1; }
    echo "$k: checked on $c"
  done
}
t_warpsim_rest_exact() {   # a resting SM is exact: every built-in kernel's JSON the same with --every-cycle
  local d=$LOGS/rest_exact c set k n=0 args
  rm -rf "$d"; mkdir -p "$d"
  for c in tiny fermi; do
    for set in "sched=lrr" "sched=gto" "sched=gto mem_model=fixed" "sched=gto issue_mode=per_pipe"; do
      args=$(for kv in $set; do printf -- '--set %s ' "$kv"; done)
      for k in $("$WARPSIM" --list | sed -n 's/^built-in kernels: //p'); do
        # shellcheck disable=SC2086
        "$WARPSIM" --named "$c" $args --grid 30 --iterations 6 --quiet --json "$d/a.json" "$k" &&
          "$WARPSIM" --named "$c" $args --grid 30 --iterations 6 --quiet --every-cycle --json "$d/b.json" "$k" ||
          { echo "$k on $c ($set) failed to run"; return 1; }
        cmp -s "$d/a.json" "$d/b.json" || { echo "$k on $c ($set): the statistics differ with --every-cycle"; diff "$d/a.json" "$d/b.json" | head -10; return 1; }
        n=$((n + 1))
      done
    done
  done
  echo "$n runs: every statistic the same with and without resting SMs"
}
t_fusesoc() {   # FuseSoC (build/venv) on generated cores: lint and the steps bench, a failing bench, the generator
  local d=$LOGS/fusesoc fs=$ROOT/build/venv/bin/fusesoc
  rm -rf "$d"; mkdir -p "$d/core" "$d/bad" "$d/user"
  "$REL_BUILD/warpgen" gen eqvote --preset small --fusesoc --bench tb/steps/eqvote_small.steps -o "$d/core" || return 1
  (cd "$d/core" && "$fs" --cores-root . run --target lint warpgen:blocks:eqvote-N3-VOTE0-MAINTAIN0) >"$d/lint.log" 2>&1 ||
    { tail -20 "$d/lint.log"; return 1; }
  (cd "$d/core" && "$fs" --cores-root . run --target sim warpgen:blocks:eqvote-N3-VOTE0-MAINTAIN0) >"$d/sim.log" 2>&1 ||
    { tail -20 "$d/sim.log"; return 1; }
  grep -q "PASS eqvote_small_tb: 8 lines" "$d/sim.log" || { echo "the bench did not pass its 8 lines"; return 1; }
  # a wrong expectation (line 8: sm_level 1 where the vote moved it to 2) fails, naming FILE:LINE
  sed '8s/sm_level=2/sm_level=1/' tb/steps/eqvote_small.steps >"$d/bad.steps"
  "$REL_BUILD/warpgen" gen eqvote --preset small --fusesoc --bench "$d/bad.steps" -o "$d/bad" || return 1
  if (cd "$d/bad" && "$fs" --cores-root . run --target sim warpgen:blocks:eqvote-N3-VOTE0-MAINTAIN0) >"$d/bad.log" 2>&1; then
    echo "a bench with a wrong expectation passed"; return 1
  fi
  grep -q "bad.steps:8: sm_level = 0x2, expected 0x1" "$d/bad.log" || { tail -5 "$d/bad.log"; return 1; }
  # the generator: a user's core asks for an mshr at 32 x 8 by name; then an illegal ENTRIES is refused
  cat >"$d/user/top.core" <<'CORE'
CAPI=2:
name: user:demo:top:0.1
filesets:
  gen:
    depend: ["warpgen:tools:generator"]
generate:
  l1:
    generator: warpgen
    parameters:
      block: mshr
      params: {ENTRIES: 32, MERGES: 8}
      module: l1_mshr
targets:
  lint:
    default_tool: verilator
    filesets: [gen]
    generate: [l1]
    toplevel: l1_mshr
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]
CORE
  (cd "$d/user" && WARPGEN=$REL_BUILD/warpgen "$fs" --cores-root "$ROOT/fusesoc" --cores-root . run --target lint user:demo:top) \
    >"$d/user.log" 2>&1 || { tail -20 "$d/user.log"; return 1; }
  grep -rq "module l1_mshr" "$d/user/build" || { echo "the generated l1_mshr is not in the build"; return 1; }
  sed -i 's/ENTRIES: 32/ENTRIES: 99/' "$d/user/top.core"; rm -rf "$d/user/build"
  if (cd "$d/user" && WARPGEN=$REL_BUILD/warpgen "$fs" --cores-root "$ROOT/fusesoc" --cores-root . run --target lint user:demo:top) \
       >"$d/user_bad.log" 2>&1; then echo "ENTRIES=99 was generated"; return 1; fi
  grep -q "ENTRIES = 99 is out of range" "$d/user_bad.log" || { tail -5 "$d/user_bad.log"; return 1; }
}
t_cocotb() {   # cocotb (build/venv) on Verilator: mshr small against its C model; its mutant (Icarus) must fail
  local d=$LOGS/cocotb
  rm -rf "$d"; mkdir -p "$d/good" "$d/mutant"
  "$REL_BUILD/warpgen" gen mshr --preset small --verilog-only -o "$d/good" || return 1
  "$REL_BUILD/warpgen" gen mshr --preset small --verilog-only --mutant -o "$d/mutant" || return 1
  local v sim
  for v in good mutant; do   # the mutant on Icarus: it compiles in a second, and any simulator must catch it
    sim=verilator; [ $v = mutant ] && sim=icarus
    (cd "$d/$v" && PATH=$ROOT/build/venv/bin:$PATH WARPGEN=$REL_BUILD/warpgen WGSIM_LIB=$REL_BUILD/lib/libwgsim.so \
       make -f "$ROOT/tb/cocotb/Makefile" SIM=$sim WG_SV=mshr_small.sv WG_MODULE=mshr_small WG_BLOCK=mshr WG_PRESET=small \
            WG_STEPS="$ROOT/tb/steps/mshr_small.steps" WG_CYCLES=5000 WG_SEED=1) >"$d/$v.log" 2>&1 ||
      { tail -20 "$d/$v.log"; return 1; }
  done
  grep -q "TESTS=2 PASS=2 FAIL=0" "$d/good.log" || { grep -E "Error|FAIL" "$d/good.log" | head; return 1; }
  grep -q "cycles of .*mshr_small.steps, every output equal" "$d/good.log" || return 1
  grep -q "random: 5000 cycles, every output equal to the C model" "$d/good.log" || return 1
  # the mutant (a request to a filled line merges into it) differs from the model
  grep -q "in the RTL, .* in the C model" "$d/mutant.log" || { echo "cocotb did not catch mshr's mutant"; return 1; }
}
t_python_models() {   # the C models from Python, in the checkout
  WARPGEN=$REL_BUILD/warpgen WGSIM_LIB=$REL_BUILD/lib/libwgsim.so python3 tb/python/test_models.py
}
t_install() {   # 'make install', moved out of the checkout (relocatable): cosim, warpsim, the binding, pkg-config
  local d=$LOGS/install; rm -rf "$d"; mkdir -p "$d"
  make -s --no-print-directory install DESTDIR="$d/dest" PREFIX=/opt/wg >/dev/null || return 1
  local t; t=$(mktemp -d /tmp/wg-install.XXXXXX) || return 1
  mv "$d/dest/opt/wg" "$t/moved" && mkdir "$t/home" || return 1
  local p=$t/moved
  # cosim builds the set in the user's cache from the installed harness; strace shows it never
  # touches the checkout (whose paths it was compiled with)
  (cd /tmp && env -u WARPGEN -u WGSIM_LIB -u WARPGEN_CACHE -u XDG_CACHE_HOME HOME="$t/home" \
     strace -f -qq -e trace=%file -o "$d/cosim.strace" "$p/bin/cosim" eqvote --preset small --cycles 2000) \
     >"$d/cosim.log" 2>&1 || { tail -20 "$d/cosim.log"; rm -rf "$t"; return 1; }
  grep -q "PASS eqvote (small)" "$d/cosim.log" || { rm -rf "$t"; return 1; }
  [ -x "$t/home/.cache/warpgen/sets/eqvote/N3_VOTE0_MAINTAIN0/lockstep" ] || { echo "no set in the user's cache"; rm -rf "$t"; return 1; }
  if grep -F "$ROOT/" "$d/cosim.strace" | head -5 | grep .; then
    echo "the installed cosim used the checkout (above)"; rm -rf "$t"; return 1
  fi
  t_install_rest "$d" "$p"; local rc=$?
  rm -rf "$t"
  return $rc
}
t_install_rest() {   # warpsim, the binding and pkg-config from the moved tree $2 (logs in $1)
  local d=$1 p=$2
  (cd /tmp && "$p/bin/warpsim" --named fig4_2 fig4_2) | grep -Eq '^  cycles +26$' || return 1
  (cd /tmp && env -u WARPGEN -u WGSIM_LIB PYTHONPATH="$p/lib/warpgen/python" python3 -c '
import warpgen_models as w
m = w.Model("eqvote", preset="small")
m.step(epoch=1, sm_req=0b0101)
assert m.eval()["sm_level"] == 2, "2 of 3 up must raise the level"
try:
    w.Model("nope")
    raise SystemExit("an unknown block was accepted")
except ValueError as e:
    assert "\n" not in str(e) and "nope" in str(e), str(e)
print("installed binding: ok,", w._lib_path())') || return 1
  # the models' library through pkg-config, from the moved tree
  cat >"$d/pc.c" <<'CSRC'
#include <stdio.h>
#include "models.h"
#include "eqvote_io.h"
int main(void) {
  static char state[1 << 16];
  const wg_model_ops *ops = wg_find_model("eqvote");
  eqvote_params p = {.N = 3, .VOTE = 0, .MAINTAIN = 0};
  if (!ops || ops->size > sizeof state || ops->init(state, &p)) return 1;
  eqvote_in in = {0};
  eqvote_out out;
  in.rst = 1; ops->eval(state, &in, &out); ops->tick(state, &in);
  in.rst = 0; ops->eval(state, &in, &out);
  return out.sm_level != 1;   /* reset leaves the level normal */
}
CSRC
  gcc -std=c11 -Wall -Werror "$d/pc.c" $(PKG_CONFIG_PATH="$p/lib/pkgconfig" pkg-config --cflags --libs warpgen) -o "$d/pc" &&
    "$d/pc" || { echo "pkg-config build of a model user failed"; return 1; }
}
t_warpsim_contract() {   # warpsim drives blocks only through slots: no model header, function or state type
  local b bad=0
  for b in $(sed -n 's/^WG_BLOCK(\([a-z0-9_]*\)).*/\1/p' gen/blocks.def); do
    if grep -nE "#include \"$b\.h\"|\b${b}_(eval|tick|init|reset|model)\b" sim/warpsim/*.[ch]; then
      echo "sim/warpsim reaches into the $b model (above): use its slot (ws_slot.h)"; bad=1
    fi
  done
  return $bad
}
# Accel-Sim traces on the SMs.  The twin trace is the text kernel twin.k instruction for instruction
# (other register names, a uniform register): every mechanism must give both the same statistics.
WS_TRACE_SETS=("" "--set sched=lrr" "--set sched=mascar" "--set sched=oaws_dynamic" "--set sched=two_level --set rfc=on"
  "--set prefetch=caps" "--set prefetch=apogee --set warps_per_sm=32" "--set dram_sched=mshr_sa" "--set equalizer=energy")
t_warpsim_trace_run() {
  local d=$LOGS/warpsim_trace_run c set k; rm -rf "$d"; mkdir -p "$d"
  local T=tb/warpsim/traces
  for c in tiny fermi; do
    for set in "${WS_TRACE_SETS[@]}"; do
      # shellcheck disable=SC2086
      "$WARPSIM" --named $c $set --check --quiet --json "$d/text.json" $T/twin/twin.k &&
        "$WARPSIM" --named $c $set --check --quiet --json "$d/trace.json" $T/twin/kernelslist.g || return 1
      # the list's JSON is an array of one object, with the trace's opcode classes
      sed '1d;$d;/^  "trace": {/d' "$d/trace.json" | cmp -s - "$d/text.json" ||
        { echo "twin on $c $set: the trace's statistics differ from the text kernel's"; diff "$d/text.json" "$d/trace.json" | head; return 1; }
      # a 128-bit load whose last part the next instruction reads (the trace names R4, then R7)
      "$WARPSIM" --named $c $set --check --quiet --json "$d/wtext.json" $T/wide/wide.k &&
        "$WARPSIM" --named $c $set --check --quiet --json "$d/wtrace.json" $T/wide/kernelslist.g || return 1
      sed '1d;$d;/^  "trace": {/d' "$d/wtrace.json" | cmp -s - "$d/wtext.json" ||
        { echo "wide on $c $set: a wide load's parts lost their dependence"; return 1; }
      # every fixture runs to its end with the end-of-run checks
      for k in $T/kernelslist.g $T/kernel-v1_2.traceg $T/kernel-v3.traceg $T/kernel-v4-lineinfo.traceg $T/kernel-v6.traceg \
               $T/rz_load.traceg; do
        "$WARPSIM" --named $c $set --check --quiet $k || { echo "$k on $c $set failed"; return 1; }
      done
    done
  done
  grep -q '"trace": {"alu": 12, "sfu": 6, "ld": 18, "st": 6, "shared": 0, "atomic": 0, "bar": 6, "branch": 0, "unmodelled": 0, "shared_regs": 0}' "$d/trace.json" || return 1
  # a load into RZ (R255: a prefetch, nothing written) runs on the ALU pipe: one load of two
  "$WARPSIM" --named tiny --check --quiet --json "$d/rz.json" $T/rz_load.traceg && grep -q '"loads": 1, ' "$d/rz.json" || return 1
  # 70 values alive at once in one warp, 64 registers: 6 share one, and the run still checks out
  "$WARPSIM" --named tiny --check --json "$d/p.json" $T/pressure.traceg | grep -q "6 values shared one of the 64 registers" || return 1
  grep -q '"shared_regs": 6}' "$d/p.json" || return 1
  # a list: both kernels in order, the commands it does not time counted; JSON an array of two
  "$WARPSIM" --named tiny --check --json "$d/list.json" $T/kernelslist.g >"$d/list.txt" || return 1
  [ "$(grep -c '^warpsim: kernel ' "$d/list.txt")" = 2 ] && [ "$(grep -c '"config"' "$d/list.json")" = 2 ] || return 1
  grep -q "2 kernels run; 3 memory copies and 1 other commands are not timed" "$d/list.txt" || return 1
  python3 -m json.tool "$d/list.json" >/dev/null || return 1
  # a folder holding a kernelslist.g is the list
  "$WARPSIM" --named tiny --quiet --json "$d/dir.json" $T/twin || return 1
  "$WARPSIM" --named tiny --quiet --json "$d/twin.json" $T/twin/kernelslist.g && cmp "$d/dir.json" "$d/twin.json" || return 1
  # a slot of a traced run recorded and replayed against the RTL
  "$WARPSIM" --named tiny --quiet --record "mshr:sm0:$d/l1.rec" $T/twin/kernel-1.traceg &&
    "$COSIM" mshr --replay "$d/l1.rec" | grep -q "0 mismatches" || return 1
}
# the sweep engines: the same tiny job list through GNU make and GNU parallel (make soak: a Slurm job
# array on a single-node Slurm started here) gives byte-identical merged results
t_experiments_sweep() {
  local d=$LOGS/experiments_sweep e; rm -rf "$d"; mkdir -p "$d"
  for e in make parallel ${SLURM_TOO:+slurm}; do
    BUILD=$SAN_BUILD EXP_OUT=$d/$e experiments/run.sh --tiny --engine $e >"$d/$e.txt" 2>&1 || { cat "$d/$e.txt"; return 1; }
    grep -q "^experiments: merged 4 runs" "$d/$e.txt" || return 1
    cmp "$d/make/results.json" "$d/$e/results.json" && cmp "$d/make/results.csv" "$d/$e/results.csv" ||
      { echo "$e's merged results differ from make's"; return 1; }
  done
  grep -q "^\[4/4\] ok " "$d/make.txt" || return 1          # a progress line a job
  # a second run finds every result and runs nothing
  BUILD=$SAN_BUILD EXP_OUT=$d/make experiments/run.sh --tiny >"$d/again.txt" 2>&1 && grep -q "cached tiny-mib-sa" "$d/again.txt" || return 1
  # the merged statistics are warpsim's own: one run again by hand gives the same JSON
  "$WARPSIM" --json "$d/one.json" --named tiny --set sched=gto --quiet --progress 0 stream &&
    cmp "$d/one.json" "$d/make/out/tiny-gto-stream.json" || return 1
  # a job that fails leaves no result, and the sweep says which (exit 1); the merge refuses the gap
  rm "$d/make/out/tiny-lrr-stream.json"
  sed 's/^\(tiny-lrr-stream\t.*\)stream$/\1nosuchkernel/' "$d/make/jobs.txt" >"$d/list.txt"
  BUILD=$SAN_BUILD EXP_OUT=$d/make experiments/run.sh --list "$d/list.txt" >"$d/fail.txt" 2>&1 && return 1
  grep -q "1 job(s) failed" "$d/fail.txt" || return 1
  [ ! -e "$d/make/out/tiny-lrr-stream.json" ] && grep -q "unknown kernel 'nosuchkernel'" "$d/make/out/tiny-lrr-stream.log" || return 1
  msg=$(EXP_OUT=$d/make python3 experiments/experiments.py merge --tiny 2>&1) && return 1
  printf '%s\n' "$msg" | grep -q "1 job(s) have no result: tiny-lrr-stream" || return 1
  msg=$(experiments/run.sh --engine condor 2>&1) && return 1
  printf '%s\n' "$msg" | grep -q "engine 'condor': make, parallel or slurm" || return 1
}
t_experiments_slurm() {   # make soak: a single-node Slurm here, then the sweep through all three engines
  local conf
  conf=$(experiments/slurm_local.sh start) || return 1
  eval "$conf"
  local rc=0
  SLURM_TOO=1 t_experiments_sweep || rc=1
  experiments/slurm_local.sh stop
  return $rc
}
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
  bad "equalizer = performance needs sched = gto or lrr" --named tiny --set sched=mascar --set equalizer=performance \
    stream || return 1
  bad "dram_sched = mshr_s needs l2_mshr_merges >= 2" --named tiny --set dram_sched=mshr_s --set l2_mshr_merges=1 \
    stream || return 1
  bad "eq_sample = 100 is out of range (legal: 1..4096, a power of two)" --named tiny --set eq_sample=100 stream || return 1
  bad "unknown key 'l1_mshrs'" --set l1_mshrs=4 stream || return 1
  bad "bad.cfg:2: l1_ways = 0 is out of range" --config "$d/bad.cfg" stream || return 1
  bad "bad.k:3: unknown opcode 'lod'" --named tiny "$d/bad.k" || return 1
  bad "unknown kernel 'nosuch'" nosuch || return 1
  bad "missing.cfg: cannot read" --config "$d/missing.cfg" stream || return 1
  bad "--grid '0' is out of range" --grid 0 stream || return 1
  bad "--set 'n_sm': expected KEY=VALUE" --set n_sm stream || return 1
  # kernel parameters
  bad "--param footprint=512: footprint = '512' is out of range (legal: 1024..16777216)" --named tiny \
    --param footprint=512 cache_reuse || return 1
  bad "--param reuse=2: kernel cache_reuse has no such parameter (footprint 1024..16777216, passes 1..4096)" \
    --param reuse=2 cache_reuse || return 1
  bad "--param 'lines': expected NAME=VALUE" --param lines uncoalesced || return 1
  bad "--param: only for text kernels" --param lines=2 tb/warpsim/traces/kernelslist.g || return 1
  # traces: a malformed line names file:line; options that only fit text kernels are refused
  bad "bad_reg.traceg:14: bad destination register 'X1'" --named tiny tb/warpsim/traces/bad/bad_reg.traceg || return 1
  bad "bad_kernel_line.g:2: kernel line 'kernel-1.trace' names no .traceg" tb/warpsim/traces/bad/bad_kernel_line.g || return 1
  bad "--grid: only for text kernels" --grid 2 tb/warpsim/traces/kernelslist.g || return 1
  bad "--record: one kernel at a time (tb/warpsim/traces/kernelslist.g lists 2" --record mshr:sm0:$d/r.rec \
    tb/warpsim/traces/kernelslist.g || return 1
  bad "missing/kernelslist.g: cannot read" "$d/missing/kernelslist.g" || return 1
}

# the blocks warpsim uses, each in a run that exercises it: NAME|KERNEL|BLOCKS|SETTINGS (on tiny)
WS_RTL_RUNS='base|cache_reuse|mshr,dram_mib|
mib|cache_reuse|l2mib,dram_mib|--set dram_sched=mshr_sa
mascar|uncoalesced|memsat,wst,rexq|--set sched=mascar --set mascar_rexq=4
tls|cache_reuse|tls,rfc|--set sched=two_level --set rfc=on
oaws|uncoalesced|oaws|--set sched=oaws_dynamic
eq|compute|eqctr,eqvote|--set equalizer=energy
apogee|tia|apogee|--set prefetch=apogee
caps|cta_stride|caps,tls|--set prefetch=caps --set sched=two_level --set caps_order=on --set caps_wakeup=on'
# the pipelined versions of the blocks in the loop (each block's pipeline key on): make soak's
# (their RTL's lockstep at small and at the main presets is make test's)
WS_RTL_PIPE_RUNS='mibpipe|cache_reuse|dram_mib|--set dram_sched=mshr_sa --set dram_pipe=1
oawspipe|uncoalesced|oaws|--set sched=oaws_dynamic --set oaws_pipe=1
apogee_pipe|tia|apogee|--set prefetch=apogee --set pf_apogee_pipe=1
capspipe|cta_stride|caps|--set prefetch=caps --set caps_pipe=1 --set sched=two_level --set caps_order=on --set caps_wakeup=on'
ws_rtl_runs() {   # ws_rtl_runs DIR RUNS: each run's JSON with the blocks as RTL, identical to the models'
  local d=$1 name kern blocks sets
  while IFS='|' read -r name kern blocks sets; do
    # shellcheck disable=SC2086  # SETTINGS are words
    "$WARPSIM" --named tiny $sets --json "$d/$name.model.json" --quiet "$kern" || return 1
    # shellcheck disable=SC2086
    "$WARPSIM" --named tiny $sets --rtl "$blocks" --json "$d/$name.rtl.json" --quiet "$kern" || return 1
    cmp "$d/$name.model.json" "$d/$name.rtl.json" || { echo "$name: --rtl $blocks: the JSON differs"; return 1; }
    echo "$name ($kern $sets): --rtl $blocks: JSON identical to the C models' run"
  done <<<"$2"
}
t_warpsim_rtl_pipes() {   # make soak: the pipelined blocks in the loop (their pipeline keys on)
  local d=$LOGS/warpsim_rtl_pipes
  rm -rf "$d"; mkdir -p "$d"
  ws_rtl_runs "$d" "$WS_RTL_PIPE_RUNS"
}
t_warpsim_rtl() {   # warpsim --rtl: every block warpsim uses as RTL in the loop, checked, JSON identical
  local d=$LOGS/warpsim_rtl
  rm -rf "$d"; mkdir -p "$d"
  ws_rtl_runs "$d" "$WS_RTL_RUNS" || return 1
  "$WARPSIM" --named tiny --rtl all --json "$d/all.json" --quiet cache_reuse && cmp "$d/base.model.json" "$d/all.json" ||
    { echo "--rtl all differs"; return 1; }
  "$WARPSIM" --named tiny --rtl all --rtl-no-check --json "$d/nc.json" --quiet cache_reuse &&
    cmp "$d/base.model.json" "$d/nc.json" || { echo "--rtl-no-check differs"; return 1; }
  echo "--rtl all and --rtl all --rtl-no-check: JSON identical"
  # the slots by name, with their parameter sets (tiny: 2 SMs, 2 partitions of 8 x 4 MSHRs)
  "$WARPSIM" --named tiny --list-slots cache_reuse | tee "$d/slots.txt" |
    grep -Eq '^mshr:partition1 +mshr +partition 1 +ENTRIES=8 MERGES=4 ADDR_BITS=58 PAYLOAD_BITS=16 AF_FREE=0$' ||
    { cat "$d/slots.txt"; return 1; }
  [ "$(grep -c '^mshr:sm' "$d/slots.txt")" = 2 ] || return 1
  # a fault in one slot's model output: the slot, its owner, the cycle, and a waveform
  local rc out wave
  out=$("$WARPSIM" --named tiny --rtl mshr --inject-fault mshr:partition1:500:req_alloc --quiet cache_reuse); rc=$?
  echo "$out"
  [ "$rc" = 1 ] || { echo "expected exit 1 on the injected fault, got $rc"; return 1; }
  printf '%s\n' "$out" | grep -Eq '^FAIL mshr:partition1 \(partition 1, block mshr\) at cycle (50[0-9]|5[1-9][0-9]|[6-9][0-9][0-9]|[0-9]{4,}) .*port req_alloc' ||
    { echo "expected the slot, its owner and a cycle >= 500"; return 1; }
  printf '%s\n' "$out" | grep -q '^  reproduce:  warpsim .*--inject-fault mshr:partition1:500:req_alloc' || return 1
  wave=$(printf '%s\n' "$out" | sed -n 's/^  waveform:   \([^ ]*\.fst\) .*/\1/p')
  [ -s "$wave" ] && [ -s "${wave%.fst}.gtkw" ] || { echo "no waveform ($wave)"; return 1; }
  grep -q "TOP.mshr.req_alloc" "${wave%.fst}.gtkw" || return 1
  # bad input: one line, exit 2, no output file
  bad_rtl() {
    local want=$1 msg; shift
    msg=$("$WARPSIM" --json "$d/bad.json" "$@" 2>&1 >/dev/null); rc=$?
    echo "warpsim $*: exit $rc: $msg"
    [ "$rc" = 2 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] && [ ! -e "$d/bad.json" ] || return 1
    case "$msg" in *"$want"*) return 0;; esac
    echo "expected: $want"; return 1
  }
  bad_rtl "--rtl 'mshr,nosuch': 'nosuch' is not a block" --named tiny --rtl mshr,nosuch stream || return 1
  bad_rtl "--rtl wst: this run has no wst slot" --named tiny --rtl wst stream || return 1
  bad_rtl "--inject-fault: only with --rtl" --named tiny --inject-fault mshr:sm0:5:req_alloc stream || return 1
  bad_rtl "PORT an output of mshr" --named tiny --rtl mshr --inject-fault mshr:sm0:5:nosuch stream || return 1
  bad_rtl "names no slot that runs as RTL" --named tiny --rtl mshr --inject-fault mshr:sm9:5:req_alloc stream || return 1
  bad_rtl "--record mshr:sm9: no such slot" --named tiny --record "mshr:sm9:$d/x.rec" stream || return 1
  [ ! -e "$d/x.rec" ] || { echo "a recording was left for a bad slot"; return 1; }
  # a failed build: the slot, the block and the command that failed, exit 2, no output file
  mkdir -p "$d/bin" && printf '#!/bin/sh\necho "verilator: (a broken toolchain)" >&2\nexit 1\n' >"$d/bin/verilator"
  chmod +x "$d/bin/verilator"
  local msg
  msg=$(PATH="$d/bin:$PATH" "$WARPSIM" --named tiny --set l1_mshr_entries=7 --rtl mshr --json "$d/bad.json" \
        --quiet stream 2>&1); rc=$?
  rm -rf "$SAN_BUILD"/sets/mshr/ENTRIES7_MERGES4_*
  echo "a broken verilator: exit $rc: $(printf '%s\n' "$msg" | tail -1 | cut -c1-160)"
  [ "$rc" = 2 ] && [ ! -e "$d/bad.json" ] || return 1
  printf '%s\n' "$msg" | tail -1 | grep -q "^warpsim: mshr:sm0: the RTL of block mshr: building .*failed (make .*cosim.mk" || return 1
}
t_warpsim_replay() {   # t_warpsim_replay [CONFIG]: warpsim --record SLOT:FILE, cosim BLOCK --replay FILE, every block
  local d=$LOGS/warpsim_replay_${1:-tiny} cfg=${1:-tiny} name kern blocks sets b out
  rm -rf "$d"; mkdir -p "$d"
  while IFS='|' read -r name kern blocks sets; do
    local recs=() slot
    # fermi has 48 warps per SM; APOGEE's table holds at most 32
    [ "$cfg" = fermi ] && [ "${name%_pipe}" = apogee ] && sets="$sets --set warps_per_sm=32"
    for b in ${blocks//,/ }; do
      slot=$b:sm0
      case $b in dram_mib|l2mib) slot=$b:partition0;; eqvote) slot=$b:gpu;; tls|rfc) slot=$b:sm0.scheduler0;; esac
      recs+=(--record "$slot:$d/$name.$b.rec")
    done
    # shellcheck disable=SC2086
    "$WARPSIM" --named "$cfg" $sets "${recs[@]}" --quiet "$kern" || return 1
    for b in ${blocks//,/ }; do
      out=$("$COSIM" "$b" --replay "$d/$name.$b.rec") || { echo "$out"; return 1; }
      echo "$out"
      printf '%s\n' "$out" | grep -Eq "^PASS $b .* replay of $b:.*: [1-9][0-9]* cycles stepped.*, 0 mismatches" || return 1
    done
  done <<<"$WS_RTL_RUNS"
  [ "$cfg" = tiny ] || return 0
  # refused with one line and exit 2: truncated, corrupt, another block, another parameter set, not a recording
  head -c 700 "$d/base.mshr.rec" >"$d/trunc.rec"
  cp "$d/base.mshr.rec" "$d/corrupt.rec"
  printf '\377' | dd of="$d/corrupt.rec" bs=1 seek=600 conv=notrunc 2>/dev/null
  echo "grid 1" >"$d/text.rec"
  local args want msg rc
  while IFS='|' read -r want args; do
    # shellcheck disable=SC2086
    msg=$("$COSIM" $args 2>&1 >/dev/null); rc=$?
    echo "cosim $args: exit $rc: $msg"
    [ "$rc" = 2 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ] || return 1
    case "$msg" in *"$want"*) ;; *) echo "expected: $want"; return 1;; esac
  done <<EOF
truncated|mshr --replay $d/trunc.rec
the body's checksum does not match|mshr --replay $d/corrupt.rec
a recording of block mshr (slot mshr:sm0), not of dram_mib|dram_mib --replay $d/base.mshr.rec
recorded at another parameter set of mshr|mshr --preset small --replay $d/base.mshr.rec
not a warpsim slot recording|mshr --replay $d/text.rec
EOF
}

t_registry() {   # a block in gen/blocks.def without its descriptor, model or stimulus fails to link
  local d=$LOGS/registry rc=0 with
  for with in "" toy; do
    rm -rf "$d"; mkdir -p "$d"
    cp gen/blocks.def gen/registry.c sim/models/models.c tb/stim/stims.c "$d/"
    [ -n "$with" ] && echo "WG_BLOCK($with)" >>"$d/blocks.def"
    printf '#include "models.h"\n#include "stim.h"\nint main(void) { return !wg_find_model("eqctr") || !wg_find_stim("eqctr", "random"); }\n' >"$d/main.c"
    gcc -std=c11 -Wall -Wextra -Werror -c -Igen "$d/registry.c" -o "$d/registry.o" &&
    gcc -std=c11 -Wall -Wextra -Werror -c -Isim/models "$d/models.c" -o "$d/models.o" &&
    gcc -std=c11 -Wall -Wextra -Werror -c -Itb/stim "$d/stims.c" -o "$d/stims.o" &&
    gcc -std=c11 -c -Isim/models -Itb/stim "$d/main.c" -o "$d/main.o" || { echo "registry sources do not compile"; return 1; }
    gcc -o "$d/warpgen" "$d/registry.o" $(ls build/obj/gen/*.o | grep -v '/registry\.o$') build/obj/gen/blocks/*.o \
        2>"$d/gen.err"; rc=$?
    gcc -o "$d/sim" "$d/main.o" "$d/models.o" "$d/stims.o" build/lib/libwgtb.a build/lib/libwgsim.a 2>"$d/sim.err"
    rc="$rc$?"
    if [ -z "$with" ]; then
      [ "$rc" = 00 ] || { echo "the registries do not link as they are:"; cat "$d"/*.err; return 1; }
      "$d/sim" || { echo "eqctr's model or stimulus is not found"; return 1; }
      echo "as listed: descriptors, models and stimuli link"
    else
      cat "$d"/*.err
      grep -q "wg_block_toy" "$d/gen.err" && grep -q "toy_model_ops" "$d/sim.err" && grep -q "toy_random_stim" "$d/sim.err" ||
        { echo "a block listed without descriptor, model or stimulus was not a link error naming each"; return 1; }
      echo "a listed block without descriptor, model and stimulus: link errors name wg_block_toy, toy_model_ops, toy_random_stim"
    fi
  done
}

t_formal() { BUILD=build/san ONLY=$1 FORMAL_OUT=build/san/formal/$1 formal/run.sh --quick; }
t_mutants() {   # the mutation tool on a few of eqvote's mutants: every mutant classified once
  local out; out=$(BUILD=build/san MUTANTS=4 OUT=$LOGS/mutants formal/mutants.sh eqvote) || return 1
  echo "$out"
  echo "$out" | awk -F'|' '$2 ~ /eqvote/ { n = $4 + 0; s = $5 + $6 + $7 + $8 + $9; ok = (n == 4 && s == n) }
                          END { exit !ok }' || { echo "the mutants do not add up to 4"; return 1; }
  echo "$out" | grep -q "^caught by the proofs: " || return 1
  [ -s "$LOGS/mutants/eqvote/m1/eqvote.sv" ] && ! cmp -s "$LOGS/mutants/eqvote/m1/eqvote.sv" "$LOGS/mutants/eqvote/eqvote.sv" ||
    { echo "mutant 1 is not a changed copy"; return 1; }
}

# ---- lockstep
t_cosim() { "$COSIM" "$@"; }
t_set() { local seed=$1; shift; "$COSIM" "$@" --cycles "$SET_CYCLES" --seed "$seed"; }
# a block's directed table on one preset; a table that states it is written for
# other parameters is a skip (directed_coverage checks that every block ran one)
t_directed() {
  local out rc
  out=$("$COSIM" "$@" --stim directed 2>&1); rc=$?
  echo "$out"
  if [ "$rc" = 2 ] && echo "$out" | grep -q "directed table"; then echo "SKIP: not this table's preset"; return $SKIP; fi
  return $rc
}
t_steps() { "$COSIM" "$1" --preset "$2" --steps "tb/steps/$1_$2.steps"; }
t_steps_fail() {   # a wrong expectation: exit 1 with FILE:LINE and a waveform; a bad line: exit 2, one line
  local d=$LOGS/steps_fail out rc fst
  rm -rf "$d"; mkdir -p "$d"
  # line 19 of the example expects the second waiter (payload 6); say 7 instead
  sed '19s/drain_payload=6/drain_payload=7/' tb/steps/mshr_small.steps >"$d/wrong.steps"
  cmp -s tb/steps/mshr_small.steps "$d/wrong.steps" && { echo "the mutation did not apply"; return 1; }
  out=$("$COSIM" mshr --preset small --steps "$d/wrong.steps" 2>&1); rc=$?
  echo "$out"
  [ "$rc" = 1 ] || { echo "expected exit 1, got $rc"; return 1; }
  echo "$out" | grep -q "^FAIL mshr (small) at cycle 10: steps check: $d/wrong.steps:19: drain_payload expected 0x7, got 0x6" || return 1
  fst=$(echo "$out" | sed -n 's/^  waveform: *\([^ ]*\.fst\) .*/\1/p')
  [ -s "$fst" ] && [ -s "${fst%.fst}.gtkw" ] || { echo "no waveform/layout"; return 1; }
  printf 'req_valid=1 req_adr=3\n' >"$d/bad.steps"
  out=$("$COSIM" mshr --preset small --steps "$d/bad.steps" 2>&1); rc=$?
  echo "exit $rc: $out"
  [ "$rc" = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || return 1
  case "$out" in *"bad.steps:1: 'req_adr' is not an input of mshr (inputs: rst, req_valid,"*) ;; *) return 1;; esac
  printf '# only a comment\n' >"$d/empty.steps"
  "$COSIM" mshr --preset small --steps "$d/empty.steps" 2>&1 | grep -q "empty.steps: no steps" || return 1
}
t_directed_coverage() {   # every block's directed table passed on at least one of its presets
  local b bad=0
  for b in $("$WARPGEN" list --presets | only | awk '{print $1}' | uniq); do
    if grep -lx pass "$LOGS"/directed_"${b}"_*.res >/dev/null 2>&1; then echo "$b: $(grep -lx pass "$LOGS"/directed_"${b}"_*.res | xargs -n1 basename | sed 's/\.res$//' | tr '\n' ' ')"
    else echo "$b: no directed table passed on any preset"; bad=1; fi
  done
  return $bad
}

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
t_trace() {   # --trace writes a waveform of the whole run on request
  local f=$LOGS/trace.fst
  "$COSIM" eqvote --preset small --cycles 300 --trace "$f" && [ -s "$f" ] && fst2vcd "$f" | grep -q "^#2990"
}

lint_sets() {   # the lint sweep's parameter sets: LINT_SETS random per block (whole ranges) and the corners
  local b
  for b in $("$WARPGEN" list --presets | only | awk '{print $1}' | uniq); do
    "$WARPGEN" random "$b" --seed "$((TEST_SEED + 7777))" --count "$LINT_SETS" | sed "s/^/$b /"
    # the corners too: scalar ports and 1-entry tables (tls WARPS=2 ACTIVE=1 once
    # emitted a part-select of a 1-bit port; only the soak simulates the corners).
    # make test: the all-min corner; the all-max ones (seconds of Verilator each) in make soak
    "$WARPGEN" random "$b" --corners | { [ "$SOAK" = 1 ] && cat || head -1; } | sed "s/^/$b /"
  done
}
t_lint_sweep() {  # many more parameter sets than we simulate: lint only (verilator -Wall, +FORMAL)
  local d=$LOGS/lint_sweep i=0 bad=0 s
  rm -rf "$d"; mkdir -p "$d"
  while read -r s; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    "$WARPGEN" gen $s --name m$i --verilog-only -o "$d" || { bad=1; continue; }
    verilator --lint-only -Wall "$d/m$i.sv" && verilator --lint-only -Wall -DFORMAL "$d/m$i.sv" ||
      { echo "lint warnings for: $s"; bad=1; }
  done < <(lint_sets)
  echo "linted $i parameter sets"
  return $bad
}

# ==== the plan ===================================================================================
# add NAME LIMIT_S WEIGHT AFTER FUNCTION ARGS...: one test. WEIGHT is the
# expected seconds when no earlier run's time is known (make starts the
# heaviest first, so the two slots finish together); AFTER is a test that
# must end first ('-' for none).
names=(); limits=(); weights=(); afters=(); cmds=()
add() {
  names+=("$1"); limits+=("$2"); weights+=("$3"); afters+=("$4"); shift 4
  local q; q=$(printf '%q ' "$@"); cmds+=("${q% }")
}

plan_tests() {
  local generic=0; [ "$SOAK" = 0 ] && [ -z "${ONLY:-}" ] && generic=1
  if [ "$generic" = 1 ]; then
    # ---- generator: bad input, determinism, config files, CLI
    add gen_bad_block      60 1 - expect_bad "unknown block 'nosuch'" "$WARPGEN" gen nosuch
    add gen_bad_param      60 1 - expect_bad "unknown parameter 'Q' for block eqctr" "$WARPGEN" gen eqctr -p Q=1
    add gen_bad_integer    60 1 - expect_bad "parameter W: 'x12' is not an integer (legal: 1..64)" "$WARPGEN" gen eqctr -p W=x12
    add gen_bad_range_hi   60 1 - expect_bad "parameter W = 65 is out of range (legal: 1..64)" "$WARPGEN" gen eqctr -p W=65
    add gen_bad_range_lo   60 1 - expect_bad "parameter N = 0 is out of range (legal: 1..64)" "$WARPGEN" gen eqvote -p N=0
    add gen_bad_pow2       60 1 - expect_bad "parameter S = 3 is out of range (legal: 1..4096, a power of two)" "$WARPGEN" gen eqctr -p S=3
    add gen_bad_contradict 60 1 - expect_bad "parameters S=256 and E=128 contradict" "$WARPGEN" gen eqctr -p S=256 -p E=128
    add gen_bad_preset     60 1 - expect_bad "unknown preset 'fermi' for block eqctr (presets: equalizer, small)" "$WARPGEN" gen eqctr --preset fermi
    add gen_bad_cfg_line   60 1 - t_gen_bad_cfg noeq 'W = 16\nthis line has no equals sign\n' "noeq.cfg:2: 'this line has no equals sign': expected KEY=VALUE"
    add gen_bad_cfg_param  60 1 - t_gen_bad_cfg unknown 'W = 16\nQ = 3\n' "unknown.cfg:2: unknown parameter 'Q'"
    add gen_bad_cfg_pow2   60 1 - t_gen_bad_cfg pow2 'E = 3\n' "pow2.cfg:1: parameter E = 3 is out of range (legal: 2..65536, a power of two)"
    add gen_bad_cfg_file   60 1 - expect_bad "missing.cfg: cannot read config file" "$WARPGEN" gen eqctr -c "$CFG/missing.cfg"
    add gen_bad_name       60 1 - expect_bad "--name '9x': a module name is a Verilog identifier" "$WARPGEN" gen eqctr --name 9x
    add gen_bad_kv         60 1 - expect_bad "-p 'W': expected KEY=VALUE" "$WARPGEN" gen eqctr -p W
    add gen_bad_sby        60 1 - expect_bad "gen: --sby writes one module's job" "$WARPGEN" gen eqctr --sby --verilog-only
    add cosim_bad_param    60 1 - t_cosim_bad
    add gen_determinism   120 5 - t_determinism
    add gen_config_file    60 1 - t_config_file
    add gen_cli            60 1 - t_cli
    add check_gen         300 15 - t_check_gen
    add lint_presets      600 90 - t_lint
    add docs_current      300 15 - t_docs
    # ---- cost
    add synth_presets     900 170 - t_synth
    add synth_check_fails  60 1 synth_presets t_synth_check_fails
    add cost_bad_input     60 2 - t_cost_bad
    add gebhart_trace     120 3 - t_gebhart_trace
    add dram_mib_table    120 3 - t_dram_mib_table
    add caps_pipe         120 3 - t_caps_pipe
    add registry_complete 120 5 - t_registry
    add toy_block         300 20 - tb/toy_block.sh "$LOGS/toy_block"
    # ---- warpsim
    add warpsim_kernel_format 120 2 - t_warpsim_unit test_kernel sim/warpsim/ws_kernel.c tb/warpsim/test_kernel.c
    add warpsim_config    120 3 - t_warpsim_unit test_config sim/warpsim/ws_config.c sim/warpsim/ws_gpgpusim.c tb/warpsim/test_config.c
    add warpsim_trace_format 120 2 - t_warpsim_unit test_trace sim/warpsim/ws_trace.c tb/warpsim/test_trace.c
    # warpsim's modules as the ASan build compiled them (build/san): each test links them, instead
    # of compiling all of them again (about 10 s of CPU a test)
    local ws_src; ws_src=$(ls sim/warpsim/ws_*.c | sed "s|^|$SAN_BUILD/obj/|; s|\.c$|.o|" | tr '\n' ' ')
    add warpsim_model     300 6 - t_warpsim_unit test_model $ws_src tb/warpsim/test_model.c build/san/lib/libwgsim.a
    add warpsim_mascar    300 6 - t_warpsim_unit test_mascar $ws_src tb/warpsim/test_mascar.c build/san/lib/libwgsim.a
    add warpsim_oaws      300 6 - t_warpsim_unit test_oaws $ws_src tb/warpsim/test_oaws.c build/san/lib/libwgsim.a
    add warpsim_tls       300 6 - t_warpsim_unit test_tls $ws_src tb/warpsim/test_tls.c build/san/lib/libwgsim.a
    add warpsim_eq        300 6 - t_warpsim_unit test_eq $ws_src tb/warpsim/test_eq.c build/san/lib/libwgsim.a
    add warpsim_mib       300 6 - t_warpsim_unit test_mib $ws_src tb/warpsim/test_mib.c build/san/lib/libwgsim.a
    add warpsim_apogee    300 6 - t_warpsim_unit test_apogee $ws_src tb/warpsim/test_apogee.c build/san/lib/libwgsim.a
    add warpsim_caps      300 6 - t_warpsim_unit test_caps $ws_src tb/warpsim/test_caps.c build/san/lib/libwgsim.a
    add warpsim_cli       120 3 - t_warpsim_cli
    add python_models     120 3 - t_python_models
    add install           300 30 - t_install
    add fusesoc           120 10 - t_fusesoc
    add cocotb            300 30 - t_cocotb
    add warpsim_contract   60 1 - t_warpsim_contract
    add warpsim_kernels_tiny  300 5 - t_warpsim_kernels tiny
    add warpsim_kernels_fermi 300 20 - t_warpsim_kernels fermi
    add warpsim_rest_exact 300 20 - t_warpsim_rest_exact
    add warpsim_bad_input  60 1 - t_warpsim_bad
    add warpsim_trace_run 300 10 - t_warpsim_trace_run
    add experiments_sweep 300 10 - t_experiments_sweep
    add warpsim_rtl       600 60 - t_warpsim_rtl
    add warpsim_replay    600 30 - t_warpsim_replay
    # ---- formal: each block's small preset (make formal adds the main presets)
    local b
    for b in $("$WARPGEN" list --presets | awk '{print $1}' | uniq); do
      add "formal_$b" 600 30 - t_formal "$b"
    done
    add formal_mutants_tool 300 20 - t_mutants
    # ---- harness
    add harness_selftest  300 20 - t_selftest
    add cosim_trace       300 10 - t_trace
  fi
  # make soak's own long runs (they used to sit inside the block above, which make soak never
  # enters, so they never ran): the sweep's growth check (40 s of synthesis), the experiments
  # through a single-node Slurm beside make and GNU parallel, and recordings of fermi runs replayed
  if [ "$SOAK" = 1 ] && [ -z "${ONLY:-}" ]; then
    add synth_sweep 600 40 - t_sweep
    add experiments_slurm 600 30 - t_experiments_slurm
    add warpsim_replay_fermi 3600 300 - t_warpsim_replay fermi
    add warpsim_rtl_pipes 1200 60 - t_warpsim_rtl_pipes
  fi
  # lint only, many more parameter sets than are simulated (make soak: 16 per block)
  [ -z "${ONLY:-}" ] && add lint_sweep 900 60 - t_lint_sweep

  # ---- lockstep: every preset (random stimulus, coverage), then its directed table on the same build
  local slow n p main lim
  local presets; presets=$("$WARPGEN" list --presets | only)
  local directed=()
  while read -r b p main slow; do
    # the one-cycle comparison versions of the large presets (the RTL the main presets had before
    # their pipelines; their generator code runs in make test at small_1cycle): make soak's
    case "$SOAK:$p" in 0:small*) ;; 0:*_1cycle) continue;; esac
    n=$PRESET_CYCLES; case "$slow" in *sim*) n=$SLOW_PRESET_CYCLES;; esac
    lim=600; [ "$SOAK" = 1 ] && lim=5400
    add "cosim_${b}_${p}" "$lim" 60 - t_cosim "$b" --preset "$p" --cycles "$n" --seed "$TEST_SEED" --coverage
    add "directed_${b}_${p}" 300 2 "cosim_${b}_${p}" t_directed "$b" --preset "$p"
    directed+=("directed_${b}_${p}")
    # a hand-written step file (docs/steps.md), run on the same build
    [ -f "tb/steps/${b}_${p}.steps" ] && add "steps_${b}_${p}" 120 2 "cosim_${b}_${p}" t_steps "$b" "$p"
  done <<<"$presets"
  [ -z "${ONLY:-}" ] && [ "$SOAK" = 0 ] && add steps_failure_report 120 3 cosim_mshr_small t_steps_fail
  # dram_mib under FR-FCFS, as warpsim's DRAM channels run it (no preset has POLICY=0): the
  # model's clock-aged queue and its quiet cycles, with short ages that saturate; with the
  # one-cycle pick (warpsim's default, dram_pipe = 0) and the pipelined one
  if echo dram_mib | only | grep -q .; then
    add cosim_dram_mib_frfcfs 600 20 - t_cosim dram_mib -p QUEUE=8 -p BANKS=4 -p ROW_BITS=3 -p BLK_BITS=5 \
      -p MAX_MERGE=2 -p AGE_BITS=3 -p POLICY=0 -p PIPE=0 --cycles 200000 --seed "$TEST_SEED"
    add cosim_dram_mib_frfcfs_pipe 600 20 - t_cosim dram_mib -p QUEUE=8 -p BANKS=4 -p ROW_BITS=3 -p BLK_BITS=5 \
      -p MAX_MERGE=2 -p AGE_BITS=3 -p POLICY=0 -p PIPE=1 --cycles 200000 --seed "$TEST_SEED"
  fi
  # (make test ONLY=caps: the block's model-against-model test too)
  case ",${ONLY:-}," in *,caps,*) add caps_pipe 120 3 - t_caps_pipe;; esac
  if [ -z "${ONLY:-}" ]; then
    add directed_eqvote_plurality 300 20 - t_directed eqvote --preset equalizer -p VOTE=1
    add directed_eqvote_maintain 300 20 - t_directed eqvote --preset equalizer -p MAINTAIN=1
    directed+=(directed_eqvote_plurality directed_eqvote_maintain)
    if [ "$SOAK" = 1 ]; then
      add directed_eqvote_plurality_maintain 300 20 - t_directed eqvote --preset equalizer -p VOTE=1 -p MAINTAIN=1
      directed+=(directed_eqvote_plurality_maintain)
    fi
  fi
  add directed_coverage 60 1 "${directed[*]}" t_directed_coverage

  # ---- X-hunting: random initial state, reset must define every output (the first
  # seed builds the set, the others reuse it). make test: the small presets (they
  # share every structure of the block's larger presets); make soak: every preset
  # but the slow:sim ones.
  local x
  while read -r b p main slow; do
    case "$slow" in *sim*) continue;; esac
    [ "$SOAK" = 0 ] && [ "$p" != small ] && continue
    for x in 1 2 3; do
      add "xunique_${b}_${p}_x$x" 600 "$([ $x = 1 ] && echo 40 || echo 5)" "$([ $x = 1 ] && echo - || echo "xunique_${b}_${p}_x1")" \
        t_cosim "$b" --preset "$p" --x-seed "$x" --cycles 20000 --seed "$x"
    done
  done <<<"$presets"

  # ---- random legal parameter sets: every block in the registry joins by itself
  # ('warpgen random' draws legal sets from the descriptor's ranges, seeded)
  local sets=() a k=0 s
  for b in $(awk '{print $1}' <<<"$presets" | uniq); do
    # make test draws from the lower quarter of each range (sets that build in seconds);
    # make soak from the whole range
    while read -r a; do sets+=("$b $a"); done < <("$WARPGEN" random "$b" --seed "$TEST_SEED" --count "$SETS" \
                                                   $([ "$SOAK" = 0 ] && echo --small))
    # the all-min / all-max corners: make soak (the all-max builds of the big blocks take minutes)
    [ "$SOAK" = 1 ] && while read -r a; do sets+=("$b $a"); done < <("$WARPGEN" random "$b" --corners)
  done
  # extra edges: request ports at 32/33/64 bits and above
  [ -z "${ONLY:-}" ] && sets+=("eqvote -p N=16 -p VOTE=1" "eqvote -p N=17 -p VOTE=0 -p MAINTAIN=1" "eqvote -p N=32 -p VOTE=0" "eqvote -p N=33 -p VOTE=1 -p MAINTAIN=1")
  if [ "${#sets[@]}" -gt 0 ] && [ "$(printf '%s\n' "${sets[@]}" | sort -u | wc -l)" -lt $(( ${#sets[@]} * 8 / 10 )) ]; then
    echo "tests.sh: random parameter sets repeat too often: the generator is broken" >&2; return 1
  fi
  lim=600; [ "$SOAK" = 1 ] && lim=3600
  for s in "${sets[@]}"; do
    k=$((k + 1))
    # shellcheck disable=SC2086
    add "set_$(printf %02d $k)_${s%% *}" "$lim" 40 - t_set "$((TEST_SEED * 1000 + k))" $s
  done
}

# write the make fragment: tests in descending expected time (the last run's
# time where one is known), each waiting for its AFTER tests
write_plan() {
  local file=$1 i order prev=$LOGS/../$([ "$SOAK" = 1 ] && echo soak || echo test)-times.prev
  plan_tests || return 1
  order=$(for i in "${!names[@]}"; do
            local w=${weights[$i]} t
            t=$(awk -v n="${names[$i]}" '$2 == n { print $1 }' "$prev" 2>/dev/null)
            echo "${t:-$w} $i"
          done | sort -k1,1nr -k2,2n | awk '{print $2}')
  mkdir -p "$(dirname "$file")"
  {
    echo "# written by tb/tests.sh plan: the test suite, one rule per test (make -k -j JOBS -f this file)"
    echo "export SOAK := $SOAK"
    echo "export TEST_SEED := $TEST_SEED"
    echo "export SETS := $SETS"
    echo "export SET_CYCLES := $SET_CYCLES"
    echo "export PRESET_CYCLES := $PRESET_CYCLES"
    echo "export SLOW_PRESET_CYCLES := $SLOW_PRESET_CYCLES"
    echo "export LINT_SETS := $LINT_SETS"
    echo "export ONLY := ${ONLY:-}"
    echo "export TEST_LOGS := $LOGS"
    echo "export TEST_TOTAL := ${#names[@]}"
    echo "L := $LOGS"
    printf 'all:'; for i in $order; do printf ' \\\n  $(L)/%s.res' "${names[$i]}"; done; echo
    for i in $order; do
      printf '$(L)/%s.res:' "${names[$i]}"
      if [ "${afters[$i]}" != - ]; then local a; for a in ${afters[$i]}; do printf ' $(L)/%s.res' "$a"; done; fi
      echo
      # '+': the test may run make itself (synthesis, cosim's builds) and share make's job slots
      printf '\t+@tb/run_one.sh %s %s %s\n' "${names[$i]}" "${limits[$i]}" "${cmds[$i]//\$/\$\$}"
    done
  } >"$file"
  # the same plan as job lists for experiments/run.sh (make soak ENGINE=parallel|slurm), one a level:
  # jobs-0.txt the tests that wait for none, jobs-K.txt those that wait for level K-1 at most
  local env="env SOAK=$SOAK TEST_SEED=$TEST_SEED SETS=$SETS SET_CYCLES=$SET_CYCLES PRESET_CYCLES=$PRESET_CYCLES"
  env+=" SLOW_PRESET_CYCLES=$SLOW_PRESET_CYCLES LINT_SETS=$LINT_SETS ONLY=${ONLY:-} TEST_LOGS=$LOGS TEST_TOTAL=${#names[@]}"
  local -A level=()
  local changed=1 a l
  while [ "$changed" = 1 ]; do
    changed=0
    for i in "${!names[@]}"; do
      l=0
      for a in ${afters[$i]/#-/}; do [ "${level[$a]:-0}" -ge "$l" ] && l=$(( ${level[$a]:-0} + 1 )); done
      [ "${level[${names[$i]}]:-0}" = "$l" ] || { level[${names[$i]}]=$l; changed=1; }
    done
  done
  rm -f "$LOGS"/jobs-*.txt
  for i in $order; do
    printf '%s\t%s tb/run_one.sh %s %s %s\n' "${names[$i]}" "$env" "${names[$i]}" "${limits[$i]}" "${cmds[$i]}" \
      >>"$LOGS/jobs-${level[${names[$i]}]:-0}.txt"
  done
  echo "tests: ${#names[@]} planned, seed $TEST_SEED, $SETS random parameter sets per block x $SET_CYCLES cycles, presets x $PRESET_CYCLES cycles (slow:sim presets x $SLOW_PRESET_CYCLES)${ONLY:+, blocks $ONLY}"
}

report() {
  local pass=0 fail=0 skip=0 r n res
  for r in "$LOGS"/*.res; do
    [ -e "$r" ] || continue
    n=$(basename "$r" .res); res=$(cat "$r")
    case $res in
      pass) pass=$((pass + 1)) ;;
      skip) skip=$((skip + 1)) ;;
      *) fail=$((fail + 1)); printf '%-7s %s  (log: %s)\n' "${res^^}" "$n" "${LOGS#"$ROOT"/}/$n.log"
         sed 's/^/      /' "$LOGS/$n.log" | tail -15 ;;
    esac
  done
  # a planned test with no result did not run (make stopped): a failure
  local planned; planned=$(sed -n 's/^export TEST_TOTAL := //p' "$LOGS/tests.mk" 2>/dev/null)
  if [ -n "$planned" ] && [ $((pass + fail + skip)) -lt "$planned" ]; then
    echo "FAIL    $((planned - pass - fail - skip)) planned tests left no result"; fail=$((fail + planned - pass - fail - skip))
  fi
  [ "$skip" -gt 0 ] && echo "skipped (not written for that preset): $(grep -lx skip "$LOGS"/*.res | xargs -n1 basename | sed 's/\.res$//' | tr '\n' ' ')"
  echo "slowest tests (wall s, make -j$JOBS):" $(cat "$LOGS"/*.time 2>/dev/null | sort -rn | head -8 | awk '{printf "%s %ss;", $2, $1}')
  # the next plan starts the slowest first
  cat "$LOGS"/*.time >"$LOGS/../$([ "$SOAK" = 1 ] && echo soak || echo test)-times.prev" 2>/dev/null
  echo "time: $(( $(date +%s) - $(cat "$LOGS/.start" 2>/dev/null || date +%s) )) s, seed $TEST_SEED"
  echo "$pass passed, $fail failed, $skip skipped"
  [ "$fail" = 0 ]
}

JOBS=${JOBS:-2}
case "${1:-}" in
  plan)   rm -rf "$LOGS" && mkdir -p "$LOGS" && date +%s >"$LOGS/.start" && write_plan "$2" ;;
  exec)   shift; "$@" ;;
  report) report ;;
  *)      echo "usage: tb/tests.sh plan FILE | exec FUNCTION [ARGS...] | report" >&2; exit 2 ;;
esac
