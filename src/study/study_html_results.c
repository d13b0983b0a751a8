/* study_html_results.c: the sections of a study's page (study_html.h) that show its results,
 * collective by collective: the best-algorithm maps, the what-if ratios, the plots of each
 * variant and the summary tables. A figure or a file the report did not write (no gnuplot, a
 * single platform) is left out. */
#include <stdlib.h>
#include <string.h>

#include "study_html.h"

/* The best-algorithm maps and best.csv's rows. */
static void section_best(FILE *f, const struct study_plan *p)
{
    char png[PATH_MAX], svg[PATH_MAX], caption[PATH_MAX + 128];
    fputs("<h2 id=\"best\">Best algorithms</h2>\n<p>The fastest algorithm of each variant (down) "
          "at each message size (across); a picture links to its SVG. Under it, the rows of ",
          f);
    html_link(f, p, "best.csv", "best.csv");
    fputs(": the fastest and the next, and what did not run there.</p>\n", f);
    for (int k = 0; k < p->ncoll; k++) {
        const struct study_coll *sc = &p->coll[k];
        html_coll_head(f, "best", sc);
        html_name(sc->id, "best", ".png", png, sizeof png);
        html_name(sc->id, "best", ".svg", svg, sizeof svg);
        snprintf(caption, sizeof caption, "the %s's best-algorithm map (%s)", sc->noun, png);
        html_figure(f, p, png, svg, caption);
        html_best_table(f, p, sc);
    }
}

/* 1 when across-ALGO[C].png (name) is collective sc's: the broadcast's have no other
 * collective's name at their end. */
static int across_of(const struct study_plan *p, const struct study_coll *sc, const char *name)
{
    char tail[64];
    size_t n = strlen(name);
    if (strncmp(name, "across-", 7) != 0 || n < 11 || strcmp(name + n - 4, ".png") != 0) return 0;
    for (int k = 0; k < p->ncoll; k++) {
        int id = p->coll[k].id;
        snprintf(tail, sizeof tail, "-%s.png", coll_infos[id].name);
        size_t t = strlen(tail);
        if (id != 0 && n > 7 + t && strcmp(name + n - t, tail) == 0) return id == sc->id;
    }
    return sc->id == 0;
}

/* Collective sc's across-ALGO[C].png (among the folder's names), folded. */
static void across_figures(FILE *f, const struct study_plan *p, const struct study_coll *sc,
                           char **names, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += across_of(p, sc, names[i]);
    if (count == 0) return;
    fprintf(f,
            "<details><summary>Each algorithm's time on every variant (%d figures)</summary>"
            "<div class=\"figures\">\n",
            count);
    for (int i = 0; i < n; i++)
        if (across_of(p, sc, names[i])) html_figure(f, p, names[i], NULL, names[i]);
    fputs("</div></details>\n", f);
}

/* The what-if section's head. */
static void whatif_intro(FILE *f, const struct study_plan *p)
{
    fputs("<h2 id=\"whatif\">What if</h2>\n<p>Each variant's simulated time over the baseline "
          "platform's in the same process count, ranks per host, model, routing and root: below "
          "1 (green) faster, above 1 (red) slower. A cell without a ratio says why: wrong "
          "(data), failed, cut, not run, not trusted, left out (memory), 'b:' on the baseline, "
          "'-' where the algorithm does not run. A table's foot is the ratio of the fastest "
          "times; '?' when some algorithms ran on one side only (named under it). Every ratio "
          "is in ",
          f);
    html_link(f, p, "whatif.csv", "whatif.csv");
    fputs(".</p>\n", f);
}

/* The what-if ratios, when the study has two platforms or more. */
static void section_whatif(FILE *f, const struct study_plan *p, char **names, int n)
{
    char txt[PATH_MAX], png[PATH_MAX], caption[PATH_MAX + 128];
    for (int k = 0, head = 0; k < p->ncoll; k++) {
        const struct study_coll *sc = &p->coll[k];
        html_name(sc->id, "whatif", ".txt", txt, sizeof txt);
        if (!html_exists(p, txt)) continue;
        if (head++ == 0) whatif_intro(f, p);
        html_coll_head(f, "whatif", sc);
        html_name(sc->id, "whatif", ".png", png, sizeof png);
        snprintf(caption, sizeof caption, "the %s: the ratio of the fastest times (%s)", sc->noun,
                 png);
        html_figure(f, p, png, NULL, caption);
        fputs("<p>As text: ", f);
        html_link(f, p, txt, txt);
        fputs("</p>\n", f);
        html_whatif_tables(f, p, sc);
        across_figures(f, p, sc, names, n);
    }
}

