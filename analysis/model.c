/* model.c: point-to-point models (docs/references.md#hockney to #contention) and the causal replay
 * of one collective call.
 *
 * Why a replay instead of one closed formula per algorithm: it serves every algorithm the
 * runner can run, SimGrid's included, and each prediction still cites the model's formula
 * for one message. The registry's per-algorithm formulas are printed beside it. */
#include "model.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

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

/* fmax(a, b), inlined where glibc's is a call (gcc inlines fmax only for finite math), with
 * its result for every pair: the larger, b when they are equal, the other when one is NaN. */
static inline double later(double a, double b)
{
    return isnan(b) ? a : a > b ? a : b;
}

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

/* 1 for the models that take a machine profile's costs (model_params.mc). */
static int with_machine(enum model_id m, const struct model_params *p)
{
    return p->mc != NULL && (m == MODEL_LOGP || m == MODEL_LOGGP || m == MODEL_PLOGP);
}

/* A message's overhead (MACHINE_SEND_OVERHEAD or MACHINE_RECV_OVERHEAD) under the profile:
 * 0 without one, or for a rendezvous message, which SMPI charges neither. */
static double overhead(const struct model_params *p, const struct model_msg *msg,
                       enum machine_param which)
{
    if (p->mc == NULL || msg->bytes >= p->eager) return 0;
    return machine_value(p->mc, which, msg->cls, (uint64_t)msg->bytes);
}

/* The wire's part under the profile: the route's latency L times its factor, and for LogGP
 * and PLogP the payload and envelope at the route's bandwidth times its factor (G). */
static double machine_wire(enum model_id m, const struct model_params *p,
                           const struct model_msg *msg)
{
    uint64_t size = (uint64_t)msg->bytes;
    double t = msg->route_latency * machine_value(p->mc, MACHINE_LAT_FACTOR, msg->cls, size);
    if (m == MODEL_LOGP) return t;
    return t +
           (msg->bytes + p->envelope) / (msg->route_bw * machine_bw_factor(p->mc, msg->cls, size));
}

double model_message_time(enum model_id m, const struct model_params *p,
                          const struct model_msg *msg)
{
    if (with_machine(m, p))
        return overhead(p, msg, MACHINE_SEND_OVERHEAD) + machine_wire(m, p, msg) +
               overhead(p, msg, MACHINE_RECV_OVERHEAD);
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
    if (with_machine(m, p)) return overhead(p, msg, MACHINE_SEND_OVERHEAD);
    if (m == MODEL_LOGP) return later(p->g, p->o);
    if (m == MODEL_LOGGP) return later(p->g, p->o + (bytes > 1 ? (bytes - 1) * p->G : 0));
    if (m == MODEL_PLOGP) /* the platform's g(m) >= o_s(m); a measured table may say otherwise */
        return p->pt_n > 0 ? later(model_plogp_gap(p, msg->bytes),
                                   table_at(p->pt_m, p->pt_os, p->pt_n, msg->bytes))
                           : model_plogp_gap(p, msg->bytes);
    return 0;
}

/* A message's events, in the order they happen at one instant: an arrival first (a
 * forwarder receives, then sends), then the receive and send posts, then the start of a
 * transfer that waited for its receive to be posted. */
enum { EV_END, EV_RECV_POST, EV_SEND_POST, EV_XFER };

struct event {
    double time;
    int kind;
    size_t msg;
};

/* The events' order: by time, then kind, then message (a total order: a message has one event
 * of each kind). */
static int event_before(const struct event *a, const struct event *b)
{
    if (a->time != b->time) return a->time < b->time;
    if (a->kind != b->kind) return a->kind < b->kind;
    return a->msg < b->msg;
}

/* Merges the sorted runs src[lo, mid) and src[mid, hi) into dst[lo, hi). */
static void merge_events(const struct event *src, struct event *dst, size_t lo, size_t mid,
                         size_t hi)
{
    size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        dst[k++] = event_before(&src[j], &src[i]) ? src[j++] : src[i++];
    while (i < mid)
        dst[k++] = src[i++];
    while (j < hi)
        dst[k++] = src[j++];
}

/* Sorts the n events at ev by event_before, with tmp for n more: a bottom-up merge sort whose
 * comparison inlines (qsort's goes through a pointer at every step). */
static void sort_events(struct event *ev, struct event *tmp, size_t n)
{
    struct event *src = ev, *dst = tmp;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            merge_events(src, dst, lo, mid, hi);
        }
        struct event *t = src;
        src = dst, dst = t;
    }
    if (src != ev) memcpy(ev, src, n * sizeof *ev);
}

