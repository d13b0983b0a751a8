#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own all-reduces run through collsim's runner. Those with
# no known fault in simgrid.def pass the data check on np 8 and 13, sizes 0 to 1 MiB, two
# calls (MPI_SUM then MPI_MAX); each known fault is still caught where simgrid.def says (so
# the list stays true).
collsim=$1 src=$2
source "$src/tests/lib.sh"
plat=$(plat crossbar-64)
good=$(simgrid_good allreduce)
[ -n "$good" ] && pass || fail "no fault-free SimGrid all-reduce parsed from simgrid.def"
for np in 8 13; do
    out=$("$collsim" run --platform "$plat" --np "$np" --collective allreduce --algo "$good" \
        --sizes 0,1,1000,65543,1M --iters 2 --warmup 0 2>&1)
    assert_eq "SimGrid all-reduces np=$np status" 0 $?
    if printf '%s' "$out" | grep -q INVALID; then fail "np=$np: $(printf '%s' "$out" | grep -m3 error)"; fi
done
# known faults: each must still fail where simgrid.def says
check_fault() { # NAME NP SIZE
    "$collsim" run --platform "$plat" --np "$2" --collective allreduce --algo "smpi:$1" \
        --sizes "$3" --iters 2 --warmup 0 >/dev/null 2>&1
    if [ $? -ne 0 ]; then pass; else fail "smpi:$1 np=$2 at $3 B passed: update simgrid.def"; fi
}
check_fault ompi_ring_segmented 8 0
check_fault rab1 13 1000
check_fault rab 8 1000
check_fault smp_binomial_pipeline 8 0
check_fault smp_binomial_pipeline 8 65543
check_fault smp_rsag 8 1
check_fault smp_rsag 13 1M
check_fault smp_rsag_lr 8 1
check_fault smp_rsag_rab 8 1000
check_fault smp_rsag_rab 13 1M
finish
