/* predict_costs.c: the cost formulas of algorithms.def as functions (docs/predict.md).
 *
 * A point-to-point formula (PC_P2P) is written in messages: T(x) is one message of x payload
 * bytes under the model (model_message_time: Hockney a + b (x + 16), LogP L + 2o, LogGP
 * 2o + L + (x + 15) G), LAT its start-up (a, or L + 2o) and W(x) = T(x) - LAT its per-byte
 * part, the part that detached sends leaving together share on one link. A course formula
 * (PC_COURSE) counts hops: CT(x, h) = t_s + the CTR or SFR time of x bytes over h links.
 * A local reduction of x bytes costs x / R. Each function gives NAN where its formula does
 * not hold (a case its source does not cover) and sets c->approx where it is an estimate. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "predict.h"

static double T(const struct pc *c, double x)
{
    struct model_msg msg = {.bytes = x, .hops = 1};
    return model_message_time(c->model, c->mp, &msg);
}

static double LAT(const struct pc *c)
{
    return c->model == MODEL_HOCKNEY ? c->mp->a : c->mp->L + 2 * c->mp->o;
}

static double W(const struct pc *c, double x)
{
    return T(c, x) - LAT(c);
}

static double CT(const struct pc *c, double x, int hops)
{
    struct model_msg msg = {
        .bytes = x, .hops = hops, .route_latency = hops * c->mp->th, .route_bw = 1 / c->tb};
    return c->ts + model_message_time(c->model, c->mp, &msg);
}

static int clog2(int p)
{
    int k = 0;
    while ((1 << k) < p)
        k++;
    return k;
}

static int flog2(int p)
{
    int k = 0;
    while ((2 << k) <= p)
        k++;
    return k;
}

static int pow2(int p)
{
    return p > 0 && (p & (p - 1)) == 0;
}

static int eager(const struct pc *c, double x)
{
    return x < c->eager;
}

/* ---- bcast ---- */

static double bcast_linear(struct pc *c)
{
    if (eager(c, c->m)) return LAT(c) + (c->p - 1) * W(c, c->m);
    return (c->p - 1) * T(c, c->m);
}

static double bcast_binomial(struct pc *c)
{
    if (eager(c, c->m) && c->p > 2) c->approx = 1; /* the root's detached sends overlap */
    return clog2(c->p) * T(c, c->m);
}

/* Shifted rank s is served after its parent: 1 message later as a left child, 2 as right. */
static double bcast_binary(struct pc *c)
{
    int *w = calloc((size_t)c->p, sizeof *w), most = 0;
    if (w == NULL) return NAN;
    for (int s = 1; s < c->p; s++) {
        w[s] = w[(s - 1) / 2] + (s % 2 ? 1 : 2);
        if (w[s] > most) most = w[s];
    }
    free(w);
    if (eager(c, c->m) && c->p > 2) c->approx = 1;
    return most * T(c, c->m);
}

/* Binomial scatter of p blocks of ceil(m/p) bytes (p = 2^k: messages of m/2, m/4, ...). */
static double scatter_part(const struct pc *c, double blk)
{
    double t = 0;
    for (int half = c->p / 2; half >= 1; half /= 2)
        t += T(c, half * blk);
    return t;
}

static double bcast_sag_ring(struct pc *c)
{
    if (!pow2(c->p)) c->approx = 1;
    double blk = ceil(c->m / c->p);
    return scatter_part(c, blk) + (c->p - 1) * T(c, blk);
}

static double bcast_sag_rd(struct pc *c)
{
    if (!pow2(c->p)) return bcast_sag_ring(c); /* the algorithm runs the ring then */
    double blk = ceil(c->m / c->p), t = scatter_part(c, blk);
    for (int k = 1; k < c->p; k *= 2)
        t += T(c, k * blk);
    return t;
}

/* The chain of the def's formula, k segments of the algorithm's own size (pipeline.c's rule:
 * k* = sqrt((p-2) m b / a) with its defaults a = 1 us, b = 0.1 ns/B, segments >= 1 KiB). */
static double bcast_pipeline_chain(struct pc *c)
{
    if (c->p < 2) return 0;
    double fill = c->p > 2 ? c->p - 2 : 0, k = fill > 0 ? sqrt(fill * c->m * 1e-10 / 1e-6) : 1;
    double seg = k > 1 ? ceil(c->m / k) : c->m;
    if (seg < 1024) seg = 1024;
    if (seg > c->m) seg = c->m;
    double n = seg > 0 ? ceil(c->m / seg) : 1;
    c->approx = 1;
    return (c->p - 2 + n) * T(c, seg);
}

