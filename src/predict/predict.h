/* predict.h: `collsim predict`, the cost formulas of collsim's algorithms evaluated without a
 * simulation (docs/predict.md). algorithms.def names each algorithm's C function (FORMULA) or
 * why it has none (NO_FORMULA); predict_costs.c, predict_pipes.c and predict_grids.c hold the
 * functions, predict_table.c their table, generated from the def; predict.c the command. */
#ifndef COLLSIM_PREDICT_H
#define COLLSIM_PREDICT_H

#include "model.h"
#include "registry.h"

struct pc_routes;

/* One evaluation: a model, its parameters and one case. */
struct pc {
    enum model_id model; /* MODEL_HOCKNEY, MODEL_LOGP, MODEL_LOGGP (point-to-point formulas),
                            MODEL_CTR or MODEL_SFR (the course's t_s, t_b, t_h formulas) */
    const struct model_params *mp;  /* a, b, L, o, g, G; th; envelope; fitted */
    int p;                          /* processes */
    double m;                       /* bytes as the collective defines them (run's --sizes) */
    double R;                       /* local reduction rate, bytes/s */
    double eager;                   /* messages below this many bytes are detached sends */
    int q;                          /* q of the q-shift */
    double ts, tb;                  /* course: start-up and per byte (t_h is mp->th) */
    const struct coll_topo *topo;   /* the topology (kind 0: none known) */
    int cls;                        /* messages' class under mp->mc (machine.h): network */
    int approx;                     /* set by a formula that is only an estimate here */
    const struct pc_routes *routes; /* the fat tree's routes (predict_routes.h), NULL: every
                                       message's latency is a (or L) */
    int routed; /* set by a formula that took the routes: 1 each round's longest (exact where
                   a round's pairs have one route), 2 each message's own */
};

/* The two kinds of formula. */
enum pc_kind {
    PC_NONE,   /* no formula (algorithms.def's NO_FORMULA says why) */
    PC_P2P,    /* Hockney terms a + b m per message: hockney, logp, loggp */
    PC_COURSE, /* the course's t_s, t_b, t_h on the algorithm's topology: ctr, sfr */
};

struct predict_cost {
    enum coll_id coll;
    const char *name; /* the algorithm, as algorithms.def names it */
    enum pc_kind kind;
    double (*fn)(struct pc *c); /* the time in seconds, NAN when no formula covers this case */
};

/* The formula of algorithm `name` of coll, or NULL when it has none (then the registry's
 * algo_info.no_formula says why). */
const struct predict_cost *predict_cost_find(enum coll_id coll, const char *name);

/* Every formula of algorithms.def, FORMULA(kind, fn): the time in seconds of c's case, NAN
 * where no formula covers it; sets c->approx where the formula is an estimate. */
#define FORMULA(kind, fn) double fn(struct pc *c);
#define NO_FORMULA(why)
#define ALGO(coll, name, family, desc, cost, formula, needs) formula
#include "algorithms.def"
#undef ALGO
#undef NO_FORMULA
#undef FORMULA

/* The most ranks predict evaluates: far past what a simulation takes (CS_HOSTS_MAX), to the
 * scale of the largest machines and of LogGOPSim's runs; every formula is in doubles or in
 * loops over log p, and 2^24 keeps 1 << clog2(p) within an int. */
#define PREDICT_NP_MAX (1 << 24)

/* What `collsim predict` was asked: its options as given (NULL: not given). */
struct predict_request {
    const char *platform, *topology, *sizes, *collective, *algos, *csv, *params, *machine;
    const char *ts, *th, *bandwidth, *a, *b, *reduce_rate, *eager;
    int np, np_given, shift, routes;
};

/* Evaluates every formula o asks for and prints the table (and the CSV of --csv). Returns the
 * exit status: 0, or 1 or 2 after one error line. */
int predict_execute(const struct predict_request *o);

#endif
