/* phase.c: one phase of a trace (an algorithm at one size): its calls cut out of the buffered
 * messages, each call's messages given routes, k and traffic, and each model's replay set
 * against the simulated time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "registry.h"

/* One phase's messages, cut into its calls. */
struct cut {
    struct cs_phase_mark mark;
    const char *cost; /* the registry's cost formula of the algorithm, NULL if it has none */
    int calls, p;
    double *ready; /* the ready messages' end times, sorted */
    size_t nready;
    struct msg **alg; /* the algorithm's messages */
    size_t nalg;
    double *t0s, *next_ready; /* per call: its start, and the next call's first ready message */
    size_t *first;            /* call c's messages: bycall[first[c]] .. bycall[first[c + 1] - 1] */
    struct msg **bycall;
    size_t most; /* the most messages of one call */
};

/* What the timed calls of a phase add up to. */
struct sums {
    double sim, pred[MODEL_COUNT], bytes_per_call;
    double local; /* the most local time (reductions) of one rank, summed over timed calls */
    int kmax, hmax, uniform;
    size_t msgs_per_call;
};

/* The line under every model table: what its `*` means (model_exact). */
#define EXACT_LEGEND                                                                               \
    "  * = the model's conditions hold for this run (k = 1, its routing, ...: docs/analysis.md), " \
    "so it is exact by construction; a 0.000% error without * is a coincidence of this run"

/* The registry's closed form of the phase's algorithm, for the reader to set beside. */
static const char *cost_formula(const struct cs_phase_mark *m)
{
    int coll = coll_find(m->collective);
    const struct algo_info *info = coll < 0 ? NULL : algo_find((enum coll_id)coll, m->algorithm);
    return info ? info->cost : NULL;
}

/* When the receiver of ready message r is free: its arrival, plus the receive overhead a
 * machine profile charged for it (0-byte, eager). */
static double ready_done(struct an *a, const struct ready_msg *r, int root)
{
    if (a->mc == NULL) return r->end;
    const struct route *rt = an_route_of(a, r->src, root);
    return r->end + (rt != NULL ? machine_value(a->mc, MACHINE_RECV_OVERHEAD, rt->cls, 0) : 0);
}

/* 1 when the n values at v are in ascending order. */
static int ascending(const double *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (v[i] < v[i - 1]) return 0;
    return 1;
}

/* Takes the phase's ready and algorithm messages; the rank count p from them. The ready
 * messages come in the order they end: sorted already unless a profile's o_r reorders them. */
static void cut_messages(struct an *a, const struct paje_state *s, struct cut *c)
{
    c->ready = malloc((a->buf.nready + 1) * sizeof *c->ready);
    c->alg = malloc((a->buf.n + 1) * sizeof *c->alg);
    c->p = 1;
    for (size_t i = 0; i < a->buf.nready; i++)
        if (ready_in_phase(&a->buf.ready[i], s))
            c->ready[c->nready++] = ready_done(a, &a->buf.ready[i], c->mark.root);
    for (size_t i = 0; i < a->buf.n; i++) {
        struct msg *m = &a->buf.m[i];
        if (m->start < s->start || m->end > s->end) continue;
        if (m->src + 1 > c->p) c->p = m->src + 1;
        if (m->dst + 1 > c->p) c->p = m->dst + 1;
        c->alg[c->nalg++] = m;
    }
    if (c->nready > 0 && (int)c->nready / c->calls + 1 > c->p) c->p = (int)c->nready / c->calls + 1;
    if (!ascending(c->ready, c->nready))
        qsort(c->ready, c->nready, sizeof *c->ready, an_cmp_double);
}

/* Call c starts at t0s[c], when the root's last ready receive of the call ends. Its messages
 * start between that and the next call's start (the phase's end for the last call): a rank
 * that is done may send its next ready message while others still receive, so not before
 * that. Groups the messages by call, in arrival order. */
