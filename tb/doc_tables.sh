#!/usr/bin/env bash
# doc_tables.sh update|check -- the parameter/port/storage tables in
# docs/blocks/*.md are generated: each region
#   <!-- generated: describe ARGS -->  ...  <!-- end generated -->
# holds the output of 'warpgen describe ARGS --markdown'.  'update' rewrites
# the regions, 'check' fails if any is stale.
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
[ "$stale" = 0 ] && [ "$mode" = check ] && echo "doc_tables: docs/blocks tables are current"
exit $stale
