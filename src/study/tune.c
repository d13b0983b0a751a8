/* tune.c: a study's times read back (best.csv, summary.csv or a results CSV) and, per MPI
 * library, the fastest algorithm it has at each collective, process count and size. */
#include "tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpilib.h"
#include "units.h"
#include "util.h"

/* The columns read, by a best.csv's names (best_names) or a results CSV's (result_names). */
enum { K_COLL, K_VARIANT, K_NP, K_BYTES, K_ALGO, K_TIME, K_ALGO2, K_TIME2, K_VALID, K_GAPS, K_N };
static const char *const best_names[K_N] = {
    "collective", "variant",          "np",           "bytes", "best_algorithm",
    "best_avg_s", "second_algorithm", "second_avg_s", NULL,    "not_run"};
static const char *const result_names[K_N] = {"collective", "variant", "np", "bytes", "algorithm",
                                              "avg_s",      NULL,      NULL, "valid", NULL};

struct reader {
    const char *path;
    const char *variants; /* comma-separated, or NULL */
    int col[K_N];         /* field of each column, -1 if absent */
    int best;             /* 1: a best.csv */
    int unsure;           /* not_run cells noted */
};

/* Cuts a CSV line at commas into at most cap fields; returns the count. */
static int split_fields(char *line, char **f, int cap)
{
    line[strcspn(line, "\r\n")] = '\0';
    int n = 0;
    for (char *p = line; p != NULL && n < cap; n++) {
        f[n] = p;
        if ((p = strchr(p, ',')) != NULL) *p++ = '\0';
    }
    return n;
}

/* Maps the header by `names` into rd->col; 1 when every column but the optional ones (variant,
 * second, valid, not_run) is there. */
static int map_names(struct reader *rd, char **f, int n, const char *const *names)
{
    for (int k = 0; k < K_N; k++) {
        rd->col[k] = -1;
        for (int i = 0; names[k] != NULL && i < n; i++)
            if (strcmp(f[i], names[k]) == 0) rd->col[k] = i;
    }
    for (int k = 0; k <= K_TIME; k++)
        if (k != K_VARIANT && rd->col[k] < 0) return 0;
    return 1;
}

/* 1 when variant v is one of rd->variants (or none are named). */
static int wanted(const struct reader *rd, const char *v)
{
    if (rd->variants == NULL) return 1;
    size_t n = strlen(v);
    for (const char *p = rd->variants; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, v, n) == 0) return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* The np, bytes and time of fields f (the time in column kt) into c: 0, or -1 with the bad
 * field and its range in err (np 4294967297 is no int, not 1). */
static int numbers(const struct reader *rd, char **f, int kt, struct tune_cand *c, char *err,
                   size_t len)
{
    const char *np = f[rd->col[K_NP]], *bytes = f[rd->col[K_BYTES]], *t = f[rd->col[kt]];
    if (cs_num_int(np, 1, INT_MAX, &c->np) != 0)
        snprintf(err, len, "bad np '%s' (a whole number from 1 to %d)", np, INT_MAX);
    else if (cs_num_whole(bytes, CS_MAX_BYTES, &c->bytes) != 0)
        snprintf(err, len, "bad bytes '%s' (a whole number from 0 to %d)", bytes, CS_MAX_BYTES);
    else if (cs_num_real(t, 0, CS_TIME_MAX, &c->t) != 0)
        snprintf(err, len, "bad time '%s' (seconds from 0 to %g)", t, CS_TIME_MAX);
    else
        return 0;
    return -1;
}

/* One candidate from fields f (algorithm and time in columns ka and kt); 0 when there is none
 * (an empty cell, an invalid row), 1 with *c filled, -1 with the reason in err. */
static int decode(const struct reader *rd, char **f, int ka, int kt, struct tune_cand *c, char *err,
                  size_t len)
{
    if (rd->col[ka] < 0 || f[rd->col[ka]][0] == '\0') return 0;
    if (rd->col[K_VALID] >= 0 && strcmp(f[rd->col[K_VALID]], "1") != 0) return 0;
    int coll = coll_find(f[rd->col[K_COLL]]);
    memset(c, 0, sizeof *c);
    if (coll < 0) {
        snprintf(err, len, "bad collective '%s'", f[rd->col[K_COLL]]);
        return -1;
    }
    if (numbers(rd, f, kt, c, err, len) != 0) return -1;
    c->coll = (enum coll_id)coll;
    const char *a = f[rd->col[ka]], *eq = strchr(a, '=');
    /* a name goes into the files' comments: letters, digits and _ : = + - only */
    if (strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:=+-") !=
        strlen(a)) {
        snprintf(err, len, "bad algorithm name (letters, digits and _ : = + - only)");
        return -1;
    }
    snprintf(c->runs, sizeof c->runs, "%s", eq ? eq + 1 : a);
    snprintf(c->variant, sizeof c->variant, "%s",
             rd->col[K_VARIANT] >= 0 ? f[rd->col[K_VARIANT]] : "");
    return 1;
}

