#!/usr/bin/env bash
# report.sh OUT ROW.csv... -- gather the per-preset rows into OUT/results.csv,
# results.json and results.md (with the storage each paper states).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0;; esac
set -eu
out=$1; shift
B=$(dirname "$out")
hdr="block,preset,params,storage_bits,flops,cells,area_um2,seq_area_um2,comb_area_um2,kge,crit_path_ns,fmax_mhz,reg2reg_ns,in2reg_ns,reg2out_ns,synth_s"
{ echo "$hdr"; cat "$@" | sort; } >"$out/results.csv"
awk -F, -v hdr="$hdr" 'BEGIN { n = split(hdr, h, ","); print "[" }
  NR > 1 { printf "%s  {", (NR > 2 ? ",\n" : "");
           for (i = 1; i <= n; i++) printf "%s\"%s\": %s", (i > 1 ? ", " : ""), h[i], (i <= 3 ? "\"" $i "\"" : $i);
           printf "}" }
  END { print "\n]" }' "$out/results.csv" >"$out/results.json"
{
  echo "| block | preset | storage bits | flops | cells | area µm² | kGE | crit. path ns | Fmax MHz | Yosys s | paper states |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  tail -n +2 "$out/results.csv" | while IFS=, read -r blk pre par sb fl ce ar sa ca kge cp fm r2r i2r r2o ss; do
    paper=""   # what the paper states applies to its own configuration, the main preset
    if "$B/warpgen" list --presets | grep -q "^$blk $pre main\( \|$\)"; then
      paper=$("$B/warpgen" describe "$blk" --preset "$pre" | sed -n 's/^  paper: //p')
    fi
    printf '| %s | %s | %s | %s | %s | %.0f | %.2f | %.2f | %.0f | %s | %s |\n' \
      "$blk" "$pre" "$sb" "$fl" "$ce" "$ar" "$kge" "$cp" "$fm" "$ss" "${paper:--}"
  done
} >"$out/results.md"
echo
echo "Cost of every preset (Yosys 0.23 + OSU 0.18 µm + OpenSTA; pre-layout, see docs/cost.md):"
cat "$out/results.md"
echo "(also $out/results.csv and $out/results.json)"
