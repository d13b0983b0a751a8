/* study_report.c: a study's report from its cells' results: per collective and variant its
 * CSV, trace, analysis and plot under the variant's name; summary.csv (every row, with its
 * variant); best.csv and each collective's summary and map (study_best.c); the what-if
 * comparison (study_whatif.c); the summaries on stdout; last the page that shows them all,
 * index.html (study_html.c). Written from OUT/cells alone, so a local study and `collsim
 * merge` write the same bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "study.h"

/* Appends the lines of `path` to out, its first (the header) only when with_header, each
 * after `prefix`. 0, or -1. */
static int append_lines(FILE *out, const char *path, int with_header, const char *prefix)
{
    FILE *in = cs_fopen_own(path);
    if (in == NULL) return -1;
    char line[4096];
    int first = 1;
    while (fgets(line, sizeof line, in) != NULL) {
        if (!first || with_header) fprintf(out, "%s%s", prefix, line);
        first = 0;
    }
    fclose(in);
    return 0;
}

/* Puts cell file `from` at `to` (a hard link, else a copy); a missing `from` removes `to`. */
static void place(const char *from, const char *to)
{
    if (!cs_is_own_file(from)) { /* a link planted among the cells is not copied */
        unlink(to);
        return;
    }
    unlink(to);
    if (link(from, to) != 0 && cs_out_copy(from, to) != 0)
        cs_note("cannot write '%s': %s", to, strerror(errno));
}

const char *const study_traced_files[STUDY_TRACED_FILES] = {".trace",
                                                            ".analysis.txt",
                                                            ".analysis.models.csv",
                                                            ".analysis.ranks.csv",
                                                            ".analysis.links.csv",
                                                            "-models.png",
                                                            "-models.svg",
                                                            "-errors.png",
                                                            "-errors.svg"};

/* The traced cell's trace, analysis and model plots under the variant's names (stem). */
static void place_traced(const struct study_plan *p, const struct study_cell *c, const char *stem)
{
    char from[PATH_MAX], to[PATH_MAX];
    for (int i = 0; i < STUDY_TRACED_FILES; i++) {
        plan_cell_path(p, c, study_traced_files[i], from, sizeof from);
        snprintf(to, sizeof to, "%s%s", stem, study_traced_files[i]);
        place(from, to);
    }
}

/* SMPI's default switch from eager to rendezvous sends (smpi/send-is-detached-thresh). */
#define EAGER_LIMIT CS_SMPI_EAGER

/* The plot's frame: title, axes, a cross where something did not run (*missing: 1 if
 * anywhere) and, where the sizes straddle it, the eager limit. Returns the style of the series
 * (study_plot_sizes). */
static const char *plot_platform_frame(FILE *g, const struct study_plan *p,
                                       const struct study_coll *sc, int vi,
                                       const struct study_gaps *G, int *missing)
{
    unsigned long long sizes[2 * CS_MAX_SIZES];
    int ns = gaps_all_sizes(sc, sizes);
    const char *style = study_plot_sizes(g, sizes, ns);
    char gaps[8];
    *missing = 0;
    for (int s = 0; s < ns; s++)
        if (gaps_at(G, vi, sizes[s], gaps, sizeof gaps) > 0) {
            study_plot_missing(g, sizes[s]);
            *missing = 1;
        }
    fprintf(g, "set datafile separator ','\nset logscale y\nset ylabel 'simulated time (us)'\n"
               "set title \"");
    cs_gnuplot_string(g, sc->noun, 0);
    fprintf(g, " on ");
    cs_gnuplot_string(g, p->var[vi].label, 0);
    fprintf(g, " (%d ranks): simulated time per algorithm\"\n", p->var[vi].np);
    if (ns > 0 && sizes[0] < EAGER_LIMIT && sizes[ns - 1] > EAGER_LIMIT)
        fprintf(g,
                "set arrow from %d, graph 0 to %d, graph 1 nohead dashtype 2 lc 'gray'\n"
                "set label 'eager ' at %d, graph 0.96 right tc 'gray'\n"
                "set label ' rendezvous' at %d, graph 0.96 left tc 'gray'\n",
                EAGER_LIMIT, EAGER_LIMIT, EAGER_LIMIT, EAGER_LIMIT);
    return style;
}