static void cut_calls(struct cut *c, double phase_end)
{
    int calls = c->calls, p = c->p;
    c->t0s = malloc(2 * (size_t)calls * sizeof *c->t0s);
    c->next_ready = c->t0s + calls;
    c->first = calloc((size_t)calls + 1, sizeof *c->first);
    int *call_of = malloc((c->nalg + 1) * sizeof *call_of);
    for (int k = 0; k < calls; k++) {
        c->t0s[k] = c->ready[(size_t)(k + 1) * (size_t)(p - 1) - 1];
        c->next_ready[k] = k + 1 < calls ? c->ready[(size_t)(k + 1) * (size_t)(p - 1)] : phase_end;
    }
    for (size_t i = 0; i < c->nalg; i++) {
        int lo = 0, hi = calls; /* the number of calls started by the message's start */
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (c->t0s[mid] <= c->alg[i]->start + TRACE_HALF_NS) /* t0 may add an o_r */
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == calls && c->alg[i]->start >= phase_end) lo = 0; /* the last call ends with it */
        call_of[i] = lo - 1;                                      /* -1: in no call */
        if (lo > 0) c->first[lo]++;
    }
    for (int k = 0; k < calls; k++) {
        if (c->first[k + 1] > c->most) c->most = c->first[k + 1];
        c->first[k + 1] += c->first[k];
    }
    c->bycall = malloc((c->first[calls] + 1) * sizeof *c->bycall);
    size_t *fill = malloc(((size_t)calls + 1) * sizeof *fill);
    memcpy(fill, c->first, ((size_t)calls + 1) * sizeof *fill);
    for (size_t i = 0; i < c->nalg; i++)
        if (call_of[i] >= 0) c->bycall[fill[call_of[i]]++] = c->alg[i];
    free(fill);
    free(call_of);
}

static void cut_free(struct cut *c)
{
    free(c->ready);
    free(c->alg);
    free(c->t0s);
    free(c->first);
    free(c->bycall);
}

/* Model parameters from the platform (the route between ranks 0 and 1) or the calibration. */
static void phase_params(const struct an *a, const struct route *r01, struct model_params *mp)
{
    *mp = (struct model_params){.a = r01->latency,
                                .b = 1.0 / r01->bw,
                                .L = r01->latency,
                                .o = 0,
                                .g = 0,
                                .G = 1.0 / r01->bw,
                                .th = -1,
                                .envelope = 16,
                                .eager = a->eager,
                                /* PLogP from the same route: g(m) is the wire time of m + 16
                                 * bytes, o_r = 0 (SMPI's receive returns at the arrival) */
                                .Lp = r01->latency,
                                .gp0 = 0,
                                .gp1 = 1.0 / r01->bw,
                                .orp = 0,
                                .mc = a->mc};
    if (a->params_path != NULL) { /* calibrated: o_r is inside L + g(m), as PLogP defines L */
        const struct cal_params *cp = &a->cal;
        mp->a = cp->a, mp->b = cp->b, mp->L = cp->L, mp->o = cp->o, mp->g = cp->g, mp->G = cp->G;
        mp->Lp = cp->pL, mp->pt_m = cp->m, mp->pt_g = cp->pg, mp->pt_os = cp->os, mp->pt_n = cp->n;
        mp->fitted = 1;
    }
}

/* Call `call`'s messages with their routes into mm and rt; their count. Updates the longest
 * route, whether every route is like ranks 0-1's, and the last arrival; prints the hop table
 * (--hops) from the last call. */
