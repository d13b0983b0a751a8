/* study_whatif.c: the what-if comparison of a study over two or more platforms. Each variant on
 * another platform is set against the baseline platform's variant with the same process count,
 * ranks per host, model, routing and root in the spec: per algorithm and size the ratio of their
 * simulated times (below 1: faster than the baseline), as whatif.csv's rows, a table per collective
 * (whatif[-C].txt), a plot of the ratio of the best times with the spread over algorithms
 * (whatif[-C].png) and a plot per algorithm of its time on every variant (across-A[-C].png). What
 * did not run is marked where it would have been, and a comparison of the fastest of each keeps
 * to the algorithms that ran on both sides. */
#include <ctype.h>
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
static int find_row(const struct study_gaps *G, int v, const char *algo, unsigned long long bytes)
{
    for (int i = 0; i < G->nrows; i++)
        if (G->rows[i].var == v && G->rows[i].bytes == bytes && G->rows[i].valid &&
            strcmp(G->rows[i].algo, algo) == 0)
            return i;
    return -1;
}

/* The algorithms of variants v and b (rows and gaps), in order, as a comma list (caller
 * frees). */
static char *pair_algorithms(const struct study_gaps *G, int v, int b)
{
    size_t cap = 1;
    for (int i = 0; i < G->nrows; i++)
        cap += strlen(G->rows[i].algo) + 1;
    for (int i = 0; i < G->n; i++)
        cap += strlen(G->g[i].algo) + 1;
    char *list = cs_calloc(cap, 1);
    for (int i = 0; i < G->nrows + G->n; i++) {
        int var = i < G->nrows ? G->rows[i].var : G->g[i - G->nrows].var;
        const char *a = i < G->nrows ? G->rows[i].algo : G->g[i - G->nrows].algo;
        if ((var == v || var == b || v < 0) && !study_in_list(list, a))
            sprintf(list + strlen(list), "%s%s", *list ? "," : "", a);
    }
    return list;
}

/* The ratio of variant v against its baseline b at size bytes over the algorithms of the comma
 * list algos that ran on both: of their fastest times (best), and the lowest and highest of
 * one algorithm's (lo, hi); *alone counts the others (on one side only, or on neither where
 * a cell did not run). 0 when none ran on both. */
static int ratio_span(const struct study_gaps *G, int v, int b, unsigned long long bytes,
                      const char *algos, double *best, double *lo, double *hi, int *alone)
{
    double tv = -1, tb = -1;
    int k = 0;
    char *list = cs_strdup(algos), *save;
    *alone = 0;
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        int x = find_row(G, v, t, bytes), y = find_row(G, b, t, bytes);
        if (x < 0 || y < 0) {
            *alone += !gaps_dropped(G, bytes);
            continue;
        }
        double ratio = G->rows[x].avg / G->rows[y].avg;
        *lo = k == 0 || ratio < *lo ? ratio : *lo;
        *hi = k == 0 || ratio > *hi ? ratio : *hi;
        tv = tv < 0 || G->rows[x].avg < tv ? G->rows[x].avg : tv;
        tb = tb < 0 || G->rows[y].avg < tb ? G->rows[y].avg : tb;
        k++;
    }
    free(list);
    if (k == 0 || tv <= 0 || tb <= 0) return 0;
    *best = tv / tb;
    return 1;
}

/* The table's cell of algo at size bytes: the ratio, or why there is none ("failed",
 * "b:failed" on the baseline, "left out", "-" where the algorithm does not run). */
static void whatif_cell(const struct study_gaps *G, int v, int b, const char *algo,
                        unsigned long long bytes, char *out, size_t len)
{
    int x = find_row(G, v, algo, bytes), y = find_row(G, b, algo, bytes);
    const struct study_gap *gv = gaps_find(G, v, algo, bytes), *gb = gaps_find(G, b, algo, bytes);
    if (x >= 0 && y >= 0)
        snprintf(out, len, "%.3f", G->rows[x].avg / G->rows[y].avg);
    else if (x < 0 && gaps_has_row(G, v, algo, bytes)) /* a row, but wrong data */
        snprintf(out, len, "wrong");
    else if (y < 0 && gaps_has_row(G, b, algo, bytes))
        snprintf(out, len, "b:wrong");
    else if (gaps_dropped(G, bytes))
        snprintf(out, len, "left out");
    else if (gv != NULL)
        snprintf(out, len, "%s", gaps_kind_name(gv->kind));
    else if (gb != NULL)
        snprintf(out, len, "b:%s", gaps_kind_name(gb->kind));
    else
        snprintf(out, len, "-");
}

