#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: SimGrid's own reduce-scatters run through collsim's runner with the
# uneven counts (docs/collectives/reduce_scatter.md#counts). Those with no known fault in
# simgrid.def pass the data check on np 8 and 13, sizes 0 to 1 MiB, two calls (MPI_SUM then
# MPI_MAX); each known fault is still caught where simgrid.def says (so the list stays true).
# The block reduce-scatter has no SimGrid algorithms: `collsim list` says so and smpi:all is
# refused.
collsim=$1 src=$2
source "$src/tests/lib.sh"
simgrid_good_pass reduce_scatter 2
simgrid_fault_shows reduce_scatter mpich_pair 8 0 2
simgrid_fault_shows reduce_scatter mpich_noncomm 8 1000 2
simgrid_fault_shows reduce_scatter mpich_noncomm 13 0 2
simgrid_fault_shows reduce_scatter ompi_basic_recursivehalving 8 1 2
simgrid_fault_shows reduce_scatter ompi 8 1000 2
simgrid_fault_shows reduce_scatter mvapich2 8 1000 2
simgrid_fault_shows reduce_scatter impi 8 1 2
assert_eq "fault count" 6 "$(simgrid_fault_count reduce_scatter)"
assert_eq "block reduce-scatter: no SimGrid algorithm" 0 \
    "$(grep -c '^SIMGRID_ALGO(reduce_scatter_block,' "$src/src/registry/simgrid.def")"
assert_eq "collsim list reduce_scatter_block says so" 1 \
    "$("$collsim" list reduce_scatter_block | grep -c "SimGrid has no algorithms of its own")"
assert_one_line_error "smpi:all for reduce_scatter_block" "$collsim" run --platform "$(plat crossbar-64)" \
    --np 4 --collective reduce_scatter_block --algo smpi:all --sizes 10
finish
