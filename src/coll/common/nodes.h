/* nodes.h: which node (and which socket of it) every rank of a communicator runs on, for the
 * hierarchical algorithms (SMPI side; docs/collectives/nodes.md).
 *
 * A rank's node is the host prop collsim.node of the host it runs on (the machine platforms of
 * `collsim platform --machine`, one host per core), else the host itself (one host per node,
 * or --ranks-per-host K ranks on one host). Its socket is the host prop collsim.socket if the
 * platform has it, else, on a machine platform, its collsim.core divided by the cores of one
 * part of the node's top level (the root zone's collsim.dims, "NODESxTOPx...xLEVEL0"), else 0.
 *
 * Every rank writes its own into a table indexed by MPI_COMM_WORLD rank once, at start
 * (coll_nodes_register: the runner's start, the interposer's MPI_Init), and waits at a
 * zero-time SimGrid barrier: no message, no simulated time. A communicator's view is then
 * computed from the table, locally (MPI_Group_translate_ranks), and cached for the run: a
 * hierarchical call sends no message beyond its algorithm's. Without the table (a program that
 * never called coll_nodes_register) the first call on a communicator exchanges the ranks' node
 * and socket with one MPI_Allgather, which that call's time includes. */
#ifndef COLLSIM_NODES_H
#define COLLSIM_NODES_H

#include <mpi.h>

/* A communicator's ranks by node. Nodes are numbered in the order of their lowest rank, the
 * ranks of a node listed in rank order; nodes may hold different numbers of ranks, and a
 * node's ranks need not be contiguous (--map-by node). Shared by all ranks: read only. */
struct coll_nodes {
    int p;        /* communicator size */
    int nnodes;   /* nodes */
    int *node;    /* [p] node of rank r */
    int *start;   /* [nnodes + 1] node k's ranks are members[start[k] .. start[k+1]) */
    int *members; /* [p] */
    int *local;   /* [p] index of rank r among its node's members */
    int *socket;  /* [p] socket of rank r, numbered 0, 1, ... in the order of the node's ranks
                     (the first rank's socket is 0), so nodes that fill sockets partly agree */
    int *nsock;   /* [nnodes] sockets holding ranks of node k */
    int min_sock; /* the least nsock over the nodes: the leaders per node of the per-socket
                     variants */
};

/* Writes this rank's node and socket into the table, then waits for every rank of
 * MPI_COMM_WORLD to have done so (zero simulated time). Every rank calls it once, at the same
 * point of the run. */
void coll_nodes_register(void);

/* comm's ranks by node into *out (cached; do not free): MPI_SUCCESS, or an MPI error code. */
int coll_nodes_get(MPI_Comm comm, const struct coll_nodes **out);

/* comm's ranks by dragonfly group, in the same form: a "node" is a group of the dragonfly
 * (coll_dragonfly_where of the rank's MPI_COMM_WORLD rank, which runs on node n<rank> on the
 * platforms NEED_DRAGONFLY fits), every rank on socket 0. On a platform that is not a dragonfly,
 * comm's ranks by node (coll_nodes_get). Cached; do not free. */
int coll_nodes_groups(MPI_Comm comm, const struct coll_nodes **out);

/* The ranks of node k and their count. */
static inline const int *coll_nodes_ranks(const struct coll_nodes *n, int k, int *count)
{
    *count = n->start[k + 1] - n->start[k];
    return n->members + n->start[k];
}

/* The lowest rank of node k whose socket is j (j < nsock[k]). */
int coll_nodes_socket_rank(const struct coll_nodes *n, int k, int j);

#endif
