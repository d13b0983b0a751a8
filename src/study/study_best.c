/* study_best.c: a study's summary table and best-algorithm map of one collective: per variant
 * and size, the fastest algorithm and the next (ties within 1% marked), as a table, best.csv's
 * rows and a coloured grid (gnuplot). Every name comes from the results' rows. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "study.h"

static void *xcalloc(size_t n, size_t size)
{
    return cs_calloc(n, size);
}

/* The best-algorithm map: per variant and size, the fastest algorithm and the next one. Every
 * name comes from the CSV rows, none from a list here; the variants and sizes are the study's,
 * so a cell where nothing ran is still there. */
struct best_map {
    const struct study_plan *plan;
    const struct study_gaps *gaps;
    const struct study_row *rows;
    int nrows;
    int *var; /* the variants with rows or gaps, in the plan's order */
    int nvar;
    unsigned long long size[2 * CS_MAX_SIZES]; /* every size, run or left out, ascending */
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
    while (m->var[p] != m->rows[i].var)
        p++;
    while (m->size[s] != m->rows[i].bytes)
        s++;
    return p * m->nsize + s;
}

/* The algorithms that did not run in cell (p, s) into out; their count. */
static int best_gaps(const struct best_map *m, int p, int s, char *out, size_t len)
{
    return gaps_at(m->gaps, m->var[p], m->size[s], out, len);
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
    free(m->best);
    free(m->next);
    free(m->win);
}

/* 1 when variant v has a row or a gap in G. */
static int best_has_variant(const struct study_gaps *G, int v)
{
    for (int i = 0; i < G->nrows; i++)
        if (G->rows[i].var == v) return 1;
    for (int i = 0; i < G->n; i++)
        if (G->g[i].var == v) return 1;
    return 0;
}

/* Builds the map of collective sc from G's rows (kept, not copied). Only rows that passed the
 * data check count; on equal times the earlier row wins. */
