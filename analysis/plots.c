/* plots.c: --plots, each model's curve and error beside the simulated times (gnuplot). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"

#include "util.h"

static int by_algo_bytes(const void *x, const void *y)
{
    const struct phase_result *a = x, *b = y;
    int c = strcmp(a->algo, b->algo);
    return c ? c : (a->bytes > b->bytes) - (a->bytes < b->bytes);
}

/* The plotted models: LogP leaves m out, so its flat line would only stretch the axis. */
static const enum model_id plotted[] = {MODEL_HOCKNEY, MODEL_LOGGP, MODEL_PLOGP,
                                        MODEL_CTR,     MODEL_SFR,   MODEL_CONTENTION};
enum { NPLOTTED = sizeof plotted / sizeof plotted[0] };
static const char *const plot_colour[NPLOTTED] = {
    "#1b9e77", "#7570b3", "#e7298a",
    "#66a61e", "#e6ab02", "#d95f02"}; /* ColorBrewer Dark2: a model keeps its colour */

/* Writes s as a gnuplot double-quoted string (paths and names may hold quotes). */
static void gp_quoted(FILE *g, const char *s, const char *suffix)
{
    fputc('"', g);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', g);
        fputc(*s, g);
    }
    fprintf(g, "%s\"", suffix);
}

/* One gnuplot multiplot, a panel per algorithm, for the terminal term and file out (written
 * as its cs_out_part):
 * errors = 0: simulated time (points) and each model's prediction (lines) vs size, log-log;
 * errors = 1: each model's |error| vs size. The data are the datablocks $A0, $A1, ...: size,
 * simulated, then the plotted models' predictions (us). */
static void plot_panels(FILE *g, const char *term, const char *out, const char *trace, int nalgo,
                        char *const *names, int errors)
{
    int cols = nalgo < 3 ? nalgo : 3, rows = (nalgo + cols - 1) / cols;
    fprintf(g, "set terminal %s size %d,%d noenhanced font 'sans,9'\nset output ", term, cols * 460,
            rows * 360 + 30);
    char part[4104];
    cs_out_part(out, part, sizeof part);
    gp_quoted(g, part, "");
    fprintf(g, "\nset multiplot layout %d,%d title ", rows, cols);
    gp_quoted(g, trace,
              errors ? ": |prediction - simulation| / simulation per model"
                     : ": simulated time and model predictions");
    fputc('\n', g);
    fprintf(g, "set logscale x\nset autoscale xfix\nset format x '%%.0s%%cB'\n"
               "set xlabel 'message size (bytes)'\nset grid\n"
               "set key top left font 'sans,8'\n");
    if (errors)
        fprintf(g, "unset logscale y\nset yrange [0:*]\nset ylabel 'error (%%)'\n");
    else
        fprintf(g, "set logscale y\nset autoscale y\nset ylabel 'time (us)'\n");
    for (int i = 0; i < nalgo; i++) {
        fputs("set title ", g);
        gp_quoted(g, names[i], "");
        fputs("\nplot ", g);
        if (!errors)
            fprintf(g, "$A%d using 1:2 with points pt 7 ps 0.8 lc 'black' title 'simulated', ", i);
        for (int k = 0; k < NPLOTTED; k++) {
            if (errors)
                fprintf(g,
                        "%s$A%d using 1:(abs($%d - $2) / $2 * 100) with linespoints pt %d ps 0.6 "
                        "lc rgb '%s' title '%s'",
                        k ? ", " : "", i, k + 3, k + 1, plot_colour[k],
                        model_infos[plotted[k]].name);
            else
                fprintf(g, "%s$A%d using 1:%d with lines lw 1.5 lc rgb '%s' title '%s'",
                        k ? ", " : "", i, k + 3, plot_colour[k], model_infos[plotted[k]].name);
        }
        fputc('\n', g);
    }
    fputs("unset multiplot\n", g);
}

/* --plots PREFIX: PREFIX-models.png/.svg (time and predictions vs size) and
 * PREFIX-errors.png/.svg (each model's error vs size), a panel per algorithm. 0 or -1. */
int write_plots(struct an *a, const char *trace)
{
    size_t n = 0; /* phases with a size > 0 (log axis) and a time */
    for (size_t i = 0; i < a->nres; i++)
        if (a->res[i].bytes > 0 && a->res[i].sim > 0) a->res[n++] = a->res[i];
    if (n == 0) return 0;
    qsort(a->res, n, sizeof *a->res, by_algo_bytes);
    char **names = malloc(n * sizeof *names);
    int nalgo = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(a->res[i].algo, a->res[i - 1].algo) != 0)
            names[nalgo++] = a->res[i].algo;
    const char *base = strrchr(trace, '/') ? strrchr(trace, '/') + 1 : trace;
    int rc = 0;
    for (int errors = 0; errors < 2 && rc == 0; errors++) {
        char png[4096], svg[4096];
        snprintf(png, sizeof png, "%s-%s.png", a->out.plots, errors ? "errors" : "models");
        snprintf(svg, sizeof svg, "%s-%s.svg", a->out.plots, errors ? "errors" : "models");
        FILE *g = cs_gnuplot_open();
        if (g == NULL) {
            rc = -1;
            break;
        }
        for (int i = 0, j = 0; i < nalgo; i++) { /* the data, once for both terminals */
            fprintf(g, "$A%d << EOD\n", i);
            for (; j < (int)n && strcmp(a->res[j].algo, names[i]) == 0; j++) {
                fprintf(g, "%.0f %.9g", a->res[j].bytes, a->res[j].sim * 1e6);
                for (int k = 0; k < NPLOTTED; k++)
                    fprintf(g, " %.9g", a->res[j].pred[plotted[k]] * 1e6);
                fputc('\n', g);
            }
            fprintf(g, "EOD\n");
        }
        plot_panels(g, "pngcairo", png, base, nalgo, names, errors);
        plot_panels(g, "svg dynamic", svg, base, nalgo, names, errors);
        rc = cs_gnuplot_finish(g, png, svg);
    }
    free(names);
    return rc;
}
