#!/usr/bin/env bash
# formulas.sh COLLSIM SRCDIR: q-shift times against the course's formulas, worked out here
# (docs/collectives/qshift.md): t_s = 0, t_h = 1 us (link latency), t_b = 0.1 ns/B, m = 1 MiB
# + SMPI's 16-byte envelope (rendezvous), so one neighbour step costs t_h + m t_b.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
m=1048576 th=1e-6
T=$(awk -v m=$m 'BEGIN { printf "%.12g", (m + 16) * 1e-10 }') # m t_b
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
time_of() { # PLATFORM ALGO ROUTING Q
    "$collsim" run --platform "$(plat "$1")" --collective qshift --algo "$2" --routing "$3" \
        --shift "$4" --sizes $m --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
for r in sfr ctr; do
    # neighbour steps only: both routings alike. Torus 8x8, q = 36 = 4 + 8 * 4: a 4-step row
    # shift, the compensating step, a 4-step column shift: the course's worst case
    # (t_s + m t_b)(2 floor(sqrt(p)/2) + 1) = 9 steps.
    assert_near "torus-8x8 torus $r q=36: (2 floor(8/2) + 1)(t_h + m t_b)" "$(f "9 * ($th + $T)")" \
        "$(time_of torus-8x8 torus $r 36)" 1e-6
    # q = 1: one row step, the compensating step of column 0, no column shift: 2 steps
    assert_near "torus-8x8 torus $r q=1: 2 (t_h + m t_b)" "$(f "2 * ($th + $T)")" \
        "$(time_of torus-8x8 torus $r 1)" 1e-6
    # ring-16: min(q, p - q) steps; q = 11 goes 5 steps backwards
    for q in 5 11; do
        assert_near "ring-16 ring $r q=$q: 5 (t_h + m t_b)" "$(f "5 * ($th + $T)")" \
            "$(time_of ring-16 ring $r $q)" 1e-6
    done
    # hypercube-6, e-cube steps: log2 p - gamma(q). q = 63 (all six bits set) is the course's
    # worst case for its Gray-code algorithm, (2 log2 p - 1) = 11 steps when every power of two
    # is shifted forward; e-cube takes 6.
    got=$(time_of hypercube-6 hypercube $r 63)
    assert_near "hypercube-6 hypercube $r q=63: 6 (t_h + m t_b)" "$(f "6 * ($th + $T)")" "$got" 1e-6
    awk -v t="$got" -v b="$(f "11 * ($th + $T)")" 'BEGIN { exit !(t <= b) }' && pass ||
        fail "hypercube $r q=63: $got s above the course's bound (2 log2 p - 1)(t_s + m t_b)"
    assert_near "hypercube-6 hypercube $r q=4: (6 - gamma(4)) (t_h + m t_b)" "$(f "4 * ($th + $T)")" \
        "$(time_of hypercube-6 hypercube $r 4)" 1e-6
done
# cut-through: the direct shift on the hypercube's e-cube routes, which no two blocks share:
# the course's t_s + m t_b + t_h (log2 p - gamma(q)).
for qg in 1:0 12:2 56:3 32:5; do
    q=${qg%:*} g=${qg#*:}
    assert_near "hypercube-6 direct ctr q=$q: m t_b + t_h (6 - $g)" "$(f "$T + (6 - $g) * $th")" \
        "$(time_of hypercube-6 direct ctr $q)" 1e-6
done
# store-and-forward: the same routes cost each block (hops)(t_h + m t_b)
assert_near "hypercube-6 direct sfr q=1: 6 (t_h + m t_b)" "$(f "6 * ($th + $T)")" \
    "$(time_of hypercube-6 direct sfr 1)" 1e-6
finish
