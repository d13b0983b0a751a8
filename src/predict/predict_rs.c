/* predict_rs.c: the reduce-scatters' cost formulas (algorithms.def), block and uneven
 * (docs/collectives/reduce_scatter.md). A block reduce-scatter's formula is exact on a
 * crossbar (p2p) or on its topology (course); with the uneven reduce-scatter's counts
 * (rs_count.h) the ring, pairwise and direct ones are as long as their largest block makes
 * them (exact on a crossbar), the others' steps each as long as their largest message (an
 * estimate). */
#include <math.h>

#include "predict.h"
#include "predict_terms.h"
#include "rs_count.h"

/* Rank r's block in bytes: m, or the uneven reduce-scatter's count. */
static double blk(const struct pc *c, int r, int uneven)
{
    return uneven ? (double)rs_count((uint64_t)c->m, r, c->p) : c->m;
}

/* The largest of the p / size groups of `size` consecutive ranks' blocks, summed. */
static double group_max(const struct pc *c, int size, int uneven)
{
    double most = 0;
    for (int g = 0; g + size <= c->p; g += size) {
        double sum = 0;
        for (int r = g; r < g + size; r++)
            sum += blk(c, r, uneven);
        most = fmax(most, sum);
    }
    return most;
}

/* p-1 steps of one message of x bytes each way and a combine of x: ring and pairwise. With
 * uneven blocks, x is the largest: in the pairwise exchange its owner receives and combines
 * one such block every step; in the ring it travels one step a step. */
static double steps(const struct pc *c, int uneven)
{
    double x = group_max(c, 1, uneven);
    return x > 0 ? (c->p - 1) * (T(c, x) + x / c->R) : 0;
}

/* Every block at once: each rank's link carries its p-1, then p-1 combines; the largest
 * block's owner (its p-1 blocks come in over its one link) finishes last. */
static double direct(const struct pc *c, int uneven)
{
    double x = group_max(c, 1, uneven);
    return c->p > 1 && x > 0 ? LAT(c) + (c->p - 1) * (W(c, x) + x / c->R) : 0;
}

/* The halving's steps on the new ranks' blocks (new rank i < extra owns two), each as long as
 * its largest half. At distance pp/2 first or 1 first (the butterfly), the halves' ranges are
 * the same: the blocks of pp/2, pp/4, ... consecutive new ranks. */
static double halves(const struct pc *c, int pp, int extra, int uneven)
{
    double t = 0;
    for (int half = pp / 2; half >= 1; half /= 2) {
        double most = 0;
        for (int v = 0; v < pp; v += half) { /* new ranks v .. v + half - 1 */
            int lo = v < extra ? 2 * v : v + extra, hi = v + half;
            hi = hi < extra ? 2 * hi : hi + extra;
            double sum = 0;
            for (int r = lo; r < hi; r++)
                sum += blk(c, r, uneven);
            most = fmax(most, sum);
        }
        t += most > 0 ? T(c, most) + most / c->R : 0;
    }
    return t;
}

/* The fold of a non-power-of-two p: the even ranks' whole vectors, combined. */
static double fold(const struct pc *c, int extra, double all)
{
    return extra > 0 ? T(c, all) + all / c->R : 0;
}

/* Fold, halving at distance p'/2 .. 1, unfold (the largest block an odd rank sends back). */
static double halving(struct pc *c, int uneven)
{
    int pp = 1 << flog2(c->p), extra = c->p - pp;
    double all = group_max(c, c->p, uneven);
    if (all <= 0) return 0;
    if (extra > 0 || uneven) c->approx = 1;
    double back = 0;
    for (int r = 0; r < 2 * extra; r += 2)
        back = fmax(back, blk(c, r, uneven));
    return fold(c, extra, all) + halves(c, pp, extra, uneven) + (back > 0 ? T(c, back) : 0);
}

/* Fold, halving at distance 1 .. p'/2, then new rank w sends the blocks of new block
 * rs_mirror(w) to their ranks at once (not to itself): the longest such step. */
