/* study_whatif.c: the what-if comparison of a study over two or more platforms. Each variant on
 * another platform is set against the baseline platform's variant with the same process count,
 * ranks per host, model, routing and root in the spec: per algorithm and size the ratio of their
 * simulated times (below 1: faster than the baseline), as whatif.csv's rows, a table per collective
 * (whatif[-C].txt) and a plot of the ratio of the best times with the spread over algorithms
 * (whatif[-C].png). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "study.h"

/* The baseline platform's index: the spec's baseline, or the first platform. */
static int baseline_platform(const struct study_plan *p)
{
    for (int i = 0; i < p->spec.nplat; i++)
        if (strcmp(p->spec.plat[i].name, p->spec.baseline) == 0) return i;
    return 0;
}

/* The variant of the baseline platform that matches variant v in every other axis of the
 * spec (the same np, ranks-per-host, model, routing and root values: "auto" ranks per host
 * or "all" processes may come out differently on two platforms), or -1. */
static int partner(const struct study_plan *p, int v, int base)
{
    const struct study_variant *a = &p->var[v];
    for (int i = 0; i < p->nvar; i++)
        if (p->var[i].plat == base && memcmp(p->var[i].axis, a->axis, sizeof a->axis) == 0)
            return i;
    return -1;
}

/* The valid row of variant v, algorithm algo and size bytes, or -1. */
static int find_row(const struct study_row *rows, int n, int v, const char *algo,
                    unsigned long long bytes)
{
    for (int i = 0; i < n; i++)
        if (rows[i].var == v && rows[i].bytes == bytes && rows[i].valid &&
            strcmp(rows[i].algo, algo) == 0)
            return i;
    return -1;
}

/* The ratios of variant v against variant b: best (of the best times), lo and hi (over the
 * algorithms) at size bytes; 0 when no algorithm has both. */
static int ratio_span(const struct study_row *rows, int n, int v, int b, unsigned long long bytes,
                      double *best, double *lo, double *hi)
{
    double tv = -1, tb = -1;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (rows[i].var != v || rows[i].bytes != bytes || !rows[i].valid) continue;
        int j = find_row(rows, n, b, rows[i].algo, bytes);
        if (j < 0) continue;
        double r = rows[i].avg / rows[j].avg;
        *lo = k == 0 || r < *lo ? r : *lo;
        *hi = k == 0 || r > *hi ? r : *hi;
        k++;
    }
    for (int i = 0; i < n; i++) {
        if (!rows[i].valid || rows[i].bytes != bytes) continue;
        if (rows[i].var == v && (tv < 0 || rows[i].avg < tv)) tv = rows[i].avg;
        if (rows[i].var == b && (tb < 0 || rows[i].avg < tb)) tb = rows[i].avg;
    }
    if (k == 0 || tv <= 0 || tb <= 0) return 0;
    *best = tv / tb;
    return 1;
}

/* whatif.csv's rows and the table of variant v against b. */
static void whatif_variant(const struct study_plan *p, FILE *csv, FILE *txt,
                           const struct study_row *rows, int n, int v, int b,
                           const unsigned long long *sizes, int ns)
{
    char label[32];
    fprintf(txt, "\n# %s against %s: simulated time / baseline time\n# %-24s", p->var[v].label,
            p->var[b].label, "algorithm");
    for (int s = 0; s < ns; s++) {
        study_fmt_bytes(sizes[s], label, sizeof label);
        fprintf(txt, " %9s", label);
    }
    fputc('\n', txt);
    for (int i = 0; i < n; i++) {
        if (rows[i].var != v ||
            (i > 0 && rows[i - 1].var == v && strcmp(rows[i - 1].algo, rows[i].algo) == 0))
            continue; /* one line per algorithm, at its first row */
        fprintf(txt, "  %-24s", rows[i].algo);
        for (int s = 0; s < ns; s++) {
            int a = find_row(rows, n, v, rows[i].algo, sizes[s]);
            int c = find_row(rows, n, b, rows[i].algo, sizes[s]);
            if (a < 0 || c < 0) {
                fprintf(txt, " %9s", "-");
                continue;
            }
            fprintf(txt, " %9.3f", rows[a].avg / rows[c].avg);
            fprintf(csv, "%s,%s,%s,%d,%s,%llu,%.12g,%.12g,%.6f\n", rows[a].collective,
                    rows[a].variant, rows[c].variant, rows[a].np, rows[a].algo, sizes[s],
                    rows[a].avg, rows[c].avg, rows[a].avg / rows[c].avg);
        }
        fputc('\n', txt);
    }
    double best, lo, hi;
    fprintf(txt, "  %-24s", "(fastest of each)");
    for (int s = 0; s < ns; s++)
        if (ratio_span(rows, n, v, b, sizes[s], &best, &lo, &hi))
            fprintf(txt, " %9.3f", best);
        else
            fprintf(txt, " %9s", "-");
    fputc('\n', txt);
}

