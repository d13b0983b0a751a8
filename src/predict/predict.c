/* predict.c: the predict library: every algorithm's formula under every model that applies, and
 * the predicted best per size, without a simulation (docs/predict.md). */
#include "predict.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "choices.h"
#include "env.h"
#include "machine.h"
#include "mpilib.h"
#include "params.h"
#include "platform.h"
#include "predict_routes.h"
#include "predict_valid.h"
#include "runargs.h"
#include "units.h"
#include "util.h"

/* The mean hops between two distinct nodes; 0 when unknown. */
static double mean_hops(const char *kind, const struct coll_topo *t)
{
    if (strcmp(kind, "crossbar") == 0) return 2;
    if (t->nodes < 2) return 0;
    if (t->kind == NEED_HYPERCUBE) return t->dims[0] * (t->nodes / 2.0) / (t->nodes - 1);
    if (t->kind != NEED_RING && t->kind != NEED_TORUS) return 0;
    double sum = 0;
    for (int v = 1; v < t->nodes; v++)
        sum += route_grid_hops(t, 0, v);
    return sum / (t->nodes - 1);
}

/* A time (TIME, or a plain number of seconds) for unit 'l', else a plain number, from 0 to
 * max. 0, or -1 after an error line that names the range. */
static int number(const char *opt, const char *s, char unit, double max, double *out)
{
    if (cs_num_real(s, 0, max, out) == 0) return 0;
    if (unit != 0 && cs_parse_quantity(s, unit, out) == 0) return 0;
    cs_error("bad value '%s' for --%s (%s from 0 to %g%s)", s, opt, unit ? "a time" : "a number",
             max, unit ? " s" : "");
    return -1;
}

/* What one prediction needs, from the options and the platform. */
struct pstate {
    enum coll_id coll;
    char kind[64];
    struct coll_topo topo;
    int nodes; /* the platform's, 0 when unknown */
    double ts, th, tb, hbar;
    struct model_params mp;
    struct cal_params cal;
    struct machine mc; /* --machine's, when mp.mc points to it */
    double R;
    int np, shift;
    struct cs_sizes sizes;
    struct pc_routes routes; /* a fat tree's (levels > 0) or a grid's (grid), else none */
    int routed;              /* the formulas take routes' latencies (setup's rule) */
};

/* Kind, dimensions, link latency and bandwidth of --platform; 0, or 1 after an error line. */
static int read_platform(const char *path, struct pstate *s)
{
    static const char *const ids[] = {"collsim.kind", "collsim.dims", "collsim.link_latency",
                                      "collsim.link_bandwidth", "collsim.nodes"};
    char dims[64], lat[64], bw[64], nodes[64], err[256];
    char *const outs[] = {s->kind, dims, lat, bw, nodes};
    if (platform_zone_props(path, ids, outs, 5, sizeof lat) != 0) {
        cs_error("cannot read the platform '%s'", path);
        return 1;
    }
    if (coll_topo_parse(s->kind, dims, &s->topo, err, sizeof err) != 0) {
        cs_error("%s: %s", path, err);
        return 1;
    }
    double bwv = 0;
    if ((lat[0] && cs_parse_quantity(lat, 'l', &s->th) != 0) ||
        (bw[0] && (cs_parse_quantity(bw, 'b', &bwv) != 0 || bwv <= 0))) {
        cs_error("%s: bad collsim.link_latency '%s' or collsim.link_bandwidth '%s'", path, lat, bw);
        return 1;
    }
    if (bwv > 0) s->tb = 1 / bwv;
    s->nodes = s->topo.nodes > 0 ? s->topo.nodes : atoi(nodes);
    if (s->topo.kind == NEED_FATTREE) routes_fattree(dims, 0, 0, &s->routes); /* else none */
    return 0;
}

/* The course's and Hockney's parameters: options over the platform's. 0, or 2 after an
 * error line. */