static double butterfly(struct pc *c, int uneven)
{
    int pp = 1 << flog2(c->p), extra = c->p - pp;
    double all = group_max(c, c->p, uneven), last = 0;
    if (all <= 0) return 0;
    if (extra > 0 || uneven) c->approx = 1;
    for (int w = 0; w < pp; w++) {
        int j = rs_mirror(w, pp), odd = j < extra ? 2 * j + 1 : j + extra;
        double out = j < extra && blk(c, 2 * j, uneven) > 0 ? W(c, blk(c, 2 * j, uneven)) : 0;
        if (j != w && blk(c, odd, uneven) > 0) out += W(c, blk(c, odd, uneven));
        last = fmax(last, out > 0 ? LAT(c) + out : 0);
    }
    return fold(c, extra, all) + halves(c, pp, extra, uneven) + last;
}

/* Stage k = nd-1 .. 0: a ring along dimension k of pieces of stride[k] ranks' blocks. */
static double torus(struct pc *c, int uneven)
{
    const struct coll_topo *t = c->topo;
    int stride = c->p, nd = t->ndims;
    double time = 0;
    if (uneven) c->approx = 1;
    for (int k = nd - 1; k >= 0; k--) {
        int a = t->dims[k];
        stride /= a;
        double x = group_max(c, stride, uneven);
        if (a == 2) c->approx = 1; /* both ways over one neighbour's links */
        if (x > 0) time += (a - 1) * (CT(c, x, 1) + x / c->R);
    }
    return time;
}

/* Dimension d-1 .. 0: half the range, p / 2^j ranks' blocks, across one link. */
static double hypercube(struct pc *c, int uneven)
{
    double time = 0;
    if (uneven) c->approx = 1;
    for (int size = c->p / 2; size >= 1; size /= 2) {
        double x = group_max(c, size, uneven);
        if (x > 0) time += CT(c, x, 1) + x / c->R;
    }
    return time;
}

double cost_rsb_ring(struct pc *c)
{
    return steps(c, 0);
}
double cost_rsb_pairwise(struct pc *c)
{
    return steps(c, 0);
}
double cost_rsb_direct(struct pc *c)
{
    return direct(c, 0);
}
double cost_rsb_recursive_halving(struct pc *c)
{
    return halving(c, 0);
}
double cost_rsb_butterfly(struct pc *c)
{
    return butterfly(c, 0);
}
double cost_rsb_torus(struct pc *c)
{
    return torus(c, 0);
}
double cost_rsb_hypercube(struct pc *c)
{
    return hypercube(c, 0);
}

double cost_rs_ring(struct pc *c)
{
    return steps(c, 1);
}
double cost_rs_pairwise(struct pc *c)
{
    return steps(c, 1);
}
double cost_rs_direct(struct pc *c)
{
    return direct(c, 1);
}
double cost_rs_recursive_halving(struct pc *c)
{
    return halving(c, 1);
}
double cost_rs_butterfly(struct pc *c)
{
    return butterfly(c, 1);
}
double cost_rs_torus(struct pc *c)
{
    return torus(c, 1);
}
double cost_rs_hypercube(struct pc *c)
{
    return hypercube(c, 1);
}

/* The hierarchical reduce-scatters with one rank per node: one column, for p = 2^k recursive
 * halving in bit-reversed order (the halves are those of halving's new ranks, but in another
 * order of blocks: an estimate for uneven blocks), else the flat ring (its ranks in rank
 * order). predict knows one class of link, so this says nothing of several ranks per node. */
static double hier(struct pc *c, int uneven)
{
    if (c->p < 2 || (c->p & (c->p - 1)) != 0) return steps(c, uneven);
    if (uneven) c->approx = 1;
    return halves(c, c->p, 0, uneven);
}
double cost_rsb_hier(struct pc *c)
{
    return hier(c, 0);
}
double cost_rs_hier(struct pc *c)
{
    return hier(c, 1);
}
