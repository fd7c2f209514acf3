#!/usr/bin/env bash
# doc_tables.sh update|check -- the parameter/port/storage tables in
# docs/blocks/*.md are generated: each region
#   <!-- generated: describe ARGS -->  ...  <!-- end generated -->
# holds the output of 'warpgen describe ARGS --markdown'.  'update' rewrites
# the regions, 'check' fails if any is stale.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -u
cd "$(dirname "$0")/.."
mode=${1:-check}
WARPGEN=${BUILD:-build}/warpgen
stale=0
# every block has its page, with at least one generated table
for b in $("$WARPGEN" list --presets | awk '{print $1}' | uniq); do
  grep -q "^<!-- generated: describe $b " "docs/blocks/$b.md" 2>/dev/null ||
    { echo "doc_tables: docs/blocks/$b.md is missing, or has no '<!-- generated: describe $b ... -->' table"; stale=1; }
done
for f in docs/blocks/*.md; do
  tmp=$(mktemp)
  skip=0
  while IFS= read -r line; do
    case "$line" in
      "<!-- generated: describe "*" -->")
        printf '%s\n' "$line" >>"$tmp"
        args=${line#<!-- generated: describe }; args=${args% -->}
        # shellcheck disable=SC2086
        "$WARPGEN" describe $args --markdown >>"$tmp" || { echo "doc_tables: $f: describe $args failed" >&2; exit 1; }
        skip=1;;
      "<!-- end generated -->") skip=0; printf '%s\n' "$line" >>"$tmp";;
      *) [ "$skip" = 1 ] || printf '%s\n' "$line" >>"$tmp";;
    esac
  done <"$f"
  if ! cmp -s "$f" "$tmp"; then
    if [ "$mode" = update ]; then mv "$tmp" "$f"; echo "doc_tables: updated $f"; continue; fi
    echo "doc_tables: $f is stale (run 'make docs'):"; diff "$f" "$tmp" | head -20; stale=1
  fi
  rm -f "$tmp"
done
# docs/cost.md's storage table (<!-- generated: storage --> ... <!-- end generated -->): every
# main preset's storage in all and as the paper counts it, beside the paper's own figure
storage_table() {
  echo "| block | preset | storage, all | the paper's count | beyond it | the paper's figure |"
  echo "|---|---|---|---|---|---|"
  "$WARPGEN" list --presets | while read -r b p main _; do
    [ "$main" = main ] || continue
    "$WARPGEN" describe "$b" --preset "$p" | awk -v b="$b" -v p="$p" '
      /^  total  / { all = $2 " bits (" $5 " B)" }
      /^  paper.s count  / { cnt = $3 " bits (" $6 " B)" }
      /^  beyond it  / { sub(/^  beyond it +/, ""); beyond = $1 " bits" }
      /^  paper: / { sub(/^  paper: /, ""); fig = $0; sub(/\.  .*/, ".", fig) }
      END { printf "| %s | %s | %s | %s | %s | %s |\n", b, p, all, cnt, beyond, fig ? fig : "not stated" }'
  done
}
f=docs/cost.md
if grep -q "^<!-- generated: storage -->" "$f"; then
  tmp=$(mktemp)
  awk -v table="$(storage_table)" '/^<!-- generated: storage -->/ { print; print table; skip = 1; next }
                                   /^<!-- end generated -->/ { skip = 0 } !skip' "$f" >"$tmp"
  if ! cmp -s "$f" "$tmp"; then
    if [ "$mode" = update ]; then mv "$tmp" "$f"; echo "doc_tables: updated $f"
    else echo "doc_tables: $f's storage table is stale (run 'make docs'):"; diff "$f" "$tmp" | head -10; stale=1; rm -f "$tmp"; fi
  else rm -f "$tmp"; fi
else
  echo "doc_tables: $f has no '<!-- generated: storage -->' table"; stale=1
fi
[ "$stale" = 0 ] && [ "$mode" = check ] && echo "doc_tables: docs/blocks tables are current"
exit $stale
