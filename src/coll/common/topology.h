/* topology.h: the network topology of this run, as the runner and the topology-aware
 * algorithms see it (SMPI side).
 *
 * It comes from the platform's collsim.kind / collsim.dims props (collsim platform writes
 * them into the root zone) or from an explicit "KIND:DIMS" string (e.g. "torus:8x8",
 * "hypercube:6", "ring:16", "dragonfly:4,16;2,9;4,7;8"). The algorithms also need rank i to run on
 * node i of the topology, which is what the generated hostfiles do; coll_topology_init checks it
 * for this rank, and the runner combines every rank's answer into coll_topology_placed. Whether an
 * algorithm fits is registry.h's coll_fits, given coll_topology and coll_topology_placed. */
#ifndef COLLSIM_TOPOLOGY_H
#define COLLSIM_TOPOLOGY_H

#include <mpi.h>
#include <stddef.h>

#include "registry.h"

/* The topology (the same for every rank: with SMPI's privatization off, all ranks share it):
 * kind 0 when the platform is not one of the known topologies. */
extern struct coll_topo coll_topology;

/* 1 when rank i runs on node n<i> for every rank of MPI_COMM_WORLD. */
extern int coll_topology_placed;

/* The torus of coll_topology as the torus algorithms walk it, node = x + A (y + B z): each
 * dimension's side (an absent third dimension has side 1) and stride, stride[3] the node
 * count. */
struct coll_torus {
    int nd; /* 2 or 3 */
    int side[3];
    int stride[4];
};

/* coll_topology's torus (coll_topology.kind is NEED_TORUS). */
void coll_torus_get(struct coll_torus *t);

/* Coordinate k of node (rank) n. */
static inline int coll_torus_coord(const struct coll_torus *t, int n, int k)
{
    return n / t->stride[k] % t->side[k];
}

/* The side[k] ranks of the line along dimension k through rank, in coordinate order. */
static inline void coll_torus_line(const struct coll_torus *t, int rank, int k, int *ranks)
{
    int base = rank - coll_torus_coord(t, rank, k) * t->stride[k];
    for (int i = 0; i < t->side[k]; i++)
        ranks[i] = base + i * t->stride[k];
}

/* coll_topology's dragonfly (registry.h: its sizes, and where a node sits with
 * coll_dragonfly_where): 0, or -1 when the platform is not a dragonfly. */
int coll_dragonfly_get(struct coll_dragonfly *d);

/* Fills coll_topology from `spec` ("KIND:DIMS") if not NULL, else from the platform, and sets
 * *placed_here to 1 if this rank runs on node n<rank>, else 0 (no message: the caller
 * combines the ranks' answers into coll_topology_placed). Returns 0, or -1 with a message in
 * err for a malformed spec (an unknown topology in the platform is not an error: kind stays
 * 0). */
int coll_topology_init(const char *spec, int *placed_here, char *err, size_t errlen);

#endif
