#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: all-reduce times against formulas worked out by hand, on the
# generated platforms (t_s = 0, t_h = 1 us per hop, t_b = 0.1 ns/B, SMPI's 16-byte envelope on
# every message) with the charged local reduction m/R (--reduce-rate R).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
time_of() { # PLATFORM ALGO BYTES RATE [NP]
    "$collsim" run --platform "$(plat "$1")" ${5:+--np "$5"} --collective allreduce --algo "$2" --sizes "$3" \
        --reduce-rate "$4" --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
th=1e-6 tb=1e-10
# The course's hypercube all-reduce of m = 1 word: log2 p steps, each a one-hop exchange with
# the neighbour across one dimension (both directions at once) and one combine of m bytes:
# (t_s + t_b m) log2 p, here log2 p (t_h + (1 + 16) t_b + 1/R). R = 1e6 B/s makes the charge
# (1 us per combine) as large as the hop, so a missing or doubled charge shows.
assert_near "hypercube-4 hypercube, 1 B: log2 p (t_h + 17 t_b + 1/R)" \
    "$(f "4 * ($th + 17 * $tb + 1 / 1e6)")" "$(time_of hypercube-4 hypercube 1 1e6)" 0.01
assert_near "hypercube-4 recursive_doubling, 1 B: the same" \
    "$(f "4 * ($th + 17 * $tb + 1 / 1e6)")" "$(time_of hypercube-4 recursive_doubling 1 1e6)" 0.01
# The ring all-reduce on ring-16, m = 1 MiB: blocks of m/p = 64 KiB; p-1 reduce-scatter steps,
# each one hop to the right for every rank at once (no link shared) then one combine of m/p
# bytes, then p-1 allgather steps without combines:
# (p-1)(t_h + (m/p + 16) t_b + (m/p)/R) + (p-1)(t_h + (m/p + 16) t_b), R = 8e9 B/s.
b=65536
assert_near "ring-16 ring, 1 MiB: 2 (p-1)(t_h + (m/p+16) t_b) + (p-1)(m/p)/R" \
    "$(f "30 * ($th + ($b + 16) * $tb) + 15 * $b / 8e9")" "$(time_of ring-16 ring 1M 8e9)" 0.01
# The direct exchange on crossbar-64 (a route is [uplink, downlink] of 1 us and 10 GB/s each:
# a = 2 us, b = 0.1 ns/B), p = 8, m = 1 MiB: blocks of s = m/p = 128 KiB. Reduce-scatter: all
# 7 sends of every rank start at once, its uplink and its downlink each carry 7 flows at a
# seventh of the bandwidth: a + 7 (s + 16) b; then the 7 received blocks are combined one
# after the other (all arrived together): 7 s/R; the allgather is again a + 7 (s + 16) b.
# Total 2 (a + 7 (s + 16) b) + 7 s/R. At m = 1000 B (s = 125, eager) the same formula holds.
# One part (COLLSIM_DIRECT_PARTS=1: above 64 KiB the default pipelines 4 parts).
for m in 1048576 1000; do
    s=$((m / 8))
    assert_near "crossbar-64 p=8 direct, $m B: 2 (a + 7 (m/p+16) b) + 7 (m/p)/R" \
        "$(f "2 * (2e-6 + 7 * ($s + 16) * $tb) + 7 * $s / 8e9")" "$(COLLSIM_DIRECT_PARTS=1 time_of crossbar-64 direct $m 8e9 8)" 0.01
done
finish
