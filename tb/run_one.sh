#!/usr/bin/env bash
# run_one.sh NAME TIMEOUT FUNCTION [ARGS...] -- run one test of the suite.
#
# Called by the make rules that 'tb/tests.sh plan' writes (one per test).
# Runs 'tb/tests.sh exec FUNCTION ARGS' under a time limit and leaves the
# result as files in $TEST_LOGS: NAME.log (all output), NAME.res (pass,
# fail, timeout or skip), NAME.time ('SECONDS NAME'). Prints one progress
# line, '[k/N] ok NAME 12 s', as the test ends. Always exits 0: results are
# the files, so make goes on scheduling and the report counts them.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
name=$1 limit=$2; shift 2
logs=${TEST_LOGS:?}
t0=$(date +%s)
# -k: a test that ignores TERM is killed 10 s later; its children go with it
timeout -k 10 "$limit" bash "$(dirname "$0")/tests.sh" exec "$@" >"$logs/$name.log" 2>&1 </dev/null
rc=$?
dt=$(( $(date +%s) - t0 ))
case $rc in
  0) res=pass word=ok ;;
  77) res=skip word=skip ;;
  124|137) res=timeout word=TIMEOUT; echo "run_one: $name did not end within its limit of $limit s" >>"$logs/$name.log" ;;
  *) res=fail word=FAIL ;;
esac
echo "$res" >"$logs/$name.res"
echo "$dt $name" >"$logs/$name.time"
# the progress counter is shared by the parallel jobs: take it under a lock
{
  flock 9
  k=$(( $(cat "$logs/.done" 2>/dev/null || echo 0) + 1 ))
  echo "$k" >"$logs/.done"
  printf '[%d/%s] %s %s %d s\n' "$k" "${TEST_TOTAL:-?}" "$word" "$name" "$dt"
} 9>>"$logs/.progress.lock"
exit 0
