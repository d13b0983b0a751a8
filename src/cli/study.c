/* study.c: `collsim study`, the default study: the registry's collectives and their algorithms
 * on the shipped ring, torus, hypercube, fat-tree and XL250a platforms, with tables, CSV,
 * traces, a summary, the best-algorithm map and plots (gnuplot, when installed). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format.h"
#include "options.h"
#include "platform.h"
#include "registry.h"
#include "run.h"
#include "util.h"

/* The collectives of a study without --collectives: at the default sizes each other
 * collective costs from a fifth of the broadcast's time (the q-shift) to several times it (the
 * allgather), so the default keeps the study within minutes; --collectives adds the others. */
#define STUDY_DEFAULT "bcast,reduce"

/* How many algorithms of a collective the study traces by default. */
#define STUDY_TRACED 3

/* A run's buffers may take this share of the machine's memory (smpi_memory_terms). */
#define STUDY_MEMORY_SHARE 0.5

const char study_usage[] =
    "usage: collsim study [--out DIR] [--platforms DIR] [--collectives LIST] [--sizes SPEC]\n"
    "                     [--model clean|smpi] [--algo A,B,...] [--iters N] [--no-trace]\n"
    "                     [--no-compare]\n"
    "Runs collectives on ring-64, torus-8x8, hypercube-6, fattree-64 and xl250a, one rank per\n"
    "host, collective by collective, and writes into DIR (default: out/study), where C is\n"
    "empty for the broadcast and -COLLECTIVE for the others (ring-64-reduce.csv):\n"
    "  PLATFORM[C].csv, .trace        per platform (as 'collsim run' writes them)\n"
    "  summary.csv                    every row of every platform and collective\n"
    "  summary[C].txt                 time per platform and algorithm at 16 B, 64 KiB, 4 MiB,\n"
    "                                 then the best-algorithm map as a table\n"
    "  best.csv                       per collective, platform and size: the fastest\n"
    "                                 algorithm and the next\n"
    "  best[C].png, best[C].svg       the best-algorithm map (needs gnuplot)\n"
    "  PLATFORM[C].png                time vs size per algorithm (needs gnuplot)\n"
    "  PLATFORM[C].analysis.txt, .csv 'collsim analyze' of the trace: every model's error\n"
    "  PLATFORM[C]-models.png, .svg   simulated time and each model's prediction vs size, a\n"
    "                                 panel per traced algorithm (needs gnuplot)\n"
    "  PLATFORM[C]-errors.png, .svg   each model's error vs size, likewise\n"
    "--collectives: a comma list of 'collsim list' names, or all (every collective); the\n"
    "default is " STUDY_DEFAULT " (others add up to several times the broadcast's time).\n"
    "Traced and analyzed: the --algo algorithms each collective has; without --algo, or for a\n"
    "collective that has none of them, its binomial, binary and linear algorithms completed to\n"
    "three by its first others in 'collsim list' that need no topology and are not one-sided.\n"
    "For the comparison, every other collsim algorithm of the collective that fits the\n"
    "platform runs too, untraced, except the one-sided (rma) ones; --no-compare runs the\n"
    "traced ones only.\n"
    "Sizes: a collective runs the --sizes whose buffers, by 'collsim run's memory estimate,\n"
    "take at most half of this machine's memory on the largest platform (a collective that\n"
    "moves no data, the smallest size only); the notes and its summary name the sizes left out.\n"
    "Defaults: sizes 16:4M:8, model clean, 5 calls.\n";

static const char *const study_platforms[] = {"ring-64", "torus-8x8", "hypercube-6", "fattree-64",
                                              "xl250a"};
enum { NPLAT = sizeof study_platforms / sizeof study_platforms[0] };

static int mkdir_p(const char *dir)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
    return (mkdir(tmp, 0755) == 0 || access(tmp, W_OK) == 0) ? 0 : -1;
}

/* Appends the data rows of one platform CSV to `out` (with the header once). */
static int append_csv(FILE *out, const char *path, int with_header)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) return -1;
    char line[1024];
    int first = 1;
    while (fgets(line, sizeof line, in) != NULL) {
        if (!first || with_header) fputs(line, out);
        first = 0;
    }
    fclose(in);
    return 0;
}

/* Appends the data rows of `extra` to the CSV `dst` (through dst.part, so a failure leaves dst
 * as it was), then removes `extra`. 0 or -1. */
static int merge_csv(const char *dst, const char *extra)
{
    struct cs_out co;
    FILE *out = cs_out_open(&co, dst);
    int rc = out != NULL && append_csv(out, dst, 1) == 0 && append_csv(out, extra, 0) == 0 ? 0 : -1;
    if (out != NULL) rc = cs_out_commit(&co, rc == 0);
    unlink(extra);
    return rc;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (p == NULL) abort();
    return p;
}

/* One data row of a collsim CSV: the fields the summary, the map and the plots use. */
struct csv_row {
    char collective[32], platform[128], algo[128], model[32];
    int np;
    unsigned long long bytes;
    double avg; /* seconds */
    int valid;
};

/* Copies the fields the study uses from a results row; -1 if a text does not fit. */
static int take_row(const struct cs_result *in, struct csv_row *r)
{
    r->np = in->np;
    r->bytes = in->bytes;
    r->avg = in->avg_s;
    r->valid = in->valid;
    if (snprintf(r->collective, sizeof r->collective, "%s", in->collective) >=
            (int)sizeof r->collective ||
        snprintf(r->platform, sizeof r->platform, "%s", in->platform) >= (int)sizeof r->platform ||
        snprintf(r->algo, sizeof r->algo, "%s", in->algorithm) >= (int)sizeof r->algo ||
        snprintf(r->model, sizeof r->model, "%s", in->model) >= (int)sizeof r->model)
        return -1;
    return 0;
}

