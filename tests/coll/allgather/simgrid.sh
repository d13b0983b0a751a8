#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own allgathers through collsim's runner. Those with no
# known fault in simgrid.def pass the data check on np 8 and 13, sizes 0, 1, 1000, 65543 and
# 1 MiB; each known fault still shows where simgrid.def says (so the list stays true).
collsim=$1 src=$2
source "$src/tests/lib.sh"
simgrid_good_pass allgather 1
simgrid_fault_shows allgather 2dmesh 13 1 1
simgrid_fault_shows allgather 3dmesh 13 1 1
simgrid_fault_shows allgather pair 13 1 1
simgrid_fault_shows allgather rhv 13 1 1
# every line with a fault is checked above
faults=$(simgrid_fault_count allgather)
assert_eq "allgather faults checked" 4 "$faults"
finish
