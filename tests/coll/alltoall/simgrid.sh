#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own all-to-alls through collsim's runner. Those with no
# known fault in simgrid.def pass the data check on np 8 and 13, sizes 0, 1, 1000, 65543 and
# 1 MiB; each known fault still shows where simgrid.def says (so the list stays true).
collsim=$1 src=$2
source "$src/tests/lib.sh"
coll=alltoall
plat=$(plat crossbar-64)
good=$(simgrid_good $coll)
[ -n "$good" ] && pass || fail "no fault-free SimGrid $coll algorithm parsed from simgrid.def"
for np in 8 13; do
    out=$("$collsim" run --platform "$plat" --np "$np" --collective $coll --algo "$good" \
        --sizes 0,1,1000,65543,1M --iters 1 --warmup 0 2>&1)
    assert_eq "SimGrid $coll algorithms np=$np status" 0 $?
    if printf '%s' "$out" | grep -q INVALID; then fail "np=$np: $(printf '%s' "$out" | grep -m3 error)"; fi
done
check_fault() { # NAME NP SIZE
    "$collsim" run --platform "$plat" --np "$2" --collective $coll --algo "smpi:$1" --sizes "$3" \
        --iters 1 --warmup 0 >/dev/null 2>&1
    if [ $? -ne 0 ]; then pass; else fail "smpi:$1 on $2 ranks at $3 B passed: update simgrid.def"; fi
}
for a in 2dmesh 3dmesh pair pair_light_barrier pair_mpi_barrier pair_one_barrier pair_rma; do
    check_fault $a 13 1
done
check_fault pair_rma 8 1000
check_fault mpich 13 65543
# every line with a fault is checked above
faults=$(simgrid_fault_count $coll)
assert_eq "alltoall faults checked" 8 "$faults"
finish