/* Per-rank state of a replay: when it last received (have), when it may act again (free_at),
 * its last event (last: an arrival, an eager post, a blocking send's end), and per message
 * the sender's and receiver's ready times and the predicted end. */
struct replay {
    double *have, *free_at, *last, *rs, *rr, *end;
    double *sgap, *rgap; /* per message: local time before its send and its receive post */
};

static int in_range(const struct model_msg *msg, int nranks)
{
    return msg->src >= 0 && msg->src < nranks && msg->dst >= 0 && msg->dst < nranks;
}

/* The local time the trace shows before each post: the post's time less the rank's last
 * event before it (SMPI's eager send returns at once, a blocking one at its end). Returns
 * each rank's last event time in last[]. */
static void find_gaps(const struct model_params *p, const struct model_msg *msgs,
                      const struct event *ev, size_t nev, int nranks, double t0, struct replay *r)
{
    for (int k = 0; k < nranks; k++)
        r->last[k] = t0;
    for (size_t e = 0; e < nev; e++) {
        size_t i = ev[e].msg;
        const struct model_msg *msg = &msgs[i];
        if (!in_range(msg, nranks)) continue;
        int blocking = msg->bytes >= p->eager;
        double *ls = &r->last[msg->src], *ld = &r->last[msg->dst];
        if (ev[e].kind == EV_SEND_POST) { /* a profile's o_s is not local work */
            double gap = msg->start - *ls - overhead(p, msg, MACHINE_SEND_OVERHEAD);
            r->sgap[i] = gap > MODEL_GAP_EPS ? gap : 0;
            if (!blocking) *ls = later(*ls, msg->start);
        } else if (ev[e].kind == EV_RECV_POST) {
            r->rgap[i] = msg->post - *ld > MODEL_GAP_EPS ? msg->post - *ld : 0;
        } else if (ev[e].kind == EV_END) { /* nor is its o_r */
            *ld = later(*ld, msg->end + overhead(p, msg, MACHINE_RECV_OVERHEAD));
            if (blocking) *ls = later(*ls, msg->end);
        }
    }
}

/* Message i under model m with a profile: an eager message leaves o_s after its send was
 * posted, whether or not its receive is (the profile's eager messages are sent at once,
 * SimGrid's async-small-thresh), and ends o_r after both it arrived and its receive was
 * posted; its sender is free once it left. A rendezvous message moves once both sides are
 * posted and holds its sender until it ends. */
static void replay_xfer_machine(enum model_id m, const struct model_params *p,
                                const struct model_msg *msg, size_t i, struct replay *r)
{
    double wire = machine_wire(m, p, msg);
    if (msg->bytes >= p->eager) {
        r->end[i] = later(r->rs[i], r->rr[i]) + wire;
        r->free_at[msg->src] = r->end[i];
        return;
    }
    double leave = r->rs[i] + overhead(p, msg, MACHINE_SEND_OVERHEAD);
    r->end[i] = later(leave + wire, r->rr[i]) + overhead(p, msg, MACHINE_RECV_OVERHEAD);
    r->free_at[msg->src] = leave;
}

/* Message i starts moving under model m: its predicted end; a blocking send holds its
 * sender until then, an eager one for the model's gap. */
static void replay_xfer(enum model_id m, const struct model_params *p, const struct model_msg *msg,
                        size_t i, struct replay *r)
{
    if (with_machine(m, p)) {
        replay_xfer_machine(m, p, msg, i, r);
        return;
    }
    r->end[i] = later(r->rs[i], r->rr[i]) + model_message_time(m, p, msg);
    if (msg->bytes >= p->eager)
        r->free_at[msg->src] = r->end[i];
    else
        r->free_at[msg->src] = r->rs[i] + send_gap(m, p, msg);
}

/* Replays sorted events under model m; the last arrival. */
static double replay_sorted(enum model_id m, const struct model_params *p,
                            const struct model_msg *msgs, size_t n, const struct event *ev,
                            size_t nev, int nranks, double t0, struct replay *r)
{
    for (int k = 0; k < nranks; k++)
        r->have[k] = r->free_at[k] = r->last[k] = t0; /* the call starts at t0 */
    for (size_t i = 0; i < n; i++)
        r->rr[i] = t0; /* unless its receive post says otherwise */
    double done = t0;
    for (size_t e = 0; e < nev; e++) {
        size_t i = ev[e].msg;
        const struct model_msg *msg = &msgs[i];
        if (!in_range(msg, nranks)) continue;
        int s = msg->src, d = msg->dst, blocking = msg->bytes >= p->eager;
        if (ev[e].kind == EV_SEND_POST) {
            r->rs[i] = later(r->have[s], r->free_at[s]) + r->sgap[i];
            if (!blocking) r->last[s] = later(r->last[s], r->rs[i]);
            if (msg->post <= msg->start) replay_xfer(m, p, msg, i, r); /* receive was ready */
        } else if (ev[e].kind == EV_RECV_POST) {
            r->rr[i] = later(r->have[d], r->free_at[d]) + r->rgap[i];
        } else if (ev[e].kind == EV_XFER) {
            replay_xfer(m, p, msg, i, r);
        } else { /* EV_END */
            double end = r->end[i] + (m == MODEL_PLOGP ? p->orp : 0);
            if (end > r->have[d]) r->have[d] = end;
            r->last[d] = later(r->last[d], end);
            if (blocking) r->last[s] = later(r->last[s], r->end[i]);
            if (r->end[i] > done) done = r->end[i];
        }
    }
    return done;
}

