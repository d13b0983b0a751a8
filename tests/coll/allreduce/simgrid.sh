#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own all-reduces run through collsim's runner. Those with
# no known fault in simgrid.def pass the data check on np 8 and 13, sizes 0 to 1 MiB, two
# calls (MPI_SUM then MPI_MAX); each known fault is still caught where simgrid.def says (so
# the list stays true).
collsim=$1 src=$2
source "$src/tests/lib.sh"
simgrid_good_pass allreduce 2
simgrid_fault_shows allreduce ompi_ring_segmented 8 0 2
simgrid_fault_shows allreduce rab1 13 1000 2
simgrid_fault_shows allreduce rab 8 1000 2
simgrid_fault_shows allreduce smp_binomial_pipeline 8 0 2
simgrid_fault_shows allreduce smp_binomial_pipeline 8 65543 2
simgrid_fault_shows allreduce smp_rsag 8 1 2
simgrid_fault_shows allreduce smp_rsag 13 1M 2
simgrid_fault_shows allreduce smp_rsag_lr 8 1 2
simgrid_fault_shows allreduce smp_rsag_rab 8 1000 2
simgrid_fault_shows allreduce smp_rsag_rab 13 1M 2
finish
