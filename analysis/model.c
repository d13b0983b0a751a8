/* model.c: point-to-point models (docs/references.md#hockney to #contention) and the causal replay
 * of one collective call.
 *
 * Why a replay instead of one closed formula per algorithm: it serves every algorithm the
 * runner can run, SimGrid's included, and each prediction still cites the model's formula
 * for one message. The registry's per-algorithm formulas are printed beside it. */
#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct model_info model_infos[MODEL_COUNT] = {
    [MODEL_HOCKNEY] = {"hockney", "a + b m"},
    [MODEL_LOGP] = {"logp", "L + 2o, sends spaced by max(g, o)"},
    [MODEL_LOGGP] = {"loggp", "o + (m-1) G + L + o, sends spaced by max(g, o + (m-1) G)"},
    [MODEL_PLOGP] = {"plogp",
                     "L + g(m), sends spaced by g(m) (eager) or by the transfer (rendezvous)"},
    [MODEL_CTR] = {"ctr", "t_s + m t_b + t_h l (route latency + m / route bandwidth)"},
    [MODEL_SFR] = {"sfr", "t_s + (m t_b + t_h) l"},
    [MODEL_CONTENTION] = {"contention", "a + b m k on the message's route (t_h l + m t_b k), k = "
                                        "messages sharing its busiest link"},
};

/* y(m) from the measured table (x ascending): linear between sizes, flat below the first,
 * along the last segment beyond the last. */
static double table_at(const double *x, const double *y, size_t n, double m)
{
    if (n == 1 || m <= x[0]) return y[0];
    size_t i = 1;
    while (i + 1 < n && x[i] < m)
        i++;
    double f = (m - x[i - 1]) / (x[i] - x[i - 1]);
    return y[i - 1] + f * (y[i] - y[i - 1]);
}

double model_plogp_gap(const struct model_params *p, double bytes)
{
    if (p->pt_n > 0) return table_at(p->pt_m, p->pt_g, p->pt_n, bytes);
    return p->gp0 + p->gp1 * (bytes + p->envelope);
}

/* Bytes a point-to-point model charges: a fitted model's parameters already hold the envelope. */
static double p2p_bytes(const struct model_params *p, const struct model_msg *msg)
{
    return msg->bytes + (p->fitted ? 0 : p->envelope);
}

double model_message_time(enum model_id m, const struct model_params *p,
                          const struct model_msg *msg)
{
    double bytes = m == MODEL_CTR || m == MODEL_SFR || m == MODEL_CONTENTION
                       ? msg->bytes + p->envelope
                       : p2p_bytes(p, msg);
    double th = p->th >= 0 ? p->th : (msg->hops > 0 ? msg->route_latency / msg->hops : 0);
    switch (m) {
    case MODEL_HOCKNEY:
        return p->a + p->b * bytes;
    case MODEL_LOGP:
        return p->L + 2 * p->o;
    case MODEL_LOGGP:
        return p->o + (bytes > 1 ? (bytes - 1) * p->G : 0) + p->L + p->o;
    case MODEL_PLOGP:
        return p->Lp + model_plogp_gap(p, msg->bytes);
    case MODEL_CTR:
        return msg->route_latency + bytes / msg->route_bw;
    case MODEL_SFR:
        return (bytes / msg->route_bw + th) * (msg->hops > 0 ? msg->hops : 1);
    case MODEL_CONTENTION: /* the route's own a and b, so that distance counts too */
        return msg->route_latency + bytes / msg->route_bw * (msg->k > 1 ? msg->k : 1);
    default:
        return NAN;
    }
}

/* Gap a LogP-family sender keeps between two sends. */
static double send_gap(enum model_id m, const struct model_params *p, const struct model_msg *msg)
{
    double bytes = p2p_bytes(p, msg);
    if (m == MODEL_LOGP) return fmax(p->g, p->o);
    if (m == MODEL_LOGGP) return fmax(p->g, p->o + (bytes > 1 ? (bytes - 1) * p->G : 0));
    if (m == MODEL_PLOGP) /* the platform's g(m) >= o_s(m); a measured table may say otherwise */
        return p->pt_n > 0 ? fmax(model_plogp_gap(p, msg->bytes),
                                  table_at(p->pt_m, p->pt_os, p->pt_n, msg->bytes))
                           : model_plogp_gap(p, msg->bytes);
    return 0;
}

struct event {
    double time;
    int is_start; /* ends sort before starts at the same time: a forwarder receives, then sends */
    size_t msg;
};

static int by_time(const void *x, const void *y)
{
    const struct event *a = x, *b = y;
    if (a->time != b->time) return a->time < b->time ? -1 : 1;
    if (a->is_start != b->is_start) return a->is_start - b->is_start;
    return (a->msg > b->msg) - (a->msg < b->msg);
}

/* Replays sorted events under model m. */
static double replay_sorted(enum model_id m, const struct model_params *p,
                            const struct model_msg *msgs, const struct event *ev, size_t n,
                            int nranks, double t0, double *pred_end, double *have, double *free_at)
{
    for (int r = 0; r < nranks; r++)
        have[r] = free_at[r] = t0; /* the call starts at t0 */
    double done = t0;
    for (size_t e = 0; e < 2 * n; e++) {
        const struct model_msg *msg = &msgs[ev[e].msg];
        if (msg->src < 0 || msg->src >= nranks || msg->dst < 0 || msg->dst >= nranks) continue;
        if (ev[e].is_start) {
            double ready = fmax(have[msg->src], free_at[msg->src]);
            double end = ready + model_message_time(m, p, msg);
            pred_end[ev[e].msg] = end;
            int blocking = msg->bytes >= p->eager;
            free_at[msg->src] = blocking ? end : ready + send_gap(m, p, msg);
            if (end > done) done = end;
        } else {
            double end = pred_end[ev[e].msg] + (m == MODEL_PLOGP ? p->orp : 0);
            if (end > have[msg->dst]) have[msg->dst] = end;
        }
    }
    return done;
}

int model_replay_all(const struct model_params *p, const struct model_msg *msgs, size_t n,
                     int nranks, double t0, double out[MODEL_COUNT])
{
    if (n == 0) {
        for (int m = 0; m < MODEL_COUNT; m++)
            out[m] = t0;
        return 0;
    }
    struct event *ev = malloc(2 * n * sizeof *ev);
    double *pred_end = malloc(n * sizeof *pred_end);
    double *have = calloc((size_t)nranks, sizeof *have);
    double *free_at = calloc((size_t)nranks, sizeof *free_at);
    int rc = 0;
    if (ev == NULL || pred_end == NULL || have == NULL || free_at == NULL) {
        rc = -1;
    } else {
        for (size_t i = 0; i < n; i++) {
            ev[2 * i] = (struct event){msgs[i].start, 1, i};
            ev[2 * i + 1] = (struct event){msgs[i].end, 0, i};
        }
        qsort(ev, 2 * n, sizeof *ev, by_time); /* once for every model */
        for (int m = 0; m < MODEL_COUNT; m++)
            out[m] = replay_sorted((enum model_id)m, p, msgs, ev, n, nranks, t0, pred_end, have,
                                   free_at);
    }
    free(ev);
    free(pred_end);
    free(have);
    free(free_at);
    return rc;
}

double model_replay(enum model_id m, const struct model_params *p, const struct model_msg *msgs,
                    size_t n, int nranks, double t0)
{
    double out[MODEL_COUNT];
    return model_replay_all(p, msgs, n, nranks, t0, out) == 0 ? out[m] : NAN;
}