/* whatif.csv's rows of algo on variant v against b: where it ran on both. */
static void whatif_csv(FILE *csv, const struct study_gaps *G, int v, int b, const char *algo,
                       const unsigned long long *sizes, int ns)
{
    for (int s = 0; s < ns; s++) {
        int x = find_row(G, v, algo, sizes[s]), y = find_row(G, b, algo, sizes[s]);
        if (x < 0 || y < 0) continue;
        const struct study_row *a = &G->rows[x], *c = &G->rows[y];
        fprintf(csv, "%s,%s,%s,%d,%s,%llu,%.12g,%.12g,%.6f\n", a->collective, a->variant,
                c->variant, a->np, a->algo, sizes[s], a->avg, c->avg, a->avg / c->avg);
    }
}

/* A line per algorithm that did not run on both sides at some size (a size left out for memory
 * aside): the fastest of each leaves it out there. */
static void whatif_alone(FILE *txt, const struct study_gaps *G, int v, int b, const char *algos,
                         const unsigned long long *sizes, int ns)
{
    char *list = cs_strdup(algos), *save, why[16], size[32];
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        int n = 0;
        for (int s = 0; s < ns; s++) {
            int x = find_row(G, v, t, sizes[s]) >= 0, y = find_row(G, b, t, sizes[s]) >= 0;
            if ((x && y) || gaps_dropped(G, sizes[s])) continue;
            whatif_cell(G, v, b, t, sizes[s], why, sizeof why);
            cs_exact_bytes(sizes[s], size, sizeof size);
            if (n++ == 0) fprintf(txt, "  # the fastest of each leaves out %s at", t);
            fprintf(txt, "%s %s (%s)", n > 1 ? "," : "", size,
                    strcmp(why, "-") != 0 ? why
                    : x                   ? "none on the baseline"
                                          : "none here");
        }
        if (n) fputc('\n', txt);
    }
    free(list);
}

/* The table of variant v against b and whatif.csv's rows. */
static void whatif_variant(const struct study_plan *p, FILE *csv, FILE *txt,
                           const struct study_gaps *G, int v, int b,
                           const unsigned long long *sizes, int ns)
{
    char label[32];
    fprintf(txt, "\n# %s against %s: simulated time / baseline time\n# %-24s", p->var[v].label,
            p->var[b].label, "algorithm");
    for (int s = 0; s < ns; s++) {
        cs_exact_bytes(sizes[s], label, sizeof label);
        fprintf(txt, " %10s", label);
    }
    fputc('\n', txt);
    char *algos = pair_algorithms(G, v, b), *save;
    char *list = cs_strdup(algos);
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        fprintf(txt, "  %-24s", t);
        for (int s = 0; s < ns; s++) {
            whatif_cell(G, v, b, t, sizes[s], label, sizeof label);
            fprintf(txt, " %10s", label);
        }
        fputc('\n', txt);
        whatif_csv(csv, G, v, b, t, sizes, ns);
    }
    double best, lo, hi;
    int alone;
    fprintf(txt, "  %-24s", "(fastest of each)");
    for (int s = 0; s < ns; s++)
        if (ratio_span(G, v, b, sizes[s], algos, &best, &lo, &hi, &alone))
            fprintf(txt, " %9.3f%s", best, alone ? "?" : " ");
        else
            fprintf(txt, " %10s", "-");
    fputc('\n', txt);
    whatif_alone(txt, G, v, b, algos, sizes, ns);
    free(list);
    free(algos);
}

/* A note when a node of platform `plat` and one of the baseline's inject over different links:
 * a difference of time may come from that alone. */