/* Reads the data rows of a results CSV (format.h: columns found by their header names) of
 * collective coll (NULL: every row) into *out (caller frees). Returns the row count, or -1
 * after an error line. */
static int read_rows(const char *path, const char *coll, struct csv_row **out)
{
    struct cs_result_reader rd;
    struct cs_result row;
    char err[1200];
    if (cs_result_open(&rd, path, err, sizeof err) != 0) {
        cs_error("%s", err);
        return -1;
    }
    struct csv_row *rows = NULL;
    int n = 0, cap = 0, got;
    while ((got = cs_result_next(&rd, &row, err, sizeof err)) == 1) {
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            rows = realloc(rows, (size_t)cap * sizeof *rows);
            if (rows == NULL) abort();
        }
        if (take_row(&row, &rows[n]) != 0) {
            snprintf(err, sizeof err, "%s:%ld: a name is too long", path, rd.line);
            got = -1;
            break;
        }
        if (coll == NULL || strcmp(rows[n].collective, coll) == 0) n++;
    }
    cs_result_close(&rd);
    if (got < 0) {
        cs_error("%s", err);
        free(rows);
        return -1;
    }
    *out = rows;
    return n;
}

/* "16 B", "64 KiB", "4 MiB", or "1000 B" for a size that is no whole multiple. */
static void fmt_bytes(unsigned long long b, char *out, size_t len)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    for (int i = 0; i < 3; i++) {
        unsigned long long u = 1ULL << (10 * (3 - i));
        if (b >= u && b % u == 0) {
            snprintf(out, len, "%llu %s", b / u, units[i]);
            return;
        }
    }
    snprintf(out, len, "%llu B", b);
}

/* The best-algorithm map: per platform and size, the fastest algorithm and the next one. Every
 * name comes from the CSV rows, none from a list here. */
struct best_map {
    struct csv_row *rows;
    int nrows;
    int *plat; /* a row of each platform, in order of first appearance */
    int nplat;
    unsigned long long *size; /* every size, ascending */
    int nsize;
    int *best, *next; /* [p * nsize + s]: row of the fastest algorithm and of the fastest
                         other algorithm, -1 if none */
    int *win;         /* a row of each algorithm that is fastest somewhere, in map order
                         (platform by platform, small sizes first): key i names win[i] */
    int nwin;
};

/* A next best within this fraction of the best is a tie on the map: the simulation is exact,
 * but such a margin says nothing a student should act on. */
#define TIE_FRACTION 0.01

