/* plots.c: --plots, each model's curve and error beside the simulated times (gnuplot). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "plot.h"
#include "util.h"

static int by_algo_bytes(const void *x, const void *y)
{
    const struct phase_result *a = x, *b = y;
    int c = strcmp(a->coll, b->coll);
    if (c == 0) c = strcmp(a->algo, b->algo);
    return c ? c : (a->bytes > b->bytes) - (a->bytes < b->bytes);
}

/* The plotted models: LogP leaves m out, so its flat line would only stretch the axis. */
static const enum model_id plotted[] = {MODEL_HOCKNEY, MODEL_LOGGP, MODEL_PLOGP,
                                        MODEL_CTR,     MODEL_SFR,   MODEL_CONTENTION};
enum { NPLOTTED = sizeof plotted / sizeof plotted[0] };

/* A model's line: drawn in this order, each thinner than the one before, with its own dash
 * pattern and an open point of its own that is smaller too, so that models predicting the
 * same times (Hockney, LogGP and PLogP often do) still show, one inside the other. */
static const struct {
    double lw, ps;
    const char *dt;
    int pt;
} model_style[NPLOTTED] = {{5.0, 2.2, "1", 4},      {3.8, 1.8, "(14,6)", 6},
                           {2.8, 1.5, "(3,3)", 8},  {2.0, 1.2, "(10,4,2,4)", 12},
                           {1.4, 1.0, "(6,3)", 10}, {1.0, 0.8, "(8,2,2,2,2,2)", 2}};

/* Writes model k's style (its colour is palette colour k, as in every plot). */
static void model_series(FILE *g, int k)
{
    fprintf(g, "lw %.1f dt %s pt %d ps %.1f lc rgb '%s'", model_style[k].lw, model_style[k].dt,
            model_style[k].pt, model_style[k].ps, cs_palette(k));
}

/* Writes s and suffix as one single-quoted gnuplot string (paths and names may hold anything). */
static void gp_quoted(FILE *g, const char *s, const char *suffix)
{
    size_t n = strlen(s) + strlen(suffix) + 1;
    char *both = cs_calloc(1, n);
    snprintf(both, n, "%s%s", s, suffix);
    cs_gnuplot_quoted(g, both);
    free(both);
}

/* What a plot shows: its panels' titles and the heading's words. */
struct plot_set {
    int nalgo;
    char **names;     /* a panel per algorithm (collective and algorithm if several) */
    const char *head; /* "PLATFORM: COLLECTIVE" */
    const char *trace;
};

enum { PANEL_W = 460, PANEL_H = 340, TITLE_H = 40, KEY_H = 80 }; /* pixels */

/* Panel i: simulated time (filled black points) over each model's prediction (lines) vs
 * size, log-log; or with errors, each model's |error| vs size. The data are the datablocks
 * $A0, $A1, ...: size, simulated, then the plotted models' predictions (us). */
static void plot_panel(FILE *g, const struct plot_set *ps, int i, int errors)
{
    int cols = ps->nalgo < 3 ? ps->nalgo : 3, rows = (ps->nalgo + cols - 1) / cols;
    double h = rows * PANEL_H + TITLE_H + KEY_H;
    fprintf(g, "set origin %.6f,%.6f\nset size %.6f,%.6f\nset title ", (double)(i % cols) / cols,
            (KEY_H + (rows - 1 - i / cols) * PANEL_H) / h, 1.0 / cols, PANEL_H / h);
    gp_quoted(g, ps->names[i], "");
    fputs("\nplot ", g);
    for (int k = 0; k < NPLOTTED; k++) {
        if (errors)
            fprintf(g, "%s$A%d using 1:(abs($%d - $2) / $2 * 100) with linespoints ", k ? ", " : "",
                    i, k + 3);
        else
            fprintf(g, "%s$A%d using 1:%d with linespoints ", k ? ", " : "", i, k + 3);
        model_series(g, k);
        fputs(" notitle", g);
    }
    if (!errors) fprintf(g, ", $A%d using 1:2 with points pt 7 ps 0.9 lc 'black' notitle", i);
    fputc('\n', g);
}

/* The legend, once, in a strip under the panels (so it covers no data), and the trace's
 * name in its corner. */
static void plot_key(FILE *g, const struct plot_set *ps, int errors, double h)
{
    fprintf(g,
            "set origin 0,0\nset size 1,%.6f\nunset logscale\nunset border\nunset tics\n"
            "unset grid\nunset xlabel\nunset ylabel\nunset title\nset xrange [0:1]\n"
            "set yrange [0:1]\nset margins 0,0,0,0\n"
            "set key center center horizontal maxrows 2 samplen 6 width 2 font 'sans,9'\n"
            "set label 1 ",
            KEY_H / h);
    gp_quoted(g, "trace: ", "");
    fputs(".", g);
    gp_quoted(g, ps->trace, "");
    fputs(" at screen 0.995, screen 0.01 right font 'sans,7' tc 'gray40'\nplot ", g);
    for (int k = 0; k < NPLOTTED; k++) {
        fprintf(g, "%s2 with linespoints ", k ? ", " : "");
        model_series(g, k);
        fprintf(g, " title '%s'", model_infos[plotted[k]].name);
    }
    if (!errors) fputs(", 2 with points pt 7 ps 0.9 lc 'black' title 'simulated'", g);
    fputs("\nunset label 1\n", g);
}

