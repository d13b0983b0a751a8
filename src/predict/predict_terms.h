/* predict_terms.h: the terms the cost formulas of `collsim predict` are written in (the
 * predict_*.c files' own shorthand, docs/predict.md).
 *
 * A point-to-point formula (PC_P2P) is written in messages: T(x) is one message of x payload
 * bytes under the model (model_message_time: Hockney a + b (x + 16), LogP L + 2o, LogGP
 * 2o + L + (x + 15) G), LAT its start-up (a, or L + 2o) and W(x) = T(x) - LAT its per-byte
 * part, the part that detached sends leaving together share on one link. A course formula
 * (PC_COURSE) counts hops: CT(x, h) = t_s + the CTR or SFR time of x bytes over h links.
 * A local reduction of x bytes costs x / R.
 *
 * With a machine profile (--machine), LogP and LogGP charge each message its o_s, o_r and
 * factors as the run does (model_message_time with model_params.mc, every message between
 * two nodes): LAT is then o_s + L + o_r at the call's size, and SPACING how far apart a
 * root's eager sends leave (its send overhead, or its gap for MPI_Isend). */
#ifndef COLLSIM_PREDICT_TERMS_H
#define COLLSIM_PREDICT_TERMS_H

#include <math.h>
#include <stdint.h>

#include "machine.h"
#include "predict.h"

static inline double T(const struct pc *c, double x)
{
    struct model_msg msg = {
        .bytes = x, .hops = 1, .route_latency = c->mp->L, .route_bw = 1 / c->mp->G, .cls = c->cls};
    return model_message_time(c->model, c->mp, &msg);
}

/* 1 when the model charges the machine profile's costs. */
static inline int MACHINE(const struct pc *c)
{
    return c->mp->mc != NULL && (c->model == MODEL_LOGP || c->model == MODEL_LOGGP);
}

static inline double LAT(const struct pc *c)
{
    if (MACHINE(c)) { /* o_s + L + o_r at the call's size: LogP's time of its message */
        struct model_msg msg = {.bytes = c->m, .hops = 1, .route_latency = c->mp->L, .cls = c->cls};
        return model_message_time(MODEL_LOGP, c->mp, &msg);
    }
    return c->model == MODEL_HOCKNEY ? c->mp->a : c->mp->L + 2 * c->mp->o;
}

/* How far apart a root's eager sends of x bytes leave: the profile's send overhead (a
 * blocking send, 0 for a rendezvous one; MPI_Isend: its gap, always), 0 without a profile. */
static inline double SPACING(const struct pc *c, double x, int isend)
{
    if (!MACHINE(c) || (!isend && x >= c->eager)) return 0;
    return machine_value(c->mp->mc, isend ? MACHINE_GAP : MACHINE_SEND_OVERHEAD, c->cls,
                         (uint64_t)x);
}

/* One message of x bytes on a route of latency lat (predict_routes.h's, a round's longest):
 * T with lat for a (Hockney) or L (LogP, LogGP). T itself where predict knows no routes. A
 * formula that gives each message its own route sets c->routed to 2 itself. */
static inline double TR(struct pc *c, double x, double lat)
{
    if (c->routes == NULL) return T(c, x);
    if (c->routed == 0) c->routed = 1;
    struct model_params mp = *c->mp;
    mp.a = mp.L = lat;
    struct model_msg msg = {
        .bytes = x, .hops = 1, .route_latency = lat, .route_bw = 1 / mp.G, .cls = c->cls};
    return model_message_time(c->model, &mp, &msg);
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
