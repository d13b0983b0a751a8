#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: reduction times against formulas worked out by hand
# (docs/collectives/reduce.md), within 1%.
# Hypercube-6 (one rank per node; links: t_h = 1 us, t_b = 0.1 ns/B, t_s = 0): binomial
# reduce from root 0, where every message goes to a neighbour, so cut-through and
# store-and-forward give the same. Each of the log2 p rounds is one message of m bytes plus
# SMPI's 16-byte envelope and one combine of m bytes at R = 8e9 B/s:
#   log2 p (t_h + (m + 16) t_b + m/R).
# At m = 8 (one word) this is the course's (t_s + t_b) log2 p, the start-up being the hop.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
th=1e-6 tb=1e-10 R=8e9
time_of() { # PLATFORM ALGO ROUTING BYTES [NP ROOT]
    "$collsim" run --collective reduce --platform "$(plat "$1")" --algo "$2" --routing "$3" \
        --np "${5:-64}" --root "${6:-0}" --reduce-rate $R --sizes "$4" --iters 2 --warmup 0 --quiet \
        --csv "$tmp/t.csv" >/dev/null || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
for routing in ctr sfr; do
    for m in 1048576 8; do
        assert_near "hypercube-6 binomial $routing m=$m: log2 p (t_h + (m+16) t_b + m/R)" \
            "$(f "6 * ($th + ($m + 16) * $tb + $m / $R)")" \
            "$(time_of hypercube-6 binomial $routing $m)" 1e-2
    done
done

# Crossbar-64 (no link shared by two disjoint pairs): a = 2 t_h = 2 us (uplink + downlink),
# b = t_b, rendezvous at 1 MiB, root 3; t1 = a + (m + 16) b + m/R is one whole-message step.
m=1048576 a=2e-6
t1=$(f "$a + ($m + 16) * $tb + $m / $R")
assert_near "crossbar linear p=8: (p-1)(a + b m + m/R)" "$(f "7 * $t1")" \
    "$(time_of crossbar-64 linear ctr $m 8 3)" 1e-2
# below the eager threshold too: the root posts one receive at a time, and a message moves
# only once its receive is posted
assert_near "crossbar linear p=8 eager: (p-1)(a + b m + m/R)" \
    "$(f "7 * ($a + 1016 * $tb + 1000 / $R)")" "$(time_of crossbar-64 linear ctr 1000 8 3)" 1e-2
# pipeline_chain with segments of s = 64 KiB (k = 16): the first segment crosses p-1 stages of
# a + b s + s/R; the receive of the next segment is posted before a combine, so after it one
# segment arrives every max(a + b s, s/R) = a + b s (8.55 us > s/R = 8.19 us):
#   (p-1)(a + b s + s/R) + (k-1)(a + b s)
s=65536
for p in 8 13; do
    assert_near "crossbar pipeline_chain p=$p: (p-1)(a + b s + s/R) + (k-1)(a + b s)" \
        "$(f "($p - 1) * ($a + ($s + 16) * $tb + $s / $R) + ($m / $s - 1) * ($a + ($s + 16) * $tb)")" \
        "$(COLLSIM_WINDOW=2 COLLSIM_SEGMENT=$s time_of crossbar-64 pipeline_chain ctr $m $p 3)" 1e-2
done
# rabenseifner, p' = 8: 2 log2 p' a + 2 (p'-1)/p' b m + (p'-1)/p' m/R (the envelopes of its
# 6 messages add 6 x 16 b); p = 13 folds 5 ranks first, one more whole-message step t1
rab=$(f "6 * $a + 2 * 7 / 8 * $m * $tb + 6 * 16 * $tb + 7 / 8 * $m / $R")
assert_near "crossbar rabenseifner p=8" "$rab" "$(time_of crossbar-64 rabenseifner ctr $m 8 3)" 1e-2
assert_near "crossbar rabenseifner p=13: + fold" "$(f "$rab + $t1")" \
    "$(time_of crossbar-64 rabenseifner ctr $m 13 3)" 1e-2
# direct: every rank's uplink carries its p-1 blocks of m/p at once, and so does its downlink,
# then the p-1 combines; then the root's downlink carries p-1 reduced blocks:
#   2 (a + (p-1)(m/p + 16) b) + (p-1)/p m/R (p = 8 peers by XOR distance, p = 13 by rank + k)
for p in 8 13; do
    assert_near "crossbar direct p=$p: 2 (a + (p-1)(m/p + 16) b) + (p-1)/p m/R" \
        "$(f "2 * ($a + ($p - 1) * ($m / $p + 16) * $tb) + ($p - 1) / $p * $m / $R")" \
        "$(time_of crossbar-64 direct ctr $m $p 3)" 1e-2
done
# knomial, eager m = 1000: each round the up to k-1 children's messages share the parent's
# downlink, then k-1 combines: rounds (a + (k-1)(b (m + 16) + m/R)); p = 8, k = 8 is one
# round, p = 16, k = 4 two
for c in "8 8 1" "16 4 2"; do
    set -- $c
    assert_near "crossbar knomial p=$1 k=$2: $3 (a + (k-1)(b m + m/R))" \
        "$(f "$3 * ($a + ($2 - 1) * (1016 * $tb + 1000 / $R))")" \
        "$(COLLSIM_RADIX=$2 time_of crossbar-64 knomial ctr 1000 $1 3)" 1e-2
done
finish
