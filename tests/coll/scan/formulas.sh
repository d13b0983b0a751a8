#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: prefix-reduction times against formulas worked out by hand
# (docs/collectives/scan.md), within 1%. Crossbar-64 (no link shared by two disjoint pairs):
# a = 2 us (uplink + downlink of 1 us), b = 0.1 ns/B, SMPI's 16-byte envelope, R = 8e9 B/s;
# at 1 MiB (rendezvous) one step is t1 = a + (m + 16) b + m/R.
#   linear: (p-1) t1 (each link of the chain after the combine before it)
#   recursive_doubling: ceil(log2 p) t1 (each rank one send and one receive per step, on its
#   own uplink and downlink)
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
m=1048576 a=2e-6 tb=1e-10 R=8e9
t1=$(f "$a + ($m + 16) * $tb + $m / $R")
time_of() { # ALGO NP
    "$collsim" run --collective scan --platform "$(plat crossbar-64)" --algo "$1" --np "$2" \
        --reduce-rate $R --sizes $m --iters 2 --warmup 0 --quiet --csv "$tmp/t.csv" \
        >/dev/null || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
for p in 2 8 13; do
    assert_near "linear p=$p: (p-1) t1" "$(f "($p - 1) * $t1")" "$(time_of linear $p)" 1e-2
done
for pk in 2:1 8:3 13:4 64:6; do
    assert_near "recursive_doubling p=${pk%:*}: ceil(log2 p) t1" "$(f "${pk#*:} * $t1")" \
        "$(time_of recursive_doubling "${pk%:*}")" 1e-2
done
finish