static void add(struct tune_cands *c, const struct tune_cand *x, int *cap)
{
    if (c->n == *cap) c->v = cs_realloc(c->v, (size_t)(*cap = *cap * 2 + 64) * sizeof *c->v);
    c->v[c->n++] = *x;
}

/* The candidates of one line (two in a best.csv). 0, or 1 after one error line. */
static int read_line(struct reader *rd, char *line, int lineno, struct tune_cands *c, int *cap)
{
    char *f[64], err[256];
    int n = split_fields(line, f, 64);
    for (int k = 0; k < K_N; k++)
        if (rd->col[k] >= n) {
            cs_error("%s:%d: too few fields", rd->path, lineno);
            return 1;
        }
    if (rd->col[K_VARIANT] >= 0 && !wanted(rd, f[rd->col[K_VARIANT]])) return 0;
    for (int two = 0; two < 2; two++) {
        struct tune_cand x;
        int got =
            decode(rd, f, two ? K_ALGO2 : K_ALGO, two ? K_TIME2 : K_TIME, &x, err, sizeof err);
        if (got < 0) {
            cs_error("%s:%d: %s", rd->path, lineno, err);
            return 1;
        }
        if (got) add(c, &x, cap);
    }
    if (rd->col[K_GAPS] >= 0 && f[rd->col[K_GAPS]][0] != '\0' && rd->unsure++ == 0)
        cs_note("%s:%d: %s did not run there; the choice is among the algorithms that did (the "
                "column not_run names such cells)",
                rd->path, lineno, f[rd->col[K_GAPS]]);
    return 0;
}

/* The rows of an open file into c. 0, or 1 after one error line. */
static int read_file(FILE *in, struct reader *rd, struct tune_cands *c)
{
    char line[4096];
    int cap = 0, lineno = 1;
    while (fgets(line, sizeof line, in) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(in)) {
            cs_error("%s:%d: line longer than %zu bytes", rd->path, lineno, sizeof line - 2);
            return 1;
        }
        if (read_line(rd, line, lineno, c, &cap) != 0) return 1;
    }
    return 0;
}

/* Opens path and maps its header into rd; NULL after one error line. */
static FILE *open_mapped(const char *path, struct reader *rd)
{
    FILE *in = cs_fopen_input("results", path);
    char line[4096] = "", *f[64];
    if (in == NULL) return NULL; /* cs_fopen_input said why */
    int n = fgets(line, sizeof line, in) ? split_fields(line, f, 64) : 0;
    rd->path = path;
    rd->best = n > 0 && map_names(rd, f, n, best_names);
    if (n > 0 && (rd->best || map_names(rd, f, n, result_names))) return in;
    cs_error("%s:1: %s", path,
             n == 0 ? "empty"
                    : "no columns 'best_algorithm' or 'algorithm' and 'avg_s' (is it a study's "
                      "best.csv or summary.csv?)");
    fclose(in);
    return NULL;
}

static int cand_order(const void *x, const void *y)
{
    const struct tune_cand *a = x, *b = y;
    if (a->coll != b->coll) return a->coll < b->coll ? -1 : 1;
    if (a->np != b->np) return a->np < b->np ? -1 : 1;
    if (a->bytes != b->bytes) return a->bytes < b->bytes ? -1 : 1;
    return a->t < b->t ? -1 : a->t > b->t;
}

/* Two variants with one collective and process count: 1 after one error line. */
static int mixed_variants(const struct tune_cands *c, const char *path)
{
    for (int i = 1; i < c->n; i++) {
        const struct tune_cand *a = &c->v[i - 1], *b = &c->v[i];
        if (a->coll == b->coll && a->np == b->np && strcmp(a->variant, b->variant) != 0) {
            cs_error("%s: the variants '%s' and '%s' both have %s on %d processes: choose with "
                     "--variant",
                     path, a->variant, b->variant, coll_infos[a->coll].name, a->np);
            return 1;
        }
    }
    return 0;
}

/* summary.csv beside a best.csv at path, if there is one: into out (0), else -1. */
static int beside(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) + 1 : 0;
    snprintf(out, len, "%.*ssummary.csv", dir, path);
    FILE *f = cs_fopen_own(out);
    if (f == NULL) return -1;
    fclose(f);
    return 0;
}

int tune_load(const char *path, const char *variants, struct tune_cands *c)
{
    struct reader rd = {.variants = variants};
    char summary[4096];
    FILE *in = open_mapped(path, &rd);
    if (in != NULL && rd.best && beside(path, summary, sizeof summary) == 0) {
        fclose(in);
        cs_note("every algorithm's times from %s", summary);
        in = open_mapped(summary, &rd);
    }
    int rc = in == NULL ? 1 : read_file(in, &rd, c);
    if (in != NULL) fclose(in);
    if (rc == 0 && c->n == 0) {
        cs_error("%s has no valid time%s%s", rd.path, variants ? " of variant " : "",
                 variants ? variants : "");
        rc = 1;
    }
    if (rc == 0) qsort(c->v, (size_t)c->n, sizeof *c->v, cand_order);
    return rc != 0 ? rc : mixed_variants(c, rd.path);
}

