/* vreport.c: what validate prints, writes and plots (validate.h): the relative error of each
 * simulated time against the measured one, in percent, its median and 90th percentile per
 * cell, per algorithm and in all, and whether the simulated best algorithm is the measured
 * best or within 10% of it. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "plot.h"
#include "util.h"
#include "validate.h"

#define VT_BEST_WITHIN 1.10 /* the measured best or within 10% of it */

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of the n values of v (sorted here), linear between neighbours; NAN for none. */
static double quantile(double *v, int n, double q)
{
    if (n == 0) return NAN;
    qsort(v, (size_t)n, sizeof *v, by_value);
    double at = q * (n - 1);
    int i = (int)floor(at);
    return i + 1 < n ? v[i] + (at - i) * (v[i + 1] - v[i]) : v[n - 1];
}

/* The relative error (%) of simulated s against measured m, NAN when either is missing. */
static double rel_err(double s, double m)
{
    return isnan(s) || isnan(m) || !(m > 0) ? NAN : (s / m - 1) * 100;
}

/* The measured and simulated time by which cell c's algorithms are ranked at point i: Max
 * where the cell has it, else Avg. */
static void ranked(const struct vcell *c, int i, double *meas, double *sim)
{
    const struct vpoint *p = &c->p[i];
    int max = !isnan(p->max_us);
    *meas = max ? p->max_us : p->avg_us;
    *sim = max ? p->sim_max_us : p->sim_avg_us;
}

/* The point of cell c at bytes, or -1. */
static int point_at(const struct vcell *c, uint64_t bytes)
{
    for (int i = 0; i < c->n; i++)
        if (c->p[i].bytes == bytes) return i;
    return -1;
}

/* 1 when cells a and b are the same calls but for the algorithm. */
static int same_calls(const struct vcell *a, const struct vcell *b)
{
    return a->nodes == b->nodes && a->np == b->np && strcmp(a->coll, b->coll) == 0 &&
           strcmp(a->placement, b->placement) == 0;
}

/* Best-algorithm agreement at size `bytes` among the forced algorithms of cell c's calls
 * (c is the first such cell): 1 right, 0 wrong, -1 fewer than two simulated algorithms. */
static int best_at(const struct vtable *t, int c, uint64_t bytes)
{
    double best_meas = INFINITY, pick_sim = INFINITY, pick_meas = NAN;
    int algos = 0;
    for (int j = c; j < t->n; j++) {
        const struct vcell *d = &t->cell[j];
        int i = d->algorithm != 0 && same_calls(d, &t->cell[c]) ? point_at(d, bytes) : -1;
        double m, s;
        if (i < 0) continue;
        ranked(d, i, &m, &s);
        if (isnan(s) || isnan(m)) continue;
        algos++;
        best_meas = fmin(best_meas, m);
        if (s < pick_sim) pick_sim = s, pick_meas = m;
    }
    return algos < 2 ? -1 : pick_meas <= VT_BEST_WITHIN * best_meas;
}

/* The cells of forced algorithms with a first cell of their calls: the share of sizes whose
 * simulated best is right, into s. */
static void best_share(const struct vtable *t, const char *coll, struct vstats *s)
{
    int cells = 0, hits = 0;
    for (int c = 0; c < t->n; c++) {
        const struct vcell *x = &t->cell[c];
        int first = x->algorithm != 0 && (coll == NULL || strcmp(x->coll, coll) == 0);
        for (int j = 0; first && j < c; j++)
            if (t->cell[j].algorithm != 0 && same_calls(&t->cell[j], x)) first = 0;
        for (int i = 0; first && i < x->n; i++) {
            int k = best_at(t, c, x->p[i].bytes);
            if (k >= 0) cells++, hits += k;
        }
    }
    s->best_cells = cells;
    s->best_share = cells ? 100.0 * hits / cells : NAN;
}

/* The measured time of the simulated fastest algorithm (forced ones and the default) at
 * size bytes of c's calls over the default's measured time into *ratio (default / pick). 1,
 * or 0 when the default or every other algorithm lacks a time there. */
static int win_at(const struct vtable *t, int c, uint64_t bytes, double *ratio)
{
    double pick_sim = INFINITY, pick_meas = NAN, def_meas = NAN;
    int others = 0;
    for (int j = 0; j < t->n; j++) {
        const struct vcell *d = &t->cell[j];
        int i = same_calls(d, &t->cell[c]) ? point_at(d, bytes) : -1;
        double m, s;
        if (i < 0) continue;
        ranked(d, i, &m, &s);
        if (isnan(s) || isnan(m)) continue;
        if (d->algorithm == 0) def_meas = m;
        others += d->algorithm != 0;
        if (s < pick_sim) pick_sim = s, pick_meas = m;
    }
    if (isnan(def_meas) || others == 0) return 0;
    *ratio = def_meas / pick_meas;
    return 1;
}

/* The measured win over the cells whose default cell is c (the first cell of its calls). */
static void measured_win(const struct vtable *t, struct vstats *s)
{
    double logsum = 0;
    int cells = 0, wins = 0;
    for (int c = 0; c < t->n; c++) {
        const struct vcell *x = &t->cell[c];
        for (int i = 0; x->algorithm == 0 && i < x->n; i++) {
            double r;
            if (!win_at(t, c, x->p[i].bytes, &r)) continue;
            cells++, logsum += log(r), wins += r >= 1;
        }
    }
    s->win_cells = cells;
    s->win_geomean = cells ? exp(logsum / cells) : NAN;
    s->win_share = cells ? 100.0 * wins / cells : NAN;
}