static int cmp_ull(const void *a, const void *b)
{
    unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

/* The map's cell of row i. */
static int best_cell(const struct best_map *m, int i)
{
    int p = 0, s = 0;
    while (strcmp(m->rows[m->plat[p]].platform, m->rows[i].platform) != 0)
        p++;
    while (m->size[s] != m->rows[i].bytes)
        s++;
    return p * m->nsize + s;
}

static int best_tie(const struct best_map *m, int k)
{
    int b = m->best[k], n = m->next[k];
    return b >= 0 && n >= 0 && m->rows[n].avg <= m->rows[b].avg * (1 + TIE_FRACTION);
}

/* Key of the i-th winner: A..Z, then AA, AB, ... */
static void best_key(int i, char *out, size_t len)
{
    char tmp[16];
    int k = 0;
    for (i++; i > 0 && k < (int)sizeof tmp; i = (i - 1) / 26)
        tmp[k++] = (char)('A' + (i - 1) % 26);
    size_t j = 0;
    while (k > 0 && j + 1 < len)
        out[j++] = tmp[--k];
    out[j] = '\0';
}

static int best_win_index(const struct best_map *m, const char *algo)
{
    for (int i = 0; i < m->nwin; i++)
        if (strcmp(m->rows[m->win[i]].algo, algo) == 0) return i;
    return -1;
}

static void best_free(struct best_map *m)
{
    free(m->rows);
    free(m->plat);
    free(m->size);
    free(m->best);
    free(m->next);
    free(m->win);
}

/* Builds the map of collective coll from a study's summary.csv. 0, or -1 after an error line.
 * Only rows that passed the data check count; on equal times the earlier row wins. */
static int best_load(const char *csv, const char *coll, struct best_map *m)
{
    memset(m, 0, sizeof *m);
    m->nrows = read_rows(csv, coll, &m->rows);
    if (m->nrows < 0) return -1;
    m->plat = xcalloc((size_t)m->nrows, sizeof *m->plat);
    m->size = xcalloc((size_t)m->nrows, sizeof *m->size);
    m->win = xcalloc((size_t)m->nrows, sizeof *m->win);
    for (int i = 0; i < m->nrows; i++) {
        int p = 0, s = 0;
        while (p < m->nplat && strcmp(m->rows[m->plat[p]].platform, m->rows[i].platform) != 0)
            p++;
        if (p == m->nplat) m->plat[m->nplat++] = i;
        while (s < m->nsize && m->size[s] != m->rows[i].bytes)
            s++;
        if (s == m->nsize) m->size[m->nsize++] = m->rows[i].bytes;
    }
    qsort(m->size, (size_t)m->nsize, sizeof *m->size, cmp_ull);
    size_t ncell = (size_t)m->nplat * (size_t)m->nsize;
    m->best = xcalloc(ncell, sizeof *m->best);
    m->next = xcalloc(ncell, sizeof *m->next);
    for (size_t k = 0; k < ncell; k++)
        m->best[k] = m->next[k] = -1;
    for (int i = 0; i < m->nrows; i++) {
        if (!m->rows[i].valid) continue;
        int k = best_cell(m, i);
        if (m->best[k] < 0 || m->rows[i].avg < m->rows[m->best[k]].avg) m->best[k] = i;
    }
    /* the runner-up is another algorithm, even if the CSV repeats the winner */
    for (int i = 0; i < m->nrows; i++) {
        if (!m->rows[i].valid) continue;
        int k = best_cell(m, i);
        if (strcmp(m->rows[i].algo, m->rows[m->best[k]].algo) == 0) continue;
        if (m->next[k] < 0 || m->rows[i].avg < m->rows[m->next[k]].avg) m->next[k] = i;
    }
    for (size_t k = 0; k < ncell; k++)
        if (m->best[k] >= 0 && best_win_index(m, m->rows[m->best[k]].algo) < 0)
            m->win[m->nwin++] = m->best[k];
    return 0;
}

/* The header of best.csv. */
#define BEST_CSV_HEADER                                                                            \
    "collective,platform,bytes,best_algorithm,time_us,second_best,second_time_us\n"

/* best.csv's rows of one collective's map: one per platform and size. */
static void write_best_rows(FILE *f, const struct best_map *m)
{
    for (int p = 0; p < m->nplat; p++)
        for (int s = 0; s < m->nsize; s++) {
            int b = m->best[p * m->nsize + s], n = m->next[p * m->nsize + s];
            if (b < 0) continue;
            fprintf(f, "%s,%s,%llu,%s,%.12g,", m->rows[b].collective, m->rows[b].platform,
                    m->size[s], m->rows[b].algo, m->rows[b].avg * 1e6);
            if (n >= 0)
                fprintf(f, "%s,%.12g\n", m->rows[n].algo, m->rows[n].avg * 1e6);
            else
                fprintf(f, ",\n");
        }
}

/* The map as a table: one key per cell, what each key means below it. */
static void write_best_text(FILE *out, const struct best_map *m)
{
    if (m->nwin == 0) return;
    char label[32], key[16];
    int pw = 12, w = 3;
    for (int p = 0; p < m->nplat; p++) {
        int len = (int)strlen(m->rows[m->plat[p]].platform);
        if (len > pw) pw = len;
    }
    for (int s = 0; s < m->nsize; s++) {
        fmt_bytes(m->size[s], label, sizeof label);
        if ((int)strlen(label) > w) w = (int)strlen(label);
    }
    best_key(m->nwin - 1, key, sizeof key);
    if ((int)strlen(key) + 1 > w) w = (int)strlen(key) + 1;
    fprintf(out,
            "\n# fastest algorithm per platform and message size ('~': the next best is within "
            "%g%%;\n# both times in best.csv)\n# %-*s",
            TIE_FRACTION * 100, pw, "platform");
    for (int s = 0; s < m->nsize; s++) {
        fmt_bytes(m->size[s], label, sizeof label);
        fprintf(out, " %*s", w, label);
    }
    fputc('\n', out);
    for (int p = 0; p < m->nplat; p++) {
        fprintf(out, "  %-*s", pw, m->rows[m->plat[p]].platform);
        for (int s = 0; s < m->nsize; s++) {
            int k = p * m->nsize + s;
            if (m->best[k] < 0) {
                fprintf(out, " %*s", w, "-");
                continue;
            }
            best_key(best_win_index(m, m->rows[m->best[k]].algo), key, sizeof key);
            strcat(key, best_tie(m, k) ? "~" : "");
            fprintf(out, " %*s", w, key);
        }
        fputc('\n', out);
    }
    for (int i = 0; i < m->nwin; i++) {
        best_key(i, key, sizeof key);
        fprintf(out, "#   %-3s %s\n", key, m->rows[m->win[i]].algo);
    }
}

/* summary.txt: time per platform and algorithm at three sizes of the collective named `noun`,
 * then the map, then the sizes left out (`left_out`, unless ""). Written through .part. 0 or
 * -1. */
static int write_summary(const struct best_map *m, const char *noun, const char *left_out,
                         const char *txt)
{
    static const unsigned long long sizes[] = {16, 65536, 4194304};
    struct cs_out co;
    FILE *out = cs_out_open(&co, txt);
    if (out == NULL) return -1;
    int aw = 10;
    for (int i = 0; i < m->nrows; i++)
        if ((int)strlen(m->rows[i].algo) > aw) aw = (int)strlen(m->rows[i].algo);
    fprintf(out, "# simulated %s time (us), root's entry to last exit; model and np per row\n",
            noun);
    fprintf(out, "# %-12s %-*s %-7s %4s %14s %14s %14s\n", "platform", aw, "algorithm", "model",
            "np", "16 B", "64 KiB", "4 MiB");
    /* one line per run of rows with the same platform and algorithm */
    for (int i = 0, j; i < m->nrows; i = j) {
        const struct csv_row *r = &m->rows[i];
        double t[3] = {-1, -1, -1};
        for (j = i; j < m->nrows && strcmp(m->rows[j].platform, r->platform) == 0 &&
                    strcmp(m->rows[j].algo, r->algo) == 0;
             j++)
            for (int k = 0; k < 3; k++)
                if (m->rows[j].bytes == sizes[k]) t[k] = m->rows[j].avg;
        fprintf(out, "  %-12s %-*s %-7s %4d", r->platform, aw, r->algo, r->model, r->np);
        for (int k = 0; k < 3; k++)
            if (t[k] < 0)
                fprintf(out, " %14s", "-");
            else
                fprintf(out, " %14.3f", t[k] * 1e6);
        fputc('\n', out);
    }
    write_best_text(out, m);
    if (*left_out) fprintf(out, "\n# %s\n", left_out);
    return cs_out_commit(&co, 1);
}

/* Time as a cell shows it: three or four digits. */
static void fmt_us(double us, char *out, size_t len)
{
    snprintf(out, len, us < 10 ? "%.2f us" : us < 100 ? "%.1f us" : "%.0f us", us);
}

/* The map as a coloured grid: platforms down, sizes across, the fastest algorithm's name and
 * time in each cell, '≈ NAME' when the next best ties; a colour per algorithm, in the key.
 * PNG and SVG. 0, or -1 if gnuplot failed. */
static int plot_best(const struct best_map *m, const char *noun, const char *png, const char *svg)
{
    /* ColorBrewer Set3: light enough for black text; cycles past 12 winners (names are in
     * the cells anyway) */
    static const char *const colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072",
                                          "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
                                          "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};
    enum { NCOL = sizeof colours / sizeof colours[0] };
    char ppart[4104], spart[4104];
    if (cs_out_part(png, ppart, sizeof ppart) < 0 || cs_out_part(svg, spart, sizeof spart) < 0)
        return -1;
    FILE *g = cs_gnuplot_open();
    if (g == NULL) return -1;
    /* 170 px columns hold a tie line such as "≈ scatter_allgather_ring" */
    int w = 400 + 170 * m->nsize, h = 170 + 90 * m->nplat;
    if (h < 170 + 22 * m->nwin) h = 170 + 22 * m->nwin; /* room for the key */
    fprintf(g,
            "set encoding utf8\nset terminal pngcairo size %d,%d noenhanced font 'sans,10'\n"
            "set output '%s'\n",
            w, h, ppart);
    fprintf(g, "set title \"fastest ");
    cs_gnuplot_string(g, noun, 0);
    fprintf(g, " per platform and message size (simulated, model ");
    cs_gnuplot_string(g, m->rows[0].model, 0);
    fprintf(g, ")\\n\xe2\x89\x88 NAME: the next best, within %g%% of the fastest\"\n",
            TIE_FRACTION * 100);
    fprintf(g,
            "set xrange [-0.5:%d.5]\nset yrange [%d.5:-0.5]\nset tics scale 0\n"
            "set xtics nomirror\nset ytics nomirror\nset xlabel 'message size'\n"
            "set key outside right top Left reverse title 'fastest'\n",
            m->nsize - 1, m->nplat - 1);
    char label[64];
    fprintf(g, "set xtics (");
    for (int s = 0; s < m->nsize; s++) {
        fmt_bytes(m->size[s], label, sizeof label);
        fprintf(g, "%s\"%s\" %d", s ? ", " : "", label, s);
    }
    fprintf(g, ")\nset ytics (");
    for (int p = 0; p < m->nplat; p++) {
        fprintf(g, "%s\"", p ? ", " : "");
        cs_gnuplot_string(g, m->rows[m->plat[p]].platform, 0);
        fprintf(g, " (p=%d)\" %d", m->rows[m->plat[p]].np, p);
    }
    fprintf(g, ")\n");
    for (int p = 0; p < m->nplat; p++)
        for (int s = 0; s < m->nsize; s++) {
            int k = p * m->nsize + s, b = m->best[k];
            const char *fill =
                b < 0 ? "#f0f0f0" : colours[best_win_index(m, m->rows[b].algo) % NCOL];
            fprintf(g,
                    "set object rect from %g,%g to %g,%g fc rgb '%s' fs solid 1.0 "
                    "border lc rgb 'white' lw 2\n",
                    s - 0.5, p - 0.5, s + 0.5, p + 0.5, fill);
            fprintf(g, "set label \"");
            if (b < 0) {
                fputc('-', g);
            } else {
                /* names longer than "pipeline_chain" break at '_' to fit the cell */
                cs_gnuplot_string(g, m->rows[b].algo, strlen(m->rows[b].algo) > 14);
                fmt_us(m->rows[b].avg * 1e6, label, sizeof label);
                fprintf(g, "\\n%s", label);
                if (best_tie(m, k)) {
                    fprintf(g, "\\n\xe2\x89\x88 ");
                    cs_gnuplot_string(g, m->rows[m->next[k]].algo, 0);
                }
            }
            fprintf(g, "\" at %d,%d center front font ',9'\n", s, p);
        }
    /* a point outside the y range carries the plot; keyentry alone trips gnuplot 5.4 */
    fprintf(g, "plot -1 notitle lc rgb 'white'");
    for (int i = 0; i < m->nwin; i++) {
        fprintf(g, ", keyentry with boxes fc rgb '%s' fs solid 1.0 title \"", colours[i % NCOL]);
        cs_gnuplot_string(g, m->rows[m->win[i]].algo, 0);
        fputc('"', g);
    }
    fprintf(g,
            "\nset terminal svg size %d,%d noenhanced font 'sans,10' background '#ffffff'\n"
            "set output '%s'\nreplot\n",
            w, h, spart);
    return cs_gnuplot_finish(g, png, svg);
}
/* One log-log plot of time vs size per algorithm of the CSV (algos: their names, from its
 * rows) of platform `name` and the collective named `noun`. Returns 0, or -1 if gnuplot
 * failed. */
static int plot_platform(const char *csv, const char *png, const char *name, const char *noun,
                         const char *algos)
{
    char part[4104];
    if (cs_out_part(png, part, sizeof part) < 0) return -1;
    FILE *g = cs_gnuplot_open();
    if (g == NULL) return -1;
    /* the key goes outside: with the comparison, a dozen lines fill the top left */
    fprintf(g, "set terminal pngcairo size 1100,600 noenhanced\nset output '%s'\n", part);
    fprintf(g,
            "set datafile separator ','\nset logscale xy\nset key outside right top\nset grid\n"
            "set format x '%%.0s%%cB'\nset xlabel 'message size (bytes)'\n"
            "set ylabel 'simulated %s time (us)'\nset title '%s on %s'\n"
            "set arrow from 65536, graph 0 to 65536, graph 1 nohead dashtype 2 lc 'gray'\n"
            "set label 'eager | rendezvous' at 65536, graph 0.96 center tc 'gray'\n",
            noun, noun, name);
    fprintf(g, "plot ");
    char *list = cs_strdup(algos);
    int i = 0;
    for (char *t = strtok(list, ","); t != NULL; t = strtok(NULL, ","), i++)
        fprintf(g,
                "%s'%s' using (column('bytes') > 0 && strcol('algorithm') eq '%s' ? "
                "column('bytes') : 1/0):"
                "(column('avg_s')*1e6) "
                "with linespoints title '%s'",
                i ? ", " : "", csv, t, t);
    free(list);
    return cs_gnuplot_finish(g, png, NULL);
}

/* 1 if `name` is an item of the comma list `list`. */
static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0) return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* The distinct algorithms of a CSV's rows, in order, as a comma list (caller frees); NULL after
 * an error line. */