static int read_times(const struct predict_request *o, struct pstate *s)
{
    double bw = 0;
    if ((o->ts && number("ts", o->ts, 'l', CS_TIME_MAX, &s->ts)) ||
        (o->th && number("th", o->th, 'l', CS_TIME_MAX, &s->th)) ||
        (o->bandwidth && (cs_parse_quantity(o->bandwidth, 'b', &bw) != 0 || bw <= 0))) {
        if (bw <= 0 && o->bandwidth)
            cs_error("bad value '%s' for --bandwidth (a bandwidth more than 0, up to %g B/s, e.g. "
                     "12.5GBps)",
                     o->bandwidth, CS_RATE_MAX);
        return 2;
    }
    if (bw > 0) s->tb = 1 / bw;
    s->routes.ts = s->ts, s->routes.th = s->th;
    if (s->routes.levels == 0 && o->routes) routes_grid(&s->topo, s->ts, s->th, &s->routes);
    s->hbar = s->routes.levels > 0 ? route_mean_hops(&s->routes) : mean_hops(s->kind, &s->topo);
    double a = s->hbar > 0 && !isnan(s->th) ? s->ts + s->hbar * s->th : NAN, b = s->tb;
    if ((o->a && number("a", o->a, 'l', CS_TIME_MAX, &a)) ||
        (o->b && number("b", o->b, 0, CS_TIME_MAX, &b)))
        return 2;
    s->mp = (struct model_params){.a = a, .b = b, .L = a, .G = b, .th = s->th, .envelope = 16};
    if (o->params != NULL) {
        char err[512];
        if (params_read(o->params, &s->cal, err, sizeof err) != 0) {
            cs_error("%s", err);
            return 1;
        }
        const struct cal_params *c = &s->cal;
        s->mp.a = c->a, s->mp.b = c->b, s->mp.L = c->L, s->mp.o = c->o, s->mp.g = c->g;
        s->mp.G = c->G, s->mp.fitted = 1;
    }
    if (isnan(s->mp.a) || isnan(s->mp.b)) {
        cs_error("no Hockney a and b: give --platform (a generated one), --params, or --a and "
                 "--b");
        return 2;
    }
    return 0;
}

struct prow {
    const char *algo, *model; /* model "-" when no model applies */
    double bytes, t;          /* t in seconds, NAN: none */
    int best;
    char note[160];
};

struct prows {
    struct prow *v;
    size_t n, cap;
};

static struct prow *add_row(struct prows *r, const char *algo, double m, const char *model,
                            double t, const char *note)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->v = cs_realloc(r->v, r->cap * sizeof *r->v);
    }
    struct prow *w = &r->v[r->n++];
    *w = (struct prow){algo, model, m, t, 0, ""};
    snprintf(w->note, sizeof w->note, "%s", note);
    return w;
}

/* Why a formula of kind k does not apply to this case ("" when it does): a topology
 * algorithm's formula (a course one, or the fat tree's point-to-point one) holds only where
 * the algorithm runs. */
static void unfit(const struct pstate *s, const struct algo_info *ai, enum pc_kind k, char *why,
                  size_t len)
{
    why[0] = '\0';
    if (k != PC_COURSE && (ai->needs & NEED_TOPOLOGY) == 0) return;
    if (coll_fits(ai, &s->topo, s->np, 1, 1, why, len) == 0 && k == PC_COURSE &&
        (isnan(s->th) || isnan(s->tb)))
        snprintf(why, len, "needs t_h and t_b (--th, --bandwidth)");
}

/* One algorithm at m bytes: a row per model that applies, or one row saying why none does. */
static void eval_algo(const struct pstate *s, const char *algo, double m, struct prows *r)
{
    static const enum model_id p2p[] = {MODEL_HOCKNEY, MODEL_LOGP, MODEL_LOGGP},
                               course[] = {MODEL_CTR, MODEL_SFR};
    const struct algo_info *ai = algo_find(s->coll, algo);
    const struct predict_cost *pc = ai ? predict_cost_find(s->coll, algo) : NULL;
    char why[160];
    if (pc == NULL) {
        snprintf(why, sizeof why, "no formula: %s",
                 ai                    ? ai->no_formula
                 : mpilib_of(algo) < 0 ? "SimGrid's own algorithm"
                                       : "an MPI library's name, see 'collsim list --ompi' or "
                                         "'--mpich' for what it runs");
        add_row(r, algo, m, "-", NAN, why);
        return;
    }
    unfit(s, ai, pc->kind, why, sizeof why);
    if (why[0]) {
        add_row(r, algo, m, "-", NAN, why);
        return;
    }
    const enum model_id *models = pc->kind == PC_P2P ? p2p : course;
    int nm = pc->kind == PC_P2P ? 3 : 2;
    for (int i = 0; i < nm; i++) {
        struct pc c = {.model = models[i],
                       .mp = &s->mp,
                       .p = s->np,
                       .m = m,
                       .R = s->R,
                       .eager = s->mp.eager,
                       .q = s->shift,
                       .ts = s->ts,
                       .tb = s->tb,
                       .topo = &s->topo,
                       .cls = s->mp.mc ? machine_class_network(s->mp.mc) : 0,
                       .routes = s->routed ? &s->routes : NULL};
        double t = s->np <= 1 ? 0 : pc->fn(&c);
        /* a point-to-point formula on a ring, torus, hypercube or fat tree: routes of unequal
         * hops, unless it took the routes on a fat tree with as many links up as down (each
         * message's, or each round's where a round's pairs have one route) */
        int one_route = s->routes.pow2 && (s->np & (s->np - 1)) == 0,
            routed = s->routes.full && (c.routed == 2 || (c.routed == 1 && one_route)),
            approx = c.approx || (pc->kind == PC_P2P && s->topo.kind != 0 && !routed);
        struct prow *w = add_row(r, algo, m, model_infos[models[i]].name, t,
                                 isnan(t) ? "no formula for this p"
                                 : approx ? "approx"
                                          : "");
        /* formulas alone assume no shared link: the crossbar's case */
        if (!isnan(t))
            predict_valid_note(s->kind[0] ? s->kind : "crossbar", coll_infos[s->coll].name, algo,
                               w->model, s->np, w->note, sizeof w->note);
    }
}

