/* multichain.c: the message cut into d parts, each pipelined round its own directed
 * Hamiltonian cycle of the network, all d at once.
 *
 * Source: of our design (docs/references.md#hamiltonian-cycles), from two textbook facts: a
 * pipelined chain costs (p - 2 + k)(a + b m/k), about b m for large m; and on a direct
 * network (ring, torus, hypercube) a node has one link per neighbour and direction, so chains
 * over different directed links do not share bandwidth. Cycles used (node numbering as topology.h):
 *   ring       0, 1, ..., p-1 and its reverse: d = 2;
 *   torus n x n (2D, n >= 3): two edge-disjoint Hamiltonian cycles, each also reversed: d = 4.
 *              From (x, y), cycle A steps +x on the diagonal x + y = 0 (mod n) and +y off it,
 *              cycle B the other way round. Every +x and +y link is in exactly one of them;
 *              after n steps A has moved (+1, -1) along its diagonal, which generates all n
 *              nodes of it, so A (and B likewise) is one cycle through all n^2 nodes;
 *   other tori: one "snake" cycle and its reverse, d = 2: rows (a line of nodes along one
 *              dimension, the other dimensions in boustrophedon order) are walked back and
 *              forth leaving column 0 free, which leads back to the start; needs an even
 *              number of rows;
 *   hypercube of even dimension 2h >= 4: it holds the 2^h x 2^h torus (a Gray-code cycle in
 *              each half of the address bits), so the two square-torus cycles, d = 4;
 *   other hypercubes: the binary reflected Gray code (docs/references.md#gray-code), a
 *              Hamiltonian cycle, and its reverse: d = 2.
 * Each part crosses p - 1 links, every node receives d parts over d different links:
 *   time = (p - 2 + k)(a + b m / (d k)), k* = sqrt((p-2) m b / (d a)),
 *   about (sqrt((p-2) a) + sqrt(b m / d))^2: below LB2 (a one-port bound) for large m when
 *   d > 1, since each node takes in d links' worth at once.
 * Needs rank i on node i. Non-contiguous datatypes fall back to the binomial tree. The cycles
 * are built in src/coll/cycles.c. */
#include <stdlib.h>
#include <string.h>

#include "bcast.h"
#include "contig.h"
#include "cycles.h"
#include "parts.h"
#include "topology.h"

int bcast_multichain(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int *cyc = malloc((size_t)4 * p * sizeof *cyc);
    if (cyc == NULL) return MPI_ERR_NO_MEM;
    int d = coll_cycles(&coll_topology, p, cyc);
    if (d == 0) { /* coll_fits let it through: only an odd-by-odd torus */
        free(cyc);
        return bcast_binomial(buf, count, type, root, comm);
    }
    struct bcast_part parts[4];
    for (int c = 0; c < d; c++) {
        const int *order = cyc + c * p;
        int rpos = 0, mpos = 0;
        for (int i = 0; i < p; i++) {
            if (order[i] == root) rpos = i;
            if (order[i] == rank) mpos = i;
        }
        int dist = (mpos - rpos + p) % p;
        parts[c].offset = bytes * c / d;
        parts[c].len = bytes * (c + 1) / d - parts[c].offset;
        parts[c].parent = dist == 0 ? -1 : order[(mpos - 1 + p) % p];
        parts[c].nchild = dist < p - 1;
        parts[c].child[0] = order[(mpos + 1) % p];
    }
    free(cyc);
    long seg = coll_segment_size(bytes / d > 0 ? bytes / d : 1, p);
    return bcast__parts(buf, comm, d, parts, seg);
}