static size_t call_messages(struct an *a, const struct cut *c, int call, const struct route *r01,
                            const struct rank_index *ix, struct model_msg *mm, struct route **rt,
                            struct sums *sm, double *last)
{
    size_t k = 0;
    *last = c->t0s[call];
    for (size_t i = c->first[call]; i < c->first[call + 1]; i++) {
        struct msg *m = c->bycall[i];
        struct route *r = an_route_of(a, m->src, m->dst);
        if (r == NULL) continue;
        rt[k] = r;
        mm[k] = (struct model_msg){
            m->src,  m->dst,     m->bytes, m->start, m->end,
            r->hops, r->latency, r->bw,    1,        ix ? an_recv_post(ix, m->dst, m->end) : 0,
            r->cls,  m->seq};
        if (m->end > *last) *last = m->end;
        if (r->hops > sm->hmax) sm->hmax = r->hops;
        if (r->latency != r01->latency || r->bw != r01->bw) sm->uniform = 0;
        if (call == c->calls - 1 && a->out.hops_table && m->src < 256 && m->dst < 256 &&
            !a->out.hop_seen[m->src][m->dst]) {
            a->out.hop_seen[m->src][m->dst] = 1;
            printf("  hop %d -> %d: %d links, %.3f us\n", m->src, m->dst, r->hops,
                   r->latency * 1e6);
        }
        k++;
    }
    return k;
}

/* Each rank's messages and bytes sent and received in one call into tr (4 p values, see
 * an_write_call_ranks), and the call's rows of --messages. */
static void call_traffic(struct an *a, const struct cut *c, int call, const struct model_msg *mm,
                         size_t k, double *tr)
{
    const struct cs_phase_mark *mk = &c->mark;
    int p = c->p;
    double t0 = c->t0s[call];
    memset(tr, 0, 4 * (size_t)p * sizeof *tr);
    for (size_t i = 0; i < k; i++) {
        tr[mm[i].src]++, tr[p + mm[i].src] += mm[i].bytes;
        tr[2 * p + mm[i].dst]++, tr[3 * p + mm[i].dst] += mm[i].bytes;
        if (a->out.msgs)
            fprintf(a->out.msgs, "%s,%llu,%d,%d,%d,%d,%d,%d,%.0f,%.12g,%.12g,%d,%d\n",
                    mk->algorithm, (unsigned long long)mk->bytes, p, mk->root, call,
                    call >= mk->warmup, mm[i].src, mm[i].dst, mm[i].bytes, mm[i].start - t0,
                    mm[i].end - t0, mm[i].hops, mm[i].k);
    }
}

/* The last call is the one described: its critical path, and its diagram for --svg. */
static void call_describe(struct an *a, const struct paje_state *s, const struct cut *c,
                          const struct model_msg *mm, size_t k, const double *exit_rel)
{
    double t0 = c->t0s[c->calls - 1];
    an_describe_call(a, mm, k, c->p, c->mark.root, t0);
    if (a->out.svg && !a->out.svg_done &&
        (a->out.svg_phase == NULL || strstr(s->value, a->out.svg_phase))) {
        a->out.phase_value = s->value;
        if (an_write_svg(a, mm, k, c->p, t0, exit_rel) != 0) a->failed = 2;
        a->out.svg_done = 1;
    }
}

/* A timed call's share of the sums: its time (the last exit, or the last arrival if the
 * rank times are unknown) and every model's replay of its messages, local work included. */
static void call_timed(const struct cut *c, int call, const struct model_params *mp,
                       const struct model_msg *mm, size_t k, double last, const double *exit_at,
                       struct sums *sm)
{
    double t0 = c->t0s[call], pred[MODEL_COUNT], local = 0;
    sm->msgs_per_call = k;
    sm->bytes_per_call = 0;
    for (size_t i = 0; i < k; i++)
        sm->bytes_per_call += mm[i].bytes;
    for (int r = 0; exit_at != NULL && r < c->p; r++)
        if (exit_at[r] > last) last = exit_at[r];
    sm->sim += last - t0;
    model_replay_call(mp, mm, k, c->p, t0, exit_at, pred, &local);
    sm->local += local;
    for (int md = 0; md < MODEL_COUNT; md++)
        sm->pred[md] += pred[md] - t0;
}

