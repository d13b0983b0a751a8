/* study_best.c: a study's summary table and best-algorithm map of one collective: per variant
 * and size, the fastest algorithm and the next (ties within 1% marked), as a table, best.csv's
 * rows and a coloured grid (gnuplot). Every name comes from the results' rows. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "study.h"

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (p == NULL) abort();
    return p;
}

/* The best-algorithm map: per variant and size, the fastest algorithm and the next one. Every
 * name comes from the CSV rows, none from a list here. */
struct best_map {
    const struct study_row *rows;
    int nrows;
    int *var; /* a row of each variant, in order of first appearance */
    int nvar;
    unsigned long long *size; /* every size, ascending */
    int nsize;
    int *best, *next; /* [p * nsize + s]: row of the fastest algorithm and of the fastest
                         other algorithm, -1 if none */
    int *win;         /* a row of each algorithm that is fastest somewhere, in map order
                         (variant by variant, small sizes first): key i names win[i] */
    int nwin;
};

/* A next best within this fraction of the best is a tie on the map: the simulation is exact,
 * but such a margin says nothing a student should act on. */
#define TIE_FRACTION 0.01

/* The map's cell of row i. */
static int best_cell(const struct best_map *m, int i)
{
    int p = 0, s = 0;
    while (strcmp(m->rows[m->var[p]].variant, m->rows[i].variant) != 0)
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
    free(m->var);
    free(m->size);
    free(m->best);
    free(m->next);
    free(m->win);
}

/* Builds the map of one collective's rows (kept, not copied). Only rows that passed the data
 * check count; on equal times the earlier row wins. */
static void best_build(const struct study_row *rows, int nrows, struct best_map *m)
{
    memset(m, 0, sizeof *m);
    m->rows = rows;
    m->nrows = nrows;
    m->var = xcalloc((size_t)m->nrows, sizeof *m->var);
    m->size = xcalloc((size_t)m->nrows, sizeof *m->size);
    m->win = xcalloc((size_t)m->nrows, sizeof *m->win);
    for (int i = 0; i < m->nrows; i++) {
        int p = 0;
        while (p < m->nvar && strcmp(m->rows[m->var[p]].variant, m->rows[i].variant) != 0)
            p++;
        if (p == m->nvar) m->var[m->nvar++] = i;
    }
    m->nsize = study_row_sizes(rows, nrows, m->size);
    size_t ncell = (size_t)m->nvar * (size_t)m->nsize;
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
}

