#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: the all-reduces that need a ring, torus or hypercube, and the
# ring-based generic ones on rings, checked on generated platforms of several sizes (even,
# odd, prime, 2D and 3D, non-square), sizes 0, 1, 1000 (short: the hypercube's whole-vector
# form) and 65543 (not a multiple of any p here), one warm-up (MPI_SUM) and one timed call
# (MPI_MAX). An all-reduce has no root: every rank's result is checked. Misfits are refused
# with one line.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data_check() { # PLATFORM.xml ALGOS (every one must fit: a table each)
    data_run "$(basename "$1") $2" --platform "$1" --collective allreduce --algo "$2"
}
for n in 2 3 5 8 16; do
    "$collsim" platform ring --nodes $n -o "$tmp/ring$n.xml"
    data_check "$tmp/ring$n.xml" ring,rabenseifner,multiring
done
# multiring: square tori (two cycles and their reverses), an even side (a snake); 3x5 and
# 3x3x3 have neither
for d in 2x3 4x4 3x5 2x2x2 3x3 4x6 2x3x3 3x3x3; do
    "$collsim" platform torus --dims $d -o "$tmp/torus$d.xml"
    case $d in
    3x5 | 3x3x3) data_check "$tmp/torus$d.xml" torus
        assert_one_line_error "multiring on torus $d" "$collsim" run --platform "$tmp/torus$d.xml" \
            --collective allreduce --algo multiring ;;
    *) data_check "$tmp/torus$d.xml" torus,multiring ;;
    esac
done
for d in 1 2 3 4; do
    "$collsim" platform hypercube --dim $d -o "$tmp/cube$d.xml"
    data_check "$tmp/cube$d.xml" hypercube,multiring,rabenseifner
done
# More than 8 halving steps: rabenseifner at 512 ranks and hypercube on 9 dimensions (their
# channels once had room for 8 steps, and both crashed there). Small vectors keep it quick:
# the steps are the same at any size (hypercube's long form starts above 2 KiB).
many_steps() { # NAME ROWS ARGS...: one run, ROWS rows, every one valid
    local name=$1 rows=$2; shift 2
    "$collsim" run "$@" --collective allreduce --iters 1 --warmup 1 --quiet --csv "$tmp/big.csv" \
        2>"$tmp/big.err"
    assert_eq "$name: status" 0 $?
    assert_eq "$name: rows, all valid" "$rows" "$(csv_col "$tmp/big.csv" valid | grep -c '^1$')"
}
many_steps "rabenseifner, 512 ranks" 2 --platform "$(plat crossbar-64)" --ranks-per-host 8 \
    --algo rabenseifner --sizes 1,64
"$collsim" platform hypercube --dim 9 -o "$tmp/cube9.xml"
many_steps "hypercube, 9 dimensions" 1 --platform "$tmp/cube9.xml" --algo hypercube --sizes 2056
assert_one_line_error "torus allreduce on a ring" "$collsim" run --platform "$tmp/ring8.xml" \
    --collective allreduce --algo torus
assert_one_line_error "hypercube allreduce on 8 of 16 nodes" "$collsim" run \
    --platform "$tmp/cube4.xml" --np 8 --collective allreduce --algo hypercube
finish
