/* model.h: the communication models the analyzer compares with the simulation, and a replay
 * that predicts a collective's completion time from the messages it really sent. */
#ifndef COLLSIM_MODEL_H
#define COLLSIM_MODEL_H

#include <stddef.h>

/* One message of one collective call, as the trace shows it plus its route. */
struct model_msg {
    int src, dst;         /* ranks */
    double bytes;         /* payload (SMPI adds model_params.envelope on the wire) */
    double start, end;    /* simulated, seconds: what happened */
    int hops;             /* links on the route */
    double route_latency; /* sum of the route's link latencies (s) */
    double route_bw;      /* narrowest link of the route (B/s) */
    int k;                /* most messages sharing one of its links in one direction */
    double post;          /* when the receiver posted its receive (a blocking PMPI_Recv or
                             PMPI_Sendrecv's start); 0 when unknown (MPI_Irecv): no constraint.
                             SMPI moves a message only once both sides are posted. */
    int cls;              /* its class under model_params.mc (machine_class_of) */
    int seq;              /* the order the sends were issued in (SMPI's link keys number them);
                             the models do not use it */
};

struct machine;

struct model_params {
    double a, b;         /* Hockney: one start-up and per-byte time for every pair */
    double L, o, g, G;   /* LogGP (LogP is LogGP with G = 0) */
    double Lp, gp0, gp1; /* PLogP: L and the gap g(m) = gp0 + gp1 (m + envelope); a message
                            costs L + g(m) end to end, a sender's messages leave g(m) apart */
    double orp;          /* PLogP: o_r, the receiver's time after an arrival before it can
                            send (o_s is g(m)'s share below the eager threshold and the whole
                            transfer above it: those sends block) */
    /* PLogP measured (collsim calibrate --params): when pt_n > 0, g(m) and o_s(m) are
     * interpolated linearly in m between the table's sizes (pt_m ascending; beyond the last
     * size, along the last segment) and sends are spaced by max(g(m), o_s(m)) */
    const double *pt_m, *pt_g, *pt_os;
    size_t pt_n;
    int fitted;      /* Hockney, LogP, LogGP and PLogP parameters come from a fit of
                        measured times, which already hold the envelope's bytes */
    double th;       /* per-hop time for SFR/CTR when routes are uniform (-1: use routes) */
    double envelope; /* bytes SMPI adds to each message (16) */
    double eager;    /* messages below this many bytes do not block their sender */
    /* A machine profile (machine.h), NULL: none. With one, LogP, LogGP and PLogP take each
     * message's o_s, o_r and latency and bandwidth factors from its class, as the run
     * charged them: o_s before an eager message leaves (its sender is busy that long), the
     * route's latency L and bandwidth 1/G scaled by the factors, o_r after it arrived; a
     * rendezvous message pays neither overhead. The trace's gaps then hold only local work. */
    const struct machine *mc;
};

enum model_id {
    MODEL_HOCKNEY,
    MODEL_LOGP,
    MODEL_LOGGP,
    MODEL_PLOGP,
    MODEL_CTR,
    MODEL_SFR,
    MODEL_CONTENTION,
    MODEL_COUNT
};

struct model_info {
    const char *name;
    const char *formula; /* one message, printed beside every prediction */
};

extern const struct model_info model_infos[MODEL_COUNT];

/* PLogP's gap g(m) for a message of m payload bytes. */
double model_plogp_gap(const struct model_params *p, double bytes);

/* Time the model gives one message on its own. */
double model_message_time(enum model_id m, const struct model_params *p,
                          const struct model_msg *msg);

/* Replays one call in the order of the simulation's events: each message is posted by its
 * sender once the sender has had every message it had received before posting it in the
 * simulation and is free (a send at or above the eager threshold blocks until it ends;
 * below it, LogP-family models still space sends by g; PLogP's receiver waits o_r after an
 * arrival); it moves once its receive is posted too (msg->post, the same rule on the
 * receiver's side). Local work the trace shows as time between a rank's last event and its
 * next post (a reduction's m/R) is kept as a gap before that post. Every rank is free at t0,
 * the call's start. Returns the predicted time the last message arrives (absolute, >= t0). */
double model_replay(enum model_id m, const struct model_params *p, const struct model_msg *msgs,
                    size_t n, int nranks, double t0);

/* model_replay for every model at once (the events are sorted once). Returns 0, or -1 on
 * out of memory. */
int model_replay_all(const struct model_params *p, const struct model_msg *msgs, size_t n,
                     int nranks, double t0, double out[MODEL_COUNT]);

/* Gaps below this are the trace's rounding (9 decimals), not local work. */
#define MODEL_GAP_EPS 1.5e-9

/* model_replay_all with each rank's exit (absolute, exit_at[r]; NULL when unknown): a rank
 * that exits later than its last message event (a reduce's root combines the last message
 * it received) keeps that gap after its predicted last event, and the call ends at the
 * latest of those and the last arrival. *local, if not NULL, gets the most local time
 * (gaps) found on one rank, in seconds. */
int model_replay_call(const struct model_params *p, const struct model_msg *msgs, size_t n,
                      int nranks, double t0, const double *exit_at, double out[MODEL_COUNT],
                      double *local);

#endif