/* best.csv's rows of one collective's map: one per variant and size. */
static void write_best_rows(FILE *f, const struct best_map *m)
{
    for (int p = 0; p < m->nvar; p++)
        for (int s = 0; s < m->nsize; s++) {
            int b = m->best[p * m->nsize + s], n = m->next[p * m->nsize + s];
            if (b < 0) continue;
            fprintf(f, "%s,%s,%s,%d,%llu,%s,%.12g,", m->rows[b].collective, m->rows[b].variant,
                    m->rows[b].platform, m->rows[b].np, m->size[s], m->rows[b].algo,
                    m->rows[b].avg);
            if (n >= 0)
                fprintf(f, "%s,%.12g\n", m->rows[n].algo, m->rows[n].avg);
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
    for (int p = 0; p < m->nvar; p++) {
        int len = (int)strlen(m->rows[m->var[p]].variant);
        if (len > pw) pw = len;
    }
    for (int s = 0; s < m->nsize; s++) {
        study_fmt_bytes(m->size[s], label, sizeof label);
        if ((int)strlen(label) > w) w = (int)strlen(label);
    }
    best_key(m->nwin - 1, key, sizeof key);
    if ((int)strlen(key) + 1 > w) w = (int)strlen(key) + 1;
    fprintf(out,
            "\n# fastest algorithm per platform and message size ('~': the next best is within "
            "%g%%;\n# both times in best.csv)\n# %-*s",
            TIE_FRACTION * 100, pw, "platform");
    for (int s = 0; s < m->nsize; s++) {
        study_fmt_bytes(m->size[s], label, sizeof label);
        fprintf(out, " %*s", w, label);
    }
    fputc('\n', out);
    for (int p = 0; p < m->nvar; p++) {
        fprintf(out, "  %-*s", pw, m->rows[m->var[p]].variant);
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

/* The sizes the summary table shows: every size of the map up to SUMMARY_SIZES of them, else
 * the smallest, 64 KiB (or the middle one) and the largest. */
#define SUMMARY_SIZES 8
static int summary_sizes(const struct best_map *m, unsigned long long *out)
{
    if (m->nsize <= SUMMARY_SIZES) {
        memcpy(out, m->size, (size_t)m->nsize * sizeof *out);
        return m->nsize;
    }
    out[0] = m->size[0];
    out[1] = m->size[m->nsize / 2];
    for (int s = 0; s < m->nsize; s++)
        if (m->size[s] == 65536) out[1] = 65536;
    out[2] = m->size[m->nsize - 1];
    return 3;
}

/* summary.txt: time per variant and algorithm at the summary's sizes of the collective named
 * `noun`, then the map, then `notes` (lines of their own, "" for none). Written through .part.
 * 0 or -1. */
static int write_summary(const struct best_map *m, const char *noun, const char *notes,
                         const char *txt)
{
    unsigned long long sizes[SUMMARY_SIZES];
    int ns = summary_sizes(m, sizes), aw = 10, vw = 12;
    char label[32];
    struct cs_out co;
    FILE *out = cs_out_open(&co, txt);
    if (out == NULL) return -1;
    for (int i = 0; i < m->nrows; i++) {
        if ((int)strlen(m->rows[i].algo) > aw) aw = (int)strlen(m->rows[i].algo);
        if ((int)strlen(m->rows[i].variant) > vw) vw = (int)strlen(m->rows[i].variant);
    }
    fprintf(out, "# simulated %s time (us), root's entry to last exit; model and np per row\n",
            noun);
    fprintf(out, "# %-*s %-*s %-7s %5s", vw, "variant", aw, "algorithm", "model", "np");
    for (int k = 0; k < ns; k++) {
        study_fmt_bytes(sizes[k], label, sizeof label);
        fprintf(out, " %12s", label);
    }
    fputc('\n', out);
    /* one line per run of rows with the same variant and algorithm */
    for (int i = 0, j; i < m->nrows; i = j) {
        const struct study_row *r = &m->rows[i];
        double t[SUMMARY_SIZES];
        for (int k = 0; k < ns; k++)
            t[k] = -1;
        for (j = i;
             j < m->nrows && m->rows[j].var == r->var && strcmp(m->rows[j].algo, r->algo) == 0; j++)
            for (int k = 0; k < ns; k++)
                if (m->rows[j].bytes == sizes[k]) t[k] = m->rows[j].avg;
        fprintf(out, "  %-*s %-*s %-7s %5d", vw, r->variant, aw, r->algo, r->model, r->np);
        for (int k = 0; k < ns; k++)
            if (t[k] < 0)
                fprintf(out, " %12s", "-");
            else
                fprintf(out, " %12.3f", t[k] * 1e6);
        fputc('\n', out);
    }
    write_best_text(out, m);
    if (*notes) fprintf(out, "\n%s", notes);
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
    int w = 400 + 170 * m->nsize, h = 170 + 90 * m->nvar;
    if (h < 170 + 22 * m->nwin) h = 170 + 22 * m->nwin; /* room for the key */
    fprintf(g,
            "set encoding utf8\nset terminal pngcairo size %d,%d noenhanced font 'sans,10'\n"
            "set output ",
            w, h);
    cs_gnuplot_quoted(g, ppart);
    fputc('\n', g);
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
            m->nsize - 1, m->nvar - 1);
    char label[64];
    fprintf(g, "set xtics (");
    for (int s = 0; s < m->nsize; s++) {
        study_fmt_bytes(m->size[s], label, sizeof label);
        fprintf(g, "%s\"%s\" %d", s ? ", " : "", label, s);
    }
    fprintf(g, ")\nset ytics (");
    for (int p = 0; p < m->nvar; p++) {
        fprintf(g, "%s\"", p ? ", " : "");
        cs_gnuplot_string(g, m->rows[m->var[p]].variant, 0);
        fprintf(g, " (p=%d)\" %d", m->rows[m->var[p]].np, p);
    }
    fprintf(g, ")\n");
    for (int p = 0; p < m->nvar; p++)
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
            "set output ",
            w, h);
    cs_gnuplot_quoted(g, spart);
    fputs("\nreplot\n", g);
    return cs_gnuplot_finish(g, png, svg);
}

int best_report(const struct study_plan *p, const struct study_coll *sc,
                const struct study_row *rows, int nrows, const char *notes, FILE *best_csv,
                int gnuplot)
{
    char txt[PATH_MAX], png[PATH_MAX], svg[PATH_MAX];
    study_path(p, sc->id, "summary", ".txt", txt, sizeof txt);
    study_path(p, sc->id, "best", ".png", png, sizeof png);
    study_path(p, sc->id, "best", ".svg", svg, sizeof svg);
    struct best_map m;
    best_build(rows, nrows, &m);
    int rc = 0;
    if (write_summary(&m, sc->noun, notes, txt) != 0) {
        cs_error("cannot write the summary in '%s'", p->out);
        rc = 1;
    } else {
        write_best_rows(best_csv, &m);
    }
    if (rc == 0 && gnuplot && m.nwin > 0 && plot_best(&m, sc->noun, png, svg) != 0) {
        /* an older map beside the new best.csv would mislead */
        unlink(png);
        unlink(svg);
        cs_note("gnuplot could not draw '%s'", png);
    }
    best_free(&m);
    return rc;
}