/* Every call of the phase: routes, k, traffic, rank times, the sums of the timed ones. */
static void phase_calls(struct an *a, const struct paje_state *s, const struct cut *c,
                        const struct model_params *mp, const struct route *r01,
                        const struct rank_index *ix, const double *times, struct sums *sm)
{
    int p = c->p;
    struct model_msg *mm = malloc((c->most + 1) * sizeof *mm);
    struct route **rt = malloc((c->most + 1) * sizeof *rt);
    double *tr = malloc(5 * (size_t)p * sizeof *tr), last, *exit_at = tr + 4 * (size_t)p;
    for (int call = 0; call < c->calls; call++) {
        size_t k = call_messages(a, c, call, r01, ix, mm, rt, sm, &last);
        an_link_sharing(mm, rt, k, a->rc.nlinks);
        call_traffic(a, c, call, mm, k, tr);
        if (times != NULL) {
            const double *ci = times + (size_t)call * 2 * (size_t)p;
            an_write_call_ranks(a, c->mark.algorithm, (unsigned long long)c->mark.bytes, p,
                                c->mark.root, call, call >= c->mark.warmup, ci, ci + p, tr);
        }
        for (size_t i = 0; i < k; i++)
            if (mm[i].k > sm->kmax) sm->kmax = mm[i].k;
        if (call == c->calls - 1)
            call_describe(a, s, c, mm, k,
                          times ? times + ((size_t)call * 2 + 1) * (size_t)p : NULL);
        if (call >= c->mark.warmup && times != NULL)
            for (int r = 0; r < p; r++) /* absolute exits */
                exit_at[r] = c->t0s[call] + times[((size_t)call * 2 + 1) * (size_t)p + (size_t)r];
        if (call >= c->mark.warmup)
            call_timed(c, call, mp, mm, k, last, times ? exit_at : NULL, sm);
    }
    free(tr);
    free(mm);
    free(rt);
}

/* Keeps the phase's simulated and predicted times for the plots. */
static void keep_result(struct an *a, const struct cut *c, double sim, const struct sums *sm)
{
    if (a->nres == a->capres) {
        a->capres = a->capres ? a->capres * 2 : 64;
        a->res = realloc(a->res, a->capres * sizeof *a->res);
    }
    struct phase_result *pr = &a->res[a->nres++];
    snprintf(pr->coll, sizeof pr->coll, "%s", c->mark.collective);
    snprintf(pr->algo, sizeof pr->algo, "%s", c->mark.algorithm);
    pr->bytes = (double)c->mark.bytes, pr->sim = sim;
    for (int md = 0; md < MODEL_COUNT; md++)
        pr->pred[md] = sm->pred[md] / c->mark.iterations;
}

/* The report's lines on where the model parameters came from. */
static void print_params(const struct an *a, const struct model_params *mp)
{
    const char *routing = a->sfr ? "sfr" : "ctr";
    if (a->mc != NULL) {
        printf("  parameters from the platform's routes and machine profile '%s': logp, loggp and "
               "plogp charge each message its class's o_s and o_r (eager messages only) and scale "
               "its route's latency L and bandwidth 1/G by the class's factors, as the run did; "
               "hockney, ctr, sfr and contention have no overheads; eager below %.0f B; routing "
               "%s\n",
               a->mc->name, a->eager, routing);
        return;
    }
    if (a->params_path == NULL) {
        printf("  parameters from the platform: a = %.3f us, b = %.6f ns/B (route %s -> %s); eager "
               "below %.0f B; routing %s\n",
               mp->a * 1e6, mp->b * 1e9, a->host[0], a->host[1], a->eager, routing);
        printf("  plogp from the platform: L = a, g(m) = b (m + 16), o_s(m) = 0 below the eager "
               "threshold and L + g(m) from it, o_r = 0\n");
        return;
    }
    printf("  parameters from calibration %s (%s): hockney a = %.3f us, b = %.6f ns/B; loggp L = "
           "%.3f us, o = %.3f us, g = %.3f us, G = %.6f ns/B; eager below %.0f B; routing %s\n",
           a->params_path, a->cal.source, mp->a * 1e6, mp->b * 1e9, mp->L * 1e6, mp->o * 1e6,
           mp->g * 1e6, mp->G * 1e9, a->eager, routing);
    printf("  plogp from calibration: L = %.3f us, g(m) and o_s(m) interpolated from %zu sizes, "
           "sends spaced by max(g(m), o_s(m)); ctr, sfr and contention from the platform's "
           "routes\n",
           mp->Lp * 1e6, mp->pt_n);
}