/* The key entries of variant vi's algorithms that have no row: what became of them. */
static void plot_platform_gaps(FILE *g, const struct study_gaps *G, int vi, const char *algos,
                               int i)
{
    for (int k = 0; k < G->n; k++) {
        const struct study_gap *gap = &G->g[k];
        if (gap->var != vi || study_in_list(algos, gap->algo)) continue;
        fprintf(g, ", keyentry with points ");
        cs_gnuplot_series(g, i++);
        fprintf(g, " title \"");
        cs_gnuplot_string(g, gap->algo, 0);
        fprintf(g, ": %s, no point\"", gaps_kind_name(gap->kind));
    }
}

/* One log-log plot of time vs size per algorithm of the CSV (algos: their names, from its
 * rows) of variant vi and collective sc; what did not run is in the key. As
 * cs_gnuplot_finish: 0, -1 if gnuplot failed, -2 after an error line. */
static int plot_platform(const char *csv, const char *png, const struct study_plan *p,
                         const struct study_coll *sc, int vi, const char *algos,
                         const struct study_gaps *G)
{
    FILE *g = study_plot_open(png);
    if (g == NULL) return -1;
    int missing;
    const char *style = plot_platform_frame(g, p, sc, vi, G, &missing);
    fprintf(g, "plot ");
    char *list = cs_strdup(algos);
    int i = 0;
    for (char *t = strtok(list, ","); t != NULL; t = strtok(NULL, ","), i++) {
        /* the name is the CSV's (checked against the registry, study_rows_read): quoted */
        fputs(i ? ", " : "", g);
        cs_gnuplot_quoted(g, csv);
        fputs(" using (column('bytes') > 0 && column('valid') == 1 && strcol('algorithm') eq ", g);
        cs_gnuplot_quoted(g, t);
        fprintf(g, " ? column('bytes') : 1/0):(column('avg_s')*1e6) with %s lw 1.5 ", style);
        cs_gnuplot_series(g, i); /* a colour of its own, then a dash type, for every series */
        char title[1024];
        int used = snprintf(title, sizeof title, "%s", t);
        for (int k = 0; k < G->nrows; k++)
            if (G->rows[k].var == vi && !G->rows[k].valid && strcmp(G->rows[k].algo, t) == 0) {
                used += snprintf(title + used, sizeof title - (size_t)used, " (wrong data)");
                break;
            }
        for (int k = 0; k < G->n && used < (int)sizeof title; k++)
            if (G->g[k].var == vi && strcmp(G->g[k].algo, t) == 0)
                used += snprintf(title + used, sizeof title - (size_t)used, " (%s)",
                                 gaps_kind_name(G->g[k].kind));
        fputs(" title ", g);
        cs_gnuplot_quoted(g, title);
    }
    plot_platform_gaps(g, G, vi, algos, i);
    fprintf(g, "%s\n", missing ? ", " STUDY_MISSING_KEY : "");
    free(list);
    return cs_gnuplot_finish(g, png, NULL);
}

/* The distinct algorithms of rows [from, to), in order, as a comma list (caller frees). */
static char *row_algorithms(const struct study_row *rows, int from, int to)
{
    size_t cap = 1;
    for (int i = from; i < to; i++)
        cap += strlen(rows[i].algo) + 1;
    char *list = cs_calloc(cap, 1);
    for (int i = from; i < to; i++)
        if (!study_in_list(list, rows[i].algo))
            sprintf(list + strlen(list), "%s%s", *list ? "," : "", rows[i].algo);
    return list;
}

/* What the report gathers of one collective. */
struct gather {
    struct study_row *rows;
    int n, cap;
    char *notes; /* "# failed: ...\n" lines */
    size_t nlen;
    struct study_gaps gaps;
};

static void note_add(struct gather *g, const char *fmt, const char *a, const char *b)
{
    size_t need = strlen(fmt) + strlen(a) + strlen(b) + 8;
    g->notes = cs_realloc(g->notes, g->nlen + need);
    g->nlen += (size_t)snprintf(g->notes + g->nlen, need, fmt, a, b);
}