static char *csv_algorithms(const char *csv)
{
    struct csv_row *rows;
    int n = read_rows(csv, NULL, &rows);
    if (n < 0) return NULL;
    size_t cap = 1;
    for (int i = 0; i < n; i++)
        cap += strlen(rows[i].algo) + 1;
    char *list = xcalloc(cap, 1);
    for (int i = 0; i < n; i++)
        if (!in_list(list, rows[i].algo)) {
            if (*list) strcat(list, ",");
            strcat(list, rows[i].algo);
        }
    free(rows);
    return list;
}

/* 1 when line i of the hostfile names node n<i> for every one of its np lines (the topology
 * algorithms' placement), else 0. */
static int in_node_order(const char *hostfile)
{
    char **hosts, want[32];
    int n = cs_hostfile_read(hostfile, &hosts), ok = n >= 0;
    for (int i = 0; ok && i < n; i++) {
        snprintf(want, sizeof want, "n%d", i);
        ok = strcmp(hosts[i], want) == 0;
    }
    if (n >= 0) cs_hostfile_free(hosts, n);
    return ok;
}

/* The topology of r's platform (kind 0 when it has none); 0, or -1 after an error line. */
static int platform_topo(const struct run_request *r, struct coll_topo *t)
{
    char kind[64], dims[64], err[256];
    memset(t, 0, sizeof *t);
    if (platform_props(r->platform, kind, dims, sizeof kind) != 0) {
        cs_error("cannot read platform '%s'", r->platform);
        return -1;
    }
    if (kind[0] && dims[0] && coll_topo_parse(kind, dims, t, err, sizeof err) != 0)
        memset(t, 0, sizeof *t); /* as the runner: a platform it cannot read has no topology */
    return 0;
}

