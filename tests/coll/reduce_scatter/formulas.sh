#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: uneven reduce-scatter times against formulas worked out by hand on
# crossbar-64 (a = 2 us, b = 0.1 ns/B, a 16-byte envelope a message, x/R for a combine of x
# bytes, R = 8e9 B/s), p = 8, mean block m = 1000 B and 1 MiB. The counts
# (docs/collectives/reduce_scatter.md#counts) for p = 8: 0, 2m, m/2, 3m/2, 3m/4, 5m/4, 7m/8,
# 9m/8 (floors of m/2^j): the largest, c = 2m, is rank 1's.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
time_of() { # ALGO BYTES
    "$collsim" run --platform "$(plat crossbar-64)" --np 8 --collective reduce_scatter \
        --algo "$1" --sizes "$2" --reduce-rate 8e9 --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" ||
        { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
a=2e-6 b=1e-10 R=8e9
for m in 1000 1048576; do
    c=$((2 * m))
    # pairwise: rank 1 receives its 2m block from rank 1 - k in each of the 7 steps and
    # combines it; nobody it waits for is slower: 7 (a + (2m + 16) b + 2m/R)
    want=$(f "7 * ($a + ($c + 16) * $b + $c / $R)")
    assert_near "p=8 pairwise, $m B: 7 (a + (2m+16) b + 2m/R)" "$want" "$(time_of pairwise $m)" 0.01
    # ring: block 1 (2m) goes round one rank a step, each one combining it before it sends it
    # on: the same 7 (a + (2m + 16) b + 2m/R)
    assert_near "p=8 ring, $m B: 7 (a + (2m+16) b + 2m/R)" "$want" "$(time_of ring $m)" 0.01
    # direct: rank 1's 7 blocks of 2m come in at once over its downlink: a + 7 (2m + 16) b, then
    # 7 combines of 2m
    assert_near "p=8 direct, $m B: a + 7 (2m+16) b + 7 (2m)/R" \
        "$(f "$a + 7 * ($c + 16) * $b + 7 * $c / $R")" "$(time_of direct $m)" 0.01
done
# m = 0: every block empty, nothing is sent
assert_near "p=8 ring, 0 B: 0" 0 "$(time_of ring 0)" 0.01
finish