void vt_stats(const struct vtable *t, const char *coll, int algorithm, struct vstats *s)
{
    long cap = 0;
    for (int c = 0; c < t->n; c++)
        cap += t->cell[c].n;
    double *ea = calloc((size_t)cap + 1, sizeof *ea), *em = calloc((size_t)cap + 1, sizeof *em);
    int na = 0, nm = 0;
    for (int c = 0; ea != NULL && em != NULL && c < t->n; c++) {
        const struct vcell *x = &t->cell[c];
        if (coll != NULL && (strcmp(x->coll, coll) != 0 || x->algorithm != algorithm)) continue;
        for (int i = 0; i < x->n; i++) {
            double a = rel_err(x->p[i].sim_avg_us, x->p[i].avg_us),
                   m = rel_err(x->p[i].sim_max_us, x->p[i].max_us);
            if (!isnan(a)) ea[na++] = fabs(a);
            if (!isnan(m)) em[nm++] = fabs(m);
        }
    }
    memset(s, 0, sizeof *s);
    s->points = na, s->points_max = nm;
    s->median_avg = quantile(ea, na, 0.5), s->p90_avg = quantile(ea, na, 0.9);
    s->median_max = quantile(em, nm, 0.5), s->p90_max = quantile(em, nm, 0.9);
    free(ea), free(em);
    if (coll == NULL) best_share(t, NULL, s), measured_win(t, s);
}

/* "median M%, p90 P%" or "-" into buf. */
static const char *pair(double median, double p90, char *buf, size_t len)
{
    if (isnan(median))
        snprintf(buf, len, "%13s", "-");
    else
        snprintf(buf, len, "%5.1f%% %5.1f%%", median, p90);
    return buf;
}

/* A cell's line: its keys, points and errors. */
static void cell_line(const struct vcell *c)
{
    printf("%-10s %4d %-8s %5d %6d  ", c->coll, c->algorithm, c->placement, c->nodes, c->np);
    struct vtable one = {(struct vcell *)c, 1, 1, 0, 0};
    struct vstats s;
    char a[32], m[32];
    vt_stats(&one, c->coll, c->algorithm, &s);
    if (s.points == 0) {
        printf("not simulated: %s\n", c->failed);
        return;
    }
    printf("%6d  %s  %s", s.points, pair(s.median_avg, s.p90_avg, a, sizeof a),
           pair(s.median_max, s.p90_max, m, sizeof m));
    printf(c->failed[0] ? "  (%s)\n" : "%s\n", c->failed);
}

/* The lines per collective and algorithm, each once, in the cells' order. */
static void algorithm_lines(const struct vtable *t)
{
    printf("\n# per collective and algorithm (every placement, node and process count)\n");
    for (int c = 0; c < t->n; c++) {
        const struct vcell *x = &t->cell[c];
        int first = 1;
        for (int j = 0; j < c; j++)
            if (t->cell[j].algorithm == x->algorithm && !strcmp(t->cell[j].coll, x->coll))
                first = 0;
        if (!first) continue;
        struct vstats s;
        char a[32], m[32];
        vt_stats(t, x->coll, x->algorithm, &s);
        printf("%-10s %4d %6d  %s  %s\n", x->coll, x->algorithm, s.points,
               pair(s.median_avg, s.p90_avg, a, sizeof a),
               pair(s.median_max, s.p90_max, m, sizeof m));
    }
}

void vt_report(const struct vtable *t, const char *data)
{
    printf("# collsim validate: simulated against measured (%s)\n", data);
    printf("# |error| in %%: median and 90th percentile over the sizes, against OSU's Avg (the "
           "mean over ranks) and Max (the slowest rank, -f)\n");
    printf("# %-8s %4s %-8s %5s %6s  %6s  %13s  %13s\n", "coll", "algo", "placed", "nodes", "np",
           "points", "Avg", "Max");
    for (int c = 0; c < t->n; c++)
        cell_line(&t->cell[c]);
    algorithm_lines(t);
    struct vstats s;
    vt_stats(t, NULL, 0, &s);
    char a[32], m[32];
    printf("\nall: %d points; median and 90th percentile |error| against Avg %s, against Max "
           "%s\n",
           s.points, pair(s.median_avg, s.p90_avg, a, sizeof a),
           pair(s.median_max, s.p90_max, m, sizeof m));
    if (s.best_cells > 0)
        printf("best algorithm: the simulated fastest is the measured fastest or within 10%% in "
               "%.0f%% of %d (calls, size) cells with two forced algorithms or more\n",
               s.best_share, s.best_cells);
    else
        printf("best algorithm: no cell has two forced algorithms to rank\n");
    if (s.win_cells > 0)
        printf("measured win: the simulated fastest algorithm (what collsim tune picks) against "
               "the library's own choice, both measured: geometric mean speed-up %.3f, at least "
               "as fast in %.0f%% of %d cells\n",
               s.win_geomean, s.win_share, s.win_cells);
}
