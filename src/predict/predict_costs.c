/* predict_costs.c: the cost formulas of algorithms.def as functions (docs/predict.md), in the
 * terms of predict_terms.h; the pipelines' formulas are in predict_pipes.c, the multi-stream
 * topology ones in predict_grids.c, their table in predict_table.c. Each function gives NAN
 * where its formula does not hold (a case its source does not cover) and sets c->approx where
 * it is an estimate. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "choices.h"
#include "hier_rule.h"
#include "ompi_topo.h"
#include "predict.h"
#include "predict_routes.h"
#include "predict_terms.h"
#include "segments.h"

static int eager(const struct pc *c, double x)
{
    return x < c->eager;
}

/* The last of a root's n eager messages of x bytes, each w = W(x) on its one link: with no
 * spacing they leave together and share it, LAT + n w. Posted s apart (SPACING: a machine
 * profile's o_s, or g for MPI_Isend), the link is busy from the first post until every
 * payload crossed it, or from the last post on; then the latency and o_r (LAT less o_s). */
static double root_fanout(const struct pc *c, int n, double x, int isend)
{
    double s = SPACING(c, x, isend), w = W(c, x);
    if (s == 0) return LAT(c) + n * w;
    return LAT(c) - SPACING(c, x, 0) + fmax(n * s + w, s + n * w);
}

/* A step of messages of x bytes between route's pairs at distance d: on their longest route
 * (with its links' sharing on a ring or torus) where predict knows the routes. */
typedef double route_fn(const struct pc_routes *, long, long, double);
static double routed_step(struct pc *c, route_fn *route, long d, double x)
{
    return c->routes ? TR(c, x, route(c->routes, c->p, d, W(c, x))) : T(c, x);
}

/* ceil(log2 p) rounds at distance 1, 2, 4, ... of one message of x bytes and y seconds more:
 * with the fat tree's routes, each round on its longest route among route's pairs. */
static double tree_rounds(struct pc *c, route_fn *route, double x, double y)
{
    if (c->routes == NULL) return clog2(c->p) * (T(c, x) + y);
    double t = 0;
    for (long d = 1; d < c->p; d *= 2)
        t += routed_step(c, route, d, x) + y;
    return t;
}

/* ---- bcast ---- */

double cost_bcast_linear(struct pc *c)
{
    if (eager(c, c->m)) return root_fanout(c, c->p - 1, c->m, 0);
    return (c->p - 1) * T(c, c->m);
}

/* n flows of w seconds each on their own, flow i starting at lat[i] (ascending), sharing one
 * link fairly (SimGrid pays a flow's latency before it takes bandwidth): the end of flow k. */
static double fair_share_end(const double *lat, int n, double w, int k)
{
    double left[64], t = lat[0];
    if (w <= 0) return lat[k]; /* LogP: no bandwidth term */
    for (int i = 0; i < n; i++)
        left[i] = w;
    for (;;) {
        int active = 0, next = -1; /* flows started and not done; the next to start */
        double least = INFINITY;
        for (int i = 0; i < n; i++) {
            if (lat[i] <= t && left[i] > 0) active++, least = fmin(least, left[i]);
            if (lat[i] > t && next < 0) next = i;
        }
        if (active == 0) { /* a gap until the next flow starts */
            t = lat[next];
            continue;
        }
        double dt = least * active; /* until the first active flow ends */
        if (next >= 0 && lat[next] - t < dt) dt = lat[next] - t;
        for (int i = 0; i < n; i++)
            if (lat[i] <= t && left[i] > 0) {
                left[i] -= dt / active;
                if (left[i] <= 1e-15 * w) {
                    left[i] = 0;
                    if (i == k) return t + dt;
                }
            }
        t += dt;
    }
}

/* A tree's eager hop from up to its child s, up sending to its n children (kids, ascending) at
 * once with detached sends (n <= 64: a binomial rank has at most 24): they share its link. Without
 * routes they all arrive LAT + n W after up had its own (root_fanout), exact on a crossbar (with a
 * profile's o_s spacing, the last child's time: an estimate). With routes each flow starts after
 * its route's latency and the link is shared fairly among those that started (an estimate: only the
 * sender's link). */