/* 1 when model md is exact by construction for the run (the `*` of the report, EXACT_LEGEND):
 * no link carried two of a call's messages at once (k = 1), the model routes as the run did
 * (sfr store-and-forward, the others cut-through), and hockney, loggp and plogp also have
 * every route like ranks 0-1's and the platform's parameters. Under a machine profile only
 * loggp and plogp, which charge its overheads, can be; logp (no per-byte term) never is. */
static int model_exact(const struct an *a, int md, const struct sums *sm)
{
    if (sm->kmax != 1 || (a->mc != NULL && md != MODEL_LOGGP && md != MODEL_PLOGP)) return 0;
    switch (md) {
    case MODEL_SFR:
        return a->sfr;
    case MODEL_CTR:
    case MODEL_CONTENTION:
        return !a->sfr;
    case MODEL_HOCKNEY:
    case MODEL_LOGGP:
    case MODEL_PLOGP:
        return !a->sfr && sm->uniform && a->params_path == NULL;
    default:
        return 0;
    }
}

/* The JSON record's facts before its models, after its rank times. */
static void json_facts(const struct an *a, double sim, const struct sums *sm, int had_times)
{
    char path[sizeof an_crit_text];
    size_t i = 0;
    for (; an_crit_text[i]; i++)
        path[i] = an_crit_text[i] == ' ' ? ',' : an_crit_text[i];
    path[i] = '\0';
    fprintf(a->out.json,
            "%s, \"simulated_s\": %.12g, \"messages_per_call\": %zu, \"bytes_per_call\": %.0f, "
            "\"longest_route\": %d, \"k\": %d, \"critical_path\": [%s], \"models\": [",
            had_times ? "]" : "", sim, sm->msgs_per_call, sm->bytes_per_call, sm->hmax, sm->kmax,
            path);
}

/* Every model's prediction and signed error: in the report, the CSV and the JSON. */
static void report_models(const struct an *a, const struct cut *c, double sim,
                          const struct sums *sm, int had_times)
{
    const struct cs_phase_mark *mk = &c->mark;
    printf("  %-11s %14s %10s   %s\n", "model", "predicted us", "error", "one message");
    if (a->out.json) json_facts(a, sim, sm, had_times);
    for (int md = 0; md < MODEL_COUNT; md++) {
        double pred = sm->pred[md] / mk->iterations, err = sim > 0 ? (pred - sim) / sim * 100 : 0;
        int exact = model_exact(a, md, sm);
        printf("  %-10s%s %14.3f %+9.3f%%   %s\n", model_infos[md].name, exact ? "*" : " ",
               pred * 1e6, err, model_infos[md].formula);
        if (a->out.csv[AN_CSV_MODELS])
            fprintf(a->out.csv[AN_CSV_MODELS], "%s,%llu,%d,%d,%.12g,%s,%.12g,%.6f,%d,%d,%s\n",
                    mk->algorithm, (unsigned long long)mk->bytes, c->p, mk->root, sim,
                    model_infos[md].name, pred, err, exact, sm->kmax, mk->collective);
        if (a->out.json)
            fprintf(a->out.json,
                    "%s{\"model\": \"%s\", \"predicted_s\": %.12g, \"error_pct\": %.6f, "
                    "\"exact\": %s, \"formula\": \"%s\"}",
                    md ? ", " : "", model_infos[md].name, pred, err, exact ? "true" : "false",
                    model_infos[md].formula);
    }
    printf("%s\n", EXACT_LEGEND);
    if (a->out.json) fputs("]}", a->out.json);
}

