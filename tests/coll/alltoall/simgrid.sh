#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own all-to-alls through collsim's runner. Those with no
# known fault in simgrid.def pass the data check on np 8 and 13, sizes 0, 1, 1000, 65543 and
# 1 MiB; each known fault still shows where simgrid.def says (so the list stays true).
collsim=$1 src=$2
source "$src/tests/lib.sh"
simgrid_good_pass alltoall 1
for a in 2dmesh 3dmesh pair pair_light_barrier pair_mpi_barrier pair_one_barrier pair_rma; do
    simgrid_fault_shows alltoall $a 13 1 1
done
simgrid_fault_shows alltoall pair_rma 8 1000 1
simgrid_fault_shows alltoall mpich 13 65543 1
# every line with a fault is checked above
faults=$(simgrid_fault_count alltoall)
assert_eq "alltoall faults checked" 8 "$faults"
finish
