#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: block reduce-scatter times against formulas worked out by hand.
# crossbar-64: a route is [uplink, downlink] of 1 us and 10 GB/s each (a = 2 us, b = 0.1 ns/B);
# the generated torus and hypercube: t_s = 0, t_h = 1 us per hop, t_b = 0.1 ns/B. SMPI puts a
# 16-byte envelope on every message; every local reduction of x bytes costs x/R (R = 8e9 B/s).
# p = 8 on the crossbar, blocks of m = 1000 B (eager) and 1 MiB (rendezvous).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
time_of() { # PLATFORM ALGO BYTES [NP]
    "$collsim" run --platform "$(plat "$1")" ${4:+--np "$4"} --collective reduce_scatter_block \
        --algo "$2" --sizes "$3" --reduce-rate 8e9 --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" ||
        { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
a=2e-6 b=1e-10 th=1e-6 R=8e9
for m in 1000 1048576; do
    # ring: 7 steps, in each every rank sends one block of m to rank + 1 (each link its own
    # message) and combines the one it got: 7 (a + (m + 16) b + m/R)
    want=$(f "7 * ($a + ($m + 16) * $b + $m / $R)")
    assert_near "crossbar p=8 ring, $m B: 7 (a + (m+16) b + m/R)" "$want" "$(time_of crossbar-64 ring $m 8)" 0.01
    # pairwise: 7 exchanges with rank + k / rank - k, one block each way, one combine: the same
    assert_near "crossbar p=8 pairwise, $m B: 7 (a + (m+16) b + m/R)" "$want" "$(time_of crossbar-64 pairwise $m 8)" 0.01
    # direct: each rank's 7 sends leave at once and share its uplink (its 7 receives its
    # downlink): a + 7 (m + 16) b, then 7 combines of m: 7 m/R
    assert_near "crossbar p=8 direct, $m B: a + 7 (m+16) b + 7 m/R" \
        "$(f "$a + 7 * ($m + 16) * $b + 7 * $m / $R")" "$(time_of crossbar-64 direct $m 8)" 0.01
    # recursive halving, p = 8: halves of the 8 m vector at distance 4, 2, 1 (4m, 2m, m), each
    # exchanged and combined: 3 a + (7m + 3 * 16) b + 7 m/R
    assert_near "crossbar p=8 recursive_halving, $m B: 3 a + (7m + 48) b + 7m/R" \
        "$(f "3 * $a + (7 * $m + 48) * $b + 7 * $m / $R")" "$(time_of crossbar-64 recursive_halving $m 8)" 0.01
    # butterfly, p = 8: the same halves at distance 1, 2, 4, then rank v sends the block of v's
    # bits reversed to its owner and gets its own (ranks 1, 3, 4, 6 swap; 0, 2, 5, 7 keep
    # theirs), one block each way on disjoint links: 4 a + (8m + 4 * 16) b + 7 m/R
    assert_near "crossbar p=8 butterfly, $m B: 4 a + (8m + 64) b + 7m/R" \
        "$(f "4 * $a + (8 * $m + 64) * $b + 7 * $m / $R")" "$(time_of crossbar-64 butterfly $m 8)" 0.01
    # torus 4x4: a ring along y of 4 pieces of 4m (one hop each, lines disjoint), 3 steps;
    # then along x of 4 pieces of m: 3 (t_h + (4m+16) t_b + 4m/R) + 3 (t_h + (m+16) t_b + m/R)
    assert_near "torus-4x4 torus, $m B: 3 (t_h + (4m+16) t_b + 4m/R) + 3 (t_h + (m+16) t_b + m/R)" \
        "$(f "3 * ($th + (4 * $m + 16) * $b + 4 * $m / $R) + 3 * ($th + ($m + 16) * $b + $m / $R)")" \
        "$(time_of torus-4x4 torus $m)" 0.01
    # hypercube-4: halves of 8m, 4m, 2m, m across one link each: 4 t_h + (15m + 64) t_b + 15m/R
    assert_near "hypercube-4 hypercube, $m B: 4 t_h + (15m + 64) t_b + 15m/R" \
        "$(f "4 * $th + (15 * $m + 64) * $b + 15 * $m / $R")" "$(time_of hypercube-4 hypercube $m)" 0.01
done
# p = 1: nothing to send, nothing to combine
assert_near "crossbar p=1 ring, 1000 B: 0" 0 "$(time_of crossbar-64 ring 1000 1)" 0.01
finish