static double eager_hop(struct pc *c, long up, long s, const long *kids, int n)
{
    if (MACHINE(c)) c->approx = 1;
    if (c->routes == NULL) return root_fanout(c, n, c->m, 0);
    c->approx = 1;
    double lat[64] = {0}, w = W(c, c->m);
    int k = 0, order[64] = {0};
    for (int i = 0; i < n; i++) { /* by latency, then in the children's order */
        double l = TR(c, c->m, route_latency(c->routes, up, kids[i])) - w;
        int j = i;
        for (; j > 0 && lat[j - 1] > l; j--)
            lat[j] = lat[j - 1], order[j] = order[j - 1];
        lat[j] = l, order[j] = i;
    }
    for (int i = 0; i < n; i++)
        if (kids[order[i]] == s) k = i;
    return fair_share_end(lat, n, w, k);
}

/* The children of shifted rank s in the binomial tree of p: s + 2^k, 2^k > s, below p, into
 * kids (at most 64); how many. */
static int binomial_children(long s, long p, long *kids)
{
    int n = 0;
    for (long k = 1; s + k < p && n < 64; k *= 2)
        if (k > s) kids[n++] = s + k;
    return n;
}

/* The eager binomial tree: shifted rank s has its message eager_hop after its parent
 * s - highbit(s) had its own; the last one ends the broadcast. */
static double binomial_eager(struct pc *c)
{
    double *r = calloc((size_t)c->p, sizeof *r), most = 0;
    if (r == NULL) return NAN;
    long kids[64];
    for (long s = 1, hb = 1; s < c->p; s++) {
        if (2 * hb <= s) hb *= 2;
        int n = binomial_children(s - hb, c->p, kids);
        r[s] = r[s - hb] + eager_hop(c, s - hb, s, kids, n);
        most = fmax(most, r[s]);
    }
    free(r);
    return most;
}

/* Round k: the shifted ranks t < 2^k to t + 2^k; eager, each rank's children at once. */
double cost_bcast_binomial(struct pc *c)
{
    if (eager(c, c->m) && c->p > 2) return binomial_eager(c);
    return tree_rounds(c, route_run, c->m, 0);
}

/* One rendezvous message of the tree from up to s: on its route where predict knows them. */
static double tree_hop(struct pc *c, long up, long s)
{
    return c->routes ? TR(c, c->m, route_latency(c->routes, up, s)) : T(c, c->m);
}

/* Shifted rank s has its message from (s-1)/2: rendezvous, after its parent's send to the left
 * child and, as a right child, its own (one or two messages); eager, eager_hop after its
 * parent had its own. Each message on its own route where predict knows them. */
double cost_bcast_binary(struct pc *c)
{
    double *w = calloc((size_t)c->p, sizeof *w), most = 0;
    if (w == NULL) return NAN;
    int detached = eager(c, c->m) && c->p > 2;
    for (long s = 1; s < c->p; s++) {
        long up = (s - 1) / 2, left = 2 * up + 1;
        long kids[2] = {left, left + 1};
        if (detached)
            w[s] = w[up] + eager_hop(c, up, s, kids, 1 + (left + 1 < c->p));
        else
            w[s] = w[up] + tree_hop(c, up, s) + (s != left ? tree_hop(c, up, left) : 0);
        most = fmax(most, w[s]);
    }
    free(w);
    if (c->routes != NULL) c->routed = 2;
    return most;
}

/* Binomial scatter of p blocks of ceil(m/p) bytes (p = 2^k: messages of m/2, m/4, ...). */
static double scatter_part(struct pc *c, double blk)
{
    double t = 0;
    for (int half = c->p / 2; half >= 1; half /= 2)
        t += routed_step(c, route_aligned, half, half * blk);
    return t;
}

/* Detached scatter messages leave the root together and share its link, and a rank that has
 * its block starts the allgather while others are still served: the sum of the parts is then
 * an estimate (8 ranks, 64 KiB on a crossbar: 15% under the simulation). */
static void sag_overlap(struct pc *c, double blk)
{
    if (c->p > 2 && eager(c, (c->p / 2) * blk)) c->approx = 1;
}

