/* vtable.c: the measurements validate compares with: a tidy CSV or OSU outputs listed in a
 * manifest, into cells of sizes (validate.h). The CSV's fields are split here by hand (RFC
 * 4180's quotes, "" inside them), twenty lines that no Debian library makes shorter. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"
#include "util.h"
#include "validate.h"

enum { VT_FIELDS = 32, VT_LINE = 4096 };

/* Splits line (its end cut) into at most max fields in place; their count, or -1 for a quote
 * left open. */
int vt_split_csv(char *line, char **field, int max)
{
    int n = 0;
    char *r = line, *w = line;
    while (n < max) {
        field[n++] = w;
        int quoted = *r == '"';
        if (quoted) r++;
        for (; *r != '\0'; r++) {
            if (quoted && *r == '"' && r[1] == '"') {
                *w++ = '"', r++;
            } else if (quoted && *r == '"') {
                quoted = 0;
            } else if (!quoted && *r == ',') {
                break;
            } else {
                *w++ = *r;
            }
        }
        if (quoted) return -1;
        int more = *r == ',';
        *w++ = '\0';
        if (!more) break;
        r++;
    }
    return n;
}

/* The placement a measurement names as collsim's --map-by: "default(...)" and "" are the
 * launchers' default, ranks filled node by node (core). */
static void placement_of(const char *text, char *out, size_t len)
{
    if (text[0] == '\0' || strncmp(text, "default", 7) == 0) text = "core";
    snprintf(out, len, "%s", text);
}

struct vcell *vt_cell(struct vtable *t, const char *coll, int algorithm, const char *placement,
                      int nodes, int np)
{
    for (int i = 0; i < t->n; i++) {
        struct vcell *c = &t->cell[i];
        if (c->algorithm == algorithm && c->nodes == nodes && c->np == np &&
            strcmp(c->coll, coll) == 0 && strcmp(c->placement, placement) == 0)
            return c;
    }
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 32;
        t->cell = realloc(t->cell, (size_t)t->cap * sizeof *t->cell);
        if (t->cell == NULL) {
            cs_error("out of memory");
            return NULL;
        }
    }
    struct vcell *c = memset(&t->cell[t->n++], 0, sizeof *t->cell);
    snprintf(c->coll, sizeof c->coll, "%s", coll);
    snprintf(c->placement, sizeof c->placement, "%s", placement);
    c->algorithm = algorithm, c->nodes = nodes, c->np = np;
    return c;
}

int vt_add(struct vcell *c, uint64_t bytes, double avg_us, double max_us)
{
    for (int i = 0; i < c->n; i++) {
        struct vpoint *p = &c->p[i];
        if (p->bytes != bytes) continue;
        p->avg_us = (p->avg_us * p->runs + avg_us) / (p->runs + 1);
        p->max_us = (p->max_us * p->runs + max_us) / (p->runs + 1);
        p->runs++;
        return 0;
    }
    if (c->n == CS_MAX_SIZES) {
        cs_error("%s algorithm %d, %d processes: more than %d sizes", c->coll, c->algorithm, c->np,
                 CS_MAX_SIZES);
        return -1;
    }
    c->p[c->n++] = (struct vpoint){bytes, avg_us, max_us, NAN, NAN, 1};
    return 0;
}

void vt_free(struct vtable *t)
{
    free(t->cell);
    memset(t, 0, sizeof *t);
}

/* A time of a field in microseconds, 0 to CS_TIME_MAX s ("" is NAN); 0, or -1. */
static int number(const char *s, double *out)
{
    if (*s == '\0') {
        *out = NAN;
        return 0;
    }
    return cs_num_real(s, 0, CS_TIME_MAX * 1e6, out);
}

/* A whole number of a field, 0 up to max; 0, or -1. */
static int whole(const char *s, long max, long *out)
{
    uint64_t v;
    if (cs_num_whole(s, (uint64_t)max, &v) != 0) return -1;
    *out = (long)v;
    return 0;
}

/* The tidy CSV's columns validate reads, by name. */
enum { C_COLL, C_ALGO, C_PLACE, C_NODES, C_NP, C_SIZE, C_AVG, C_MAX, C_NOTE, C_SOURCE, C_COLS };
static const char *const col_names[C_COLS] = {"collective", "algorithm",  "placement", "nodes_used",
                                              "np",         "size_bytes", "avg_us",    "max_us",
                                              "note",       "source_file"};