/* The plot: per variant against its baseline, the ratio of the fastest times vs size, bars
 * from the lowest to the highest ratio of one algorithm. 0, or -1 if gnuplot failed. */
static int whatif_plot(const struct study_plan *p, const struct study_coll *sc,
                       const struct study_row *rows, int n, const int *pair,
                       const unsigned long long *sizes, int ns, const char *png)
{
    FILE *g = study_plot_open(png);
    if (g == NULL) return -1;
    fprintf(g,
            "set ylabel 'simulated time / baseline time'\n"
            "set title \"what-if: %s time on each variant / time on %s\\n(lines: the "
            "fastest algorithm of each; bars: the range of one algorithm's ratio)\"\n"
            "set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc 'gray'\n",
            sc->noun, p->spec.plat[baseline_platform(p)].name);
    int k = 0;
    for (int v = 0; v < p->nvar; v++) {
        if (pair[v] < 0) continue;
        fprintf(g, "$d%d << EOD\n", v);
        double best, lo, hi;
        for (int s = 0; s < ns; s++)
            if (sizes[s] > 0 && ratio_span(rows, n, v, pair[v], sizes[s], &best, &lo, &hi))
                fprintf(g, "%llu %.9g %.9g %.9g\n", sizes[s], best, lo, hi);
        fprintf(g, "EOD\n");
    }
    fprintf(g, "plot ");
    for (int v = 0; v < p->nvar; v++) {
        if (pair[v] < 0) continue;
        fprintf(g, "%s$d%d using 1:2:3:4 with yerrorlines title \"", k++ ? ", " : "", v);
        cs_gnuplot_string(g, p->var[v].label, 0);
        fputc('"', g);
    }
    fputc('\n', g);
    return cs_gnuplot_finish(g, png, NULL);
}

int whatif_report(const struct study_plan *p, const struct study_coll *sc,
                  const struct study_row *rows, int nrows, FILE *csv, int gnuplot)
{
    int base = baseline_platform(p), any = 0;
    int *pair = calloc((size_t)p->nvar, sizeof *pair);
    unsigned long long *sizes = calloc((size_t)nrows + 1, sizeof *sizes);
    if (pair == NULL || sizes == NULL) abort();
    for (int v = 0; v < p->nvar; v++) {
        pair[v] = p->var[v].plat == base ? -1 : partner(p, v, base);
        any |= pair[v] >= 0;
    }
    int ns = study_row_sizes(rows, nrows, sizes), rc = 0;
    char txt[PATH_MAX], png[PATH_MAX];
    study_path(p, sc->id, "whatif", ".txt", txt, sizeof txt);
    study_path(p, sc->id, "whatif", ".png", png, sizeof png);
    struct cs_out co;
    FILE *f = any ? cs_out_open(&co, txt) : NULL;
    if (any && f == NULL) rc = 1;
    if (f != NULL) {
        fprintf(f,
                "# what-if: the %s on each platform against the baseline %s, in the same "
                "process count, ranks per host, model, routing and root\n",
                sc->noun, p->spec.plat[base].name);
        for (int v = 0; v < p->nvar; v++)
            if (pair[v] >= 0) whatif_variant(p, csv, f, rows, nrows, v, pair[v], sizes, ns);
        rc = cs_out_commit(&co, 1) != 0;
    }
    if (rc != 0) cs_error("cannot write '%s'", txt);
    if (rc == 0 && any && gnuplot && whatif_plot(p, sc, rows, nrows, pair, sizes, ns, png) != 0) {
        unlink(png);
        cs_note("gnuplot could not draw '%s'", png);
    }
    free(pair);
    free(sizes);
    return rc;
}