/* Course: the ring broadcast, both ways, ceil(p/2) neighbour steps. */
static double bcast_ring(struct pc *c)
{
    return (c->p / 2 + c->p % 2) * CT(c, c->m, 1);
}

/* Recursive halving on the ring, p = 2^k: distances p/2, ..., 1, one message each. */
static double bcast_ring_halving(struct pc *c)
{
    if (!pow2(c->p)) return NAN;
    double t = 0;
    for (int d = c->p / 2; d >= 1; d /= 2)
        t += CT(c, c->m, d);
    return t;
}

static double bcast_torus(struct pc *c)
{
    double t = 0;
    for (int k = 0; k < c->topo->ndims; k++)
        t += (c->topo->dims[k] / 2 + c->topo->dims[k] % 2) * CT(c, c->m, 1);
    return t;
}

static double bcast_torus_halving(struct pc *c)
{
    double t = 0;
    for (int k = 0; k < c->topo->ndims; k++) {
        if (!pow2(c->topo->dims[k])) return NAN;
        for (int d = c->topo->dims[k] / 2; d >= 1; d /= 2)
            t += CT(c, c->m, d);
    }
    return t;
}

static double bcast_hypercube(struct pc *c)
{
    return clog2(c->p) * CT(c, c->m, 1);
}

/* ---- barrier: 0-byte messages ---- */

static double barrier_linear(struct pc *c)
{
    return (c->p - 1) * T(c, 0) + (c->p > 1 ? LAT(c) + (c->p - 1) * W(c, 0) : 0);
}

static double barrier_central(struct pc *c)
{
    return c->p > 1 ? 2 * (LAT(c) + (c->p - 1) * W(c, 0)) : 0;
}

static double barrier_tree(struct pc *c)
{
    c->approx = 1;
    return 2 * clog2(c->p) * T(c, 0);
}

static double barrier_butterfly(struct pc *c)
{
    return (pow2(c->p) ? flog2(c->p) : flog2(c->p) + 2) * T(c, 0);
}

static double barrier_dissemination(struct pc *c)
{
    return clog2(c->p) * T(c, 0);
}

/* ---- reduce, allreduce, scan ---- */

static double reduce_linear(struct pc *c)
{
    return (c->p - 1) * (T(c, c->m) + c->m / c->R);
}

