/* topology.h: the network topology the topology-aware broadcasts run on (SMPI side).
 *
 * It comes from the platform's collsim.kind / collsim.dims props (collsim platform writes
 * them into the root zone) or from an explicit "KIND:DIMS" string (e.g. "torus:8x8",
 * "hypercube:6", "ring:16"). The algorithms also need rank i to run on node i of the
 * topology, which is what the generated hostfiles do; bcast_topology_init checks it. */
#ifndef COLLSIM_TOPOLOGY_H
#define COLLSIM_TOPOLOGY_H

#include <mpi.h>
#include <stddef.h>

struct bcast_topology {
    char kind[32];  /* "ring", "torus", "hypercube", or "" when unknown */
    int ndims;      /* torus: 2 or 3; ring and hypercube: 1 */
    int dims[3];    /* torus sides (first varies fastest), ring size, or hypercube dimension */
    int nodes;      /* node count */
    int placed;     /* 1 when rank i runs on node i for every rank of MPI_COMM_WORLD */
};

/* This rank's view of the topology (each rank has its own copy under SMPI's privatization). */
extern struct bcast_topology bcast_topo;

/* Fills bcast_topo from `spec` ("KIND:DIMS") if not NULL, else from the platform, and checks
 * the placement: collective over MPI_COMM_WORLD. Returns 0, or -1 with a message in err for a
 * malformed spec (an unknown topology is not an error: kind stays ""). */
int bcast_topology_init(const char *spec, char *err, size_t errlen);

/* 0 when an algorithm with these needs can run on p ranks of comm with bcast_topo, else -1
 * with the reason in err. needs: one kind ("torus") or a list ("ring, torus or hypercube");
 * the word "Hamiltonian" also asks for a torus whose cycles multichain.c can build. */
int bcast_topology_fits(const char *needs, MPI_Comm comm, char *err, size_t errlen);

#endif