double cost_bcast_sag_ring(struct pc *c)
{
    if (!pow2(c->p)) c->approx = 1;
    double blk = ceil(c->m / c->p);
    sag_overlap(c, blk);
    return scatter_part(c, blk) + (c->p - 1) * T(c, blk);
}

double cost_bcast_sag_rd(struct pc *c)
{
    if (!pow2(c->p)) return cost_bcast_sag_ring(c); /* the algorithm runs the ring then */
    double blk = ceil(c->m / c->p), t = scatter_part(c, blk);
    sag_overlap(c, blk);
    for (int k = 1; k < c->p; k *= 2)
        t += routed_step(c, route_xor, k, k * blk);
    return t;
}

/* The chain of the def's formula, k segments of the algorithm's own size (segments.h). */
double cost_bcast_pipeline_chain(struct pc *c)
{
    if (c->p < 2) return 0;
    double seg = (double)coll_segment_size((long)c->m, c->p);
    double n = c->m > 0 ? ceil(c->m / seg) : 1;
    c->approx = 1;
    return (c->p - 2 + n) * T(c, fmin(seg, c->m));
}

/* Course: the ring broadcast, both ways, ceil(p/2) neighbour steps. */
double cost_bcast_ring(struct pc *c)
{
    return (c->p / 2 + c->p % 2) * CT(c, c->m, 1);
}

/* Recursive halving on the ring, p = 2^k: distances p/2, ..., 1, one message each. */
double cost_bcast_ring_halving(struct pc *c)
{
    if (!pow2(c->p)) return NAN;
    double t = 0;
    for (int d = c->p / 2; d >= 1; d /= 2)
        t += CT(c, c->m, d);
    return t;
}

double cost_bcast_torus(struct pc *c)
{
    double t = 0;
    for (int k = 0; k < c->topo->ndims; k++)
        t += (c->topo->dims[k] / 2 + c->topo->dims[k] % 2) * CT(c, c->m, 1);
    return t;
}

double cost_bcast_torus_halving(struct pc *c)
{
    double t = 0;
    for (int k = 0; k < c->topo->ndims; k++) {
        if (!pow2(c->topo->dims[k])) return NAN;
        for (int d = c->topo->dims[k] / 2; d >= 1; d /= 2)
            t += CT(c, c->m, d);
    }
    return t;
}

double cost_bcast_hypercube(struct pc *c)
{
    return clog2(c->p) * CT(c, c->m, 1);
}

/* ---- barrier: 0-byte messages ---- */

double cost_barrier_linear(struct pc *c)
{
    return (c->p - 1) * T(c, 0) + (c->p > 1 ? LAT(c) + (c->p - 1) * W(c, 0) : 0);
}

double cost_barrier_central(struct pc *c)
{
    return c->p > 1 ? 2 * (LAT(c) + (c->p - 1) * W(c, 0)) : 0;
}

double cost_barrier_tree(struct pc *c)
{
    c->approx = 1;
    return 2 * clog2(c->p) * T(c, 0);
}

double cost_barrier_butterfly(struct pc *c)
{
    return (pow2(c->p) ? flog2(c->p) : flog2(c->p) + 2) * T(c, 0);
}

/* Round k: every rank t to t + 2^k mod p. */
double cost_barrier_dissemination(struct pc *c)
{
    return tree_rounds(c, route_ring, 0, 0);
}

/* ---- reduce, allreduce, scan ---- */

double cost_reduce_linear(struct pc *c)
{
    return (c->p - 1) * (T(c, c->m) + c->m / c->R);
}

/* Round k: shifted rank t + 2^k to t, t a multiple of 2^(k+1). */
double cost_reduce_binomial(struct pc *c)
{
    return tree_rounds(c, route_aligned, c->m, c->m / c->R);
}

/* Recursive halving on p' = 2^floor(log2 p) ranks and its reverse (messages m/2, m/4, ...
 * twice), extra ranks folded in first with one whole-message step. */
static double halving_twice(const struct pc *c, int pp)
{
    double t = 0;
    for (int k = pp / 2; k >= 1; k /= 2)
        t += 2 * T(c, c->m * k / pp);
    return t + (pp - 1.0) / pp * c->m / c->R;
}

