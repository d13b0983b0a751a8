/* predict_pipes.c: the cost formulas of the pipelined algorithms (docs/predict.md), in the
 * terms of predict_terms.h, each cutting the message with the algorithm's own rule
 * (segments.h, cycles.h).
 *
 * A pipeline is a flow shop: segments cross the stages of a path in order, a stage moves one
 * segment at a time (the receiver posts the next receive once the last segment arrived), and
 * a segment leaves a stage as soon as it is in and the stage is free. With k segments, all of
 * s bytes but the last (the rest), and a step of x bytes at stage j taking t_j(x), the last
 * segment arrives at the end of the longest path through the grid of segments and stages:
 *   max over i of  sum_{j<=i} t_j(s) + (k - 2) max_{j<=i} t_j(s) + sum_{j>=i} t_j(last)
 * (k = 1: sum_j t_j(last)): the first k - 1 segments down to stage i, the slowest stage of
 * those carrying them along, the last segment from stage i on. With L equal stages this is
 * (L + k - 2) t(s) + t(last). */
#include <math.h>
#include <stdlib.h>

#include "cycles.h"
#include "predict.h"
#include "predict_routes.h"
#include "predict_terms.h"
#include "segments.h"
#include "torus_edst.h"

/* The most stages a path of the formulas below has: a binary tree of 2^31 ranks. */
#define PIPE_STAGES 32

/* Segments of at most seg bytes in len bytes: the algorithms send one 0-byte segment for 0. */
static long nsegs(double len, double seg)
{
    return len > 0 && seg > 0 ? (long)ceil(len / seg) : 1;
}

/* The flow shop above: full[j] is stage j's step for a full segment, last[j] for the last.
 * The longest path takes the full segments down to some stage i, along the slowest stage up
 * to i, and the last segment from stage i down: the most of those over i. */
static double flow_shop(const double *full, const double *last, int stages, long k)
{
    double down = 0, most = 0, slowest = 0, tail = 0;
    for (int j = 0; j < stages; j++)
        tail += last[j];
    if (k == 1) return tail;
    for (int i = 0; i < stages; i++) {
        down += full[i];
        slowest = fmax(slowest, full[i]);
        most = fmax(most, down + (double)(k - 2) * slowest + tail);
        tail -= last[i];
    }
    return most;
}

/* A stage's step for x bytes: a one-link hop of the course (share ONE_HOP), or `share`
 * point-to-point messages leaving (or entering) one rank together over its link. */
#define ONE_HOP 0

static double step(const struct pc *c, double x, int share)
{
    return share == ONE_HOP ? CT(c, x, 1) : LAT(c) + share * W(c, x);
}

/* The flow shop of `stages` equal stages. */
static double pipe_equal(const struct pc *c, double len, double seg, int stages, int share)
{
    long k = nsegs(len, seg);
    double last = len - (double)(k - 1) * seg;
    if (k == 1) return stages * step(c, last, share);
    return (stages + k - 2) * step(c, seg, share) + step(c, last, share);
}

/* The slowest of `parts` parts of m bytes (part j: [m j / parts, m (j+1) / parts), as the
 * algorithms cut), each down its own path of `stages` equal stages. */
static double parts_equal(const struct pc *c, int parts, double seg, int stages, int share)
{
    long m = (long)c->m;
    double most = 0;
    for (int j = 0; j < parts; j++) {
        double len = (double)(m * (j + 1) / parts - m * j / parts);
        most = fmax(most, pipe_equal(c, len, seg, stages, share));
    }
    return most;
}

/* ---- bcast ---- */

/* Down the binary tree of shifted ranks (node s feeds 2s+1, 2s+2): a stage whose sender has
 * two children moves both copies of a segment over its one link, LAT + 2 W(x); every
 * root-to-leaf path is a flow shop, the slowest ends the broadcast. */
double cost_bcast_pipeline_binary(struct pc *c)
{
    int p = c->p, depth = 0;
    while ((2 << depth) - 1 < p)
        depth++;
    double seg = (double)coll_segment_size((long)c->m, 2 * depth + 2);
    long k = nsegs(c->m, seg);
    double last = c->m - (double)(k - 1) * seg, most = 0;
    for (int leaf = (p - 1) / 2; leaf < p && depth < PIPE_STAGES; leaf++) {
        double full[PIPE_STAGES], tail[PIPE_STAGES];
        int n = 0;
        for (int v = leaf; v > 0; v = (v - 1) / 2, n++) { /* from the leaf up */
            int share = 2 * ((v - 1) / 2) + 2 < p ? 2 : 1;
            full[n] = step(c, seg, share);
            tail[n] = step(c, last, share);
        }
        for (int j = 0; j < n / 2; j++) { /* root first */
            double f = full[j], t = tail[j];
            full[j] = full[n - 1 - j], tail[j] = tail[n - 1 - j];
            full[n - 1 - j] = f, tail[n - 1 - j] = t;
        }
        most = fmax(most, flow_shop(full, tail, n, k));
    }
    return most;
}

/* Both halves at once down trees of h = floor(log2 (p-1)) + 1 levels below the root: every
 * rank takes in a segment of each half at once over its one link (and an inner rank sends
 * two), so each stage costs LAT + 2 W(s). When p - 1 is a power of two the deepest ranks of
 * the two trees differ and the last segments cross alone: an upper estimate there. */