/* 1 for the one-sided (rma) algorithms: the two-sided trees plus synchronisation, four to five
 * times slower to simulate, and never the fastest in a full "all" broadcast study. */
static int one_sided(const struct algo_info *a)
{
    return strncmp(a->family, "rma", 3) == 0;
}

/* What the comparison adds on the platform of r: every collsim algorithm of r's collective
 * that fits it (coll_fits, the rule the runner applies), minus those r->algos runs already
 * and minus the one-sided ones. Returns a comma list, "" if nothing is left (caller frees),
 * or NULL after an error line. */
static char *compare_algos(const struct run_request *r)
{
    char hostfile[PATH_MAX], bad[128], why[256];
    struct coll_topo t;
    int coll = coll_find(r->collective);
    int np = smpi_hostfile(r->platform, r->hostfile, hostfile, sizeof hostfile);
    if (coll < 0 || np < 0 || platform_topo(r, &t) != 0) return NULL;
    int ordered = in_node_order(hostfile);
    char *given = coll_expand((enum coll_id)coll, r->algos, bad, sizeof bad);
    if (given == NULL) {
        cs_error("unknown algorithm '%s' (see 'collsim list')", bad);
        return NULL;
    }
    size_t cap = 1;
    for (int i = 0; i < algo_count; i++)
        cap += strlen(algo_infos[i].name) + 1;
    char *list = xcalloc(cap, 1);
    for (int i = 0; i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if ((int)a->coll != coll || one_sided(a) || in_list(given, a->name) ||
            coll_fits(a, &t, np, 1, ordered, why, sizeof why) != 0)
            continue;
        if (*list) strcat(list, ",");
        strcat(list, a->name);
    }
    free(given);
    return list;
}

/* The platform file of study platform i: DIR/NAME.xml, or else (for the default directory) the
 * one the build generated beside the collsim executable. 0, or -1 after an error line. */
static int study_platform_file(const char *platdir, int given, int i, char *xml, size_t len)
{
    snprintf(xml, len, "%s/%s.xml", platdir, study_platforms[i]);
    if (access(xml, R_OK) == 0) return 0;
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (!given && n > 0) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash != NULL) *slash = '\0';
        int w = snprintf(xml, len, "%s/platforms/%s.xml", self, study_platforms[i]);
        if (w > 0 && (size_t)w < len && access(xml, R_OK) == 0) return 0;
    }
    cs_error("cannot read platform '%s/%s.xml'", platdir, study_platforms[i]);
    return -1;
}

/* What the study runs of one collective. */
struct study_coll {
    int id;                        /* registry index (enum coll_id) */
    char noun[64];                 /* "broadcast", from its description */
    char *traced;                  /* the traced algorithms, a comma list */
    char sizes[CS_MAX_SIZES * 24]; /* --sizes, or the comma list of the sizes kept */
    char left_out[1536];           /* "left out: 4 MiB (why)", or "" */
};

struct study {
    struct run_request base;
    const char *out, *platdir, *collectives;
    int platdir_given, algo_given, no_trace, no_compare, have_gnuplot;
    struct study_coll coll[COLL_COUNT];
    int ncoll;
    struct cs_out sum_out; /* summary.csv, through its .part */
    FILE *sum;
    char summary[PATH_MAX];
};

/* The collective in words, from its registry description ("broadcast: ..."). */
static void coll_noun(int c, char *buf, size_t len)
{
    const char *d = coll_infos[c].description;
    snprintf(buf, len, "%.*s", (int)strcspn(d, ":"), d);
}

/* DIR/BASE[-COLLECTIVE]SUFFIX: the file `base` ("ring-64", "summary", "best") of collective
 * sc. The registry's first collective, the broadcast, has no "-COLLECTIVE": its names are
 * those of the studies before the other collectives. */