static void best_build(const struct study_plan *p, const struct study_coll *sc,
                       const struct study_gaps *G, struct best_map *m)
{
    memset(m, 0, sizeof *m);
    m->plan = p;
    m->gaps = G;
    m->rows = G->rows;
    m->nrows = G->nrows;
    m->var = xcalloc((size_t)p->nvar, sizeof *m->var);
    m->win = xcalloc((size_t)m->nrows, sizeof *m->win);
    for (int v = 0; v < p->nvar; v++)
        if (best_has_variant(G, v)) m->var[m->nvar++] = v;
    m->nsize = gaps_all_sizes(sc, m->size);
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

/* best.csv's rows of one collective's map: one per variant and size where an algorithm ran,
 * with those that did not ("NAME (failed); ..."): the cell's choice is among the others. */
static void write_best_rows(FILE *f, const struct best_map *m)
{
    char gaps[1024];
    for (int p = 0; p < m->nvar; p++)
        for (int s = 0; s < m->nsize; s++) {
            int b = m->best[p * m->nsize + s], n = m->next[p * m->nsize + s];
            if (b < 0) continue;
            fprintf(f, "%s,%s,%s,%d,%llu,%s,%.12g,", m->rows[b].collective, m->rows[b].variant,
                    m->rows[b].platform, m->rows[b].np, m->size[s], m->rows[b].algo,
                    m->rows[b].avg);
            if (n >= 0)
                fprintf(f, "%s,%.12g,", m->rows[n].algo, m->rows[n].avg);
            else
                fprintf(f, ",,");
            best_gaps(m, p, s, gaps, sizeof gaps);
            for (char *c = strchr(gaps, ','); c != NULL; c = strchr(c, ','))
                *c = ';'; /* one field */
            fprintf(f, "%s\n", gaps);
        }
}

/* A map cell's text: the winner's key ('~' a tie, '?' when an algorithm did not run there), or
 * 'x' when nothing ran. */
static void best_cell_key(const struct best_map *m, int p, int s, char *key, size_t len)
{
    int k = p * m->nsize + s;
    char gaps[8];
    if (m->best[k] < 0) {
        snprintf(key, len, "x");
        return;
    }
    best_key(best_win_index(m, m->rows[m->best[k]].algo), key, len);
    strcat(key, best_tie(m, k) ? "~" : "");
    strcat(key, best_gaps(m, p, s, gaps, sizeof gaps) ? "?" : "");
}

/* The variant's label of map row p. */
static const char *best_label(const struct best_map *m, int p)
{
    return m->plan->var[m->var[p]].label;
}

/* The map as a table: one key per cell, what each key means below it. */
static void write_best_text(FILE *out, const struct best_map *m)
{
    char label[32], key[24];
    int pw = 12, w = 3;
    for (int p = 0; p < m->nvar; p++) {
        int len = (int)strlen(best_label(m, p));
        if (len > pw) pw = len;
    }
    for (int s = 0; s < m->nsize; s++) {
        cs_exact_bytes(m->size[s], label, sizeof label);
        if ((int)strlen(label) > w) w = (int)strlen(label);
    }
    best_key(m->nwin > 0 ? m->nwin - 1 : 0, key, sizeof key);
    if ((int)strlen(key) + 2 > w) w = (int)strlen(key) + 2;
    fprintf(out,
            "\n# fastest algorithm per platform and message size ('~': the next best is within "
            "%g%%;\n# '?': the fastest of those that ran, some did not (the opening lines name "
            "them); 'x': none ran;\n# both times in best.csv)\n# %-*s",
            TIE_FRACTION * 100, pw, "platform");
    for (int s = 0; s < m->nsize; s++) {
        cs_exact_bytes(m->size[s], label, sizeof label);
        fprintf(out, " %*s", w, label);
    }
    fputc('\n', out);
    for (int p = 0; p < m->nvar; p++) {
        fprintf(out, "  %-*s", pw, best_label(m, p));
        for (int s = 0; s < m->nsize; s++) {
            best_cell_key(m, p, s, key, sizeof key);
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

/* A summary cell where algo has no time on variant v at size b: why, or "-". */
static const char *summary_gap(const struct best_map *m, int v, const char *algo,
                               unsigned long long b)
{
    const struct study_gap *g = gaps_find(m->gaps, v, algo, b);
    return gaps_dropped(m->gaps, b) ? "left out" : g != NULL ? gaps_kind_name(g->kind) : "-";
}

/* One line of the summary table: algo on variant v, its time at each of the ns sizes. */
static void summary_line(FILE *out, const struct best_map *m, int v, const char *algo,
                         const unsigned long long *sizes, int ns, int vw, int aw)
{
    const struct study_variant *var = &m->plan->var[v];
    fprintf(out, "  %-*s %-*s %-7s %5d", vw, var->label, aw, algo, cs_model_name(var->model),
            var->np);
    for (int k = 0; k < ns; k++) {
        int i = 0;
        while (i < m->nrows && (m->rows[i].var != v || m->rows[i].bytes != sizes[k] ||
                                strcmp(m->rows[i].algo, algo) != 0))
            i++;
        if (i < m->nrows && !m->rows[i].valid)
            fprintf(out, " %12s", "wrong data");
        else if (i < m->nrows)
            fprintf(out, " %12.3f", m->rows[i].avg * 1e6);
        else
            fprintf(out, " %12s", summary_gap(m, v, algo, sizes[k]));
    }
    fputc('\n', out);
}

/* The summary table's lines: one per variant and algorithm with rows, in their order, then one
 * per algorithm of a variant that has none. */
static void summary_lines(FILE *out, const struct best_map *m, const unsigned long long *sizes,
                          int ns, int vw, int aw)
{
    for (int i = 0; i < m->nrows; i++)
        if (i == 0 || m->rows[i - 1].var != m->rows[i].var ||
            strcmp(m->rows[i - 1].algo, m->rows[i].algo) != 0)
            summary_line(out, m, m->rows[i].var, m->rows[i].algo, sizes, ns, vw, aw);
    for (int i = 0; i < m->gaps->n; i++) {
        const struct study_gap *g = &m->gaps->g[i];
        int j = 0;
        while (j < m->nrows && (m->rows[j].var != g->var || strcmp(m->rows[j].algo, g->algo)))
            j++;
        if (j == m->nrows) summary_line(out, m, g->var, g->algo, sizes, ns, vw, aw);
    }
}

/* summary.txt: `notes` first (what did not run, lines of their own, "" for none), then time
 * per variant and algorithm at the summary's sizes of the collective named `noun`, then the
 * map. Written through .part. 0 or -1. */
static int write_summary(const struct best_map *m, const char *noun, const char *notes,
                         const char *txt)
{
    unsigned long long sizes[SUMMARY_SIZES];
    int ns = summary_sizes(m, sizes), aw = 10, vw = 12;
    char label[32];
    struct cs_out co;
    FILE *out = cs_out_open(&co, txt);
    if (out == NULL) return -1;
    for (int i = 0; i < m->gaps->n; i++)
        if ((int)strlen(m->gaps->g[i].algo) > aw) aw = (int)strlen(m->gaps->g[i].algo);
    for (int i = 0; i < m->nrows; i++)
        if ((int)strlen(m->rows[i].algo) > aw) aw = (int)strlen(m->rows[i].algo);
    for (int p = 0; p < m->nvar; p++)
        if ((int)strlen(best_label(m, p)) > vw) vw = (int)strlen(best_label(m, p));
    if (*notes)
        fprintf(out,
                "# did not run (marked where it would have been in every table, map and "
                "figure):\n%s\n",
                notes);
    fprintf(out, "# simulated %s time (us), root's entry to last exit; model and np per row\n",
            noun);
    fprintf(out, "# %-*s %-*s %-7s %5s", vw, "variant", aw, "algorithm", "model", "np");
    for (int k = 0; k < ns; k++) {
        cs_exact_bytes(sizes[k], label, sizeof label);
        fprintf(out, " %12s", label);
    }
    fputc('\n', out);
    summary_lines(out, m, sizes, ns, vw, aw);
    write_best_text(out, m);
    return cs_out_commit(&co, 1);
}

/* Time as a cell shows it: three or four digits. */
static void fmt_us(double us, char *out, size_t len)
{
    snprintf(out, len, us < 10 ? "%.2f us" : us < 100 ? "%.1f us" : "%.0f us", us);
}

/* The colour index of cell (p, s): its winner's, or -1 when nothing ran. */
static int best_cell_colour(const struct best_map *m, int p, int s)
{
    int b = m->best[p * m->nsize + s];
    return b < 0 ? -1 : best_win_index(m, m->rows[b].algo);
}

/* One cell of the grid: its fill (grey hatching when nothing ran), the winner's name and time,
 * the tie, and in dark red what did not run there. */
static void plot_best_cell(FILE *g, const struct best_map *m, int p, int s, const char *fill)
{
    int k = p * m->nsize + s, b = m->best[k];
    char label[64], gaps[1024];
    int ngaps = best_gaps(m, p, s, gaps, sizeof gaps);
    fprintf(g, "set object rect from %g,%g to %g,%g fc rgb '%s' fs %s border lc rgb 'white' lw 2\n",
            s - 0.5, p - 0.5, s + 0.5, p + 0.5, b < 0 ? "#909090" : fill,
            b < 0 ? "pattern 4 transparent" : "solid 1.0");
    fprintf(g, "set label \"");
    if (b >= 0) {
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
    if (ngaps == 0) return;
    if (gaps_dropped(m->gaps, m->size[s]))
        snprintf(gaps, sizeof gaps, "left out (memory)");
    else if (strlen(gaps) > 24) /* the cell's width */
        snprintf(gaps, sizeof gaps, "%d algorithm%s", ngaps, ngaps > 1 ? "s" : "");
    fprintf(g, "set label \"%s", b < 0 ? "nothing ran:\\n" : "? not run: ");
    cs_gnuplot_string(g, gaps, 0);
    fprintf(g, "\" at %g,%g center front font ',8' tc rgb '" STUDY_MISSING_COLOUR "'\n", (double)s,
            b < 0 ? (double)p : p + 0.36);
}

/* The map as a coloured grid: platforms down, sizes across, the fastest algorithm's name and
 * time in each cell, '≈ NAME' when the next best ties; a colour per algorithm, in the key.
 * PNG and SVG. As cs_gnuplot_finish: 0, -1 if gnuplot failed, -2 after an error line. */
static int plot_best(const struct best_map *m, const char *noun, const char *png, const char *svg)
{
    /* ColorBrewer Set3: light enough for black text; cycles past 12 winners (names are in
     * the cells anyway) */
    static const char *const colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072",
                                          "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
                                          "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};
    enum { NCOL = sizeof colours / sizeof colours[0] };
    char ppart[4104], spart[4104];
    int made = cs_out_part(png, ppart, sizeof ppart) >= 0;
    FILE *g = made && cs_out_part(svg, spart, sizeof spart) >= 0 ? cs_gnuplot_open() : NULL;
    if (g == NULL) { /* the parts cs_out_part made go */
        if (made) cs_out_finish(png, ppart, 0);
        if (made && cs_out_part_name(svg, spart, sizeof spart) >= 0) cs_out_finish(svg, spart, 0);
        return -1;
    }
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
    fprintf(g,
            ")\\n\xe2\x89\x88 NAME: the next best, within %g%% of the fastest; in red: what "
            "did not run there\"\n",
            TIE_FRACTION * 100);
    fprintf(g,
            "set xrange [-0.5:%d.5]\nset yrange [%d.5:-0.5]\nset tics scale 0\n"
            "set xtics nomirror\nset ytics nomirror\nset xlabel 'message size'\n"
            "set key outside right top Left reverse title 'fastest'\n",
            m->nsize - 1, m->nvar - 1);
    char label[64];
    fprintf(g, "set xtics (");
    for (int s = 0; s < m->nsize; s++) {
        cs_exact_bytes(m->size[s], label, sizeof label);
        fprintf(g, "%s\"%s\" %d", s ? ", " : "", label, s);
    }
    fprintf(g, ")\nset ytics (");
    for (int p = 0; p < m->nvar; p++) {
        fprintf(g, "%s\"", p ? ", " : "");
        cs_gnuplot_string(g, best_label(m, p), 0);
        fprintf(g, " (p=%d)\" %d", m->plan->var[m->var[p]].np, p);
    }
    fprintf(g, ")\n");
    for (int p = 0; p < m->nvar; p++)
        for (int s = 0; s < m->nsize; s++)
            plot_best_cell(g, m, p, s, colours[best_cell_colour(m, p, s) % NCOL]);
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

int best_report(const struct study_plan *p, const struct study_coll *sc, const struct study_gaps *G,
                const char *notes, FILE *best_csv, int gnuplot)
{
    char txt[PATH_MAX], png[PATH_MAX], svg[PATH_MAX];
    study_path(p, sc->id, "summary", ".txt", txt, sizeof txt);
    study_path(p, sc->id, "best", ".png", png, sizeof png);
    study_path(p, sc->id, "best", ".svg", svg, sizeof svg);
    struct best_map m;
    best_build(p, sc, G, &m);
    int rc = 0;
    if (write_summary(&m, sc->noun, notes, txt) != 0) {
        cs_error("cannot write the summary in '%s'", p->out);
        rc = 1;
    } else {
        write_best_rows(best_csv, &m);
    }
    int drawn = rc == 0 && gnuplot && m.nwin > 0 ? plot_best(&m, sc->noun, png, svg) : 0;
    if (drawn != 0) { /* an older map beside the new best.csv would mislead */
        unlink(png);
        unlink(svg);
    }
    if (drawn == -1) cs_note("gnuplot could not draw '%s'", png); /* -2: it said why */
    best_free(&m);
    return rc;
}
