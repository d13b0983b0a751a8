/* study_html_question.c: the first section of a study's page (study_html.h): the question the
 * spec asks, in a sentence and a table of its keys, its platforms (what `collsim platform
 * info` says of each) and its variants. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "study_html.h"

/* "the a, the b and the c" of the collectives' nouns. */
static void coll_nouns(FILE *f, const struct study_plan *p)
{
    for (int k = 0; k < p->ncoll; k++) {
        fputs(k == 0 ? "the " : k + 1 == p->ncoll ? " and the " : ", the ", f);
        html_text(f, p->coll[k].noun);
    }
}

/* How far the times can be trusted: the machine profile's validation (its copy in the
 * study's folder), or that the clean network is an idealised one. */
static void trust(FILE *f, const struct study_plan *p)
{
    if (p->spec.machine[0] == '\0') {
        fputs("<p>The times are the clean network's: an idealised network with no software "
              "cost per message. They rank the algorithms on the network; they do not predict "
              "a real machine's times (a study with <code>machine = FILE</code> does, as far "
              "as the profile's validation says).</p>\n",
              f);
        return;
    }
    char path[PATH_MAX], err[1024], line[1200];
    snprintf(path, sizeof path, "%s/%s", p->out, STUDY_MACHINE_FILE);
    struct machine *m = cs_calloc(1, sizeof *m);
    if (machine_read(path, m, err, sizeof err) == 0)
        machine_validation_line(m, line, sizeof line);
    else
        snprintf(line, sizeof line, "the machine profile's copy does not read: %s", err);
    free(m);
    fputs("<p>How far to trust the times: ", f);
    html_text(f, line);
    fputs(".</p>\n", f);
}

/* The question in a sentence. */
static void lead(FILE *f, const struct study_plan *p)
{
    unsigned long long lo = 0, hi = 0;
    char a[32], b[32];
    for (int k = 0; k < p->ncoll; k++)
        for (int i = 0; i < p->coll[k].sizes.n; i++) {
            unsigned long long v = p->coll[k].sizes.v[i];
            lo = (k == 0 && i == 0) || v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    cs_exact_bytes(lo, a, sizeof a);
    cs_exact_bytes(hi, b, sizeof b);
    fputs("<p>Which algorithm of ", f);
    coll_nouns(f, p);
    fprintf(f, " is fastest, from %s to %s, on each of the %d variant%s of the grid below", a, b,
            p->nvar, p->nvar == 1 ? "" : "s");
    if (p->spec.nplat > 1) {
        fputs(", and how does each platform's time compare with ", f);
        html_text(f, p->spec.baseline[0] ? p->spec.baseline : p->spec.plat[0].name);
        fputs("'s", f);
    }
    fputs("?</p>\n", f);
    trust(f, p);
}

/* A list of the spec's numbers, `word` for the value `special`. */
static void int_list(FILE *f, const int *v, int n, int special, const char *word)
{
    for (int i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        if (v[i] == special)
            fputs(word, f);
        else
            fprintf(f, "%d", v[i]);
    }
}

static void row_open(FILE *f, const char *key)
{
    fprintf(f, "<tr><th>%s</th><td>", key);
}

/* The collectives' row: each with its sizes and those left out. */
static void coll_row(FILE *f, const struct study_plan *p)
{
    char label[32];
    row_open(f, "collectives and sizes");
    for (int k = 0; k < p->ncoll; k++) {
        const struct study_coll *sc = &p->coll[k];
        fputs(k ? "<br>" : "", f);
        html_text(f, sc->noun);
        fprintf(f, " (%s): ", coll_infos[sc->id].name);
        for (int i = 0; i < sc->sizes.n; i++) {
            cs_exact_bytes(sc->sizes.v[i], label, sizeof label);
            fprintf(f, "%s%s", i ? ", " : "", label);
        }
        if (*sc->left_out) {
            fputs(" <span class=\"warn\">", f);
            html_text(f, sc->left_out);
            fputs("</span>", f);
        }
    }
    fputs("</td></tr>\n", f);
}

/* The rows of the algorithms and their calls. */
static void algo_rows(FILE *f, const struct study_spec *s)
{
    row_open(f, "algorithms");
    html_text(f, s->algorithms);
    if (strcmp(s->algorithms, "default") == 0)
        fputs(" (binomial, binary and linear, completed to three by the collective's first "
              "others that need no topology)",
              f);
    fprintf(f, "%s</td></tr>\n", s->trace ? ", traced and analyzed against the models" : "");
    row_open(f, "compared with");
    html_text(f, s->compare);
    if (strcmp(s->compare, "default") == 0)
        fputs(" (every other two-sided algorithm that fits the variant)", f);
    if (s->exclude[0]) {
        fputs("; left out: ", f);
        html_text(f, s->exclude);
    }
    fprintf(f, "</td></tr>\n<tr><th>calls per size</th><td>%d timed after ", s->iters);
    if (s->warmup < 0)
        fputs("each algorithm's default warm-up calls", f);
    else
        fprintf(f, "%d warm-up call%s", s->warmup, s->warmup == 1 ? "" : "s");
    fprintf(f, "; at most %d s per cell</td></tr>\n", s->time_limit);
}

/* The rows of the grid's axes but the platforms. */
static void axis_rows(FILE *f, const struct study_spec *s)
{
    row_open(f, "process counts");
    int_list(f, s->np, s->nnp, 0, "all (every host times the ranks per host)");
    fputs("</td></tr>\n", f);
    row_open(f, "ranks per host");
    int_list(f, s->rph, s->nrph, 0, "auto (the fewest that hold the processes)");
    fputs("</td></tr>\n", f);
    row_open(f, "models");
    for (int i = 0; i < s->nmodel; i++)
        fprintf(f, "%s%s", i ? ", " : "", cs_model_name(s->model[i]));
    fputs("</td></tr>\n", f);
    row_open(f, "routing");
    for (int i = 0; i < s->nrouting; i++)
        fprintf(f, "%s%s", i ? ", " : "", cs_routing_name(s->routing[i]));
    fputs("</td></tr>\n", f);
    row_open(f, "roots");
    int_list(f, s->root, s->nroot, -1, "last");
    fputs("</td></tr>\n", f);
}

/* The spec's keys as a table. */
static void spec_table(FILE *f, const struct study_plan *p)
{
    const struct study_spec *s = &p->spec;
    fputs("<table><tbody>\n", f);
    coll_row(f, p);
    row_open(f, "platforms");
    fprintf(f, "%d (below)", s->nplat);
    if (s->nplat > 1) {
        fputs("; the what-if baseline: ", f);
        html_text(f, s->baseline[0] ? s->baseline : s->plat[0].name);
    }
    fputs("</td></tr>\n", f);
    axis_rows(f, s);
    algo_rows(f, s);
    row_open(f, "machine profile");
    if (s->machine[0])
        html_link(f, p, STUDY_MACHINE_FILE, STUDY_MACHINE_FILE);
    else
        fputs("none: the clean network, no software cost per message", f);
    fprintf(f, "</td></tr>\n<tr><th>variants and cells</th><td>%d variants, %d cells", p->nvar,
            p->ncell);
    if (p->failed + p->missing + p->untrusted == 0)
        fputs(", every one with its results", f);
    else
        fprintf(f, " (<span class=\"warn\">%d failed, %d not run, %d not trusted</span>)",
                p->failed, p->missing, p->untrusted);
    fputs("</td></tr>\n</tbody></table>\n", f);
}

/* The value of "key: " in platform plat's info (beside its XML, as plan_injection reads it)
 * into out; "" when it has none. */
static void info_value(const struct study_plan *p, int plat, const char *key, char *out, size_t len)
{
    char info[PATH_MAX + 8], line[512];
    const char *xml = p->spec.plat[plat].file;
    size_t n = strlen(xml) > 4 ? strlen(xml) - 4 : 0, k = strlen(key);
    snprintf(info, sizeof info, "%.*s" STUDY_INFO_SUFFIX, (int)n, xml);
    FILE *in = cs_fopen_own(info);
    *out = '\0';
    while (in != NULL && fgets(line, sizeof line, in) != NULL && line[0] != '#')
        if (strncmp(line, key, k) == 0 && strncmp(line + k, ": ", 2) == 0) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(out, len, "%s", line + k + 2);
            break;
        }
    if (in != NULL) fclose(in);
}