/* The header's column of each name into col (-1: absent; the first eight are needed). */
static int header(char *line, int *col, const char *path)
{
    char *f[VT_FIELDS];
    int n = vt_split_csv(line, f, VT_FIELDS);
    for (int k = 0; k < C_COLS; k++) {
        col[k] = -1;
        for (int i = 0; i < n; i++)
            if (strcmp(f[i], col_names[k]) == 0) col[k] = i;
        if (col[k] < 0 && k < C_NOTE) {
            cs_error("%s: no column '%s' (docs/validation.md lists them)", path, col_names[k]);
            return -1;
        }
    }
    return 0;
}

int vt_keeps_np(const struct vfilter *f, long np)
{
    for (int i = 0; i < f->nnp; i++)
        if (f->nps[i] == np) return 1;
    return f->nnp == 0;
}

/* 1 when the row passes the filter. */
static int kept(char **f, const int *col, const struct vfilter *flt, const char *place, long np)
{
    if (flt->collective && strcmp(f[col[C_COLL]], flt->collective) != 0) return 0;
    if (flt->placement && strcmp(place, flt->placement) != 0) return 0;
    if (!vt_keeps_np(flt, np)) return 0;
    if (flt->match == NULL) return 1;
    return (col[C_NOTE] >= 0 && strstr(f[col[C_NOTE]], flt->match) != NULL) ||
           (col[C_SOURCE] >= 0 && strstr(f[col[C_SOURCE]], flt->match) != NULL);
}

/* The numbers of a data row's fields f: the whole ones into w (algorithm, nodes_used, np,
 * size_bytes), the times into *avg and *max. 0, or -1 with the first bad one, its value and
 * its range in why. */
static int row_numbers(char **f, const int *col, long *w, double *avg, double *max, char *why,
                       size_t len)
{
    static const struct {
        int c;
        long min, max;
    } wholes[4] = {{C_ALGO, 0, 1000},
                   {C_NODES, 1, 1 << 20},
                   {C_NP, 1, 1 << 24},
                   {C_SIZE, 0, (long)CS_MEASURED_MAX_BYTES}};
    for (int i = 0; i < 4; i++) {
        const char *v = f[col[wholes[i].c]];
        if (whole(v, wholes[i].max, &w[i]) == 0 && w[i] >= wholes[i].min) continue;
        snprintf(why, len, "bad %s '%s' (a whole number from %ld to %ld)", col_names[wholes[i].c],
                 v, wholes[i].min, wholes[i].max);
        return -1;
    }
    const char *a = f[col[C_AVG]], *m = f[col[C_MAX]];
    if (number(a, avg) == 0 && !isnan(*avg) && number(m, max) == 0) return 0;
    int bad_avg = number(a, avg) != 0 || isnan(*avg);
    snprintf(why, len, "bad %s '%s' (microseconds from 0 to %g%s)", bad_avg ? "avg_us" : "max_us",
             bad_avg ? a : m, CS_TIME_MAX * 1e6, bad_avg ? "" : ", or empty");
    return -1;
}

/* One data row of the CSV into t. 0, or -1 after an error line. */
static int csv_row(char *line, const int *col, const struct vfilter *flt, struct vtable *t,
                   const char *path, long lineno)
{
    char *f[VT_FIELDS], place[32];
    int n = vt_split_csv(line, f, VT_FIELDS), need = 0;
    for (int k = 0; k < C_COLS; k++)
        if (col[k] >= need) need = col[k] + 1;
    long w[4]; /* algorithm, nodes_used, np, size_bytes */
    double avg, max;
    char why[256];
    if (n < need) {
        cs_error("%s:%ld: bad row (%d fields, the header's columns need %d)", path, lineno, n,
                 need);
        return -1;
    }
    if (row_numbers(f, col, w, &avg, &max, why, sizeof why) != 0) {
        cs_error("%s:%ld: %s", path, lineno, why);
        return -1;
    }
    long algo = w[0], nodes = w[1], np = w[2], bytes = w[3];
    placement_of(f[col[C_PLACE]], place, sizeof place);
    t->rows++;
    if (!kept(f, col, flt, place, np)) {
        t->skipped++;
        return 0;
    }
    struct vcell *c = vt_cell(t, f[col[C_COLL]], (int)algo, place, (int)nodes, (int)np);
    return c != NULL ? vt_add(c, (uint64_t)bytes, avg, max) : -1;
}

int vt_read_csv(const char *path, const struct vfilter *flt, struct vtable *t)
{
    FILE *in = cs_fopen_input("measured collectives", path);
    if (in == NULL) return -1;
    char line[VT_LINE];
    int col[C_COLS], rc = 0;
    long lineno = 0;
    while (rc == 0 && fgets(line, sizeof line, in) != NULL) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') continue;
        rc = lineno == 1 ? header(line, col, path) : csv_row(line, col, flt, t, path, lineno);
    }
    if (rc == 0 && lineno == 0) cs_error("%s: empty", path), rc = -1;
    fclose(in);
    return rc;
}

