/* harness.c: the harness's own synchronisation outside phases, with its own tag: a binomial
 * tree on ranks with rank 0 at its root, every receive from a named source, so SimGrid
 * simulates it in O(p) events whatever collective algorithms the user configured. Its sends
 * are synchronous: SimGrid 3.32 keeps every rank's detached (eager) sends in one list, walked
 * whole to remove each one as it ends (docs/simulation.md, "Dense collectives"), and the
 * tree's p/2 leaves send at once: 17 s of wall time at 65,536 ranks, 4 x that at twice the
 * ranks. */
#include "format.h"
#include "runner.h"

void harness_up(const struct world *w, int *v)
{
    for (int mask = 1; mask < w->p; mask *= 2) {
        if (w->rank & mask) {
            MPI_Ssend(v, 1, MPI_INT, w->rank - mask, CS_HARNESS_TAG, MPI_COMM_WORLD);
            return;
        }
        int child = *v;
        if (w->rank + mask < w->p)
            MPI_Recv(&child, 1, MPI_INT, w->rank + mask, CS_HARNESS_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        if (child < *v) *v = child;
    }
}

void harness_down(void *buf, int bytes, const struct world *w)
{
    int mask = 1;
    while (mask < w->p && !(w->rank & mask))
        mask *= 2;
    if (w->rank != 0)
        MPI_Recv(buf, bytes, MPI_BYTE, w->rank - mask, CS_HARNESS_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (mask /= 2; mask > 0; mask /= 2)
        if (w->rank + mask < w->p)
            MPI_Ssend(buf, bytes, MPI_BYTE, w->rank + mask, CS_HARNESS_TAG, MPI_COMM_WORLD);
}