/* The platforms' table: what `collsim platform info` says of each, and its files. */
static void platform_table(FILE *f, const struct study_plan *p)
{
    static const char *const keys[] = {"kind",     "nodes",     "links",
                                       "diameter", "bisection", "injection"};
    static const char *const files[] = {".xml", ".hosts", STUDY_INFO_SUFFIX};
    char value[512], name[PATH_MAX];
    fputs("<table class=\"sortable\"><caption>the platforms (collsim platform info)</caption>"
          "<thead><tr><th>platform</th><th>hosts</th>",
          f);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        fprintf(f, "<th>%s</th>", keys[i]);
    fputs("<th>files</th></tr></thead>\n<tbody>\n", f);
    for (int i = 0; i < p->spec.nplat; i++) {
        fputs("<tr><td>", f);
        html_text(f, p->spec.plat[i].name);
        fprintf(f, "</td><td class=\"num\">%d</td>", p->spec.plat[i].hosts);
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            info_value(p, i, keys[k], value, sizeof value);
            fputs("<td>", f);
            html_text(f, value);
            fputs("</td>", f);
        }
        fputs("<td>", f);
        for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
            snprintf(name, sizeof name, STUDY_PLATFORM_DIR "/%s%s", p->spec.plat[i].name, files[k]);
            fputs(k ? " " : "", f);
            html_link(f, p, name, files[k] + 1);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

/* The variants' table. */
static void variant_table(FILE *f, const struct study_plan *p)
{
    fputs("<table class=\"sortable\"><caption>the variants: the grid's points</caption><thead>"
          "<tr><th>variant</th><th>platform</th><th>np</th><th>ranks per host</th><th>model"
          "</th><th>routing</th><th>root</th></tr></thead>\n<tbody>\n",
          f);
    for (int v = 0; v < p->nvar; v++) {
        const struct study_variant *x = &p->var[v];
        fputs("<tr><td>", f);
        html_text(f, x->label);
        fputs("</td><td>", f);
        html_text(f, p->spec.plat[x->plat].name);
        fprintf(f,
                "</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td>%s</td><td>%s</td>"
                "<td class=\"num\">%d</td></tr>\n",
                x->np, x->rph, cs_model_name(x->model), cs_routing_name(x->routing), x->root);
    }
    fputs("</tbody></table>\n", f);
}

void html_question(FILE *f, const struct study_plan *p)
{
    fputs("<h2 id=\"question\">The question</h2>\n", f);
    lead(f, p);
    spec_table(f, p);
    platform_table(f, p);
    variant_table(f, p);
    fputs("<details><summary>", f);
    html_link(f, p, STUDY_SPEC_FILE, STUDY_SPEC_FILE);
    fputs(": the spec as it ran (docs/study.md)</summary><pre>", f);
    html_file_text(f, p, STUDY_SPEC_FILE);
    fputs("</pre></details>\n", f);
}
