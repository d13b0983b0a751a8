#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR [COLLECTIVE]: the ring, torus and hypercube gathers (or, with
# COLLECTIVE scatter, scatters: tests/coll/scatter/topology.sh). Data checks on several sizes
# of each generated topology, roots {0, 1, p-1, p/2}, sizes 0, 1, 1000, 65543 (eager and
# rendezvous, a size no power of two), a warm-up and a timed call (the data vary per call).
collsim=$1 src=$2 coll=${3:-gather}
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGO
    local root
    for root in $(root_classes "$(host_count "$1")"); do
        data_run "$(basename "$1") $coll $2 root $root" --platform "$1" --collective "$coll" \
            --algo "$2" --root "$root"
    done
}
for n in 2 3 5 8 16; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml"
    data_check "$tmp/ring$n.xml" ring
done
for d in 2x3 4x4 3x5 2x2x2 3x3x3 4x6 2x3x4; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml"
    data_check "$tmp/torus$d.xml" torus
done
for d in 1 2 3 4 5; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml"
    data_check "$tmp/cube$d.xml" hypercube
done
# misfits: one line, non-zero
assert_one_line_error "$coll ring on a torus" "$collsim" run --platform "$src/platforms/torus-4x4.xml" \
    --collective "$coll" --algo ring
assert_one_line_error "$coll hypercube on a ring" "$collsim" run --platform "$tmp/ring8.xml" \
    --collective "$coll" --algo hypercube
finish