/* One gnuplot multiplot for the terminal term and file out (written as its cs_out_part): a
 * heading, a panel per algorithm, and the legend under them. */
static void plot_panels(FILE *g, const char *term, const char *out, const struct plot_set *ps,
                        int errors)
{
    int cols = ps->nalgo < 3 ? ps->nalgo : 3, rows = (ps->nalgo + cols - 1) / cols;
    int h = rows * PANEL_H + TITLE_H + KEY_H;
    fprintf(g, "reset\nset terminal %s size %d,%d noenhanced font 'sans,9'\nset output ", term,
            cols * PANEL_W, h);
    char part[4104];
    cs_out_part(out, part, sizeof part);
    gp_quoted(g, part, "");
    fputs("\nset multiplot title ", g);
    gp_quoted(g, ps->head,
              errors ? ": |prediction - simulation| / simulation per model"
                     : ": simulated time and model predictions");
    fprintf(g, " font 'sans,11'\nset logscale x\nset autoscale xfix\nset format x '%%.0s%%cB'\n"
               "set xlabel 'message size (bytes)'\nset grid\nunset key\nset offsets 0,0,0,0\n");
    if (errors)
        fprintf(g, "unset logscale y\nset autoscale y\nset offsets 0,0,graph 0.05,graph 0.05\n"
                   "set ylabel 'error (%%)'\n");
    else
        fprintf(g, "set logscale y\nset autoscale y\nset ylabel 'time (us)'\n");
    for (int i = 0; i < ps->nalgo; i++)
        plot_panel(g, ps, i, errors);
    plot_key(g, ps, errors, h);
    fputs("unset multiplot\n", g);
}

/* The panels' names and the heading, from the sorted results res[0 .. n-1]. Returns the
 * number of panels; names[i] are allocated. */
static int panel_names(const struct an *a, size_t n, char **names, char *head, size_t len)
{
    int nalgo = 0, several = strcmp(a->res[0].coll, a->res[n - 1].coll) != 0;
    an_platform_name(a, head, len);
    size_t used = strlen(head);
    snprintf(head + used, len - used, ": %s", several ? "several collectives" : a->res[0].coll);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(a->res[i].algo, a->res[i - 1].algo) != 0 ||
            strcmp(a->res[i].coll, a->res[i - 1].coll) != 0) {
            size_t need = strlen(a->res[i].coll) + strlen(a->res[i].algo) + 2;
            names[nalgo] = malloc(need);
            if (several)
                snprintf(names[nalgo], need, "%s %s", a->res[i].coll, a->res[i].algo);
            else
                snprintf(names[nalgo], need, "%s", a->res[i].algo);
            nalgo++;
        }
    return nalgo;
}

/* Writes the datablocks $A0, $A1, ...: a panel's rows, size, simulated, then each plotted
 * model's prediction, in us. */
static void plot_data(FILE *g, const struct an *a, size_t n)
{
    for (size_t j = 0, i = 0; j < n; i++) {
        fprintf(g, "$A%zu << EOD\n", i);
        size_t first = j;
        for (; j < n && strcmp(a->res[j].algo, a->res[first].algo) == 0 &&
               strcmp(a->res[j].coll, a->res[first].coll) == 0;
             j++) {
            fprintf(g, "%.0f %.9g", a->res[j].bytes, a->res[j].sim * 1e6);
            for (int k = 0; k < NPLOTTED; k++)
                fprintf(g, " %.9g", a->res[j].pred[plotted[k]] * 1e6);
            fputc('\n', g);
        }
        fprintf(g, "EOD\n");
    }
}

int an_write_plots(struct an *a, const char *trace)
{
    size_t n = 0; /* phases with a size > 0 (log axis) and a time */
    for (size_t i = 0; i < a->nres; i++)
        if (a->res[i].bytes > 0 && a->res[i].sim > 0) a->res[n++] = a->res[i];
    if (n == 0) return 0;
    qsort(a->res, n, sizeof *a->res, by_algo_bytes);
    char **names = malloc(n * sizeof *names), head[256];
    struct plot_set ps = {panel_names(a, n, names, head, sizeof head), names, head, trace};
    int rc = 0;
    for (int errors = 0; errors < 2 && rc == 0; errors++) {
        char png[4096], svg[4096];
        snprintf(png, sizeof png, "%s-%s.png", a->out.plots, errors ? "errors" : "models");
        snprintf(svg, sizeof svg, "%s-%s.svg", a->out.plots, errors ? "errors" : "models");
        FILE *g = cs_gnuplot_open();
        if (g == NULL) {
            rc = -2; /* it said why */
            break;
        }
        plot_data(g, a, n); /* once for both terminals */
        plot_panels(g, "pngcairo", png, &ps, errors);
        plot_panels(g, "svg dynamic", svg, &ps, errors);
        rc = cs_gnuplot_finish(g, png, svg);
    }
    for (int i = 0; i < ps.nalgo; i++)
        free(names[i]);
    free(names);
    return rc;
}