/* Opens the phase's JSON record; its rank_times follow call by call. */
static void json_open(struct an *a, const struct paje_state *s, const struct cut *c, int have_times)
{
    const struct cs_phase_mark *mk = &c->mark;
    fprintf(a->out.json,
            "%s\n  {\"phase\": \"%s\", \"collective\": \"%s\", \"algorithm\": \"%s\", "
            "\"bytes\": %llu, \"np\": %d, \"root\": %d, \"calls\": %d, \"cost_formula\": ",
            a->out.json_first ? "" : ",", s->value, mk->collective, mk->algorithm,
            (unsigned long long)mk->bytes, c->p, mk->root, mk->iterations);
    an_json_string(a->out.json, c->cost ? c->cost : "");
    fprintf(a->out.json, ", \"rank_times\": %s", have_times ? "[" : "null");
    a->out.json_first = 0;
}

/* Cuts the phase; prints its heading. 0 to go on, -1 when there is nothing to analyze. */
static int phase_begin(struct an *a, const struct paje_state *s, struct cut *c)
{
    memset(c, 0, sizeof *c);
    if (cs_phase_mark_parse(s->value, &c->mark) != 0) return -1;
    c->calls = c->mark.warmup + c->mark.iterations;
    cut_messages(a, s, c);
    a->phases++;
    printf("\n# phase %s: %s, algorithm %s, %llu bytes, root %d, %d ranks, %d timed calls\n",
           s->value, c->mark.collective, c->mark.algorithm, (unsigned long long)c->mark.bytes,
           c->mark.root, c->p, c->mark.iterations);
    c->cost = cost_formula(&c->mark);
    if (c->cost) printf("  cost formula (collsim list): %s\n", c->cost);
    if (c->p < 2 || c->nready != (size_t)c->calls * (size_t)(c->p - 1)) {
        printf("  (one rank, or not a collsim run trace: %zu ready messages for %d calls)\n",
               c->nready, c->calls);
        return -1;
    }
    return 0;
}

void an_phase(struct an *a, const struct paje_state *s)
{
    struct cut c;
    int go = phase_begin(a, s, &c) == 0;
    const struct route *r01 = go && a->nhosts > 1 ? an_route_of(a, 0, 1) : NULL;
    if (go && r01 == NULL) {
        printf("  (hosts not in the platform: is --platform the run's?)\n");
        a->failed = 1;
    }
    if (r01 == NULL) {
        cut_free(&c);
        return;
    }
    struct model_params mp;
    phase_params(a, r01, &mp);
    cut_calls(&c, s->end);
    struct rank_index ix;
    double *times = malloc((size_t)c.calls * 2 * (size_t)c.p * sizeof *times); /* entry, exit */
    if (an_rank_index_build(a, s, c.p, c.mark.root, c.calls, &ix) != 0)
        free(times), times = NULL;
    else
        an_rank_times(&ix, c.calls, c.p, c.mark.root, c.t0s, c.next_ready, s->end, times);
    if (a->out.json) json_open(a, s, &c, times != NULL);
    struct sums sm = {.kmax = 1, .uniform = 1};
    phase_calls(a, s, &c, &mp, r01, &ix, times, &sm);
    double sim = sm.sim / c.mark.iterations;
    keep_result(a, &c, sim, &sm);
    printf("  simulated %.3f us (average of %d calls); %zu messages, %.0f bytes per call; longest "
           "route %d links; k = %d\n",
           sim * 1e6, c.mark.iterations, sm.msgs_per_call, sm.bytes_per_call, sm.hmax, sm.kmax);
    if (sm.local > 0)
        printf("  local work between messages (reductions): up to %.3f us on one rank per call, "
               "replayed by every model as the traced time before each post and exit\n",
               sm.local / c.mark.iterations * 1e6);
    print_params(a, &mp);
    report_models(a, &c, sim, &sm, times != NULL);
    an_print_rank_spread(c.p, c.calls, times);
    an_rank_index_free(&ix);
    free(times);
    cut_free(&c);
}
