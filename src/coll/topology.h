/* topology.h: the network topology of this run, as the runner and the topology-aware
 * algorithms see it (SMPI side).
 *
 * It comes from the platform's collsim.kind / collsim.dims props (collsim platform writes
 * them into the root zone) or from an explicit "KIND:DIMS" string (e.g. "torus:8x8",
 * "hypercube:6", "ring:16"). The algorithms also need rank i to run on node i of the
 * topology, which is what the generated hostfiles do; coll_topology_init checks it.
 * Whether an algorithm fits is registry.h's coll_fits, given coll_topology and
 * coll_topology_placed. */
#ifndef COLLSIM_TOPOLOGY_H
#define COLLSIM_TOPOLOGY_H

#include <mpi.h>
#include <stddef.h>

#include "registry.h"

/* This rank's view of the topology (each rank has its own copy under SMPI's privatization):
 * kind 0 when the platform is not one of the known topologies. */
extern struct coll_topo coll_topology;

/* 1 when rank i runs on node n<i> for every rank of MPI_COMM_WORLD. */
extern int coll_topology_placed;

/* Fills coll_topology from `spec` ("KIND:DIMS") if not NULL, else from the platform, and
 * checks the placement: collective over MPI_COMM_WORLD. Returns 0, or -1 with a message in err
 * for a malformed spec (an unknown topology in the platform is not an error: kind stays 0). */
int coll_topology_init(const char *spec, char *err, size_t errlen);

#endif