double cost_reduce_rabenseifner(struct pc *c)
{
    int pp = 1 << flog2(c->p);
    return halving_twice(c, pp) + (pp < c->p ? T(c, c->m) + c->m / c->R : 0);
}

/* The levels of a k-nomial tree of c->p ranks (radix coll_knomial_radix(dflt), as the
 * algorithm's) into the
 * return value and *kids, the most children a node has on one level; c->approx when the last
 * level is partial (fewer children than k-1). */
static int knomial_levels(struct pc *c, int dflt, int *kids)
{
    int k = coll_knomial_radix(dflt), rounds = 0;
    long full = 1;
    for (; full < c->p; full *= k)
        rounds++;
    if (full != c->p) c->approx = 1;
    *kids = c->p - 1 < k - 1 ? c->p - 1 : k - 1;
    return rounds;
}

double cost_reduce_knomial(struct pc *c)
{
    int kids, rounds = knomial_levels(c, 8, &kids);
    return rounds * (LAT(c) + kids * (W(c, c->m) + c->m / c->R));
}

/* 1 when Open MPI's forced segment size for coll (its parameter
 * coll_tuned_<coll>_algorithm_segmentsize) cuts c's message: its formulas cover one segment. */
static int ompi_segmented(const struct pc *c, const char *coll)
{
    char name[64];
    snprintf(name, sizeof name, "coll_tuned_%s_algorithm_segmentsize", coll);
    return coll_ompi_segcount(coll_ompi_param(name, 0), 1, (int)c->m) < (int)c->m;
}

static int ompi_bcast_segmented(const struct pc *c)
{
    return ompi_segmented(c, "bcast");
}

/* Open MPI's chain (src/coll/bcast/ompi.c): the root's F sends posted at once share its link,
 * then every chain forwards hop by hop; its longest chain has L ranks (ompi_topo.h). Exact
 * unsegmented; with Open MPI's segments a pipeline this formula does not cover (NAN). */
double cost_bcast_ompi_chain(struct pc *c)
{
    int f = (int)coll_ompi_param("coll_tuned_bcast_algorithm_chain_fanout", 4);
    if (c->p < 2) return 0;
    if (ompi_bcast_segmented(c)) return NAN;
    return root_fanout(c, ompi_topo_chains(f, c->p), c->m, 1) +
           (ompi_topo_chain_longest(f, c->p) - 1) * T(c, c->m);
}

/* Open MPI's pipeline unsegmented: one chain, p - 1 hops. */
double cost_bcast_ompi_pipeline(struct pc *c)
{
    if (ompi_bcast_segmented(c)) return NAN;
    return (c->p - 1) * T(c, c->m);
}

/* An Open MPI broadcast unsegmented over the tree `build` makes (ompi_topo.h; a parent's
 * shifted rank is below its children's): a rank's sends to its children are posted at once
 * and share its link; the time is the longest path's. */
static double ompi_tree_bcast(struct pc *c, void (*build)(int p, int rank, struct ompi_node *))
{
    if (ompi_bcast_segmented(c)) return NAN;
    double *t = calloc((size_t)c->p, sizeof *t), most = 0;
    if (t == NULL) return NAN;
    for (int s = 0; s < c->p; s++) {
        struct ompi_node n;
        build((int)c->p, s, &n);
        for (int k = 0; k < n.nchild; k++) {
            t[n.child[k]] = t[s] + root_fanout(c, n.nchild, c->m, 1);
            most = fmax(most, t[n.child[k]]);
        }
    }
    free(t);
    return most;
}

static void level_tree(int p, int rank, struct ompi_node *n)
{
    ompi_topo_tree(2, p, 0, rank, n);
}

static void bmtree(int p, int rank, struct ompi_node *n)
{
    ompi_topo_bmtree(p, 0, rank, n);
}

/* Open MPI's binary tree (build_tree, fan-out 2). */
double cost_bcast_ompi_bintree(struct pc *c)
{
    return ompi_tree_bcast(c, level_tree);
}

