#!/usr/bin/env bash
# toy_block.sh [DIR] -- README "How a block is made", done in a copy of the tree: the example
# block examples/satctr (a saturating counter) added with exactly the files the README names,
# then built, generated, checked in lockstep (random and directed), lint-clean, its mutant
# caught by lockstep and its properties proved, its docs current.  The copy reuses this tree's
# build (objects whose inputs did not change are not compiled again) and is deleted on success.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
SRC=$PWD
D=${1:-build/toy_block}
rm -rf "$D"; mkdir -p "$D/tree"
D=$(cd "$D" && pwd); T=$D/tree
fail() { echo "toy_block: $*"; exit 1; }
step() { printf '%s  %s\n' "$(date +%T)" "$*"; }

# the tree as it is (tracked and new files), its build's objects and libraries beside it
git ls-files -z --cached --others --exclude-standard | grep -zv '^build/' |
  xargs -0 cp -a --parents -t "$T" || fail "copying the tree"
mkdir -p "$T/build"
for d in obj lib include vlt-rt vlt-rt-pic; do [ -d "build/$d" ] && cp -a "build/$d" "$T/build/"; done
for f in warpgen cosim warpsim warpsim-rtl; do [ -f "build/$f" ] && cp -a "build/$f" "$T/build/"; done
ln -s "$SRC/build/venv" "$T/build/venv"
rm -f "$T/build/obj/harness/sets.o"   # it holds the tree's path (where cosim finds its harness)
snapshot() { (cd "$T" && find . -path ./build -prune -o -type f -print | sort | xargs md5sum); }
snapshot >"$D/before"

step "the walkthrough: the five files of examples/satctr, one line in gen/blocks.def"
(cd "$T" && cp -r examples/satctr/. . && echo 'WG_BLOCK(satctr)' >>gen/blocks.def)
snapshot >"$D/after"
changed() { diff <(awk '{print $2, $1}' "$D/before") <(awk '{print $2, $1}' "$D/$1") |
            awk '/^[<>]/ {print $2}' | sort -u; }
want=$(printf '%s\n' ./docs/blocks/satctr.md ./gen/blocks.def ./gen/blocks/satctr.c \
       ./sim/models/satctr.c ./sim/models/satctr.h ./tb/stim/satctr_stim.c | sort)
got=$(changed after)
[ "$got" = "$want" ] || { echo "changed files:"; echo "$got"; fail "the walkthrough touched other files than the README's"; }
echo "$got" | sed 's/^/  /'

step "make tools"
make -C "$T" -s -j2 tools >"$D/build.log" 2>&1 || { tail -30 "$D/build.log"; fail "the tree with satctr does not build"; }
W=$T/build/warpgen C=$T/build/cosim
"$W" list | grep -q '^satctr' || fail "warpgen list does not show satctr"

step "generated RTL: every preset lint-clean and byte-identical when generated twice"
for p in small byte; do
  "$W" gen satctr --preset "$p" -o "$D/gen1" >/dev/null && "$W" gen satctr --preset "$p" -o "$D/gen2" >/dev/null ||
    fail "warpgen gen satctr --preset $p"
  sv=satctr_$p.sv
  [ -s "$D/gen1/$sv" ] && cmp -s "$D/gen1/$sv" "$D/gen2/$sv" || fail "satctr $p: no $sv, or two generations differ"
  verilator --lint-only -Wall "$D/gen1/$sv" >"$D/lint.log" 2>&1 || { cat "$D/lint.log"; fail "satctr $p is not lint-clean"; }
  iverilog -g2012 -o /dev/null "$D/gen1/$sv" >"$D/lint.log" 2>&1 || { cat "$D/lint.log"; fail "satctr $p does not compile with Icarus"; }