static double reduce_binomial(struct pc *c)
{
    return clog2(c->p) * (T(c, c->m) + c->m / c->R);
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

static double reduce_rabenseifner(struct pc *c)
{
    int pp = 1 << flog2(c->p);
    return halving_twice(c, pp) + (pp < c->p ? T(c, c->m) + c->m / c->R : 0);
}

static double reduce_knomial(struct pc *c)
{
    const char *v = getenv("COLLSIM_RADIX");
    int k = v != NULL && atoi(v) >= 2 ? atoi(v) : 8, rounds = 0;
    for (long span = 1; span < c->p; span *= k)
        rounds++;
    long full = 1;
    for (int j = 0; j < rounds; j++)
        full *= k;
    if (full != c->p) c->approx = 1; /* a partial last round: fewer children than k-1 */
    int kids = c->p - 1 < k - 1 ? c->p - 1 : k - 1;
    return rounds * (LAT(c) + kids * (W(c, c->m) + c->m / c->R));
}

/* One direct exchange of p-1 blocks of m/p each way (each rank's link carries its p-1). */
static double direct_step(const struct pc *c)
{
    return c->p > 1 ? LAT(c) + (c->p - 1) * W(c, c->m / c->p) : 0;
}

static double reduce_direct(struct pc *c)
{
    if (fmod(c->m, c->p) != 0) c->approx = 1;
    return 2 * direct_step(c) + (c->p - 1.0) / c->p * c->m / c->R;
}

static double allreduce_reduce_bcast(struct pc *c)
{
    if (eager(c, c->m) && c->p > 2) c->approx = 1; /* as bcast_binomial */
    return clog2(c->p) * (2 * T(c, c->m) + c->m / c->R);
}

static double allreduce_recursive_doubling(struct pc *c)
{
    int pp = 1 << flog2(c->p);
    double t = flog2(c->p) * (T(c, c->m) + c->m / c->R);
    return t + (pp < c->p ? 2 * T(c, c->m) + c->m / c->R : 0);
}

static double allreduce_ring(struct pc *c)
{
    if (fmod(c->m, c->p) != 0) c->approx = 1;
    double blk = c->m / c->p;
    return (c->p - 1) * (2 * T(c, blk) + blk / c->R);
}

static double allreduce_rabenseifner(struct pc *c)
{
    if (!pow2(c->p)) return NAN;
    c->approx = 1; /* log2 p parts on rotated orders: messages of m/(p log2 p) and up */
    return halving_twice(c, c->p);
}

static double allreduce_direct(struct pc *c)
{
    return reduce_direct(c);
}

static double allreduce_hypercube(struct pc *c)
{
    int d = clog2(c->p);
    c->approx = 1;
    double t = 0;
    for (int k = c->p / 2; k >= 1; k /= 2)
        t += 2 * CT(c, c->m / d * k / c->p, 1);
    return t + (c->p - 1.0) / c->p * c->m / c->R;
}

static double scan_linear(struct pc *c)
{
    return reduce_linear(c);
}

static double scan_recursive_doubling(struct pc *c)
{
    return reduce_binomial(c);
}

/* ---- gather, scatter ---- */

static double gs_linear(struct pc *c)
{
    return c->p > 1 ? LAT(c) + (c->p - 1) * W(c, c->m) : 0;
}

/* Binomial: step k moves a subtree of 2^k blocks (p = 2^k). */
static double gs_binomial(struct pc *c)
{
    if (!pow2(c->p)) c->approx = 1;
    double t = 0;
    for (int k = 1; k < c->p; k *= 2)
        t += T(c, k * c->m);
    return t;
}

/* The root's first messages are eager below the threshold and leave together. */
static double scatter_binomial(struct pc *c)
{
    if (eager(c, c->m * (c->p / 2))) c->approx = 1;
    return gs_binomial(c);
}

static double gs_ring(struct pc *c)
{
    return c->p / 2 * CT(c, c->m, 1);
}

/* Along dimension k, floor(a_k/2) steps of the blocks gathered so far, prod_{j<k} a_j. */
static double gs_torus(struct pc *c)
{
    double t = 0, blocks = 1;
    for (int k = 0; k < c->topo->ndims; k++) {
        t += c->topo->dims[k] / 2 * CT(c, blocks * c->m, 1);
        blocks *= c->topo->dims[k];
    }
    return t;
}

static double gs_hypercube(struct pc *c)
{
    double t = 0;
    for (int k = 1; k < c->p; k *= 2)
        t += CT(c, k * c->m, 1);
    return t;
}

/* ---- allgather ---- */

static double allgather_ring(struct pc *c)
{
    return (c->p - 1) * T(c, c->m);
}

static double allgather_rd(struct pc *c)
{
    if (!pow2(c->p)) return NAN;
    return gs_binomial(c);
}

/* Bruck: step k sends min(2^k, p - 2^k) blocks. */
static double allgather_bruck(struct pc *c)
{
    double t = 0;
    for (int k = 1; k < c->p; k *= 2)
        t += T(c, (k < c->p - k ? k : c->p - k) * c->m);
    return t;
}

static double allgather_neighbor_exchange(struct pc *c)
{
    if (c->p % 2) return allgather_ring(c);
    return T(c, c->m) + (c->p / 2 - 1) * T(c, 2 * c->m);
}

static double allgather_direct(struct pc *c)
{
    c->approx = 1;
    return gs_linear(c);
}

static double allgather_torus(struct pc *c)
{
    double t = 0, blocks = 1;
    for (int k = 0; k < c->topo->ndims; k++) {
        t += (c->topo->dims[k] - 1) * CT(c, blocks * c->m, 1);
        blocks *= c->topo->dims[k];
    }
    return t;
}

static double allgather_hypercube(struct pc *c)
{
    return gs_hypercube(c);
}

/* ---- alltoall ---- */

static double alltoall_linear(struct pc *c)
{
    c->approx = 1;
    return gs_linear(c);
}

static double alltoall_pairwise(struct pc *c)
{
    return (c->p - 1) * T(c, c->m);
}

/* Bruck: step k sends the slots j < p with bit k set. */
static double alltoall_bruck(struct pc *c)
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

static double alltoall_hypercube(struct pc *c)
{
    return clog2(c->p) * CT(c, c->p / 2 * c->m, 1);
}

/* ---- qshift ---- */

static double qshift_direct(struct pc *c)
{
    return c->p > 1 && c->q % c->p ? T(c, c->m) : 0;
}

static double qshift_ring(struct pc *c)
{
    int q = c->q % c->p, steps = q < c->p - q ? q : c->p - q;
    return steps * CT(c, c->m, 1);
}

/* e-cube: one neighbour step per dimension where rank and rank + q differ, at most
 * log2 p - gamma(q); the course's count. */
static double qshift_hypercube(struct pc *c)
{
    int q = c->q % c->p, g = 0;
    if (q == 0) return 0;
    while (!(q >> g & 1))
        g++;
    return (clog2(c->p) - g) * CT(c, c->m, 1);
}

#define P2P(coll, name, fn)                                                                        \
    {                                                                                              \
        COLL_##coll, #name, PC_P2P, fn                                                             \
    }
#define COURSE(coll, name, fn)                                                                     \
    {                                                                                              \
        COLL_##coll, #name, PC_COURSE, fn                                                          \
    }

static const struct predict_cost costs[] = {
    P2P(bcast, linear, bcast_linear),
    P2P(bcast, binomial, bcast_binomial),
    P2P(bcast, binary, bcast_binary),
    P2P(bcast, pipeline_chain, bcast_pipeline_chain),
    P2P(bcast, scatter_allgather_ring, bcast_sag_ring),
    P2P(bcast, scatter_allgather_rd, bcast_sag_rd),
    COURSE(bcast, ring, bcast_ring),
    COURSE(bcast, ring_halving, bcast_ring_halving),
    COURSE(bcast, torus, bcast_torus),
    COURSE(bcast, torus_halving, bcast_torus_halving),
    COURSE(bcast, hypercube, bcast_hypercube),
    P2P(barrier, linear, barrier_linear),
    P2P(barrier, central, barrier_central),
    P2P(barrier, tree, barrier_tree),
    P2P(barrier, butterfly, barrier_butterfly),
    P2P(barrier, dissemination, barrier_dissemination),
    P2P(reduce, linear, reduce_linear),
    P2P(reduce, binomial, reduce_binomial),
    P2P(reduce, rabenseifner, reduce_rabenseifner),
    P2P(reduce, knomial, reduce_knomial),
    P2P(reduce, direct, reduce_direct),
    P2P(allreduce, reduce_bcast, allreduce_reduce_bcast),
    P2P(allreduce, recursive_doubling, allreduce_recursive_doubling),
    P2P(allreduce, ring, allreduce_ring),
    P2P(allreduce, rabenseifner, allreduce_rabenseifner),
    P2P(allreduce, direct, allreduce_direct),
    COURSE(allreduce, hypercube, allreduce_hypercube),
    P2P(gather, linear, gs_linear),
    P2P(gather, binomial, gs_binomial),
    COURSE(gather, ring, gs_ring),
    COURSE(gather, torus, gs_torus),
    COURSE(gather, hypercube, gs_hypercube),
    P2P(scatter, linear, gs_linear),
    P2P(scatter, binomial, scatter_binomial),
    COURSE(scatter, ring, gs_ring),
    COURSE(scatter, torus, gs_torus),
    COURSE(scatter, hypercube, gs_hypercube),
    P2P(allgather, ring, allgather_ring),
    P2P(allgather, recursive_doubling, allgather_rd),
    P2P(allgather, bruck, allgather_bruck),
    P2P(allgather, neighbor_exchange, allgather_neighbor_exchange),
    P2P(allgather, direct, allgather_direct),
    COURSE(allgather, torus, allgather_torus),
    COURSE(allgather, hypercube, allgather_hypercube),
    P2P(alltoall, linear, alltoall_linear),
    P2P(alltoall, pairwise, alltoall_pairwise),
    P2P(alltoall, bruck, alltoall_bruck),
    COURSE(alltoall, hypercube, alltoall_hypercube),
    P2P(qshift, direct, qshift_direct),
    COURSE(qshift, ring, qshift_ring),
    COURSE(qshift, hypercube, qshift_hypercube),
    P2P(scan, linear, scan_linear),
    P2P(scan, recursive_doubling, scan_recursive_doubling),
};

const struct predict_cost *predict_cost_find(enum coll_id coll, const char *name)
{
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++)
        if (costs[i].coll == coll && strcmp(costs[i].name, name) == 0) return &costs[i];
    return NULL;
}
