/* rma.c: one-sided (MPI RMA) linear, binomial and binary broadcasts in three synchronisation
 * styles of MPI 3.1 (docs/references.md#mpi-rma): data moves with MPI_Put into a window over
 * the receivers' buffers.
 *
 * Trees on shifted ranks as in linear.c and tree.c; every (parent, child) edge has the round in
 * which the child receives: linear 1, binomial 1 + log2(highbit(child)), binary the child's depth.
 *   fence: MPI_Win_fence opens and closes each round; in round r every rank that has the data
 *          puts it to its children of round r. Cost: rounds x (fence + a + b m), plus the
 *          root's sequential puts within a round.
 *   pscw:  a child posts an exposure epoch to its parent and waits; a parent starts an access
 *          epoch on its children, puts, completes. Cost as the two-sided tree, plus the
 *          post/start handshakes.
 *   lock:  passive target: MPI_Win_lock(MPI_LOCK_SHARED, child), MPI_Put, MPI_Win_unlock (the
 *          put is complete at the target when unlock returns), then a 0-byte notification the
 *          child waits on with MPI_Recv (MPI_Win_sync does nothing in SMPI, so the target needs
 *          a message to know). Cost as the tree plus one notification per edge.
 * The window is created and freed inside every call (a collective each), which is part of the
 * measured time. Non-contiguous datatypes fall back to the two-sided binomial tree. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"

enum shape { LINEAR, BINOMIAL, BINARY };
enum sync { FENCE, PSCW, LOCK };

static int highbit(int s)
{
    int h = 1;
    while (h <= s / 2)
        h <<= 1;
    return h;
}

/* round in which shifted rank s > 0 receives */
static int round_of(enum shape sh, int s)
{
    if (sh == LINEAR) return 1;
    int r = 0;
    if (sh == BINOMIAL)
        for (int h = highbit(s); h > 0; h >>= 1)
            r++;
    else
        for (int x = s; x > 0; x = (x - 1) / 2)
            r++;
    return r;
}

static int parent_of(enum shape sh, int s)
{
    return sh == LINEAR ? 0 : sh == BINOMIAL ? s - highbit(s) : (s - 1) / 2;
}

/* children of shifted rank s, in the order they are served */
static int children_of(enum shape sh, int s, int p, int *out)
{
    int n = 0;
    if (sh == LINEAR) {
        if (s == 0)
            for (int c = 1; c < p; c++)
                out[n++] = c;
    } else if (sh == BINOMIAL) {
        for (int mask = s == 0 ? 1 : highbit(s) << 1; s + mask < p; mask <<= 1)
            out[n++] = s + mask;
    } else {
        for (int c = 2 * s + 1; c <= 2 * s + 2 && c < p; c++)
            out[n++] = c;
    }
    return n;
}

static int rma_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                     enum shape sh, enum sync sy)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int s = coll_srank(rank, root, p);
    int *kids = malloc((size_t)p * sizeof *kids), nk = children_of(sh, s, p, kids);
    MPI_Win win;
    int rc = MPI_Win_create(buf, (MPI_Aint)bytes, 1, MPI_INFO_NULL, comm, &win);
    if (rc != MPI_SUCCESS) {
        free(kids);
        return rc;
    }
    MPI_Group world, group;
    MPI_Comm_group(comm, &world);
    if (sy == FENCE) {
        int rounds = 0;
        for (int x = 1; x < p; x++)
            if (round_of(sh, x) > rounds) rounds = round_of(sh, x);
        int mine = s == 0 ? 0 : round_of(sh, s);
        rc = MPI_Win_fence(0, win);
        for (int r = 1; r <= rounds && rc == MPI_SUCCESS; r++) {
            if (mine < r) /* has the data: put to this round's children */
                for (int i = 0; i < nk && rc == MPI_SUCCESS; i++)
                    if (round_of(sh, kids[i]) == r && bytes > 0)
                        rc = MPI_Put(buf, (int)bytes, MPI_BYTE, coll_rank(kids[i], root, p), 0,
                                     (int)bytes, MPI_BYTE, win);
            if (rc == MPI_SUCCESS) rc = MPI_Win_fence(0, win);
        }
    } else if (sy == PSCW) {
        if (s > 0) {
            int parent = coll_rank(parent_of(sh, s), root, p);
            MPI_Group_incl(world, 1, &parent, &group);
            rc = MPI_Win_post(group, 0, win);
            if (rc == MPI_SUCCESS) rc = MPI_Win_wait(win);
            MPI_Group_free(&group);
        }
        if (rc == MPI_SUCCESS && nk > 0) {
            int *ranks = malloc((size_t)nk * sizeof *ranks);
            for (int i = 0; i < nk; i++)
                ranks[i] = coll_rank(kids[i], root, p);
            MPI_Group_incl(world, nk, ranks, &group);
            rc = MPI_Win_start(group, 0, win);
            for (int i = 0; i < nk && rc == MPI_SUCCESS && bytes > 0; i++)
                rc = MPI_Put(buf, (int)bytes, MPI_BYTE, ranks[i], 0, (int)bytes, MPI_BYTE, win);
            if (rc == MPI_SUCCESS) rc = MPI_Win_complete(win);
            MPI_Group_free(&group);
            free(ranks);
        }
    } else {
        if (s > 0)
            rc = MPI_Recv(NULL, 0, MPI_BYTE, coll_rank(parent_of(sh, s), root, p), BCAST_TAG, comm,
                          MPI_STATUS_IGNORE);
        for (int i = 0; i < nk && rc == MPI_SUCCESS; i++) {
            int child = coll_rank(kids[i], root, p);
            rc = MPI_Win_lock(MPI_LOCK_SHARED, child, 0, win);
            if (rc == MPI_SUCCESS && bytes > 0)
                rc = MPI_Put(buf, (int)bytes, MPI_BYTE, child, 0, (int)bytes, MPI_BYTE, win);
            if (rc == MPI_SUCCESS) rc = MPI_Win_unlock(child, win);
            if (rc == MPI_SUCCESS) rc = MPI_Send(NULL, 0, MPI_BYTE, child, BCAST_TAG, comm);
        }
    }
    MPI_Group_free(&world);
    int frc = MPI_Win_free(&win);
    free(kids);
    return rc != MPI_SUCCESS ? rc : frc;
}

#define RMA_VARIANT(name, sh, sy)                                                                  \
    int bcast_##name(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)             \
    {                                                                                              \
        return rma_bcast(buf, count, type, root, comm, sh, sy);                                    \
    }
RMA_VARIANT(rma_linear_fence, LINEAR, FENCE)
RMA_VARIANT(rma_linear_pscw, LINEAR, PSCW)
RMA_VARIANT(rma_linear_lock, LINEAR, LOCK)
RMA_VARIANT(rma_binomial_fence, BINOMIAL, FENCE)
RMA_VARIANT(rma_binomial_pscw, BINOMIAL, PSCW)
RMA_VARIANT(rma_binomial_lock, BINOMIAL, LOCK)
RMA_VARIANT(rma_binary_fence, BINARY, FENCE)
RMA_VARIANT(rma_binary_pscw, BINARY, PSCW)
RMA_VARIANT(rma_binary_lock, BINARY, LOCK)
