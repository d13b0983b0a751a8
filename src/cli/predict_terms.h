/* predict_terms.h: the terms the cost formulas of `collsim predict` are written in (the
 * predict_*.c files' own shorthand, docs/predict.md).
 *
 * A point-to-point formula (PC_P2P) is written in messages: T(x) is one message of x payload
 * bytes under the model (model_message_time: Hockney a + b (x + 16), LogP L + 2o, LogGP
 * 2o + L + (x + 15) G), LAT its start-up (a, or L + 2o) and W(x) = T(x) - LAT its per-byte
 * part, the part that detached sends leaving together share on one link. A course formula
 * (PC_COURSE) counts hops: CT(x, h) = t_s + the CTR or SFR time of x bytes over h links.
 * A local reduction of x bytes costs x / R. */
#ifndef COLLSIM_PREDICT_TERMS_H
#define COLLSIM_PREDICT_TERMS_H

#include "predict.h"

static inline double T(const struct pc *c, double x)
{
    struct model_msg msg = {.bytes = x, .hops = 1};
    return model_message_time(c->model, c->mp, &msg);
}

static inline double LAT(const struct pc *c)
{
    return c->model == MODEL_HOCKNEY ? c->mp->a : c->mp->L + 2 * c->mp->o;
}

static inline double W(const struct pc *c, double x)
{
    return T(c, x) - LAT(c);
}

static inline double CT(const struct pc *c, double x, int hops)
{
    struct model_msg msg = {
        .bytes = x, .hops = hops, .route_latency = hops * c->mp->th, .route_bw = 1 / c->tb};
    return c->ts + model_message_time(c->model, c->mp, &msg);
}

/* The per-byte part of a one-hop course message: CT(x, 1) less t_s and t_h. */
static inline double CW(const struct pc *c, double x)
{
    return CT(c, x, 1) - c->ts - c->mp->th;
}

static inline int clog2(int p)
{
    int k = 0;
    while ((1 << k) < p)
        k++;
    return k;
}

static inline int flog2(int p)
{
    int k = 0;
    while ((2 << k) <= p)
        k++;
    return k;
}

static inline int pow2(int p)
{
    return p > 0 && (p & (p - 1)) == 0;
}

#endif