/* The message's events into ev, sorted (tmp: room for as many); their count (a receive post
 * only when it is known). */
static size_t make_events(const struct model_msg *msgs, size_t n, struct event *ev,
                          struct event *tmp)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const struct model_msg *msg = &msgs[i];
        ev[k++] = (struct event){msg->start, EV_SEND_POST, i};
        if (msg->post > 0) ev[k++] = (struct event){msg->post, EV_RECV_POST, i};
        if (msg->post > msg->start) ev[k++] = (struct event){msg->post, EV_XFER, i};
        ev[k++] = (struct event){msg->end, EV_END, i};
    }
    sort_events(ev, tmp, k); /* once for every model */
    return k;
}

/* The gap each rank keeps after its last event until its exit (a final local reduction), into
 * tail[] (0 where exit_at is NULL); the most local time of one rank into *local. */
static void tail_gaps(const struct replay *r, const struct model_msg *msgs, size_t n, int nranks,
                      const double *exit_at, double *tail, double *local)
{
    double *sum = tail + nranks; /* scratch: the local time per rank */
    for (int k = 0; k < nranks; k++) {
        tail[k] = exit_at != NULL && exit_at[k] - r->last[k] > MODEL_GAP_EPS
                      ? exit_at[k] - r->last[k]
                      : 0;
        sum[k] = tail[k];
    }
    for (size_t i = 0; i < n; i++)
        if (in_range(&msgs[i], nranks)) {
            sum[msgs[i].src] += r->sgap[i];
            sum[msgs[i].dst] += r->rgap[i];
        }
    *local = 0;
    for (int k = 0; k < nranks; k++)
        if (sum[k] > *local) *local = sum[k];
}

int model_replay_call(const struct model_params *p, const struct model_msg *msgs, size_t n,
                      int nranks, double t0, const double *exit_at, double out[MODEL_COUNT],
                      double *local)
{
    double dummy;
    if (local == NULL) local = &dummy;
    *local = 0;
    struct event *ev = malloc((8 * n + 1) * sizeof *ev);
    double *buf = calloc(7 * n + 5 * (size_t)nranks + 1, sizeof *buf);
    if (ev == NULL || buf == NULL) {
        free(ev);
        free(buf);
        return -1;
    }
    double *tail = buf + 7 * n + 3 * (size_t)nranks;
    struct replay r = {buf,
                       buf + nranks,
                       buf + 2 * nranks,
                       buf + 3 * nranks,
                       buf + 3 * nranks + n,
                       buf + 3 * nranks + 2 * n,
                       buf + 3 * nranks + 3 * n,
                       buf + 3 * nranks + 4 * n};
    size_t nev = make_events(msgs, n, ev, ev + 4 * n);
    find_gaps(p, msgs, ev, nev, nranks, t0, &r);
    tail_gaps(&r, msgs, n, nranks, exit_at, tail, local);
    for (int m = 0; m < MODEL_COUNT; m++) {
        out[m] = replay_sorted((enum model_id)m, p, msgs, n, ev, nev, nranks, t0, &r);
        for (int k = 0; k < nranks; k++)
            if (tail[k] > 0 && r.last[k] + tail[k] > out[m]) out[m] = r.last[k] + tail[k];
    }
    free(ev);
    free(buf);
    return 0;
}

int model_replay_all(const struct model_params *p, const struct model_msg *msgs, size_t n,
                     int nranks, double t0, double out[MODEL_COUNT])
{
    return model_replay_call(p, msgs, n, nranks, t0, NULL, out, NULL);
}

double model_replay(enum model_id m, const struct model_params *p, const struct model_msg *msgs,
                    size_t n, int nranks, double t0)
{
    double out[MODEL_COUNT];
    return model_replay_all(p, msgs, n, nranks, t0, out) == 0 ? out[m] : NAN;
}