/* Open MPI's binomial tree (build_bmtree). */
double cost_bcast_ompi_binomial(struct pc *c)
{
    return ompi_tree_bcast(c, bmtree);
}

/* Open MPI's basic_linear: the root's p - 1 sends posted at once share its link. */
double cost_bcast_ompi_linear(struct pc *c)
{
    return root_fanout(c, (int)c->p - 1, c->m, 1);
}

/* Open MPI's reduce pipeline unsegmented (src/coll/reduce/ompi.c): a rank waits for its
 * successor's part, combines it and sends on, p - 1 hops. */
double cost_reduce_ompi_pipeline(struct pc *c)
{
    if (ompi_segmented(c, "reduce")) return NAN;
    return (c->p - 1) * (T(c, c->m) + c->m / c->R);
}

/* A node j levels above the leaves posts its (k-1) j children at once (MPI_Isend): they share
 * its link. The last leaf is reached through one such node per level. */
double cost_bcast_knomial(struct pc *c)
{
    int kids, rounds = knomial_levels(c, 4, &kids);
    double t = 0;
    for (int j = rounds; j >= 1; j--)
        t += root_fanout(c, kids * j, c->m, 1);
    return t;
}

/* One direct exchange of p-1 blocks of m/p each way (each rank's link carries its p-1). */
static double direct_step(const struct pc *c)
{
    return c->p > 1 ? LAT(c) + (c->p - 1) * W(c, c->m / c->p) : 0;
}

double cost_reduce_direct(struct pc *c)
{
    if (fmod(c->m, c->p) != 0) c->approx = 1;
    return 2 * direct_step(c) + (c->p - 1.0) / c->p * c->m / c->R;
}

double cost_allreduce_reduce_bcast(struct pc *c)
{
    if (eager(c, c->m) && c->p > 2) c->approx = 1; /* as bcast_binomial */
    return clog2(c->p) * (2 * T(c, c->m) + c->m / c->R);
}

/* Partners t XOR 2^k; with routes and a p no power of two, whose new ranks are not the ranks,
 * every step on the longest route from rank 0 (approx). */
double cost_allreduce_recursive_doubling(struct pc *c)
{
    int pp = 1 << flog2(c->p);
    if (pp == c->p) return tree_rounds(c, route_xor, c->m, c->m / c->R);
    if (c->routes != NULL) c->approx = 1;
    double x = c->routes ? TR(c, c->m, route_farthest(c->routes, c->p)) : T(c, c->m);
    return flog2(c->p) * (x + c->m / c->R) + 2 * x + c->m / c->R;
}

double cost_allreduce_ring(struct pc *c)
{
    if (fmod(c->m, c->p) != 0) c->approx = 1;
    double blk = c->m / c->p;
    return (c->p - 1) * (2 * T(c, blk) + blk / c->R);
}

/* Open MPI's Rabenseifner reduce to root 0: the halving and the gather on p' ranks, after the
 * fold's two half-vector messages and one combine of a half when p is not a power of two. */
double cost_reduce_ompi_rabenseifner(struct pc *c)
{
    int pp = 1;
    while (pp <= c->p / 2)
        pp *= 2;
    if (c->p < 2) return 0;
    if (fmod(c->m, 2 * pp) != 0) c->approx = 1;
    double t = halving_twice(c, pp);
    if (pp != c->p) t += 2 * T(c, c->m / 2) + c->m / 2 / c->R;
    return t;
}

/* Open MPI's Rabenseifner all-reduce (src/coll/allreduce/ompi_rabenseifner.c): its reduce's
 * fold, halving and doubling (the gather's messages are the allgather's, each a sendrecv),
 * and with extra ranks the whole result sent to each folded one after. */
double cost_allreduce_ompi_rabenseifner(struct pc *c)
{
    double t = cost_reduce_ompi_rabenseifner(c);
    return c->p >= 2 && (c->p & (c->p - 1)) != 0 ? t + T(c, c->m) : t;
}

/* Open MPI's basic_linear: its linear reduce to rank 0, then its linear broadcast. */
double cost_allreduce_ompi_linear(struct pc *c)
{
    return cost_reduce_linear(c) + cost_bcast_ompi_linear(c);
}

