#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: the torus and hypercube all-to-alls. Data checks on several
# sizes of each topology; the hypercube time against the course's store-and-forward formula
# (t_s + m p t_b / 2) log2 p with t_s = 0, t_h = 1 us per one-hop message, t_b = 0.1 ns/B and
# SMPI's 16-byte envelope on every message (docs/collectives/alltoall.md); misfits refused.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGOS
    data_run "$(basename "$1") $2" --platform "$1" --collective alltoall --algo "$2"
}
for d in 2x3 3x5 4x4 2x2x2 3x3x3 2x3x4; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml" >/dev/null
    data_check "$tmp/torus$d.xml" torus
done
for d in 1 2 3 4 5; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml" >/dev/null
    data_check "$tmp/cube$d.xml" hypercube
done

m=65536 # p m / 2 = 512 KiB a message: rendezvous
time_of() { # PLATFORM ALGO ROUTING
    "$collsim" run --platform "$(plat "$1")" --collective alltoall --algo "$2" --routing "$3" \
        --sizes $m --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk -v m=$m -v th=1e-6 -v tb=1e-10 "BEGIN { printf \"%.12g\", $1 }"; }
for routing in sfr ctr; do
    assert_near "hypercube-4 hypercube $routing: log2 p (t_h + (m p/2 + 16) t_b)" \
        "$(f "4 * (th + (8 * m + 16) * tb)")" "$(time_of hypercube-4 hypercube $routing)" 0.01
done

assert_one_line_error "torus on a crossbar" "$collsim" run --platform "$(plat crossbar-64)" \
    --collective alltoall --algo torus
assert_one_line_error "hypercube on a ring" "$collsim" run --platform "$(plat ring-16)" \
    --collective alltoall --algo hypercube
finish
