#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: the ring, torus and hypercube broadcasts. Data checks on several
# sizes of each topology and roots {0, 1, p-1, p/2}; cut-through and store-and-forward times
# against docs/references.md#topology-broadcasts (t_s = 0, t_h = 1 us, t_b = 0.1 ns/B,
# m = 1 MiB + SMPI's 16-byte envelope, rendezvous); misfits refused with one line.
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
for n in 3 5 8 16; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml"
    data_check "$tmp/ring$n.xml" ring,ring_halving,multichain
done
# multichain: square tori (two cycles), an even side (a snake); 3x5 and 3x3x3 have neither
for d in 2x3 4x4 3x5 2x2x2 3x3x3 3x3 4x6 2x3x3; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml"
    case $d in
    3x5 | 3x3x3) data_check "$tmp/torus$d.xml" torus,torus_halving
        assert_one_line_error "multichain on torus $d" "$collsim" run --platform "$tmp/torus$d.xml" --algo multichain ;;
    *) data_check "$tmp/torus$d.xml" torus,torus_halving,multichain ;;
    esac
done
for d in 1 2 3 4; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml"
    data_check "$tmp/cube$d.xml" hypercube,multichain
done

m=1048576
T=$(awk -v m=$m 'BEGIN { printf "%.12g", (m + 16) * 1e-10 }') # m t_b
time_of() { # PLATFORM ALGO ROUTING ROOT
    "$collsim" run --platform "$(plat "$1")" --algo "$2" --routing "$3" --root "$4" \
        --sizes $m --iters 1 --warmup 0 --quiet --csv "$tmp/t.csv" || { echo failed; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
f() { awk "BEGIN { printf \"%.12g\", $1 }"; }
th=1e-6
for routing in ctr sfr; do
    # neighbour-only algorithms: every message is one hop, so both routings give the same
    assert_near "ring-16 ring $routing: ceil(16/2)(t_h + m t_b)" "$(f "8 * ($th + $T)")" \
        "$(time_of ring-16 ring $routing 3)" 1e-4
    assert_near "torus-8x8 torus $routing: 2 ceil(8/2)(t_h + m t_b)" "$(f "8 * ($th + $T)")" \
        "$(time_of torus-8x8 torus $routing 9)" 1e-4
    assert_near "torus-4x4x4 torus $routing: 3 ceil(4/2)(t_h + m t_b)" "$(f "6 * ($th + $T)")" \
        "$(time_of torus-4x4x4 torus $routing 21)" 1e-4
    assert_near "hypercube-6 hypercube $routing: log2 p (t_h + m t_b)" "$(f "6 * ($th + $T)")" \
        "$(time_of hypercube-6 hypercube $routing 37)" 1e-6
done
# halving: cut-through pays the hops once, store-and-forward pays m t_b on every hop
assert_near "ring-16 ring_halving ctr: log2 p m t_b + t_h (p-1)" "$(f "4 * $T + 15 * $th")" \
    "$(time_of ring-16 ring_halving ctr 5)" 1e-6
assert_near "ring-16 ring_halving sfr: (p-1)(t_h + m t_b)" "$(f "15 * ($th + $T)")" \
    "$(time_of ring-16 ring_halving sfr 5)" 1e-6
assert_near "torus-8x8 torus_halving ctr: log2 p m t_b + 2 t_h (sqrt p - 1)" "$(f "6 * $T + 14 * $th")" \
    "$(time_of torus-8x8 torus_halving ctr 0)" 1e-6

# multichain: d parts of m/d bytes, each round its own cycle of neighbour links (one hop,
# t_h), none shared; k segments of s bytes per part, p - 1 hops: (p - 2 + k)(t_h + (s+16) t_b).
# ring: d = 2; the square torus and the even-dimension hypercube (it holds the 4x4 torus):
# d = 4. s = 64 KiB (rendezvous).
s=65536
mc() { # P D: the expected time of multichain on P nodes with D parts
    f "($1 - 2 + $m / $2 / $s) * ($th + ($s + 16) * 1e-10)"
}
for pl in ring-16:2 hypercube-4:4 torus-4x4:4; do
    got=$(COLLSIM_SEGMENT=$s time_of "${pl%:*}" multichain ctr 5)
    assert_near "${pl%:*} multichain: (p - 2 + k)(t_h + s t_b), d = ${pl#*:}" "$(mc 16 "${pl#*:}")" "$got" 1e-6
done

# misfits: one line, non-zero
assert_one_line_error "ring on a torus" "$collsim" run --platform "$src/platforms/torus-4x4.xml" --algo ring
assert_one_line_error "hypercube on 8 of 64 nodes" "$collsim" run --platform "$(plat hypercube-6)" \
    --np 8 --algo hypercube
assert_one_line_error "torus on a crossbar" "$collsim" run --platform "$(plat crossbar-64)" --algo torus
assert_one_line_error "bad --topology" "$collsim" run --platform "$(plat crossbar-64)" \
    --np 16 --algo torus --topology torus:4y4
finish
