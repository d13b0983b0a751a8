/* trees.c: the gather and the scatter on trees: the flat tree (gs_linear) and the binomial
 * tree, on shifted ranks (gs_binomial) or on hypercube addresses (gs_hypercube). */
#include <stdlib.h>
#include <string.h>

#include "gather_scatter.h"

/* The flat tree: every other rank moves its block straight with the root, which starts all
 * its p-1 transfers at once (MPI_Irecv in a gather, MPI_Isend in a scatter, rank order) and
 * copies its own block, the blocks in the call's own count and type.
 *
 * Source: the linear gather and scatter of docs/collectives/gather.md, scatter.md. The p-1
 * messages share the root's link: a + (p-1) b m with rendezvous. */
int gs_linear(const struct gs_call *c)
{
    if (c->rank != c->root)
        return gs_move(c->dir, GS_UP, c->mine, c->mcount, c->mtype, c->root, c->comm);
    size_t blk = gs_block(c->acount, c->atype);
    MPI_Request *req = malloc((size_t)c->p * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int n = 0;
    for (int r = 0; r < c->p; r++)
        if (r != c->root)
            gs_start(c->dir, GS_DOWN, c->all + (size_t)r * blk, c->acount, c->atype, r, c->comm,
                     &req[n++]);
    gs_copy(c->dir, c->all + (size_t)c->root * blk, c->mine, blk);
    int rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

/* How a binomial tree numbers the ranks, the root 0: shifted, v = rank - root (mod p), or by
 * hypercube address relative to the root's, v = rank XOR root. */
enum tree_numbering { TREE_SHIFT, TREE_XOR };

/* The rank of tree node v. */
static int tree__rank(enum tree_numbering num, int v, int root, int p)
{
    return num == TREE_XOR ? v ^ root : coll_rank(v, root, p);
}

/* The root's p blocks between tree order (acc: block j is node j's) and rank order (all), the
 * way c goes: a rotation, two copies, on shifted numbers; one copy per block on XOR ones. */
static void tree__reorder(const struct gs_call *c, enum tree_numbering num, char *acc)
{
    size_t blk = c->blk;
    int root = c->root, p = c->p;
    if (num == TREE_SHIFT) {
        gs_copy(c->dir, c->all + (size_t)root * blk, acc, (size_t)(p - root) * blk);
        gs_copy(c->dir, c->all, acc + (size_t)(p - root) * blk, (size_t)root * blk);
        return;
    }
    for (int j = 0; j < p; j++)
        gs_copy(c->dir, c->all + (size_t)(j ^ root) * blk, acc + (size_t)j * blk, blk);
}

/* Node v's link to its parent v - low: its subtree's sub blocks at acc go up (gather) or come
 * down (scatter) in one message. At the root, the blocks between tree and rank order. */
static int tree__parent(const struct gs_call *c, enum tree_numbering num, char *acc, int v, int low,
                        int sub)
{
    if (v != 0)
        return gs_move(c->dir, GS_UP, acc, (int)((size_t)sub * c->blk), MPI_BYTE,
                       tree__rank(num, v - low, c->root, c->p), c->comm);
    if (c->root != 0) tree__reorder(c, num, acc);
    return MPI_SUCCESS;
}

/* The binomial tree on numbers v. Node v heads the subtree v .. v + sub - 1, sub =
 * min(low, p - v), low the lowest set bit of v (for the root the least power of two >= p,
 * sub = p); its children are v + 2^k for 2^k < low, v + 2^k < p. A gather puts its own block
 * first in acc, receives behind it each child's subtree (the smallest first) and sends the
 * whole subtree, in tree order, to its parent in one message; a scatter does that backwards:
 * its subtree from the parent, each child's to the child (the largest first), its own block
 * out of acc last.
 *
 * Source: the binomial tree of docs/references.md#trees, as a gather and a scatter in
 * docs/collectives/gather.md, scatter.md. Round k moves 2^k blocks: ceil(log2 p) a +
 * (p-1) b m for p = 2^k. On XOR numbers (p = 2^d, rank i on node i) every message crosses
 * one hypercube link and no link is used twice: log2 p (t_s + t_h) + (p-1) m t_b, the
 * course's store-and-forward hypercube gather and scatter plus the hop terms. */
static int tree(const struct gs_call *c, enum tree_numbering num)
{
    int p = c->p, v = num == TREE_XOR ? c->rank ^ c->root : coll_srank(c->rank, c->root, p);
    int low = v != 0 ? v & -v : 1;
    while (v == 0 && low < p)
        low <<= 1;
    int sub = v == 0 ? p : low < p - v ? low : p - v;
    size_t blk = c->blk;
    char *acc = v != 0 && sub == 1       ? c->mine /* a leaf moves its block in place */
                : v == 0 && c->root == 0 ? c->all
                                         : malloc((size_t)sub * blk + 1);
    if (acc == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    if (c->dir == GS_GATHER && acc != c->mine) gs_copy(c->dir, acc, c->mine, blk);
    if (c->dir == GS_SCATTER) rc = tree__parent(c, num, acc, v, low, sub);
    for (int k = 1; k < low && rc == MPI_SUCCESS; k <<= 1) {
        int mask = c->dir == GS_GATHER ? k : low / (2 * k);
        if (v + mask >= p) continue;
        int n = p - v - mask < mask ? p - v - mask : mask;
        rc = gs_move(c->dir, GS_DOWN, acc + (size_t)mask * blk, (int)((size_t)n * blk), MPI_BYTE,
                     tree__rank(num, v + mask, c->root, p), c->comm);
    }
    if (c->dir == GS_GATHER && rc == MPI_SUCCESS) rc = tree__parent(c, num, acc, v, low, sub);
    if (c->dir == GS_SCATTER && rc == MPI_SUCCESS && acc != c->mine)
        gs_copy(c->dir, acc, c->mine, blk);
    if (acc != c->mine && acc != c->all) free(acc);
    return rc;
}

int gs_binomial(const struct gs_call *c)
{
    return tree(c, TREE_SHIFT);
}

int gs_hypercube(const struct gs_call *c)
{
    return tree(c, TREE_XOR);
}