static void coll_path(const struct study *st, const struct study_coll *sc, const char *base,
                      const char *suffix, char *out, size_t len)
{
    snprintf(out, len, "%s/%s%s%s%s", st->out, base, sc->id ? "-" : "",
             sc->id ? coll_infos[sc->id].name : "", suffix);
}

/* Adds collective c to the study once. */
static void add_coll(struct study *st, int c)
{
    for (int k = 0; k < st->ncoll; k++)
        if (st->coll[k].id == c) return;
    st->coll[st->ncoll++].id = c;
}

/* The collectives of --collectives (default STUDY_DEFAULT), in its order ("all": the
 * registry's). 0, or -1 after an error line. */
static int parse_collectives(struct study *st)
{
    char known[512];
    char *raw = cs_strdup(st->collectives != NULL ? st->collectives : STUDY_DEFAULT);
    int rc = 0;
    for (char *t = strtok(raw, ","); t != NULL && rc == 0; t = strtok(NULL, ",")) {
        int c = coll_find(t);
        if (strcmp(t, "all") == 0) {
            for (c = 0; c < COLL_COUNT; c++)
                add_coll(st, c);
        } else if (c >= 0) {
            add_coll(st, c);
        } else {
            coll_known(known, sizeof known);
            cs_error("unknown collective '%s' (known: %s)", t, known);
            rc = -1;
        }
    }
    free(raw);
    if (rc == 0 && st->ncoll == 0) {
        cs_error("--collectives names no collective");
        rc = -1;
    }
    return rc;
}

/* 1 if collective c has the --algo item t: one of its algorithms, or all or smpi:all. */
static int coll_has(int c, const char *t)
{
    return strcmp(t, "all") == 0 || strcmp(t, SIMGRID_PREFIX "all") == 0 ||
           algo_find((enum coll_id)c, t) != NULL || simgrid_algo_find((enum coll_id)c, t) != NULL;
}

/* 0 when every item of --algo belongs to a collective of the study, else -1 after an error
 * line. */
static int check_algos(const struct study *st)
{
    char *raw = cs_strdup(st->base.algos);
    int rc = 0;
    for (char *t = strtok(raw, ","); t != NULL && rc == 0; t = strtok(NULL, ",")) {
        int k = 0;
        while (k < st->ncoll && !coll_has(st->coll[k].id, t))
            k++;
        if (k == st->ncoll) {
            cs_error("unknown algorithm '%s' (see 'collsim list')", t);
            rc = -1;
        }
    }
    free(raw);
    return rc;
}

/* Appends t to the comma list `list` unless it holds it; 1 if it did. */
static int list_add(char *list, const char *t)
{
    if (in_list(list, t)) return 0;
    if (*list) strcat(list, ",");
    strcat(list, t);
    return 1;
}

/* The traced algorithms of collective c (caller frees): the items of `algos` it has, in their
 * order; if `complete` or if it has none of them, completed up to STUDY_TRACED by its first
 * algorithms of algorithms.def that need no topology and are not one-sided. */
static char *traced_algos(int c, const char *algos, int complete)
{
    size_t cap = strlen(algos) + 2;
    for (int i = 0; i < algo_count; i++)
        cap += strlen(algo_infos[i].name) + 1;
    char *list = xcalloc(cap, 1), *raw = cs_strdup(algos);
    int n = 0;
    for (char *t = strtok(raw, ","); t != NULL; t = strtok(NULL, ","))
        if (coll_has(c, t)) n += list_add(list, t);
    free(raw);
    complete = complete || n == 0;
    for (int i = 0; complete && n < STUDY_TRACED && i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if ((int)a->coll == c && a->needs == NEED_NOTHING && !one_sided(a))
            n += list_add(list, a->name);
    }
    return list;
}

/* Appends ", " (unless first) and size b to `list` (room for every size of --sizes). */
static void size_add(char *list, size_t len, unsigned long long b)
{
    char label[32];
    fmt_bytes(b, label, sizeof label);
    size_t n = strlen(list);
    snprintf(list + n, len - n, "%s%s", n ? ", " : "", label);
}

/* The sizes of collective sc: the n values v of spec (--sizes) whose buffers on np processes
 * take at most STUDY_MEMORY_SHARE of this machine's memory by collsim run's estimate, or, for a
 * collective that moves no data, the smallest only. Fills sc->sizes (spec itself when all are
 * kept) and sc->left_out; returns how many it keeps. */
static int plan_sizes(struct study_coll *sc, const char *spec, const uint64_t *v, int n, int np)
{
    double per_m, base, total;
    smpi_memory_terms(sc->id, np, &per_m, &base, &total);
    uint64_t min = v[0];
    for (int i = 1; i < n; i++)
        min = v[i] < min ? v[i] : min;
    char out[sizeof sc->left_out - 256] = "";
    int kept = 0, min_kept = 0;
    sc->sizes[0] = '\0';
    for (int i = 0; i < n; i++) {
        int keep = per_m > 0
                       ? total <= 0 || base + per_m * (double)v[i] <= STUDY_MEMORY_SHARE * total
                       : v[i] == min && !min_kept++;
        if (!keep) {
            size_add(out, sizeof out, v[i]);
            continue;
        }
        size_t len = strlen(sc->sizes);
        snprintf(sc->sizes + len, sizeof sc->sizes - len, "%s%llu", kept++ ? "," : "",
                 (unsigned long long)v[i]);
    }
    if (kept == n) snprintf(sc->sizes, sizeof sc->sizes, "%s", spec);
    sc->left_out[0] = '\0';
    if (kept < n && per_m > 0)
        snprintf(sc->left_out, sizeof sc->left_out,
                 "left out: %s (on %d processes its buffers would take more than %g%% of this "
                 "machine's %.1f GiB of memory)",
                 out, np, STUDY_MEMORY_SHARE * 100, total / (1 << 30));
    else if (kept < n)
        snprintf(sc->left_out, sizeof sc->left_out,
                 "left out: %s (a %s moves no data: the smallest size only)", out, sc->noun);
    return kept;
}
/* The largest process count of the study's platforms (their hostfiles' lines), or -1 after
 * an error line. */