/* Variant v's plot of collective sc, its files under it. */
static void variant_figure(FILE *f, const struct study_plan *p, const struct study_coll *sc, int v)
{
    static const char *const files[][2] = {{".csv", "CSV"},
                                           {".trace", "trace"},
                                           {".analysis.txt", "analysis"},
                                           {".analysis.models.csv", "models"},
                                           {".analysis.ranks.csv", "ranks"},
                                           {".analysis.links.csv", "links"}};
    const char *label = p->var[v].label;
    char png[PATH_MAX], name[PATH_MAX];
    html_name(sc->id, label, ".png", png, sizeof png);
    fputs("<figure>", f);
    if (html_exists(p, png)) {
        fputs("<a href=\"", f);
        html_url(f, png);
        fputs("\"><img src=\"", f);
        html_url(f, png);
        fputs("\" alt=\"", f);
        html_text(f, png);
        fputs("\"></a>", f);
    }
    fputs("<figcaption><b>", f);
    html_text(f, label);
    fprintf(f, "</b> (%d ranks):", p->var[v].np);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        html_name(sc->id, label, files[i][0], name, sizeof name);
        if (!html_exists(p, name)) continue;
        fputs(" ", f);
        html_link(f, p, name, files[i][1]);
    }
    fputs("</figcaption></figure>\n", f);
}

/* Variant v's figure of the models' curves (e = 0) or errors (e = 1) of collective sc into
 * png and svg; 1 when the PNG is there. */
static int model_png(const struct study_plan *p, const struct study_coll *sc, int v, int e,
                     char *png, char *svg, size_t len)
{
    char base[STUDY_LABEL_MAX + 16];
    snprintf(base, sizeof base, "%s%s", p->var[v].label, e ? "-errors" : "-models");
    html_name(sc->id, base, ".png", png, len);
    html_name(sc->id, base, ".svg", svg, len);
    return html_exists(p, png);
}

/* Collective sc's figures of the traced algorithms against the models, folded. */
static void model_figures(FILE *f, const struct study_plan *p, const struct study_coll *sc)
{
    char png[PATH_MAX], svg[PATH_MAX];
    int count = 0;
    for (int v = 0; v < p->nvar; v++)
        for (int e = 0; e < 2; e++)
            count += model_png(p, sc, v, e, png, svg, sizeof png);
    if (count == 0) return;
    fprintf(f,
            "<details><summary>The traced algorithms against the models: each model's curve "
            "and its error (%d figures)</summary><div class=\"figures\">\n",
            count);
    for (int v = 0; v < p->nvar; v++)
        for (int e = 0; e < 2; e++)
            if (model_png(p, sc, v, e, png, svg, sizeof png)) html_figure(f, p, png, svg, png);
    fputs("</div></details>\n", f);
}

/* Each variant's plot, per collective. */
static void section_plots(FILE *f, const struct study_plan *p)
{
    fputs("<h2 id=\"plots\">Plots</h2>\n<p>Each variant's simulated time vs message size per "
          "algorithm; a red cross at the foot of a size where something did not run. Under "
          "each, its CSV and, of its traced algorithms, the Paje trace and the analysis "
          "against the models (collsim analyze).</p>\n",
          f);
    for (int k = 0; k < p->ncoll; k++) {
        const struct study_coll *sc = &p->coll[k];
        html_coll_head(f, "plots", sc);
        fputs("<div class=\"figures\">\n", f);
        for (int v = 0; v < p->nvar; v++)
            variant_figure(f, p, sc, v);
        fputs("</div>\n", f);
        model_figures(f, p, sc);
    }
}

/* The opening lines of OUT/txt (a summary) that say what did not run, if any. */
static void summary_notes(FILE *f, const struct study_plan *p, const char *txt)
{
    char path[2 * PATH_MAX], *line = NULL;
    size_t cap = 0;
    snprintf(path, sizeof path, "%s/%s", p->out, txt);
    FILE *in = cs_fopen_own(path);
    if (in != NULL && getline(&line, &cap, in) > 0 && strncmp(line, "# did not run", 13) == 0) {
        fputs("<pre class=\"warn\">", f);
        do
            html_text(f, line);
        while (getline(&line, &cap, in) > 0 && line[0] != '\n');
        fputs("</pre>\n", f);
    }
    if (in != NULL) fclose(in);
    free(line);
}

/* The summary tables: per collective what did not run, the times, and its summary text. */
static void section_summary(FILE *f, const struct study_plan *p)
{
    char txt[PATH_MAX];
    fputs("<h2 id=\"summary\">Summary tables</h2>\n<p>Each variant's and algorithm's simulated "
          "time at every size (",
          f);
    html_link(f, p, "summary.csv", "summary.csv");
    fputs(" holds every row); a head sorts the table by its column.</p>\n", f);
    for (int k = 0; k < p->ncoll; k++) {
        const struct study_coll *sc = &p->coll[k];
        html_coll_head(f, "summary", sc);
        html_name(sc->id, "summary", ".txt", txt, sizeof txt);
        summary_notes(f, p, txt);
        html_summary_table(f, p, sc);
        if (!html_exists(p, txt)) continue;
        fputs("<details><summary>", f);
        html_link(f, p, txt, txt);
        fputs(": the same as text, with the best-algorithm map in letters</summary><pre>", f);
        html_file_text(f, p, txt);
        fputs("</pre></details>\n", f);
    }
}

void html_results(FILE *f, const struct study_plan *p, char **names, int n)
{
    section_best(f, p);
    section_whatif(f, p, names, n);
    section_plots(f, p);
    section_summary(f, p);
}
