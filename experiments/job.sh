#!/usr/bin/env bash
# job.sh -- run one job of a sweep: experiments/job.sh ID [K N]
#
# Looks ID up in $EXP_OUT/jobs.txt, runs its command with {out} standing for a temporary file,
# and renames that to $EXP_OUT/out/ID.json (a warpsim run) or ID.csv (an ID starting 'cost-': the
# cost flow) when the command succeeded; a command without {out} has its standard output kept as
# ID.txt.  Messages go to $EXP_OUT/out/ID.log.  A job whose result exists is skipped.  Prints one
# progress line: '[K/N] ok ID 3 s' (or 'FAIL'; a command that prints a line of its own: that line).
# Every engine runs this.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
id=$1 k=${2:-?} n=${3:-?}
OUT=${EXP_OUT:-build/experiments}
line=$(awk -F'\t' -v id="$id" '$1 == id {print; exit}' "$OUT/jobs.txt")
[ -n "$line" ] || { echo "job.sh: no job '$id' in $OUT/jobs.txt" >&2; exit 2; }
cmd=${line#*$'\t'}
case "$cmd" in
  *'{out}'*) case "$id" in cost-*) ext=csv;; *) ext=json;; esac; stdout=/dev/null;;
  *) ext=txt;;
esac
res=$OUT/out/$id.$ext
if [ -e "$res" ]; then echo "[$k/$n] cached $id"; exit 0; fi
tmp=$OUT/out/.$id.$$.tmp
[ "$ext" = txt ] && stdout=$tmp
start=$(date +%s)
if bash -c "${cmd//\{out\}/$tmp}" >"$stdout" 2>"$OUT/out/$id.log" && [ -e "$tmp" ] && { [ "$ext" = txt ] || [ -s "$tmp" ]; }; then
  mv "$tmp" "$res"
  # a job that prints its own progress line (a test of the suite: run_one.sh) shows that one
  if [ "$ext" = txt ] && [ -s "$res" ]; then cat "$res"; else echo "[$k/$n] ok $id $(( $(date +%s) - start )) s"; fi
else
  rm -f "$tmp"
  echo "[$k/$n] FAIL $id (log: $OUT/out/$id.log)"
  exit 1
fi