done
"$W" gen satctr -p WIDTH=3 -p MAX=8 -o "$D/bad" >"$D/bad.log" 2>&1 && fail "MAX=8 in 3 bits was accepted"
grep -q "MAX must fit in WIDTH bits" "$D/bad.log" || { cat "$D/bad.log"; fail "the cross-parameter error does not say what is wrong"; }
[ -z "$(ls "$D/bad" 2>/dev/null)" ] || fail "a refused parameter set left a file"

step "lockstep: random and directed on both presets and a random set"
(cd "$T" && "$C" satctr --preset small --cycles 200000 --seed 7) >"$D/cosim.log" 2>&1 || { tail "$D/cosim.log"; fail "lockstep small"; }
(cd "$T" && "$C" satctr --preset byte --cycles 200000 --seed 7) >>"$D/cosim.log" 2>&1 || { tail "$D/cosim.log"; fail "lockstep byte"; }
(cd "$T" && "$C" satctr -p WIDTH=32 -p MAX=4000000000 --cycles 50000 --seed 3) >>"$D/cosim.log" 2>&1 || { tail "$D/cosim.log"; fail "lockstep WIDTH=32"; }
for p in small byte; do
  (cd "$T" && "$C" satctr --preset $p --stim directed) >>"$D/cosim.log" 2>&1 || { tail "$D/cosim.log"; fail "directed $p"; }
done
grep -q "satctr random coverage" "$D/cosim.log" || fail "no coverage line from the random stimulus"

step "the mutant (no saturation at MAX) fails lockstep against the model"
"$W" gen satctr --preset small --mutant --name satctr -o "$D/mutant" >/dev/null || fail "warpgen gen --mutant"
(cd "$T" && "$C" satctr --preset small --stim directed --rtl-file "$D/mutant/satctr.sv") >"$D/mutant.log" 2>&1 &&
  { tail "$D/mutant.log"; fail "the mutant passed lockstep"; }
grep -q "^FAIL satctr (small) at cycle .*: port count" "$D/mutant.log" || { tail "$D/mutant.log"; fail "the mutant's failure is not a lockstep mismatch"; }

step "formal: the properties proved on small, the mutant caught"
(cd "$T" && BUILD=build ONLY=satctr FORMAL_OUT=build/formal formal/run.sh --quick) >"$D/formal.log" 2>&1 ||
  { tail -20 "$D/formal.log"; fail "formal on satctr"; }

step "make gen and make docs: only satctr's presets under rtl/ and docs/cost.md's storage row change"
make -C "$T" -s gen >"$D/gen.log" 2>&1 || { tail "$D/gen.log"; fail "make gen"; }
make -C "$T" -s docs >"$D/docs.log" 2>&1 || { tail "$D/docs.log"; fail "make docs"; }
snapshot >"$D/generated"
extra=$(comm -13 <(echo "$got") <(changed generated))
[ "$extra" = "$(printf '%s\n' ./docs/cost.md ./rtl/satctr_byte.sv ./rtl/satctr_small.sv)" ] ||
  { echo "$extra"; fail "make gen / make docs changed other files than satctr's RTL and the storage table"; }
cmp -s "$T/docs/blocks/satctr.md" examples/satctr/docs/blocks/satctr.md ||
  fail "examples/satctr/docs/blocks/satctr.md's generated tables are stale (make docs in the copy changed them)"
make -C "$T" -s check-docs >"$D/docs.log" 2>&1 || { tail "$D/docs.log"; fail "make check-docs"; }

step "cost: satctr small through the synthesis flow"
(cd "$T" && timeout 300 build/warpgen cost satctr --preset small) >"$D/cost.log" 2>&1 || { tail "$D/cost.log"; fail "warpgen cost satctr"; }
grep -q "area" "$D/cost.log" || { cat "$D/cost.log"; fail "no area in the cost report"; }
sed -n '1,12p' "$D/cost.log"

rm -rf "$D"
echo "toy_block: satctr added with the README's five files and one line; built, generated, lockstep, formal, docs and cost pass"
