#!/usr/bin/env bash
# examples.sh BUILD_DIR SRC_DIR: runs examples/tour.sh and examples/what-if/what-if.sh and
# checks what they print and write: the tables hold numbers for the sizes asked, the reports
# name their phases and models, the files exist, and the what-if table compares the four
# platforms with a known outcome (a 2:1 fat tree is slower than a full one for a long
# binomial broadcast). A change that breaks the README's commands fails here.
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
num='[0-9]+\.[0-9]+'

# has WHAT FILE ERE: FILE has a line matching the extended regex
has() {
    if grep -Eq -- "$3" "$2"; then pass; else fail "$1: no line matching '$3' in $(basename "$2")"; fi
}

# ---- the tour ----
bash "$src/examples/tour.sh" "$build" "$tmp/tour" >"$tmp/tour.out" 2>"$tmp/tour.err"
assert_eq "tour.sh exit status" 0 $?
t=$tmp/tour.out
has "tour: collsim list names the two-tree" "$t" '^ *two_tree '
has "tour: platform info of torus-8x8" "$t" '^diameter: 8$'
has "tour: run table header" "$t" \
    '^# collsim bcast, algorithm binomial, 64 processes, root 3, platform torus-8x8, model clean'
has "tour: binomial 512 KiB row" "$t" "^524288 +$num +$num +$num +1$"
assert_eq "tour: CSV rows (2 algorithms x 6 sizes), all valid" 12 \
    "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["valid"] == 1 && $c["avg_s"] > 0 { n++ } END { print n + 0 }' "$tmp/tour/t.csv")"
has "tour: analyze phase" "$t" '^# phase bcast/binomial/524288/3/0/1: bcast, algorithm binomial'
has "tour: analyze hockney row" "$t" "^  hockney +[* ]* +$num +[-+]$num%"
has "tour: space-time diagram" "$tmp/tour/bcast.svg" '<svg'
has "tour: --analyze after run" "$t" '^# phase bcast/linear/1000/0/0/1'
has "tour: generated hypercube" "$t" '^bisection: 16 links, '
has "tour: store-and-forward table" "$t" 'algorithm smpi:binomial_tree, 16 processes, .*routing sfr$'
has "tour: multichain at 1 MiB" "$t" "^1048576 +$num"
has "tour: four ranks per host" "$t" 'algorithm rma_shared, 16 processes'
has "tour: Hockney fit" "$t" "^Hockney \\(least squares over [0-9]+ sizes\\): a = $num us"
has "tour: OSU fit (1.5 us)" "$t" '^LogGP: L = 1\.500000 us'
has "tour: saved parameters" "$tmp/tour/t.params" "^hockney_a [0-9.e+-]+$"
has "tour: analyze with them" "$t" '^  parameters from calibration t\.params'

# ---- what-if ----
bash "$src/examples/what-if/what-if.sh" "$build" "$tmp/whatif" >"$tmp/whatif.out" 2>"$tmp/whatif.err"
assert_eq "what-if.sh exit status" 0 $?
w=$tmp/whatif.out
has "what-if: ring metrics" "$w" '^ring-16 +16 +8 +2 +2$'
has "what-if: torus metrics" "$w" '^torus-4x4 +32 +4 +8 +4$'
has "what-if: full fat tree: the uplinks of half the leaves, 2 x 4" "$w" '^fattree-16 +32 +4 +8 +1$'
has "what-if: 2:1 fat tree has half the uplinks" "$w" '^fattree-16-2to1 +24 +4 +4 +1$'
has "what-if: table names each platform" "$w" ' ring-16 +torus-4x4 +fattree-16 +fattree-16-2to1 +fastest$'
assert_eq "what-if: 8 rows, 4 times each and a fastest platform" 8 \
    "$(grep -Ec "^[a-z_]+ +[0-9]+( +$num){4} +(ring-16|torus-4x4|fattree-16|fattree-16-2to1)$" "$w")"
assert_eq "what-if: a 2:1 fat tree slows the 1 MiB binomial broadcast" 1 \
    "$(awk '$1 == "binomial" && $2 == 1048576 { print ($5 < $6) }' "$w")"
finish
