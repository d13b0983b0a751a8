/* predict_grids.c: the cost formulas of the topology algorithms that run several streams at
 * once or a dimension at a time (docs/predict.md), in the course's terms of predict_terms.h:
 * the all-reduces on the torus and round Hamiltonian cycles, the multi-stream allgathers, the
 * torus all-to-all and q-shift. */
#include <math.h>
#include <stdlib.h>

#include "cycles.h"
#include "predict.h"
#include "predict_terms.h"
#include "segments.h"

/* k messages of x bytes each over one link at once: CT of their bytes, envelopes included. */
static double CTk(const struct pc *c, double x, int k)
{
    return CT(c, k * (x + c->mp->envelope) - c->mp->envelope, 1);
}

/* ---- allreduce ---- */

/* Channel ch of the torus all-reduce: ring reduce-scatters along the dimensions from ch/2 on,
 * then the allgathers back, (a - 1) one-hop steps of a block of the range left each (a side
 * of 2 gives the dimension's two channels one neighbour, whose link they share). */
static double torus_channel(const struct pc *c, int ch, int nch)
{
    const struct coll_topo *t = c->topo;
    long m = (long)c->m;
    double r = (double)(m * (ch + 1) / nch - m * ch / nch), time = 0;
    for (int s = 0; s < t->ndims; s++) {
        int a = t->dims[(ch / 2 + s) % t->ndims];
        double blk = ceil(r / a);
        if (blk > 0) time += 2 * (a - 1) * CTk(c, blk, a == 2 ? 2 : 1);
        r = blk;
    }
    return time;
}

/* 2 nd channels on different link directions, plus every combine of a rank, (p-1)/p m/R, as
 * if none overlapped a transfer: an upper estimate (docs/predict.md says by how much). */
double cost_allreduce_torus(struct pc *c)
{
    int nch = 2 * c->topo->ndims;
    double most = 0;
    if (c->m <= 0) return 0; /* every block empty: nothing is sent */
    for (int ch = 0; ch < nch; ch++)
        most = fmax(most, torus_channel(c, ch, nch));
    c->approx = 1;
    return most + (c->p - 1.0) / c->p * c->m / c->R;
}

/* d cycles, each carrying COLL_ALLREDUCE_CHANNELS / d channels over its links at once: 2 (p-1)
 * steps of that many blocks of m / (8 p), plus the combining as if it overlapped nothing: an
 * upper estimate. */
double cost_allreduce_multiring(struct pc *c)
{
    int *cyc = malloc((size_t)4 * c->p * sizeof *cyc);
    int d = cyc ? coll_cycles(c->topo, c->p, cyc) : 0;
    free(cyc);
    if (d == 0) return NAN;
    if (c->m <= 0) return 0;
    double blk = ceil(c->m / COLL_ALLREDUCE_CHANNELS / c->p);
    c->approx = 1;
    return 2 * (c->p - 1) * CTk(c, blk, COLL_ALLREDUCE_CHANNELS / d) +
           (c->p - 1.0) / c->p * c->m / c->R;
}

/* ---- allgather ---- */

/* The allgather grid's streams (allgather/grid.c): one per dimension, and as many again the
 * other way round when a side exceeds 2; stream i starts with dimension i mod nd and carries
 * [m i / S, m (i+1) / S) of every block. Phase k: a ring allgather along each stream's k-th
 * dimension, of the blocks gathered so far (the product of the sides before), the streams in
 * lock step; a step lasts as long as its largest message. The streams' links differ, except
 * that a side of 2 on a wider torus gives the two streams of that dimension one neighbour,
 * whose link they share. */
static double grid_allgather(struct pc *c)
{
    const struct coll_topo *t = c->topo;
    int nd = t->kind == NEED_HYPERCUBE ? t->dims[0] : t->ndims, wide = 0, size[32];
    if (nd < 1 || nd > 32) return NAN;
    for (int k = 0; k < nd; k++) {
        size[k] = t->kind == NEED_HYPERCUBE ? 2 : t->dims[k];
        wide |= size[k] > 2;
    }
    int S = nd * (wide ? 2 : 1);
    long m = (long)c->m;
    double time = 0;
    for (int k = 0; k < nd; k++) {
        int steps = 0;
        for (int i = 0; i < S; i++)
            steps = size[(i % nd + k) % nd] > steps ? size[(i % nd + k) % nd] : steps;
        for (int s = 1; s < steps; s++) {
            double most = 0;
            for (int i = 0; i < S; i++) {
                double group = 1, len = (double)(m * (i + 1) / S - m * i / S);
                if (s >= size[(i % nd + k) % nd]) continue;
                for (int j = 0; j < k; j++)
                    group *= size[(i % nd + j) % nd];
                /* a side of 2: the two streams of the dimension go to the one neighbour */
                most =
                    fmax(most, CTk(c, group * len, wide && size[(i % nd + k) % nd] == 2 ? 2 : 1));
            }
            time += most;
        }
    }
    return time;
}

double cost_allgather_torus_multi(struct pc *c)
{
    return grid_allgather(c);
}

double cost_allgather_hypercube_multi(struct pc *c)
{
    return grid_allgather(c);
}

/* ---- alltoall ---- */

/* One phase per dimension of side n: every rank sends each other rank of its line one
 * message of p/n blocks at once, the short way round (up to n/2 hops). The busiest link
 * direction carries, of the messages of distance d = 1 .. n/2 (ties taken one way), d each:
 * sum d messages' bytes under cut-through, sum d^2 under store-and-forward (a flow of d links
 * is held to 1/d of a link). An upper estimate: the short messages' latencies end sooner. */
double cost_alltoall_torus(struct pc *c)
{
    const struct coll_topo *t = c->topo;
    double time = 0, env = c->mp->envelope;
    for (int k = 0; k < t->ndims; k++) {
        int n = t->dims[k], far = n / 2;
        double load = 0, x = c->m * (c->p / n);
        for (int d = 1; d <= far; d++)
            load += c->model == MODEL_SFR ? d * d : d;
        time += c->ts + far * c->mp->th + load * (x + env) * c->tb;
    }
    c->approx = 1;
    return time;
}

/* ---- qshift ---- */

/* Store-and-forward steps of the whole block, one hop each (CT(m, 1)): along each dimension
 * the short way round to its digit of q, plus one compensating step in every dimension after
 * the first whose lower digits of q are not all 0 (the blocks that wrapped; the rank with
 * coordinates 0 takes every such step). */
double cost_qshift_torus(struct pc *c)
{
    const struct coll_topo *t = c->topo;
    int q = ((c->q % c->p) + c->p) % c->p, steps = 0, stride = 1;
    if (q == 0) return 0;
    for (int k = 0; k < t->ndims; k++) {
        int a = t->dims[k], digit = q / stride % a;
        steps += (digit < a - digit ? digit : a - digit) + (k > 0 && q % stride != 0);
        stride *= a;
    }
    return steps * CT(c, c->m, 1);
}