/* What a library's choice for one collective and process count came to, for the console. */
struct tally {
    int sizes, lost, none, dflt;
    double worst; /* the most a lacking algorithm saved, in % of the library's time */
    char worst_at[160];
};

/* The rule of one size, candidates [i, j) fastest first: the first `has` accepts, noted when
 * a faster one is not the library's. 0 with *row set, or -1 when none is. */
static int choose_size(const struct tune_cand *v, int i, int j, const char *lib, tune_has_fn *has,
                       struct tune_row *row, struct tally *t)
{
    char err[512];
    int k = i;
    while (k < j && has(&v[k], err, sizeof err) != 0)
        k++;
    if (k == j) return -1;
    *row = (struct tune_row){v[k].coll, v[k].np, v[k].bytes, "", ""};
    snprintf(row->runs, sizeof row->runs, "%s", v[k].runs);
    if (k == i || !(v[k].t > v[i].t)) return 0;
    double saved = 100.0 * (v[k].t - v[i].t) / v[k].t;
    snprintf(row->note, sizeof row->note, "%s, which %s lacks, is %.1f%% faster than %s", v[i].runs,
             lib, saved, v[k].runs);
    t->lost++;
    if (saved > t->worst) {
        t->worst = saved;
        snprintf(t->worst_at, sizeof t->worst_at, "%s at %llu B", v[i].runs,
                 (unsigned long long)v[i].bytes);
    }
    return 0;
}

static void say_tally(const struct tally *t, const char *lib, enum coll_id coll, int np)
{
    if (t->lost > 0)
        cs_note("%s, %s on %d processes: at %d of %d sizes an algorithm %s lacks is faster, by up "
                "to %.1f%% (%s); the rules take %s's fastest",
                lib, coll_infos[coll].name, np, t->lost, t->sizes, lib, t->worst, t->worst_at, lib);
    if (t->dflt > 0)
        cs_note("%s, %s on %d processes: at %d of %d sizes none of its algorithms ran; the file "
                "keeps its own default's choice there",
                lib, coll_infos[coll].name, np, t->dflt, t->sizes);
    if (t->none > 0)
        cs_note("%s, %s on %d processes: at %d of %d sizes none of its algorithms ran; the rule "
                "of the size before holds there",
                lib, coll_infos[coll].name, np, t->none, t->sizes);
}

/* The library's default at candidate x's size as its row, when `has` takes it: 0, else -1. */
static int default_row(const struct tune_cand *x, const char *lib, tune_has_fn *has,
                       const char *dflt, struct tune_row *row)
{
    struct tune_cand d = *x;
    struct mpilib_pick pick;
    char err[512];
    if (mpilib_pick(x->coll, dflt, x->np, x->bytes, &pick, err, sizeof err) != 0) return -1;
    snprintf(d.runs, sizeof d.runs, "%s", pick.runs);
    if (has(&d, err, sizeof err) != 0) return -1;
    *row = (struct tune_row){x->coll, x->np, x->bytes, "", ""};
    snprintf(row->runs, sizeof row->runs, "%s", d.runs);
    snprintf(row->note, sizeof row->note, "none of %s's algorithms ran: its own default, %s", lib,
             d.runs);
    return 0;
}

/* The end of the candidates from i with i's collective, processes (and size if `size`). */
static int group_end(const struct tune_cands *c, int i, int size)
{
    int j = i;
    while (j < c->n && c->v[j].coll == c->v[i].coll && c->v[j].np == c->v[i].np &&
           (!size || c->v[j].bytes == c->v[i].bytes))
        j++;
    return j;
}

int tune_choose(const struct tune_cands *c, const char *lib, tune_has_fn *has, const char *dflt,
                struct tune_set *out)
{
    int cap = 0, any = 0;
    char err[512] = "";
    out->rows = NULL, out->n = 0;
    for (int k = 0; k < c->n && !any; k++)
        any = has(&c->v[k], err, sizeof err) == 0;
    if (!any) {
        has(&c->v[0], err, sizeof err);
        cs_error("none of the study's algorithms is one of %s's (%s)", lib, err);
        return 1;
    }
    for (int i = 0; i < c->n; i = group_end(c, i, 0)) {
        struct tally t = {0, 0, 0, 0, 0, ""};
        for (int j = i; j < group_end(c, i, 0); j = group_end(c, j, 1)) {
            struct tune_row row;
            t.sizes++;
            if (choose_size(c->v, j, group_end(c, j, 1), lib, has, &row, &t) != 0) {
                int d = default_row(&c->v[j], lib, has, dflt, &row) == 0;
                t.dflt += d, t.none += !d;
                has(&c->v[j], err, sizeof err); /* the reason, for a library with none */
                if (!d) continue;
            }
            if (out->n == cap)
                out->rows = cs_realloc(out->rows, (size_t)(cap = cap * 2 + 32) * sizeof *out->rows);
            out->rows[out->n++] = row;
        }
        if (t.none < t.sizes)
            say_tally(&t, lib, c->v[i].coll, c->v[i].np);
        else
            cs_note("%s, %s on %d processes: left out: %s", lib, coll_infos[c->v[i].coll].name,
                    c->v[i].np, err);
    }
    return 0;
}