/* Cell c's reason from ID.failed into why ("" if it has none); 0, or -1 without the file. */
static int failed_reason(const struct study_plan *p, const struct study_cell *c, char *why,
                         size_t len)
{
    char path[PATH_MAX], what[512];
    plan_cell_path(p, c, ".failed", path, sizeof path);
    FILE *f = cs_fopen_own(path);
    if (f == NULL) return -1;
    if (fgets(what, sizeof what, f) == NULL || fgets(why, (int)len, f) == NULL) why[0] = '\0';
    fclose(f);
    why[strcspn(why, "\n")] = '\0';
    return 0;
}

/* A cell with no result: noted as failed (with ID.failed's reason), cut (its finished rows
 * kept in ID.partial.csv: their path into partial) or not run, each algorithm a gap. Returns 1
 * when partial holds rows to report. */
static int report_missing(struct study_plan *p, const struct study_cell *c, struct gather *g,
                          char *partial, size_t len)
{
    char why[1024] = "";
    if (!record_check(p, c, why, sizeof why) && strcmp(why, "no result") != 0) {
        p->untrusted++;
        note_add(g, "# not trusted: %s: %s\n", c->what, why);
        gaps_add(&g->gaps, c->variant, c->algos, GAP_UNTRUSTED, why);
        return 0;
    }
    if (failed_reason(p, c, why, sizeof why) != 0) {
        p->missing++;
        note_add(g, "# not run: %s%s\n", c->what, "");
        gaps_add(&g->gaps, c->variant, c->algos, GAP_NOT_RUN, "");
        return 0;
    }
    p->failed++;
    plan_cell_path(p, c, STUDY_PARTIAL_SUFFIX, partial, len);
    int cut = access(partial, R_OK) == 0;
    note_add(g,
             cut ? "# cut: %s: %s; the sizes that finished are kept, marked as partial\n"
                 : "# failed: %s: %s\n",
             c->what, why);
    gaps_add(&g->gaps, c->variant, c->algos, cut ? GAP_CUT : GAP_FAILED, why);
    return cut;
}

/* One cell's rows into the summary, each after its variant's label. */
static int summary_add(FILE *sum, const char *csv, const char *label)
{
    char prefix[STUDY_LABEL_MAX + 2];
    snprintf(prefix, sizeof prefix, "%s,", label);
    return append_lines(sum, csv, 0, prefix);
}

/* Variant vi's cells of collective sc: its CSV (the cells' rows in order), the traced cell's
 * files under its name, its plot, its rows into g and the summary. 0, or 1 after an error. */
static int report_variant(struct study_plan *p, const struct study_coll *sc, int vi, FILE *sum,
                          struct gather *g, int gnuplot)
{
    const struct study_variant *v = &p->var[vi];
    char stem[PATH_MAX], csv[PATH_MAX + 8], cell_csv[PATH_MAX], png[PATH_MAX + 8];
    study_path(p, sc->id, v->label, "", stem, sizeof stem);
    snprintf(csv, sizeof csv, "%s.csv", stem);
    snprintf(png, sizeof png, "%s.png", stem);
    struct cs_out co;
    FILE *f = NULL;
    int first = g->n, rc = 0, said = 0;
    for (int i = 0; i < p->ncell && rc == 0; i++) {
        const struct study_cell *c = &p->cell[i];
        if (c->coll != sc->id || c->variant != vi) continue;
        if (record_done(p, c))
            plan_cell_path(p, c, ".csv", cell_csv, sizeof cell_csv);
        else if (!report_missing(p, c, g, cell_csv, sizeof cell_csv))
            continue;
        /* the rows first: a CSV whose names are not the registry's goes nowhere */
        int header = g->n == first;
        if (study_rows_read(cell_csv, v, vi, &g->rows, &g->n, &g->cap) != 0) {
            rc = said = 1; /* its error line named the file */
            break;
        }
        if (f == NULL && (f = cs_out_open(&co, csv)) == NULL) rc = 1;
        if (rc == 0 && (append_lines(f, cell_csv, header, "") != 0 ||
                        summary_add(sum, cell_csv, v->label) != 0))
            rc = 1;
        if (rc == 0 && c->traced) place_traced(p, c, stem);
    }
    if (f != NULL && cs_out_commit(&co, rc == 0) != 0 && rc == 0) rc = 1;
    if (rc != 0 && !said) cs_error("cannot write '%s'", csv);
    char *algos = rc == 0 && gnuplot && g->n > first ? row_algorithms(g->rows, first, g->n) : NULL;
    g->gaps.rows = g->rows;
    g->gaps.nrows = g->n;
    if (algos != NULL && plot_platform(csv, png, p, sc, vi, algos, &g->gaps) == -1)
        cs_note("gnuplot could not draw '%s'", png); /* -2: it said why */
    free(algos);
    return rc;
}