/* Open MPI's ring: the ring's steps, or recursive doubling below p elements (bytes). */
double cost_allreduce_ompi_ring(struct pc *c)
{
    return c->m < c->p ? cost_allreduce_recursive_doubling(c) : cost_allreduce_ring(c);
}

double cost_allreduce_rabenseifner(struct pc *c)
{
    if (!pow2(c->p)) return NAN;
    c->approx = 1; /* log2 p parts on rotated orders: messages of m/(p log2 p) and up */
    return halving_twice(c, c->p);
}

double cost_allreduce_direct(struct pc *c)
{
    if (coll_direct_parts(c->m) > 1) c->approx = 1; /* the formula is K = 1's */
    return cost_reduce_direct(c);
}

double cost_allreduce_hypercube(struct pc *c)
{
    int d = clog2(c->p);
    c->approx = 1;
    double t = 0;
    for (int k = c->p / 2; k >= 1; k /= 2)
        t += 2 * CT(c, c->m / d * k / c->p, 1);
    return t + (c->p - 1.0) / c->p * c->m / c->R;
}

double cost_scan_linear(struct pc *c)
{
    return cost_reduce_linear(c);
}

double cost_scan_recursive_doubling(struct pc *c)
{
    return cost_reduce_binomial(c);
}

/* ---- gather, scatter ---- */

/* Gather: with a profile, the root's receive overheads come one after another (approx). */
double cost_gs_linear(struct pc *c)
{
    if (MACHINE(c)) c->approx = 1;
    return c->p > 1 ? LAT(c) + (c->p - 1) * W(c, c->m) : 0;
}

/* Open MPI's basic_linear gather: the root's blocking receives, one message at a time. */
double cost_gather_ompi_linear(struct pc *c)
{
    return (c->p - 1) * T(c, c->m);
}

/* The root's MPI_Isends: with a profile, they leave g apart. */
double cost_scatter_linear(struct pc *c)
{
    return c->p > 1 ? root_fanout(c, c->p - 1, c->m, 1) : 0;
}

/* Steps k = 1, 2, 4, ... < p of k blocks, each between route's pairs at distance k. */
static double doubling(struct pc *c, route_fn *route)
{
    double t = 0;
    for (int k = 1; k < c->p; k *= 2)
        t += routed_step(c, route, k, k * c->m);
    return t;
}

/* Binomial: step k moves a subtree of k blocks (p = 2^k) between shifted ranks t and t + k,
 * t a multiple of 2k. */
double cost_gs_binomial(struct pc *c)
{
    if (!pow2(c->p)) c->approx = 1;
    return doubling(c, route_aligned);
}

/* The root's first messages are eager below the threshold and leave together. */
/* The root's last messages (2m, then m) are the first to be detached when m is small: two or
 * more of them leave together and share its link (1024 ranks of 1000 B on a crossbar: 9%
 * over the sum). */
double cost_scatter_binomial(struct pc *c)
{
    if (c->p > 2 && eager(c, 2 * c->m)) c->approx = 1;
    return cost_gs_binomial(c);
}

double cost_gs_ring(struct pc *c)
{
    return c->p / 2 * CT(c, c->m, 1);
}

/* Along dimension k, floor(a_k/2) steps of the blocks gathered so far, prod_{j<k} a_j. */
double cost_gs_torus(struct pc *c)
{
    double t = 0, blocks = 1;
    for (int k = 0; k < c->topo->ndims; k++) {
        t += c->topo->dims[k] / 2 * CT(c, blocks * c->m, 1);
        blocks *= c->topo->dims[k];
    }
    return t;
}

double cost_gs_hypercube(struct pc *c)
{
    double t = 0;
    for (int k = 1; k < c->p; k *= 2)
        t += CT(c, k * c->m, 1);
    return t;
}

/* ---- allgather ---- */

double cost_allgather_ring(struct pc *c)
{
    return (c->p - 1) * T(c, c->m);
}

/* Both ways at once: each of floor(p/2) steps sends a block each way over the rank's one link,
 * LAT + 2 W(m); for even p the last step sends the opposite block's two halves. */
