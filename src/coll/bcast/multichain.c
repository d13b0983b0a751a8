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
 * Needs rank i on node i. Non-contiguous datatypes fall back to the binomial tree. */
#include <stdlib.h>
#include <string.h>

#include "bcast.h"
#include "contig.h"
#include "parts.h"
#include "topology.h"

/* Snake cycle over a grid of `cols` columns and `rows` rows (rows even, cols >= 2): node of
 * column x in row r is x * cstride + rowbase[r]. */
static void snake(int *cyc, int cols, int cstride, int rows, const int *rowbase)
{
    int n = 0;
    cyc[n++] = rowbase[0];
    for (int r = 0; r < rows; r++)
        for (int i = 1; i < cols; i++)
            cyc[n++] = (r % 2 ? cols - i : i) * cstride + rowbase[r];
    for (int r = rows - 1; r >= 1; r--)
        cyc[n++] = rowbase[r];
}

/* Rows of the snake: every node with coordinate 0 in dimension `col`, in boustrophedon order
 * over the other dimensions (so consecutive rows are neighbours). Returns the row count. */
static int snake_rows(int *rowbase, int nd, const int *dims, int col)
{
    int other[2], no = 0, stride[3] = {1, dims[0], dims[0] * (nd > 1 ? dims[1] : 1)};
    for (int k = 0; k < nd; k++)
        if (k != col) other[no++] = k;
    if (no == 1) {
        for (int i = 0; i < dims[other[0]]; i++)
            rowbase[i] = i * stride[other[0]];
        return dims[other[0]];
    }
    int u = other[0], v = other[1], n = 0;
    for (int j = 0; j < dims[v]; j++)
        for (int i = 0; i < dims[u]; i++)
            rowbase[n++] = (j % 2 ? dims[u] - 1 - i : i) * stride[u] + j * stride[v];
    return n;
}

/* The two edge-disjoint Hamiltonian cycles of the n x n torus into cyc[0..2p). gray = 0:
 * node x + n y (the torus platforms); gray = h: node G(x) + 2^h G(y), G the reflected Gray
 * code on h bits, whose cycle makes every torus step one hypercube link. */
static void square_torus(int *cyc, int p, int n, int gray)
{
    for (int c = 0; c < 2; c++) {
        int x = 0, y = 0;
        for (int i = 0; i < p; i++) {
            cyc[c * p + i] = gray ? (x ^ (x >> 1)) + ((y ^ (y >> 1)) << gray) : x + n * y;
            if (((x + y) % n == 0) != (c == 1))
                x = (x + 1) % n;
            else
                y = (y + 1) % n;
        }
    }
}

/* The cycles for coll_topology on p nodes, d of them in cyc[d * p]. Returns d, 0 if none. */
static int cycles(int p, int *cyc)
{
    const struct coll_topo *t = &coll_topology;
    int d = 0;
    if (t->kind == NEED_RING) {
        for (int i = 0; i < p; i++)
            cyc[i] = i;
        d = 1;
    } else if (t->kind == NEED_HYPERCUBE && t->dims[0] >= 4 && t->dims[0] % 2 == 0) {
        int h = t->dims[0] / 2; /* Q_2h = Q_h x Q_h holds the n x n torus, n = 2^h */
        square_torus(cyc, p, 1 << h, h);
        d = 2;
    } else if (t->kind == NEED_HYPERCUBE) {
        for (int i = 0; i < p; i++)
            cyc[i] = i ^ (i >> 1);
        d = 1;
    } else if (t->kind == NEED_TORUS && t->ndims == 2 && t->dims[0] == t->dims[1] &&
               t->dims[0] >= 3) {
        square_torus(cyc, p, t->dims[0], 0);
        d = 2;
    } else if (t->kind == NEED_TORUS) {
        int *rowbase = malloc((size_t)p * sizeof *rowbase);
        for (int col = 0; col < t->ndims && d == 0 && rowbase != NULL; col++) {
            int rows = snake_rows(rowbase, t->ndims, t->dims, col);
            int stride = col == 0 ? 1 : col == 1 ? t->dims[0] : t->dims[0] * t->dims[1];
            if (rows % 2 == 0 && rows >= 2 && t->dims[col] >= 2) {
                snake(cyc, t->dims[col], stride, rows, rowbase);
                d = 1;
            }
        }
        free(rowbase);
    }
    for (int c = 0; c < d; c++) /* the reverse of each cycle uses the other directions */
        for (int i = 0; i < p; i++)
            cyc[(d + c) * p + i] = cyc[c * p + (p - i) % p];
    return 2 * d;
}

int bcast_multichain(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int *cyc = malloc((size_t)4 * p * sizeof *cyc);
    if (cyc == NULL) return MPI_ERR_NO_MEM;
    int d = cycles(p, cyc);
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
    long seg = bcast__segment_size(bytes / d > 0 ? bytes / d : 1, p);
    return bcast__parts(buf, comm, d, parts, seg);
}
