/* vout.c: validate's CSV of every point and its plot of measured against simulated times
 * (validate.h, docs/validation.md). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "out.h"
#include "plot.h"
#include "util.h"
#include "validate.h"

/* A time or an error for the CSV: "" when missing. */
static void field(FILE *f, double v, const char *sep)
{
    if (isnan(v))
        fputs(sep, f);
    else
        fprintf(f, "%.6g%s", v, sep);
}

int vt_write_csv(const struct vtable *t, const char *path)
{
    struct cs_out out;
    FILE *f = cs_out_open(&out, path);
    if (f == NULL) {
        cs_error("cannot write '%s': %s", path, strerror(errno));
        return 1;
    }
    fputs("collective,algorithm,placement,nodes,np,bytes,runs,measured_avg_us,measured_max_us,"
          "sim_avg_us,sim_max_us,error_avg_pct,error_max_pct\n",
          f);
    for (int c = 0; c < t->n; c++) {
        const struct vcell *x = &t->cell[c];
        for (int i = 0; i < x->n; i++) {
            const struct vpoint *p = &x->p[i];
            fprintf(f, "%s,%d,%s,%d,%d,%llu,%d,", x->coll, x->algorithm, x->placement, x->nodes,
                    x->np, (unsigned long long)p->bytes, p->runs);
            field(f, p->avg_us, ","), field(f, p->max_us, ",");
            field(f, p->sim_avg_us, ","), field(f, p->sim_max_us, ",");
            field(f, isnan(p->sim_avg_us) ? NAN : (p->sim_avg_us / p->avg_us - 1) * 100, ",");
            field(f,
                  isnan(p->sim_max_us) || isnan(p->max_us) ? NAN
                                                           : (p->sim_max_us / p->max_us - 1) * 100,
                  "\n");
        }
    }
    if (cs_out_commit(&out, ferror(f) == 0) != 0) {
        cs_error("cannot write '%s'", path);
        return 1;
    }
    return 0;
}

/* Series k's points, Max where measured (else Avg): measured, simulated. */
static int series_block(FILE *g, const struct vtable *t, int k, const struct vcell *first)
{
    int n = 0;
    fprintf(g, "$s%d << EOD\n", k);
    for (int c = 0; c < t->n; c++) {
        const struct vcell *x = &t->cell[c];
        if (x->algorithm != first->algorithm || strcmp(x->coll, first->coll) != 0) continue;
        for (int i = 0; i < x->n; i++) {
            const struct vpoint *p = &x->p[i];
            int max = !isnan(p->max_us);
            double m = max ? p->max_us : p->avg_us, s = max ? p->sim_max_us : p->sim_avg_us;
            if (!isnan(s) && m > 0 && s > 0) fprintf(g, "%.6g %.6g\n", m, s), n++;
        }
    }
    fputs("EOD\n", g);
    return n;
}

int vt_plot(const struct vtable *t, const char *png, const char *data)
{
    char part[PATH_MAX + 8];
    if (cs_out_part(png, part, sizeof part) < 0) return 1;
    FILE *g = cs_gnuplot_open();
    if (g == NULL) {
        cs_out_finish(png, part, 0); /* the part cs_out_part made */
        return 1;
    }
    fputs("set terminal pngcairo size 900,800 noenhanced\nset output ", g);
    cs_gnuplot_quoted(g, part);
    fputs("\nset logscale xy\nset grid\nset key outside right top\nset size ratio -1\n"
          "set xlabel 'measured time (us): OSU Max where measured, else Avg'\n"
          "set ylabel 'simulated time (us)'\nset title ",
          g);
    cs_gnuplot_quoted(g, data);
    fputs("\n", g);
    int k = 0, first[256];
    for (int c = 0; c < t->n && k < 256; c++) {
        int seen = 0;
        for (int j = 0; j < k; j++)
            seen |= t->cell[first[j]].algorithm == t->cell[c].algorithm &&
                    !strcmp(t->cell[first[j]].coll, t->cell[c].coll);
        if (!seen && series_block(g, t, k, &t->cell[c]) > 0) first[k++] = c;
    }
    fputs("plot x with lines lc 'gray' dt 2 title 'simulated = measured', "
          "x * 1.15 with lines lc 'gray' dt 3 title '+/- 15%', x / 1.15 with lines lc 'gray' dt 3 "
          "notitle",
          g);
    for (int j = 0; j < k; j++) {
        const struct vcell *x = &t->cell[first[j]];
        char title[64];
        if (x->algorithm == 0)
            snprintf(title, sizeof title, "%s ompi:default", x->coll);
        else
            snprintf(title, sizeof title, "%s ompi:%d", x->coll, x->algorithm);
        fprintf(g, ", $s%d using 1:2 with points ", j);
        cs_gnuplot_series(g, j);
        fputs(" title ", g);
        cs_gnuplot_quoted(g, title);
    }
    fputs("\n", g);
    int rc = cs_gnuplot_finish(g, png, NULL);
    if (rc == -1) cs_error("cannot plot '%s'", png); /* -2: it said why */
    return rc != 0;
}