double cost_allgather_ring_bidir(struct pc *c)
{
    double half = floor(c->m / 2), t = 0;
    for (int s = 1; s <= c->p / 2; s++)
        t += c->p % 2 == 0 && s == c->p / 2 ? LAT(c) + W(c, half) + W(c, c->m - half)
                                            : LAT(c) + 2 * W(c, c->m);
    return t;
}

double cost_allgather_rd(struct pc *c)
{
    if (!pow2(c->p)) return NAN;
    return doubling(c, route_xor);
}

/* hier with one rank per node (hier_rule.h): recursive doubling or the ring */
double cost_allgather_hier(struct pc *c)
{
    return hier_allgather_rd(c->m * c->p, c->p, (double)coll_hier_large()) ? cost_allgather_rd(c)
                                                                           : cost_allgather_ring(c);
}

/* Bruck: step k sends min(2^k, p - 2^k) blocks. */
double cost_allgather_bruck(struct pc *c)
{
    double t = 0;
    for (int k = 1; k < c->p; k *= 2)
        t += T(c, (k < c->p - k ? k : c->p - k) * c->m);
    return t;
}

double cost_allgather_neighbor_exchange(struct pc *c)
{
    if (c->p % 2) return cost_allgather_ring(c);
    return T(c, c->m) + (c->p / 2 - 1) * T(c, 2 * c->m);
}

double cost_allgather_direct(struct pc *c)
{
    c->approx = 1;
    return cost_gs_linear(c);
}

double cost_allgather_torus(struct pc *c)
{
    double t = 0, blocks = 1;
    for (int k = 0; k < c->topo->ndims; k++) {
        t += (c->topo->dims[k] - 1) * CT(c, blocks * c->m, 1);
        blocks *= c->topo->dims[k];
    }
    return t;
}

double cost_allgather_hypercube(struct pc *c)
{
    return cost_gs_hypercube(c);
}

/* ---- alltoall ---- */

double cost_alltoall_linear(struct pc *c)
{
    c->approx = 1;
    return cost_gs_linear(c);
}

double cost_alltoall_pairwise(struct pc *c)
{
    return (c->p - 1) * T(c, c->m);
}

/* Bruck: step k sends the slots j < p with bit k set. */
double cost_alltoall_bruck(struct pc *c)
{
    double t = 0;
    for (int k = 1; k < c->p; k *= 2) {
        int n = 0;
        for (int j = 0; j < c->p; j++)
            n += (j & k) != 0;
        t += T(c, n * c->m);
    }
    c->approx = 1;
    return t;
}

double cost_alltoall_hypercube(struct pc *c)
{
    return clog2(c->p) * CT(c, c->p / 2 * c->m, 1);
}

/* ---- qshift ---- */

double cost_qshift_direct(struct pc *c)
{
    return c->p > 1 && c->q % c->p ? T(c, c->m) : 0;
}

double cost_qshift_ring(struct pc *c)
{
    int q = c->q % c->p, steps = q < c->p - q ? q : c->p - q;
    return steps * CT(c, c->m, 1);
}

/* e-cube: one neighbour step per dimension where rank and rank + q differ, at most
 * log2 p - gamma(q); the course's count. */
double cost_qshift_hypercube(struct pc *c)
{
    int q = c->q % c->p, g = 0;
    if (q == 0) return 0;
    while (!(q >> g & 1))
        g++;
    return (clog2(c->p) - g) * CT(c, c->m, 1);
}

/* The hierarchical algorithms (src/coll/hier/hier.h) with one rank per node, where they are
 * their flat counterparts; they switch forms as hier_rule.h says. predict knows one class of
 * link, so these say nothing of several ranks per node. */
double cost_bcast_hier(struct pc *c)
{
    return hier_bcast_large(c->m, c->p, (double)coll_hier_large()) ? cost_bcast_sag_ring(c)
                                                                   : cost_bcast_binomial(c);
}

double cost_allreduce_hier(struct pc *c)
{
    return hier_allreduce_large(c->m, c->m, c->p, (double)coll_hier_large())
               ? cost_allreduce_ring(c)
               : cost_allreduce_recursive_doubling(c);
}