/* One data line of an OSU collective benchmark: "SIZE AVG" (without -f) or "SIZE AVG MIN MAX
 * ITERATIONS" (with -f). 1 with the values, 0 for a blank line, -1 for anything else. */
static int osu_line(const char *line, double *size, double *avg, double *max)
{
    double v[5];
    int n = cs_num_line(line, v, 5);
    if (n == 0) return 0;
    *size = v[0], *avg = v[1], *max = n == 5 ? v[3] : NAN;
    if ((n == 2 || n == 5) && *size >= 0 && *size == floor(*size) &&
        *size <= (double)CS_MEASURED_MAX_BYTES && *avg > 0 && (n == 2 || *max > 0))
        return 1;
    return -1;
}

/* The OSU output at path into cell c (its sizes and times). 0, or -1 after an error line. */
static int read_osu_collective(const char *path, struct vcell *c)
{
    FILE *in = cs_fopen_input("OSU output", path);
    if (in == NULL) return -1;
    char line[512];
    long lineno = 0;
    int rc = 0, header = 0;
    while (rc == 0 && fgets(line, sizeof line, in) != NULL) {
        lineno++;
        if (line[0] == '#') {
            header |= strstr(line, "Latency") != NULL;
            continue;
        }
        double size, avg, max;
        int k = osu_line(line, &size, &avg, &max);
        if (k < 0 || (k == 1 && !header)) {
            cs_error("%s:%ld: %s", path, lineno,
                     header ? "expected 'SIZE AVG' or, with -f, 'SIZE AVG MIN MAX ITERATIONS'"
                            : "no '# Size  Avg Latency(us)' header before the data");
            rc = -1;
        } else if (k == 1) {
            rc = vt_add(c, (uint64_t)size, avg, max);
        }
    }
    if (rc == 0 && c->n == 0) cs_error("%s: no measured size", path), rc = -1;
    fclose(in);
    return rc;
}

/* FILE relative to the manifest's folder (an absolute FILE as it is) into out. */
static void beside(const char *manifest, const char *file, char *out, size_t len)
{
    const char *slash = strrchr(manifest, '/');
    if (file[0] == '/' || slash == NULL)
        snprintf(out, len, "%s", file);
    else
        snprintf(out, len, "%.*s/%s", (int)(slash - manifest), manifest, file);
}

/* One manifest line "FILE COLLECTIVE ALGORITHM NP NODES PLACEMENT" into t. 0, or -1. */
static int manifest_line(const char *path, long lineno, char *line, const struct vfilter *flt,
                         struct vtable *t)
{
    char file[1024], coll[32], algo[16], np_s[16], nodes_s[16], place[32], extra, full[2048];
    long a, np, nodes;
    if (sscanf(line, " %1023s %31s %15s %15s %15s %31s %c", file, coll, algo, np_s, nodes_s, place,
               &extra) != 6 ||
        whole(algo, 1000, &a) != 0 || whole(np_s, 1 << 24, &np) != 0 || np < 1 ||
        whole(nodes_s, 1 << 20, &nodes) != 0 || nodes < 1) {
        cs_error("%s:%ld: expected 'FILE COLLECTIVE ALGORITHM NP NODES PLACEMENT' (ALGORITHM: "
                 "Open MPI's number, 0 for its own choice)",
                 path, lineno);
        return -1;
    }
    t->rows++;
    char p[32];
    placement_of(place, p, sizeof p);
    if ((flt->collective && strcmp(coll, flt->collective) != 0) ||
        (flt->placement && strcmp(p, flt->placement) != 0) || !vt_keeps_np(flt, np) ||
        (flt->match && strstr(file, flt->match) == NULL)) {
        t->skipped++;
        return 0;
    }
    struct vcell *c = vt_cell(t, coll, (int)a, p, (int)nodes, (int)np);
    beside(path, file, full, sizeof full);
    return c != NULL ? read_osu_collective(full, c) : -1;
}

int vt_read_manifest(const char *path, const struct vfilter *flt, struct vtable *t)
{
    FILE *in = cs_fopen_input("manifest", path);
    if (in == NULL) return -1;
    char line[VT_LINE];
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, in) != NULL) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash != NULL) *hash = '\0';
        if (strspn(line, " \t\r\n") == strlen(line)) continue;
        rc = manifest_line(path, lineno, line, flt, t);
    }
    fclose(in);
    return rc;
}