double cost_bcast_two_tree(struct pc *c)
{
    int n = c->p - 1, h = 1;
    while ((2 << (h - 1)) <= n)
        h++;
    if (n >= 2 && pow2(n)) c->approx = 1;
    double seg = (double)coll_segment_shared((long)c->m, h + 2, 2);
    return parts_equal(c, 2, seg, h, 2);
}

/* d parts, each a chain of p - 1 one-link hops round its own cycle (no two share a link). */
double cost_bcast_multichain(struct pc *c)
{
    int *cyc = malloc((size_t)4 * c->p * sizeof *cyc);
    int d = cyc ? coll_cycles(c->topo, c->p, cyc) : 0;
    free(cyc);
    if (d == 0) return NAN;
    long m = (long)c->m;
    double seg = (double)coll_segment_size(m / d > 0 ? m / d : 1, c->p);
    return parts_equal(c, d, seg, c->p - 1, ONE_HOP);
}

/* n = log2 p edge-disjoint trees of n + 1 one-link hops, a part each. More than one receive
 * posted (COLLSIM_WINDOW) lets segments share a link: then an estimate. */
double cost_bcast_hypercube_esbt(struct pc *c)
{
    if (c->p <= 2) return cost_bcast_hypercube(c); /* the algorithm's own choice */
    int n = clog2(c->p);
    long m = (long)c->m;
    if (coll_bcast_window() > 1) c->approx = 1;
    return parts_equal(c, n, (double)coll_tree_segment(m / n, n + 1), n + 1, ONE_HOP);
}

/* Four edge-disjoint trees of one-link hops on the A x B torus, as high as the algorithm's
 * (torus_edst.h), a quarter each; other tori take the neighbour torus broadcast, as the
 * algorithm does. */
double cost_bcast_torus_trees(struct pc *c)
{
    const struct coll_topo *t = c->topo;
    int A = t->dims[0], B = t->dims[1];
    if (t->ndims != 2 || A < 3 || B < 3 || c->p != A * B) return cost_bcast_torus(c);
    const struct torus_edst *e = torus_edst(A, B);
    if (e == NULL) return NAN;
    long m = (long)c->m;
    if (coll_bcast_window() > 1) c->approx = 1;
    return parts_equal(c, 4, (double)coll_tree_segment(m / 4 > 0 ? m / 4 : 1, e->height), e->height,
                       ONE_HOP);
}

/* K - 1 trees on the K x K fat tree, their deepest path 4 hops (3 when K = 2) of 2, 4, 2 and 4
 * links: every sender's K - 1 copies of a segment over its one uplink, every rank taking in
 * K - 1 parts at once, so a hop costs its latency + (K - 1) W(s): the route's of 2 or 4 links
 * (predict_routes.h), or with a given a, a as the 4-link latency and half of it for 2 links:
 * an estimate. Other fat trees take the two-tree broadcast, as the algorithm does. */
double cost_bcast_fattree_pipeline(struct pc *c)
{
    static const int links[4] = {2, 4, 2, 4};
    const struct coll_topo *t = c->topo;
    int K = t->dims[0], stages = K > 2 ? 4 : 3;
    if (K < 2 || t->dims[1] != K || t->dims[2] != K || c->p != K * K) return cost_bcast_two_tree(c);
    long m = (long)c->m, sg = coll_segment_steps(m > 0 ? m : 1, 0.75) / (K - 1);
    double seg = (double)(sg > 0 ? sg : 1), most = 0;
    double wire = c->model == MODEL_HOCKNEY ? c->mp->a : c->mp->L;
    c->approx = 1;
    for (int j = 0; j < K - 1; j++) {
        double len = (double)(m * (j + 1) / (K - 1) - m * j / (K - 1)), full[4], last[4];
        long k = nsegs(len, seg);
        for (int h = 0; h < stages; h++) {
            double lat = c->routes ? c->routes->ts + links[h] * c->routes->th
                                   : LAT(c) - (1 - links[h] / 4.0) * wire;
            full[h] = lat + (K - 1) * W(c, seg);
            last[h] = lat + (K - 1) * W(c, len - (double)(k - 1) * seg);
        }
        most = fmax(most, flow_shop(full, last, stages, k));
    }
    return most;
}

/* ---- reduce ---- */

/* The chain towards the root: p - 1 stages of a message (msg, its per-byte part wire) and a
 * combine s/R; once full, a segment per max(wire, s/R, msg / (w - 1)), w the receives posted
 * (the latency of the w - 1 segments in flight overlaps; when all k fit in one window, their
 * latencies all overlap). Exact for w = 2 (every segment's
 * latency counted) and k = 1; with more receives posted the segments in flight share the link
 * and the estimate is low (docs/predict.md says by how much). */
static double reduce_chain(struct pc *c, double msg, double wire, double s, long k)
{
    int w = coll_reduce_window((int)k);
    if (k > 1 && (w > 2 || fmod(c->m, (double)k) != 0)) c->approx = 1;
    double per = fmax(fmax(wire, s / c->R), k > w - 1 ? msg / (w - 1) : 0);
    return (c->p - 1) * (msg + s / c->R) + (double)(k - 1) * per;
}

double cost_reduce_pipeline_chain(struct pc *c)
{
    long k = coll_reduce_segments((int)c->m, 1);
    double s = ceil(c->m / (double)k);
    return reduce_chain(c, T(c, s), W(c, s), s, k);
}

/* The same chain along a path of one-link hops. */
double cost_reduce_pipeline_path(struct pc *c)
{
    long k = coll_reduce_segments((int)c->m, 1);
    double s = ceil(c->m / (double)k);
    return reduce_chain(c, CT(c, s, 1), CW(c, s), s, k);
}
