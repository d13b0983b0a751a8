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
    int nd = coll_topology.ndims,
        a[3] = {coll_topology.dims[0], coll_topology.dims[1], nd == 3 ? coll_topology.dims[2] : 1};
    int stride[3] = {1, a[0], a[0] * a[1]};
    int me[3], rt[3];
    for (int k = 0; k < 3; k++) {
        me[k] = (rank / stride[k]) % a[k];
        rt[k] = (root / stride[k]) % a[k];
    }
    for (int k = 0; k < nd; k++) {
        /* stage k: lines along dimension k through every node that matches the root in the
         * dimensions after k (those before k were filled by earlier stages) */
        int in = 1;
        for (int j = k + 1; j < nd; j++)
            if (me[j] != rt[j]) in = 0;
        if (!in) continue;
        int ranks[a[k]], base = rank - me[k] * stride[k];
        for (int i = 0; i < a[k]; i++)
            ranks[i] = base + i * stride[k];
        int rc = bcast__line(buf, count, type, comm, a[k], ranks, me[k], rt[k], halving);
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