static int study_np_max(const struct study *st)
{
    char xml[PATH_MAX], hostfile[PATH_MAX];
    int max = 0;
    for (int i = 0; i < NPLAT; i++) {
        if (study_platform_file(st->platdir, st->platdir_given, i, xml, sizeof xml) != 0) return -1;
        int np = smpi_hostfile(xml, NULL, hostfile, sizeof hostfile);
        if (np < 0) return -1;
        max = np > max ? np : max;
    }
    return max;
}

/* What each collective runs: its words, traced algorithms and sizes. A collective left with
 * no size or no algorithm to trace is dropped with a note. 0, or an exit status after an
 * error line. */
static int study_plan(struct study *st)
{
    uint64_t v[CS_MAX_SIZES];
    char err[256];
    int n = cs_parse_sizes(st->base.sizes, v, CS_MAX_SIZES, err, sizeof err);
    int np = study_np_max(st), kept = 0;
    if (n <= 0 || np < 0) return 1; /* the sizes were checked before */
    for (int k = 0; k < st->ncoll; k++) {
        struct study_coll sc = st->coll[k];
        const char *name = coll_infos[sc.id].name;
        coll_noun(sc.id, sc.noun, sizeof sc.noun);
        sc.traced = traced_algos(sc.id, st->base.algos, !st->algo_given);
        int sizes = plan_sizes(&sc, st->base.sizes, v, n, np);
        if (*sc.left_out) cs_note("%s: %s", name, sc.left_out);
        if (sizes == 0 || *sc.traced == '\0') {
            cs_note("%s: left out of the study (no %s)", name,
                    sizes ? "algorithm to trace" : "size");
            free(sc.traced);
            continue;
        }
        st->coll[kept++] = sc;
    }
    st->ncoll = kept;
    if (kept == 0) {
        cs_error("no collective of the study can run (see the notes above)");
        return 2;
    }
    return 0;
}

/* Checks the options and the platform files before anything runs, so that a bad input is one
 * error line and leaves no output directory. 0, or the exit status after the error line: 2
 * for a bad value, 1 for a missing platform or an output path that is not a writable folder. */
static int study_check(struct study *st)
{
    char xml[PATH_MAX];
    if (opt_check_sizes(st->base.sizes) != 0 || parse_collectives(st) != 0 ||
        (st->algo_given && check_algos(st) != 0) || cs_check_model(st->base.model) != 0 ||
        opt_range("iters", st->base.iters, 1, CS_MAX_CALLS) != 0)
        return 2;
    for (int i = 0; i < NPLAT; i++)
        if (study_platform_file(st->platdir, st->platdir_given, i, xml, sizeof xml) != 0) return 1;
    /* an existing --out must be a folder to write into; a missing one is made (mkdir_p) */
    struct stat sb;
    if (stat(st->out, &sb) == 0 && (!S_ISDIR(sb.st_mode) || access(st->out, W_OK | X_OK) != 0)) {
        cs_error("cannot write into output folder '%s'", st->out);
        return 1;
    }
    return study_plan(st);
}

/* Adds the untraced comparison runs to r's CSV (stem: its files' path without suffix). 0, or
 * an exit status after an error line. */
static int study_compare(const struct run_request *r, const char *stem)
{
    char ccsv[PATH_MAX];
    snprintf(ccsv, sizeof ccsv, "%s.compare.csv", stem);
    /* untraced: a trace of every pipelined algorithm would be large and slow to analyze, and
     * the map needs only the times */
    char *extra = compare_algos(r);
    if (extra == NULL) return 1;
    int rc = 0;
    if (*extra) {
        struct run_request x = *r;
        x.algos = extra;
        x.trace = NULL;
        x.csv = ccsv;
        rc = run_execute(&x);
        if (rc == 0 && merge_csv(r->csv, ccsv) != 0) {
            cs_error("cannot add the comparison to '%s'", r->csv);
            rc = 1;
        }
    }
    free(extra);
    return rc;
}

/* The analysis report and model plots of r's trace (stem: as above). 0 or 1. */
static int study_analyze(const struct study *st, const struct run_request *r, const char *stem)
{
    char rep[PATH_MAX], acsv[PATH_MAX];
    snprintf(rep, sizeof rep, "%s.analysis.txt", stem);
    snprintf(acsv, sizeof acsv, "%s.analysis.csv", stem);
    return run_analyze(r, r->trace, rep, acsv, st->have_gnuplot ? stem : NULL) != 0;
}

/* Everything of collective sc on platform i, the study's step-th run: runs, comparison,
 * analysis, plot, its rows in the summary. */
static int study_platform(struct study *st, const struct study_coll *sc, int i, int step)
{
    char xml[PATH_MAX], stem[PATH_MAX - 16], csv[PATH_MAX], tr[PATH_MAX], png[PATH_MAX];
    if (study_platform_file(st->platdir, st->platdir_given, i, xml, sizeof xml) != 0) return 1;
    coll_path(st, sc, study_platforms[i], "", stem, sizeof stem);
    snprintf(csv, sizeof csv, "%s.csv", stem);
    snprintf(tr, sizeof tr, "%s.trace", stem);
    snprintf(png, sizeof png, "%s.png", stem);
    cs_note("study %d/%d: %s on %s", step, st->ncoll * NPLAT, coll_infos[sc->id].name,
            study_platforms[i]);
    struct run_request r = st->base;
    r.collective = coll_infos[sc->id].name;
    r.algos = sc->traced;
    r.sizes = sc->sizes;
    r.platform = xml;
    r.csv = csv;
    r.trace = st->no_trace ? NULL : tr;
    int rc = run_execute(&r);
    if (rc == 0 && !st->no_compare) rc = study_compare(&r, stem);
    if (rc != 0) return rc;
    append_csv(st->sum, csv, step == 1);
    if (!st->no_trace && study_analyze(st, &r, stem) != 0) return 1;
    char *algos = st->have_gnuplot ? csv_algorithms(csv) : NULL;
    if (algos != NULL && plot_platform(csv, png, study_platforms[i], sc->noun, algos) != 0)
        cs_note("gnuplot could not draw '%s'", png);
    free(algos);
    return 0;
}