static void whatif_injection(FILE *txt, const struct study_plan *p, int plat, int base)
{
    long lp, lb;
    double bp, bb;
    if (plan_injection(p, plat, &lp, &bp) != 0 || plan_injection(p, base, &lb, &bb) != 0 ||
        (lp == lb && bp == bb))
        return;
    fprintf(txt,
            "# note: a node of %s injects over %ld link%s (%.4g GB/s), one of %s over %ld "
            "link%s (%.4g GB/s): part of any difference comes from that alone\n",
            p->spec.plat[plat].name, lp, lp == 1 ? "" : "s", bp / 1e9, p->spec.plat[base].name, lb,
            lb == 1 ? "" : "s", bb / 1e9);
}

/* The ratio plot's data block $dV of variant v against b: size, fastest ratio, lowest and
 * highest, and 1 where the fastest left an algorithm out. 1 when it did anywhere. */
static int whatif_block(FILE *g, const struct study_gaps *G, int v, int b,
                        const unsigned long long *sizes, int ns)
{
    double best, lo, hi;
    int alone, any = 0;
    char *algos = pair_algorithms(G, v, b);
    fprintf(g, "$d%d << EOD\n", v);
    for (int s = 0; s < ns; s++)
        if (sizes[s] > 0 && ratio_span(G, v, b, sizes[s], algos, &best, &lo, &hi, &alone)) {
            fprintf(g, "%llu %.9g %.9g %.9g %d\n", sizes[s], best, lo, hi, alone > 0);
            any |= alone > 0;
        }
    fprintf(g, "EOD\n");
    free(algos);
    return any;
}

/* The plot: per variant against its baseline, the ratio of the fastest times vs size (a line),
 * a bar from the lowest to the highest ratio of one algorithm, each variant's a little apart on
 * the size axis, and a red ring where the fastest of each left an algorithm out. As
 * cs_gnuplot_finish: 0, -1 if gnuplot failed, -2 after an error line. */
static int whatif_plot(const struct study_plan *p, const struct study_coll *sc,
                       const struct study_gaps *G, const int *pair, const unsigned long long *sizes,
                       int ns, const char *png)
{
    FILE *g = study_plot_open(png);
    if (g == NULL) return -1;
    const char *style = study_plot_sizes(g, sizes, ns);
    const char *base = p->spec.plat[baseline_platform(p)].name;
    char text[STUDY_NAME_MAX + 128];
    snprintf(text, sizeof text, "time / time on %s (log scale)", base);
    fputs("set logscale y\nset ylabel ", g);
    cs_gnuplot_quoted(g, text);
    snprintf(text, sizeof text, "%s: simulated time on each platform relative to %s", sc->noun,
             base);
    fputs("\nset title ", g);
    cs_gnuplot_quoted(g, text);
    fputs("\nset key title \"line: the fastest algorithm of each\\nbar: range over "
          "algorithms\" Left\n"
          "set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc 'gray'\n",
          g);
    int nv = 0, k = 0, missing = 0, alone = 0;
    char gaps[8];
    for (int s = 0; s < ns; s++)
        for (int v = 0; v < p->nvar; v++)
            if (pair[v] >= 0 && (gaps_at(G, v, sizes[s], gaps, sizeof gaps) > 0 ||
                                 gaps_at(G, pair[v], sizes[s], gaps, sizeof gaps) > 0)) {
                study_plot_missing(g, sizes[s]);
                missing = 1;
                break;
            }
    for (int v = 0; v < p->nvar; v++)
        if (pair[v] >= 0) alone |= whatif_block(g, G, v, pair[v], sizes, ns), nv++;
    fprintf(g, "plot ");
    for (int v = 0; v < p->nvar; v++) {
        if (pair[v] < 0) continue;
        double off = 1 + 0.08 * (k - (nv - 1) / 2.0); /* apart on the log axis */
        fprintf(g, "%s$d%d using ($1*%g):2 with %s lw 2 ", k ? ", " : "", v, off, style);
        cs_gnuplot_series(g, k);
        fprintf(g, " title \"");
        cs_gnuplot_string(g, p->var[v].label, 0);
        fprintf(g, "\", $d%d using ($1*%g):2:3:4 with yerrorbars pt 7 ps 0 lc rgb '%s' notitle", v,
                off, cs_palette(k));
        fprintf(g,
                ", $d%d using ($1*%g):($5 > 0 ? $2 : 1/0) with points pt 6 ps 2.5 "
                "lc rgb '" STUDY_MISSING_COLOUR "' notitle",
                v, off);
        k++;
    }
    if (alone)
        fprintf(g, ", keyentry with points pt 6 ps 2.5 lc rgb '" STUDY_MISSING_COLOUR
                   "' title \"an algorithm ran on one side only\"");
    fprintf(g, "%s\n", missing ? ", " STUDY_MISSING_KEY : "");
    return cs_gnuplot_finish(g, png, NULL);
}

