/* multiring.c: the vector cut into d parts, each all-reduced by a ring reduce-scatter and a
 * ring allgather round its own directed Hamiltonian cycle, all d at once.
 *
 * Source: docs/collectives/allreduce.md#multiring; the cycles are bcast_multichain's
 * (src/registry/cycles.c): ring d = 2 (both directions), square torus and even-dimension
 * hypercube d = 4, other tori and hypercubes d = 2. The cycles use disjoint directed links, so
 * the d rings do not share bandwidth. Cost: 2 (p-1)(t_s + t_h + t_b m/(d p)) + (p-1)/p m/R,
 * the combining of one part overlapping the others' transfers. Rank i on node i. */
#include <stdlib.h>

#include "allreduce.h"
#include "cycles.h"
#include "topology.h"

int allreduce_multiring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm)
{
    int rank, p;
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, &p);
    if (p == 1) return MPI_SUCCESS;
    int *cyc = malloc((size_t)4 * p * sizeof *cyc);
    if (cyc == NULL) return MPI_ERR_NO_MEM;
    int d = coll_cycles(&coll_topology, p, cyc), rc;
    if (d == 0) { /* coll_fits let it through: only an odd-by-odd torus */
        free(cyc);
        return allreduce_ring(MPI_IN_PLACE, recvbuf, count, type, op, comm);
    }
    /* each cycle's part is run as `sub` channels, so that combining one overlaps the
     * transfer of another on the same cycle */
    int sub = ALLREDUCE_CHANNELS / d, nch = d * sub;
    struct ar_chan ch[ALLREDUCE_CHANNELS];
    for (int c = 0; c < nch; c++) {
        const int *order = cyc + (c / sub) * p;
        int pos = 0;
        while (order[pos] != rank)
            pos++;
        ch[c] = (struct ar_chan){.off = (long)count * c / nch, .nring = 1};
        ch[c].len = (long)count * (c + 1) / nch - ch[c].off;
        ch[c].ring[0] = (struct ar_ring){p, pos, order};
    }
    rc = allreduce__rings(recvbuf, count, type, op, comm, nch, ch);
    free(cyc);
    return rc;
}
