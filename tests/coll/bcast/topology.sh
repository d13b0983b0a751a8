#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: hypercube_esbt, torus_trees and fattree_pipeline. Data checks on
# generated platforms of several sizes, roots {0, 1, p-1, p/2}, sizes 0, 1, 1000, 65543 (the
# platforms the algorithms do not build trees on take their fallback, which must be right too);
# times against formulas worked out by hand (docs/collectives/bcast.md); misfits refused.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGOS
    local root
    for root in $(root_classes "$(host_count "$1")"); do
        data_run "$(basename "$1") $2 root $root" --platform "$1" --algo "$2" --root "$root"
    done
}
for d in 1 2 3 4 5; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml"
    data_check "$tmp/cube$d.xml" hypercube_esbt
done
# 2x3 and 3x3x3: no trees (a side of 2, three dimensions): the neighbour torus broadcast
for d in 3x3 4x4 3x5 6x4 2x3 3x3x3; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml"
    data_check "$tmp/torus$d.xml" torus_trees
done
# K = 2, 3, 4 leaves of K hosts; the 2:1 oversubscribed one takes the two-tree broadcast
for n in 4 9 16; do
    "$collsim" platform fattree --nodes $n -o "$tmp/fattree$n.xml"
    data_check "$tmp/fattree$n.xml" fattree_pipeline
done
"$collsim" platform fattree --nodes 16 --oversubscription 2 -o "$tmp/fattree16-2.xml"
data_check "$tmp/fattree16-2.xml" fattree_pipeline
data_check "$(plat fattree-64)" fattree_pipeline

# Times: t_s = 0, t_h = 1 us per link, t_b = 0.1 ns/B, m = 1 MiB, segments of s = 64 KiB
# (rendezvous, + SMPI's 16-byte envelope). A part of m/d bytes has k = m/(d s) segments and
# goes down a tree of height H; every edge is one link and no two edges of one step share a
# link, so a step costs t_h + (s + 16) t_b and the part ends after (H - 1 + k) steps.
#   torus-4x4, torus_trees: d = 4, H = 1 + 2 + 2 = 5 (one link to each tree's first child,
#   then the diameter; the least possible, which the search reaches: unit.torus_edst), k = 4:
#   8 steps;
#   hypercube-4, hypercube_esbt: d = n = 4, H = n + 1 = 5, k = 4: 8 steps.
m=1048576 s=65536
step=$(awk -v s=$s 'BEGIN { printf "%.12g", 1e-6 + (s + 16) * 1e-10 }')
time_of() { # PLATFORM ALGO ROOT
    COLLSIM_SEGMENT=$s "$collsim" run --platform "$(plat "$1")" --algo "$2" --root "$3" \
        --sizes $m --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
assert_near "torus-4x4 torus_trees: (H - 1 + k)(t_h + s t_b), H = 5, k = 4" "$(f "8 * $step")" \
    "$(time_of torus-4x4 torus_trees 5)" 0.01
assert_near "hypercube-4 hypercube_esbt: (n + k)(t_h + s t_b), k = 4" "$(f "8 * $step")" \
    "$(time_of hypercube-4 hypercube_esbt 11)" 0.01

# misfits: one line, non-zero
assert_one_line_error "esbt on a torus" "$collsim" run --platform "$src/platforms/torus-4x4.xml" \
    --algo hypercube_esbt
assert_one_line_error "torus_trees on a hypercube" "$collsim" run \
    --platform "$src/platforms/hypercube-4.xml" --algo torus_trees
assert_one_line_error "fattree_pipeline on a ring" "$collsim" run \
    --platform "$src/platforms/ring-16.xml" --algo fattree_pipeline
assert_one_line_error "fattree_pipeline on 16 of 64 hosts" "$collsim" run \
    --platform "$(plat fattree-64)" --np 16 --algo fattree_pipeline
finish
