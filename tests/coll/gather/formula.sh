#!/usr/bin/env bash
# formula.sh COLLSIM SRCDIR [COLLECTIVE]: the gather's (or scatter's) topology algorithms
# against their formulas worked out by hand, within 1%, on the generated platforms (clean
# model: t_s = 0, t_h = 1 us per link, t_b = 0.1 ns/B; SMPI adds a 16-byte envelope to each
# message). Every message of these algorithms is one hop, so --routing sfr and ctr agree.
#   hypercube, d = log2 p: step k moves 2^k blocks over one link,
#     sum_k (t_h + (2^k m + 16) t_b) = d t_h + ((p-1) m + 16 d) t_b,
#     the course's t_s log2 p + m t_b (p-1) with t_s = 0, plus the hop and envelope terms.
#   ring: floor(p/2) neighbour steps of one block: floor(p/2)(t_h + (m + 16) t_b).
#   torus AxB: floor(A/2) steps of one block, then floor(B/2) steps of A blocks.
collsim=$1 src=$2 coll=${3:-gather}
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
th=1e-6 tb=1e-10
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
time_of() { # PLATFORM.xml ALGO ROUTING ROOT BYTES
    "$collsim" run --platform "$1" --collective "$coll" --algo "$2" --routing "$3" --root "$4" \
        --sizes "$5" --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
"$collsim" platform hypercube --dim 4 -o "$tmp/cube4.xml"
for routing in sfr ctr; do
    for m in 1000 1048576; do
        for cube in 4:$tmp/cube4.xml 6:$(plat hypercube-6); do
            d=${cube%%:*} p=$((1 << ${cube%%:*}))
            want=$(f "$d * $th + (($p - 1) * $m + 16 * $d) * $tb")
            for root in 0 5; do
                assert_near "$coll hypercube d=$d $routing m=$m root $root" "$want" \
                    "$(time_of "${cube#*:}" hypercube $routing $root $m)" 1e-2
            done
        done
    done
    m=1048576
    assert_near "$coll ring-16 ring $routing: 8 (t_h + (m+16) t_b)" \
        "$(f "8 * ($th + ($m + 16) * $tb)")" "$(time_of "$(plat ring-16)" ring $routing 3 $m)" 1e-2
    assert_near "$coll torus-8x8 torus $routing: 4 (t_h + (m+16) t_b) + 4 (t_h + (8m+16) t_b)" \
        "$(f "4 * ($th + ($m + 16) * $tb) + 4 * ($th + (8 * $m + 16) * $tb)")" \
        "$(time_of "$(plat torus-8x8)" torus $routing 9 $m)" 1e-2
done
finish