/* How algo's series on variant v is named: the label, and what did not run. 1 when it has a
 * point. */
static int across_title(FILE *g, const struct study_plan *p, const struct study_gaps *G, int v,
                        const char *algo, const unsigned long long *sizes, int ns)
{
    int ran = 0;
    const struct study_gap *gap = NULL;
    for (int s = 0; s < ns; s++) {
        const struct study_gap *here = gaps_find(G, v, algo, sizes[s]);
        if (here != NULL) gap = here;
        ran |= sizes[s] > 0 && find_row(G, v, algo, sizes[s]) >= 0;
    }
    cs_gnuplot_string(g, p->var[v].label, 0);
    if (gap != NULL)
        fprintf(g, ran ? " (%s: sizes missing)" : " (%s: no point)", gaps_kind_name(gap->kind));
    else if (!ran)
        fprintf(g, " (does not run there)");
    return ran;
}

/* The across plot's datablock $aV: algo's times on variant v, '?' (a gap) where it has none. */
static void across_block(FILE *g, const struct study_gaps *G, int v, const char *algo,
                         const unsigned long long *sizes, int ns)
{
    fprintf(g, "$a%d << EOD\n", v);
    for (int s = 0; s < ns; s++) {
        int r = sizes[s] > 0 ? find_row(G, v, algo, sizes[s]) : -1;
        if (r >= 0)
            fprintf(g, "%llu %.9g\n", sizes[s], G->rows[r].avg * 1e6);
        else if (sizes[s] > 0) /* no place on a logarithmic axis for 0 B */
            fprintf(g, "%llu ?\n", sizes[s]);
    }
    fprintf(g, "EOD\n");
}

/* across-ALGO[-C].png: algorithm algo's time on every variant; a variant where it has no point
 * is in the key only. As cs_gnuplot_finish: 0, -1 if gnuplot failed, -2 after an error line. */
static int across_plot(const struct study_plan *p, const struct study_coll *sc,
                       const struct study_gaps *G, const char *algo,
                       const unsigned long long *sizes, int ns)
{
    char base[160], png[PATH_MAX];
    int n = snprintf(base, sizeof base, "across-%s", algo);
    for (int i = 7; i < n && i < (int)sizeof base; i++) /* smpi:NAME: a plain file name */
        if (!isalnum((unsigned char)base[i]) && base[i] != '-' && base[i] != '_') base[i] = '_';
    study_path(p, sc->id, base, ".png", png, sizeof png);
    FILE *g = study_plot_open(png);
    if (g == NULL) return -1;
    const char *style = study_plot_sizes(g, sizes, ns);
    fprintf(g, "set logscale y\nset datafile missing '?'\nset ylabel 'simulated time (us)'\n"
               "set title \"");
    cs_gnuplot_string(g, algo, 0);
    fprintf(g, " %s on each platform\"\n", sc->noun);
    int missing = 0;
    for (int s = 0; s < ns; s++)
        for (int v = 0; v < p->nvar; v++)
            if (gaps_find(G, v, algo, sizes[s]) != NULL || gaps_dropped(G, sizes[s])) {
                study_plot_missing(g, sizes[s]);
                missing = 1;
                break;
            }
    for (int v = 0; v < p->nvar; v++)
        across_block(g, G, v, algo, sizes, ns);
    fprintf(g, "plot 1/0 notitle%s", missing ? ", " STUDY_MISSING_KEY : "");
    for (int v = 0; v < p->nvar; v++) {
        int ran = 0;
        for (int s = 0; s < ns; s++)
            ran |= sizes[s] > 0 && find_row(G, v, algo, sizes[s]) >= 0;
        if (ran)
            fprintf(g, ", $a%d using 1:2 with %s lw 1.5 ", v, style);
        else
            fprintf(g, ", keyentry with points ");
        cs_gnuplot_series(g, v);
        fprintf(g, " title \"");
        across_title(g, p, G, v, algo, sizes, ns);
        fputc('"', g);
    }
    fputc('\n', g);
    return cs_gnuplot_finish(g, png, NULL);
}

