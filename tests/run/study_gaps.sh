#!/usr/bin/env bash
# study_gaps.sh COLLSIM SRCDIR: what did not run is shown wherever it would have been. One cell
# runs the binomial broadcast then the one-sided linear one on 512 ranks (traced: one smpirun):
# the binomial finishes in a few seconds, the linear one takes more than 100 s even at 16 B, so
# a limit of 25 s (room for a loaded machine) cuts the cell after the binomial's rows. Those
# rows are kept, marked as partial; the linear broadcast is marked "cut" in the summary's
# opening, its table, the map (key '?') and best.csv's not_run.
# Then a what-if of two tori where SimGrid's SMP_linear fails on one (one rank per host, its
# known fault) and works on the other (two ranks per host): the fastest of each compares only
# the algorithms that ran on both, and the table names what it left out; the nodes of the two
# tori inject over different links, which the what-if notes.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

"$collsim" study --platform 'torus dims=32x16' --collectives bcast --algo binomial,rma_linear_fence \
    --compare none --sizes 16,1K --time-limit 25 -j 2 --out "$T/c" >"$T/c.out" 2>"$T/c.err"
assert_eq "study with a cut cell: status" 0 $?
sum=$T/c/summary.txt
assert_eq "the summary opens with what did not run" \
    "# did not run (marked where it would have been in every table, map and figure):" "$(head -1 "$sum")"
grep -q '^# cut: bcast binomial,rma_linear_fence on torus-32x16: over the time limit (25 s.*the sizes that finished are kept, marked as partial$' "$sum" &&
    pass || fail "no cut line: $(sed -n 2p "$sum")"
assert_eq "the binomial's rows kept" "16 1024" "$(csv_where "$T/c/summary.csv" algorithm binomial bytes | paste -sd' ')"
assert_eq "the linear's line in the table" "cut cut" \
    "$(awk '$2 == "rma_linear_fence" && NF == 6 { print $5, $6 }' "$sum")"
assert_eq "the map: the fastest of what ran, marked" "A? A?" \
    "$(awk '/^# platform/ { t = 1; next } t && /^  torus/ { print $2, $3 }' "$sum")"
assert_eq "best.csv's not_run" "rma_linear_fence (cut)
rma_linear_fence (cut)" "$(csv_col "$T/c/best.csv" not_run)"
assert_eq "the partial rows' file" 1 "$(ls "$T/c/cells" | grep -c '\.partial\.csv$')"
# the pictures mark it in dark red (#a50f15): the map's line naming what did not run, and the
# plot's crosses at the foot of both sizes (some 15 pixels each; the key's cross alone, about 10)
red() { python3 "$src/tests/analysis/png_pixels.py" "$1" '#a50f15' | cut -d' ' -f2; }
if command -v gnuplot >/dev/null; then
    [ "$(red "$T/c/best.png")" -gt 50 ] && pass || fail "no red line in the map: $(red "$T/c/best.png") pixels"
    [ "$(red "$T/c/torus-32x16.png")" -gt 25 ] && pass || fail "no red cross in the plot: $(red "$T/c/torus-32x16.png") pixels"
fi

# the what-if: SMP_linear fails on torus-4x2 (np 8, one rank per host), runs on torus-2x2 (two)
cat >"$T/w.study" <<'EOS'
platform = torus dims=2x2
platform = torus dims=4x2
np = 8
ranks-per-host = auto
collectives = bcast
algorithms = linear,smpi:SMP_linear
compare = none
trace = no
sizes = 16,1K
EOS
"$collsim" study "$T/w.study" --out "$T/w" -j 2 >/dev/null 2>"$T/w.err"
assert_eq "what-if with a failed cell: status" 0 $?
w=$T/w/whatif.txt
assert_eq "the failed algorithm's cells" "failed failed" \
    "$(awk '$1 == "smpi:SMP_linear" { print $2, $3 }' "$w")"
# the fastest of each: linear's ratio alone (SMP_linear is faster on the 2x2 torus but did not
# run on the other), so it equals linear's own line
assert_eq "the fastest of each compares what ran on both" \
    "$(awk '$1 == "linear" { print $2, $3 }' "$w")" \
    "$(awk '$1 == "(fastest" { sub(/\?$/, "", $4); sub(/\?$/, "", $5); print $4, $5 }' "$w")"
grep -q '^  # the fastest of each leaves out smpi:SMP_linear at 16 B (failed), 1 KiB (failed)$' "$w" &&
    pass || fail "no line naming what the fastest of each left out: $(grep leaves "$w")"
# a node of the 4x2 torus has 3 neighbours (2 along the 4, 1 along the 2: its wrap-around is the
# same node), one of the 2x2 torus 2; a link is 10 GB/s (the generator's default)
if command -v gnuplot >/dev/null; then
    [ "$(red "$T/w/whatif.png")" -gt 25 ] && pass || fail "no red cross in the what-if plot"
    [ "$(red "$T/w/across-smpi_SMP_linear.png")" -gt 25 ] && pass || fail "no red cross in SMP_linear's plot"
fi
grep -q '^# note: a node of torus-4x2 injects over 3 links (30 GB/s), one of torus-2x2 over 2 links (20 GB/s)' "$w" &&
    pass || fail "no injection note: $(grep note "$w")"
finish
