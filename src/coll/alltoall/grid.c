/* grid.c: all-to-alls on a torus or a hypercube, one dimension per phase (grid.h).
 *
 * Source: the textbook all-to-all personalized exchange on meshes and hypercubes
 * (docs/collectives/alltoall.md). Slot j of a rank's work buffer (its recvbuf) holds one
 * block; its coordinates are the destination's in the dimensions still to come and the
 * source's in those done. In the phase of dimension d (side n) a rank sends every other rank
 * of its line the slots whose coordinate d is that rank's (p/n blocks combined in one
 * message), posted at once, and files what it receives at coordinate d = the sender's.
 * After the last phase slot j holds the block from rank j.
 * torus: n-1 messages of m p/n per phase; 2D square: two phases.
 * hypercube: every side 2, log2 p exchanges of p/2 blocks with the neighbour across the
 * dimension: time (t_s + t_h + (m p/2) t_b) log2 p, store-and-forward and cut-through. */
#include <stdlib.h>
#include <string.h>

#include "../allgather/grid.h"
#include "alltoall.h"
#include "eager.h"

/* The slots whose coordinate d is q, in increasing order; their count. */
static int slots(int *ids, const struct coll_grid *g, int p, int d, int q)
{
    int n = 0;
    for (int j = 0; j < p; j++)
        if (grid_coord(g, j, d) == q) ids[n++] = j;
    return n;
}

static int grid_phase(char *w, size_t B, const struct coll_grid *g, int rank, int p, int d,
                      int *ids, char *out, char *in, MPI_Comm comm)
{
    int side = g->size[d], c = grid_coord(g, rank, d), nreq = 0, per = p / side;
    MPI_Request req[2 * side];
    size_t chunk = (size_t)per * B;
    for (int q = 0; q < side; q++) {
        if (q == c) continue;
        int peer = grid_move(g, rank, d, q);
        slots(ids, g, p, d, q);
        alltoall__pack(out + (size_t)q * chunk, w, B, ids, per);
        MPI_Irecv(in + (size_t)q * chunk, (int)chunk, MPI_BYTE, peer, ALLTOALL_TAG, comm,
                  &req[nreq++]);
        cs_isend(out + (size_t)q * chunk, (int)chunk, MPI_BYTE, peer, ALLTOALL_TAG, comm,
                 &req[nreq++]);
    }
    int rc = MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    for (int q = 0; q < side; q++) {
        if (q == c) continue;
        slots(ids, g, p, d, q);
        alltoall__unpack(in + (size_t)q * chunk, w, B, ids, per);
    }
    return rc;
}

static int grid_common(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    size_t B = alltoall__init(recvcount, recvtype, comm, &rank, &p);
    struct coll_grid g;
    grid_of_topology(&g, p);
    memcpy(recvbuf, sendbuf, (size_t)p * B);
    char *out = malloc(2 * (size_t)p * B + 1), *in = out ? out + (size_t)p * B : NULL;
    int *ids = malloc((size_t)p * sizeof *ids);
    if (out == NULL || ids == NULL) rc = MPI_ERR_NO_MEM;
    for (int d = 0; d < g.nd && rc == MPI_SUCCESS; d++)
        rc = grid_phase(recvbuf, B, &g, rank, p, d, ids, out, in, comm);
    free(out), free(ids);
    return rc;
}

int alltoall_torus(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    return grid_common(sendbuf, recvbuf, recvcount, recvtype, comm);
}

int alltoall_hypercube(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    return grid_common(sendbuf, recvbuf, recvcount, recvtype, comm);
}
