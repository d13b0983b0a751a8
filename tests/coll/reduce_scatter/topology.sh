#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR COLLECTIVE: the reduce-scatters (reduce_scatter or
# reduce_scatter_block) that need a torus or a hypercube, and the generic ones on rings, tori and
# hypercubes, checked on generated platforms of several sizes (p = 2, 3, 5, 8, 16 on rings;
# 2D and 3D, odd and non-square tori), sizes 0, 1, 1000 and 65543, one warm-up (MPI_SUM) and
# one timed call (MPI_MAX). Every rank's block is checked. Misfits are refused with one line.
collsim=$1 src=$2 coll=$3
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGOS (every one must fit: a table each)
    data_run "$coll $(basename "$1") $2" --platform "$1" --collective "$coll" --algo "$2"
}
for n in 2 3 5 8; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml"
    data_check "$tmp/ring$n.xml" ring,recursive_halving,butterfly,pairwise,direct
done
for d in 2x3 4x4 3x5 2x2x2 3x3x3; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml"
    data_check "$tmp/torus$d.xml" torus
done
for d in 1 2 3 4; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml"
    data_check "$tmp/cube$d.xml" hypercube,recursive_halving,butterfly
done
assert_one_line_error "$coll torus on a ring" "$collsim" run --platform "$tmp/ring8.xml" \
    --collective "$coll" --algo torus
assert_one_line_error "$coll hypercube on 8 of 16 nodes" "$collsim" run \
    --platform "$tmp/cube4.xml" --np 8 --collective "$coll" --algo hypercube
finish