/* Marks the least time of every model at every size. */
static void mark_best(struct prows *r)
{
    for (size_t i = 0; i < r->n; i++) {
        struct prow *w = &r->v[i], *b = NULL;
        if (isnan(w->t)) continue;
        for (size_t j = 0; j < r->n; j++) {
            struct prow *x = &r->v[j];
            if (!isnan(x->t) && x->bytes == w->bytes && strcmp(x->model, w->model) == 0 &&
                (b == NULL || x->t < b->t))
                b = x;
        }
        if (b == w) w->best = 1;
    }
}

static void print_table(const struct pstate *s, const struct prows *r)
{
    printf("# collsim predict: %s, p = %d on %s; a = %.6g s, b = %.6g s/B; t_s = %.6g s, "
           "t_h = %.6g s, t_b = %.6g s/B%s\n",
           coll_infos[s->coll].name, s->np, s->kind[0] ? s->kind : "no known platform", s->mp.a,
           s->mp.b, s->ts, s->th, s->tb, s->mp.fitted ? " (fitted)" : "");
    if (s->mp.mc != NULL) {
        char trust[1024];
        machine_validation_line(&s->mc, trust, sizeof trust);
        printf("# machine profile '%s': logp and loggp charge its costs of messages between "
               "nodes\n# %s\n",
               s->mc.name, trust);
    }
    printf("# %-10s %-24s %-8s %14s %-4s %s\n", "bytes", "algorithm", "model", "time_us", "best",
           "note");
    for (size_t i = 0; i < r->n; i++) {
        const struct prow *w = &r->v[i];
        char t[32] = "-";
        if (!isnan(w->t)) snprintf(t, sizeof t, "%.3f", w->t * 1e6);
        printf("%-12.0f %-24s %-8s %14s %-4s %s\n", w->bytes, w->algo, w->model, t,
               w->best ? "*" : "", w->note);
    }
    for (size_t i = 0; i < r->n; i++)
        if (r->v[i].best)
            printf("# best at %.0f B under %s: %s (%.3f us)\n", r->v[i].bytes, r->v[i].model,
                   r->v[i].algo, r->v[i].t * 1e6);
}

/* The CSV (one header; seconds, as every CSV of collsim; empty predicted_s where there is
 * none). 0, or 1 after an error line. */
static int write_csv(const char *path, const struct pstate *s, const struct prows *r)
{
    struct cs_out out;
    FILE *f = cs_out_open(&out, path);
    if (f == NULL) {
        cs_error("cannot write the CSV '%s': %s", path, strerror(errno));
        return 1;
    }
    fprintf(f, "collective,algorithm,np,bytes,model,predicted_s,best,note\n");
    for (size_t i = 0; i < r->n; i++) {
        const struct prow *w = &r->v[i];
        fprintf(f, "%s,%s,%d,%.0f,%s,", coll_infos[s->coll].name, w->algo, s->np, w->bytes,
                w->model);
        if (!isnan(w->t)) fprintf(f, "%.12g", w->t);
        fprintf(f, ",%d,\"%s\"\n", w->best, w->note);
    }
    if (cs_out_commit(&out, 1) != 0) {
        cs_error("cannot write the CSV '%s': %s", path, strerror(errno));
        return 1;
    }
    return 0;
}

