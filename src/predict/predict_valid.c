/* predict_valid.c: where predict's formulas were checked against the simulation at scale, and
 * the note a prediction beyond that carries. The checks are validation/predict-scale.csv,
 * which bench/predict-scale writes (docs/predict.md, "Against the simulation at scale"): one
 * row per platform kind, ranks, collective, algorithm, model and size, with the error
 * predicted / simulated - 1. Columns are read by name. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "paths.h"
#include "predict_valid.h"

#define PV_FILE "validation/predict-scale.csv"

struct pv_row {
    char kind[24], coll[32], algo[48], model[16];
    int np;
    double err;
};

static struct pv_row *rows;
static size_t nrows;
static int loaded;

/* The index of column `name` in the header fields h[0..n), or -1. */
static int column(char *const *h, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(h[i], name) == 0) return i;
    return -1;
}

/* Splits line at commas into at most max fields (the line is changed); how many. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; p != NULL && n < max;) {
        f[n++] = p;
        if ((p = strchr(p, ',')) != NULL) *p++ = '\0';
    }
    return n;
}

/* Adds the row of fields f by the header's columns c (kind, np, collective, algorithm, model,
 * error); a row that does not parse is left out. */
static void add(char **f, int n, const int *c)
{
    for (int i = 0; i < 6; i++)
        if (c[i] >= n) return;
    struct pv_row r = {.np = 0};
    if (cs_num_int(f[c[1]], 1, INT_MAX, &r.np) != 0 ||
        cs_num_real(f[c[5]], -DBL_MAX, DBL_MAX, &r.err) != 0)
        return;
    snprintf(r.kind, sizeof r.kind, "%s", f[c[0]]);
    snprintf(r.coll, sizeof r.coll, "%s", f[c[2]]);
    snprintf(r.algo, sizeof r.algo, "%s", f[c[3]]);
    snprintf(r.model, sizeof r.model, "%s", f[c[4]]);
    struct pv_row *v = realloc(rows, (nrows + 1) * sizeof *rows);
    if (v == NULL) return;
    rows = v;
    rows[nrows++] = r;
}

/* Reads the shipped table once; a missing or unreadable one leaves none (every prediction
 * past PV_SMALL ranks then says it is not validated). */
static void load(void)
{
    static const char *const names[] = {"platform",  "np",    "collective",
                                        "algorithm", "model", "error"};
    char path[4096], line[512], *h[16], *f[16];
    loaded = 1;
    FILE *in = paths_data(PV_FILE, path, sizeof path) == 0 ? fopen(path, "r") : NULL;
    if (in == NULL) return;
    int c[6], nh = fgets(line, sizeof line, in) ? split(line, h, 16) : 0, ok = nh > 0;
    for (int i = 0; i < 6 && ok; i++)
        ok = (c[i] = column(h, nh, names[i])) >= 0;
    while (ok && fgets(line, sizeof line, in) != NULL)
        add(f, split(line, f, 16), c);
    fclose(in);
}

int predict_valid_range(const char *kind, const char *coll, const char *algo, const char *model,
                        struct pv_range *out)
{
    if (!loaded) load();
    *out = (struct pv_range){0, 0, INFINITY, -INFINITY};
    for (size_t i = 0; i < nrows; i++) {
        const struct pv_row *r = &rows[i];
        if (strcmp(r->kind, kind) != 0 || strcmp(r->coll, coll) != 0 ||
            strcmp(r->algo, algo) != 0 || strcmp(r->model, model) != 0)
            continue;
        out->rows++;
        out->np_max = r->np > out->np_max ? r->np : out->np_max;
        out->err_lo = fmin(out->err_lo, r->err);
        out->err_hi = fmax(out->err_hi, r->err);
    }
    return out->rows;
}

void predict_valid_note(const char *kind, const char *coll, const char *algo, const char *model,
                        int np, char *note, size_t len)
{
    struct pv_range v;
    size_t used = strlen(note);
    const char *sep = used ? "; " : "";
    if (used >= len) return;
    if (predict_valid_range(kind, coll, algo, model, &v) == 0) {
        if (np > PV_SMALL)
            snprintf(note + used, len - used, "%snot validated past %d ranks on %s", sep, PV_SMALL,
                     kind);
    } else if (np > v.np_max) {
        snprintf(note + used, len - used,
                 "%sbeyond validation: %+.1f%% to %+.1f%% up to %d ranks on %s", sep,
                 100 * v.err_lo, 100 * v.err_hi, v.np_max, kind);
    }
}