/* The report files of collective sc. 0 or 1. */
static int report_coll(struct study_plan *p, const struct study_coll *sc, FILE *sum, FILE *best,
                       FILE *whatif, int gnuplot)
{
    struct gather g = {0};
    int rc = 0;
    for (int v = 0; v < p->nvar && rc == 0; v++)
        rc = report_variant(p, sc, v, sum, &g, gnuplot);
    if (*sc->left_out) note_add(&g, "# %s%s\n", sc->left_out, "");
    g.gaps.rows = g.rows;
    g.gaps.nrows = g.n;
    g.gaps.dropped = &sc->dropped;
    if (rc == 0) rc = best_report(p, sc, &g.gaps, g.notes ? g.notes : "", best, gnuplot);
    if (rc == 0 && whatif != NULL) rc = whatif_report(p, sc, &g.gaps, whatif, gnuplot);
    free(g.rows);
    free(g.notes);
    free(g.gaps.g);
    return rc;
}

/* Copies the text file `path` to stdout. */
static void print_file(const char *path)
{
    FILE *t = cs_fopen_own(path);
    if (t == NULL) return;
    char line[1024];
    while (fgets(line, sizeof line, t) != NULL)
        fputs(line, stdout);
    fclose(t);
}

/* Opens OUT/name (through its .part) and writes the header. NULL after an error line. */
static FILE *open_table(const struct study_plan *p, const char *name, const char *header,
                        struct cs_out *co)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", p->out, name);
    FILE *f = cs_out_open(co, path);
    if (f == NULL)
        cs_error("cannot write '%s': %s", path, strerror(errno));
    else
        fputs(header, f);
    return f;
}

int report_write(struct study_plan *p)
{
    int gnuplot = cs_gnuplot_available(), rc = 0;
    struct cs_out cs, cb, cw;
    struct timespec start;
    record_report_begin(&start);
    p->failed = p->missing = p->untrusted = 0;
    FILE *sum = open_table(p, "summary.csv", "variant,", &cs);
    if (sum != NULL) cs_result_write_header(sum);
    FILE *best = sum ? open_table(p, "best.csv", BEST_CSV_HEADER, &cb) : NULL;
    FILE *wif =
        best && p->spec.nplat > 1 ? open_table(p, "whatif.csv", WHATIF_CSV_HEADER, &cw) : NULL;
    if (sum == NULL || best == NULL || (p->spec.nplat > 1 && wif == NULL)) rc = 1;
    for (int k = 0; k < p->ncoll && rc == 0; k++)
        rc = report_coll(p, &p->coll[k], sum, best, wif, gnuplot);
    int bad = 0;
    if (sum != NULL) bad |= cs_out_commit(&cs, rc == 0);
    if (best != NULL) bad |= cs_out_commit(&cb, rc == 0);
    if (wif != NULL) bad |= cs_out_commit(&cw, rc == 0);
    if (bad && rc == 0) {
        cs_error("cannot write the summary in '%s': %s", p->out, strerror(errno));
        rc = 1;
    }
    char txt[PATH_MAX];
    for (int k = 0; k < p->ncoll && rc == 0; k++) {
        study_path(p, p->coll[k].id, "summary", ".txt", txt, sizeof txt);
        if (k > 0) putchar('\n');
        print_file(txt);
    }
    if (rc == 0 && p->failed + p->missing + p->untrusted > 0)
        cs_note("%d cells failed, %d were not run and %d have a CSV that does not match its "
                "record: the summaries name them",
                p->failed, p->missing, p->untrusted);
    if (rc == 0) record_report_prune(p, &start);
    if (rc == 0) rc = html_write(p);
    if (rc == 0) rc = record_report_end(p, &start);
    if (rc == 0)
        cs_note("study written to %s%s: open %s/" STUDY_INDEX_FILE " first", p->out,
                gnuplot ? "" : " (no plots: gnuplot is missing)", p->out);
    return rc;
}
