#!/usr/bin/env bash
# eager.sh COLLSIM SRCDIR: the dense algorithms' eager sends (src/coll/common/eager.h: an MPI_Issend of
# a copy, waited for once every rank has left the call, instead of SMPI's detached send) give
# the times SMPI's own eager sends give. A traced run sends as SMPI does (eager.h is off when
# the trace must show each send's MPI call), so every row of an untraced run must equal the
# traced run's: on a 2:1 fat tree and a torus, where messages contend, at sizes on both sides
# of the eager threshold, several calls each (the copies are waited for between calls), with
# two ranks a host, and under SimGrid's SMPI model; the same for the exchanges of the log p
# algorithms that run at scale (allgather recursive_doubling, whose sends at a power of two
# read the receive buffer without a copy, the reduce-scatters' rs_exchange, and the
# barriers' 0-byte exchanges).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same_times NAME ARGS...: one run with a trace, one without; every row's times equal
same_times() {
    local name=$1; shift
    "$collsim" run "$@" --iters 2 --warmup 1 --quiet --csv "$tmp/plain.csv" 2>"$tmp/err"
    assert_eq "$name (exit status)" 0 $?
    "$collsim" run "$@" --iters 2 --warmup 1 --quiet --csv "$tmp/traced.csv" \
        --trace "$tmp/t.trace" 2>>"$tmp/err"
    assert_eq "$name, traced (exit status)" 0 $?
    local rows
    rows=$(csv_col "$tmp/plain.csv" avg_s | wc -l)
    [ "$rows" -gt 0 ] && pass || fail "$name: no rows: $(head -3 "$tmp/err")"
    assert_eq "$name: times" "$(csv_col "$tmp/traced.csv" avg_s | paste -sd' ')" \
        "$(csv_col "$tmp/plain.csv" avg_s | paste -sd' ')"
    assert_eq "$name: valid" "$(csv_col "$tmp/plain.csv" valid | sort -u)" 1
}

sizes=0,8,1000,65535,65536
same_times "alltoall on fattree-64-2to1" --platform "$(plat fattree-64-2to1)" --np 32 \
    --collective alltoall --algo linear --sizes 8,1000,2047,2048
same_times "alltoall torus on torus-4x4" --platform "$(plat torus-4x4)" \
    --collective alltoall --algo torus --sizes 8,1000,4096
same_times "allgather on torus-8x8" --platform "$(plat torus-8x8)" --collective allgather \
    --algo direct --sizes 64,640,6400
same_times "allreduce on fattree-64-2to1" --platform "$(plat fattree-64-2to1)" \
    --collective allreduce --algo direct --sizes $sizes
same_times "reduce_scatter_block, 2 ranks a host" --platform "$(plat torus-4x4)" \
    --ranks-per-host 2 --collective reduce_scatter_block --algo direct --sizes 8,4000,65536
same_times "allgather recursive_doubling (16 ranks: sent in place; 13: packed)" \
    --platform "$(plat fattree-64-2to1)" --np 16 --collective allgather \
    --algo recursive_doubling,ring --sizes 1,1000,4096
same_times "allgather recursive_doubling, 13 ranks" --platform "$(plat torus-4x4)" --np 13 \
    --collective allgather --algo recursive_doubling --sizes 1,1000,4096
same_times "reduce_scatter_block exchanges" --platform "$(plat fattree-64-2to1)" --np 24 \
    --collective reduce_scatter_block --algo recursive_halving,ring,pairwise --sizes 8,1000,4000
# the butterfly's last step (its blocks from acc, kept sends) on 20 ranks (8 folded in): at 24
# ranks its 8-byte call differs by 0.8 ns, SimGrid's clock precision (surf/precision 1e-9 s;
# with 1e-15 both take 18.1244 us: docs/simulation.md, "One call per size")
same_times "reduce_scatter_block butterfly, 20 ranks" --platform "$(plat fattree-64-2to1)" \
    --np 20 --collective reduce_scatter_block --algo butterfly --sizes 8,1000,4000
same_times "barrier exchanges, 13 ranks" --platform "$(plat torus-4x4)" --np 13 \
    --collective barrier --algo dissemination,butterfly
same_times "barrier exchanges, 16 ranks" --platform "$(plat fattree-64-2to1)" --np 16 \
    --collective barrier --algo dissemination,butterfly
same_times "allreduce, SMPI model" --platform "$(plat torus-4x4)" --model smpi \
    --collective allreduce --algo direct --sizes $sizes
finish
