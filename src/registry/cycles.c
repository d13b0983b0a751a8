/* cycles.c: the directed Hamiltonian cycles of the ring, torus and hypercube that
 * bcast_multichain and allreduce_multiring run their parts round (construction and proof:
 * the comment at the top of src/coll/bcast/multichain.c, docs/references.md#hamiltonian-cycles).
 * MPI-free: `collsim predict` counts the cycles with it too. */
#include "cycles.h"

#include <stdlib.h>

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

int coll_cycles(const struct coll_topo *t, int p, int *cyc)
{
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
