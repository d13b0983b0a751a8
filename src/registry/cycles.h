/* cycles.h: edge-disjoint directed Hamiltonian cycles of this run's topology (cycles.c), shared
 * by the algorithms that send parts of a message round several cycles at once. */
#ifndef COLLSIM_CYCLES_H
#define COLLSIM_CYCLES_H

#include "registry.h"

/* The cycles of topology t (the algorithms: coll_topology, topology.h) on p nodes, node
 * numbering as topology.h: cycle c is cyc[c p .. c p + p-1], the second half of them the
 * reverses of the first (other link directions). cyc holds 4 p ints. Returns the count d
 * (2 or 4), 0 if none is known. */
int coll_cycles(const struct coll_topo *t, int p, int *cyc);

#endif
