/* torus.c: broadcasts on a 2D or 3D torus, one dimension after the other.
 *
 * Source: the textbook torus broadcast (docs/references.md#topology-broadcasts): along the
 * root's row first, then along every column (3D adds a stage along the third dimension). Each
 * stage is a ring broadcast of ring.c inside one line of the torus, lines of a stage are
 * disjoint.
 * torus: neighbour stages, store-and-forward optimal:
 *   sum over dimensions of ceil(a_k/2)(t_s + m t_b + t_h); 2D square: 2 ceil(sqrt p / 2)(...).
 * torus_halving: halving stages, cut-through optimal:
 *   log2 p (t_s + m t_b) + t_h sum(a_k - 1); 2D square: + 2 t_h (sqrt p - 1).
 * Node numbering as SimGrid's TORUS cluster: node = x + A (y + B z). Needs rank i on node i. */
#include "bcast.h"
#include "ring.h"
#include "topology.h"

static int torus_common(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                        int halving)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    struct coll_torus t;
    coll_torus_get(&t);
    for (int k = 0; k < t.nd; k++) {
        /* stage k: lines along dimension k through every node that matches the root in the
         * dimensions after k (those before k were filled by earlier stages) */
        int in = 1;
        for (int j = k + 1; j < t.nd; j++)
            if (coll_torus_coord(&t, rank, j) != coll_torus_coord(&t, root, j)) in = 0;
        if (!in) continue;
        int ranks[t.side[k]];
        coll_torus_line(&t, rank, k, ranks);
        int rc = bcast__line(buf, count, type, comm, t.side[k], ranks,
                             coll_torus_coord(&t, rank, k), coll_torus_coord(&t, root, k), halving);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}

int bcast_torus(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return torus_common(buf, count, type, root, comm, 0);
}

int bcast_torus_halving(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return torus_common(buf, count, type, root, comm, 1);
}
