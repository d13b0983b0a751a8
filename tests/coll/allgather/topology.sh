#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: the ring, torus and hypercube allgathers. Data checks on several
# sizes of each topology; times against the course formulas worked out for each algorithm
# (docs/collectives/allgather.md) with t_s = 0, t_h = 1 us, t_b = 0.1 ns/B and SMPI's 16-byte
# envelope on every message, m = 1 MiB (rendezvous); misfits refused with one line.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGOS
    data_run "$(basename "$1") $2" --platform "$1" --collective allgather --algo "$2"
}
for n in 3 5 8 16; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml" >/dev/null
    data_check "$tmp/ring$n.xml" ring,ring_bidir,neighbor_exchange
done
for d in 2x3 3x5 4x4 2x2x2 3x3x3 2x3x4; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml" >/dev/null
    data_check "$tmp/torus$d.xml" torus,torus_multi
done
for d in 1 2 3 4 5; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml" >/dev/null
    data_check "$tmp/cube$d.xml" hypercube,hypercube_multi
done

m=1048576
time_of() { # PLATFORM ALGO ROUTING
    "$collsim" run --platform "$(plat "$1")" --collective allgather --algo "$2" --routing "$3" \
        --sizes $m --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk -v m=$m -v th=1e-6 -v tb=1e-10 "BEGIN { printf \"%.12g\", $1 }"; }
# every message goes to a neighbour (one hop): both routings give the same
for routing in sfr ctr; do
    # ring: p-1 steps of one block, (t_s + m t_b)(p-1) with t_h per hop
    assert_near "ring-16 ring $routing: (p-1)(t_h + (m+16) t_b)" "$(f "15 * (th + (m + 16) * tb)")" \
        "$(time_of ring-16 ring $routing)" 0.01
    # hypercube: log2 p steps of 2^k blocks, t_s log2 p + m t_b (p-1)
    assert_near "hypercube-4 hypercube $routing: log2 p t_h + ((p-1) m + 16 log2 p) t_b" \
        "$(f "4 * th + (15 * m + 64) * tb")" "$(time_of hypercube-4 hypercube $routing)" 0.01
    # torus: sqrt p - 1 steps of one block, then as many of sqrt p blocks,
    # 2 t_s (sqrt p - 1) + m t_b (p-1)
    assert_near "torus-4x4 torus $routing: 2 (sqrt p - 1) t_h + ((p-1) m + 16 * 6) t_b" \
        "$(f "6 * th + (15 * m + 96) * tb")" "$(time_of torus-4x4 torus $routing)" 0.01
done
# ring both ways: p/2 - 1 steps of a block each way, the last of half a block each way
assert_near "ring-16 ring_bidir: (p/2 - 1)(t_h + (m + 16) t_b) + t_h + (m/2 + 16) t_b" \
    "$(f "7 * (th + (m + 16) * tb) + th + (m / 2 + 16) * tb")" "$(time_of ring-16 ring_bidir ctr)" 0.01
# several streams on disjoint links: the same steps with 1/S of every block, S = 4 (4x4
# torus: each dimension first, both ways), log2 p (hypercube)
assert_near "hypercube-4 hypercube_multi: log2 p t_h + ((p-1) m/4 + 64) t_b" \
    "$(f "4 * th + (15 * m / 4 + 64) * tb")" "$(time_of hypercube-4 hypercube_multi ctr)" 0.01
assert_near "torus-4x4 torus_multi: 6 t_h + ((p-1) m/4 + 96) t_b" \
    "$(f "6 * th + (15 * m / 4 + 96) * tb")" "$(time_of torus-4x4 torus_multi ctr)" 0.01

assert_one_line_error "torus on a crossbar" "$collsim" run --platform "$(plat crossbar-64)" \
    --collective allgather --algo torus
assert_one_line_error "hypercube on a torus" "$collsim" run --platform "$(plat torus-4x4)" \
    --collective allgather --algo hypercube_multi
finish
