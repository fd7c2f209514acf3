#!/usr/bin/env bash
# readme_session.sh -- re-run the README's example session and bench and print
# them, so the README can show real output ('tb/readme_session.sh > /tmp/s').
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
run() { echo "\$ $*"; eval "$@" 2>&1 | sed "s|$PWD/||g"; echo; }
run build/warpgen list
run build/warpgen describe eqvote --preset equalizer
run 'build/warpgen gen eqctr --preset equalizer -o /tmp/out && ls /tmp/out'
run 'build/warpgen gen eqctr -p S=3 -o /tmp/out2; echo "exit $?"'
run build/cosim eqctr --preset equalizer --stim directed
run build/cosim eqvote -p N=40 -p VOTE=1 --cycles 1000000 --seed 7
run 'build/warpgen cost eqctr --preset equalizer'
run 'build/cosim eqctr --preset small --inject-fault 1234:sum_xmem; echo "exit $?"'
run 'build/warpsim --named fig4_2 fig4_2 | head -3'
run "build/warpsim --named fig4_2 --set sched=mascar fig4_2 | grep -E '^  cycles|Mascar'"
run "build/warpsim --set sched=gto --set equalizer=performance --grid 240 --iterations 32 stream | grep -E '^  (time|memory clock)'"
run 'build/warpsim --named tiny --rtl all --json /tmp/rtl.json --quiet cache_reuse && build/warpsim --named tiny --json /tmp/model.json --quiet cache_reuse && cmp /tmp/rtl.json /tmp/model.json && echo "identical statistics"'
run 'build/warpsim --named tiny --rtl mshr --inject-fault mshr:partition1:500:req_alloc --quiet cache_reuse; echo "exit $?"'
run 'build/warpsim --named tiny --record dram_mib:partition1:/tmp/ch1.rec --quiet cache_reuse && build/cosim dram_mib --replay /tmp/ch1.rec'