/* Collective sc's summary table and map, and its rows of best.csv into f. 0 or 1. */
static int study_summarize_coll(const struct study *st, const struct study_coll *sc, FILE *f)
{
    char txt[PATH_MAX], best_png[PATH_MAX], best_svg[PATH_MAX];
    coll_path(st, sc, "summary", ".txt", txt, sizeof txt);
    coll_path(st, sc, "best", ".png", best_png, sizeof best_png);
    coll_path(st, sc, "best", ".svg", best_svg, sizeof best_svg);
    struct best_map map;
    if (best_load(st->summary, coll_infos[sc->id].name, &map) != 0) return 1;
    if (write_summary(&map, sc->noun, sc->left_out, txt) != 0) {
        cs_error("cannot write the summary in '%s'", st->out);
        best_free(&map);
        return 1;
    }
    write_best_rows(f, &map);
    if (st->have_gnuplot && map.nwin > 0 && plot_best(&map, sc->noun, best_png, best_svg) != 0) {
        /* an older map beside the new best.csv would mislead */
        unlink(best_png);
        unlink(best_svg);
        cs_note("gnuplot could not draw '%s'", best_png);
    }
    best_free(&map);
    return 0;
}

/* Copies the text file `path` to stdout. */
static void print_file(const char *path)
{
    FILE *t = fopen(path, "r");
    if (t == NULL) return;
    char line[512];
    while (fgets(line, sizeof line, t) != NULL)
        fputs(line, stdout);
    fclose(t);
}

/* The summary tables, best.csv and the maps, then the tables on stdout. 0 or 1. */
static int study_summarize(const struct study *st)
{
    char best_csv[PATH_MAX], txt[PATH_MAX];
    snprintf(best_csv, sizeof best_csv, "%s/best.csv", st->out);
    struct cs_out co;
    FILE *f = cs_out_open(&co, best_csv);
    if (f == NULL) {
        cs_error("cannot write the summary in '%s'", st->out);
        return 1;
    }
    fputs(BEST_CSV_HEADER, f);
    int rc = 0;
    for (int k = 0; k < st->ncoll && rc == 0; k++)
        rc = study_summarize_coll(st, &st->coll[k], f);
    if (cs_out_commit(&co, rc == 0) != 0 && rc == 0) {
        cs_error("cannot write the summary in '%s'", st->out);
        rc = 1;
    }
    for (int k = 0; k < st->ncoll && rc == 0; k++) {
        coll_path(st, &st->coll[k], "summary", ".txt", txt, sizeof txt);
        if (k > 0) putchar('\n');
        print_file(txt);
    }
    return rc;
}

/* Runs every collective on every platform into summary.csv (written through its .part: a
 * failure or an interrupt keeps the previous one). 0 or an exit status. */
static int study_run_all(struct study *st)
{
    snprintf(st->summary, sizeof st->summary, "%s/summary.csv", st->out);
    st->sum = cs_out_open(&st->sum_out, st->summary);
    if (st->sum == NULL) {
        cs_error("cannot write '%s': %s", st->summary, strerror(errno));
        return 1;
    }
    st->have_gnuplot = cs_gnuplot_available();
    int rc = 0;
    for (int k = 0; k < st->ncoll && rc == 0; k++)
        for (int i = 0; i < NPLAT && rc == 0; i++)
            rc = study_platform(st, &st->coll[k], i, k * NPLAT + i + 1);
    if (cs_out_commit(&st->sum_out, rc == 0) != 0 && rc == 0) {
        cs_error("cannot write '%s': %s", st->summary, strerror(errno));
        rc = 1;
    }
    return rc;
}

static int study_go(struct study *st)
{
    int rc = study_check(st);
    if (rc != 0) return rc;
    if (mkdir_p(st->out) != 0) {
        cs_error("cannot create output directory '%s'", st->out);
        return 1;
    }
    if ((rc = study_run_all(st)) != 0 || (rc = study_summarize(st)) != 0) return rc;
    cs_note("study written to %s%s", st->out,
            st->have_gnuplot ? "" : " (no plots: gnuplot is missing)");
    return 0;
}

int study_main(int argc, char **argv)
{
    struct study st = {.out = "out/study", .platdir = COLLSIM_SOURCE_DIR "/platforms"};
    run_defaults(&st.base);
    const struct cs_opt table[] = {{"out", CS_OPT_STR, &st.out, NULL},
                                   {"platforms", CS_OPT_STR, &st.platdir, &st.platdir_given},
                                   {"collectives", CS_OPT_STR, &st.collectives, NULL},
                                   {"sizes", CS_OPT_STR, &st.base.sizes, NULL},
                                   {"model", CS_OPT_STR, &st.base.model, NULL},
                                   {"algo", CS_OPT_STR, &st.base.algos, &st.algo_given},
                                   {"iters", CS_OPT_INT, &st.base.iters, NULL},
                                   {"no-trace", CS_OPT_FLAG, &st.no_trace, NULL},
                                   {"no-compare", CS_OPT_FLAG, &st.no_compare, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, study_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    rc = study_go(&st);
    for (int k = 0; k < st.ncoll; k++)
        free(st.coll[k].traced);
    return rc;
}