/* Every algorithm of the list at every size into r. 0, or 2 after an error line. */
static int evaluate(const struct pstate *s, const char *algos, struct prows *r, char **list)
{
    char bad[128];
    *list = coll_expand(s->coll, algos, bad, sizeof bad);
    if (*list == NULL) {
        coll_unknown_algo(s->coll, bad);
        return 2;
    }
    const char *names[512];
    int n = 0;
    char *save = NULL;
    for (char *a = strtok_r(*list, ",", &save); a != NULL && n < 512;
         a = strtok_r(NULL, ",", &save))
        names[n++] = a;
    for (int i = 0; i < s->sizes.n; i++)
        for (int k = 0; k < n; k++)
            eval_algo(s, names[k], (double)s->sizes.v[i], r);
    mark_best(r);
    return 0;
}

/* --machine's profile into s (its costs for LogP and LogGP). 0, or 1 after an error line. */
static int read_machine(const char *path, struct pstate *s)
{
    char err[PATH_MAX + 256];
    if (machine_read(path, &s->mc, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 1;
    }
    s->mp.mc = &s->mc;
    return 0;
}

/* The eager threshold and the reduction rate into s: the options', else the profile's (read
 * here into s), else SimGrid's threshold and collsim's rate. 0, or an exit status after an
 * error line. */
static int read_rates(const struct predict_request *o, struct pstate *s)
{
    uint64_t eager = 0;
    int eager_given = o->eager != NULL;
    double R = 0;
    if (o->machine != NULL && read_machine(o->machine, s) != 0) return 1;
    if ((o->eager && cs_check_eager(o->eager, &eager) != 0) ||
        (o->reduce_rate && (number("reduce-rate", o->reduce_rate, 0, CS_RATE_MAX, &R) != 0)))
        return 2;
    if (o->reduce_rate && R <= 0) {
        cs_error("--reduce-rate must be more than 0");
        return 2;
    }
    if (o->machine != NULL) machine_apply_defaults(&s->mc, &eager, &eager_given, &R);
    if (!eager_given) eager = CS_SMPI_EAGER;
    if (R <= 0) R = COLL_REDUCE_RATE;
    s->mp.eager = (double)eager, s->R = R;
    return 0;
}

/* The options' numbers and the case: 0, or the exit status after an error line. */
static int setup(const struct predict_request *o, struct pstate *s)
{
    char err[256];
    if (coll_parse(o->collective, &s->coll, err, sizeof err) != 0 ||
        cs_sizes_parse(o->sizes, &s->sizes, err, sizeof err) != 0 ||
        coll_settings_check(err, sizeof err) != 0) { /* COLLSIM_SEGMENT, ... as a run reads them */
        cs_error("%s", err);
        return 2;
    }
    if (o->platform == NULL && o->topology == NULL && (o->a == NULL || o->b == NULL) &&
        o->params == NULL) {
        cs_error("predict needs --platform, --topology, --params, or --a and --b");
        return 2;
    }
    if (o->platform != NULL && read_platform(o->platform, s) != 0) return 1;
    if (o->topology != NULL) {
        if (coll_topo_parse_spec(o->topology, &s->topo, err, sizeof err) != 0) {
            cs_error("%s", err);
            return 2;
        }
        snprintf(s->kind, sizeof s->kind, "%s", coll_topo_kind_name(s->topo.kind));
        s->nodes = s->topo.nodes;
    }
    int rc = read_times(o, s);
    if (rc != 0) return rc;
    if ((rc = read_rates(o, s)) != 0) return rc;
    s->np = o->np_given ? o->np : s->nodes;
    if (s->np < 1 || s->np > PREDICT_NP_MAX) {
        cs_error(o->np_given ? "--np must be from 1 to %d" : "--np is needed (no node count known)",
                 PREDICT_NP_MAX);
        return 2;
    }
    s->shift = o->shift;
    /* the fat tree's own latencies unless a, a fit or a profile says otherwise */
    s->routed = (s->routes.levels > 0 || s->routes.grid != NULL) && o->a == NULL &&
                o->params == NULL && o->machine == NULL && !isnan(s->th) && s->np <= s->nodes;
    return 0;
}

int predict_execute(const struct predict_request *o)
{
    int rc;
    struct pstate s = {.th = NAN, .tb = NAN};
    if ((rc = setup(o, &s)) != 0) return rc;
    const char *names[] = {"--platform", "--params", "--machine", "--csv"},
               *paths[] = {o->platform, o->params, o->machine, o->csv};
    if (o->csv != NULL &&
        (cs_out_check("CSV", o->csv) != 0 || cs_out_distinct(names, paths, 4, 3) != 0))
        return 2;
    struct prows r = {0};
    char *list = NULL;
    rc = evaluate(&s, o->algos, &r, &list);
    if (rc == 0) print_table(&s, &r);
    if (rc == 0 && o->csv != NULL) rc = write_csv(o->csv, &s, &r);
    free(list);
    free(r.v);
    return rc;
}