/* 1 when algo has a valid row of a size above 0 on some variant: a point to draw. */
static int has_point(const struct study_gaps *G, const char *algo)
{
    for (int i = 0; i < G->nrows; i++)
        if (G->rows[i].valid && G->rows[i].bytes > 0 && strcmp(G->rows[i].algo, algo) == 0)
            return 1;
    return 0;
}

/* The header of whatif[-C].txt. */
static void whatif_header(FILE *f, const struct study_plan *p, const struct study_coll *sc,
                          int base)
{
    fprintf(f,
            "# what-if: the %s on each platform against the baseline %s, in the same process "
            "count, ranks per host, model, routing and root\n# a cell without a ratio says why: "
            "wrong (data), failed, cut, not run, not trusted, left out (memory); 'b:' on the "
            "baseline; '-': "
            "the algorithm does not run there;\n# '?': the fastest of each compares the "
            "algorithms that ran on both sides, and some did not (named under the table)\n",
            sc->noun, p->spec.plat[base].name);
    for (int i = 0; i < p->spec.nplat; i++)
        if (i != base) whatif_injection(f, p, i, base);
}

int whatif_report(const struct study_plan *p, const struct study_coll *sc,
                  const struct study_gaps *G, FILE *csv, int gnuplot)
{
    int base = baseline_platform(p), any = 0;
    int *pair = cs_calloc((size_t)p->nvar, sizeof *pair);
    unsigned long long sizes[2 * CS_MAX_SIZES];
    for (int v = 0; v < p->nvar; v++) {
        pair[v] = p->var[v].plat == base ? -1 : partner(p, v, base);
        any |= pair[v] >= 0;
    }
    int ns = gaps_all_sizes(sc, sizes), rc = 0;
    char txt[PATH_MAX], png[PATH_MAX];
    study_path(p, sc->id, "whatif", ".txt", txt, sizeof txt);
    study_path(p, sc->id, "whatif", ".png", png, sizeof png);
    struct cs_out co;
    FILE *f = any ? cs_out_open(&co, txt) : NULL;
    if (any && f == NULL) rc = 1;
    if (f != NULL) {
        whatif_header(f, p, sc, base);
        for (int v = 0; v < p->nvar; v++)
            if (pair[v] >= 0) whatif_variant(p, csv, f, G, v, pair[v], sizes, ns);
        rc = cs_out_commit(&co, 1) != 0;
    }
    if (rc != 0) cs_error("cannot write '%s'", txt);
    int drawn = rc == 0 && any && gnuplot ? whatif_plot(p, sc, G, pair, sizes, ns, png) : 0;
    if (drawn != 0) unlink(png);
    if (drawn == -1) cs_note("gnuplot could not draw '%s'", png); /* -2: it said why */
    char *algos = rc == 0 && any && gnuplot ? pair_algorithms(G, -1, -1) : NULL, *save;
    for (char *t = algos ? strtok_r(algos, ",", &save) : NULL; t != NULL;
         t = strtok_r(NULL, ",", &save))
        if (has_point(G, t) && across_plot(p, sc, G, t, sizes, ns) == -1)
            cs_note("gnuplot could not draw %s's plot", t);
    free(algos);
    free(pair);
    return rc;
}
