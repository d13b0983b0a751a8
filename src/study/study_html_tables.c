/* study_html_tables.c: the tables of a study's page (study_html.h), each collective's: its
 * times from its variants' CSVs, its fastest algorithms from best.csv and its what-if ratios
 * from whatif[C].txt, every one a sortable table (the page's script sorts by a click on a
 * column's head). What did not run shows as study_whatif.c and study_best.c name it. */
#include <float.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "study_html.h"
#include "units.h"
#include "util.h"

/* Opens a sortable table: its caption (NULL: none), the heads (literal texts), then one head
 * per size. */
static void table_open(FILE *f, const char *caption, const char *const *heads, int nheads,
                       const unsigned long long *sizes, int ns)
{
    char label[32];
    fputs("<table class=\"sortable\">", f);
    if (caption != NULL) fprintf(f, "<caption>%s</caption>", caption);
    fputs("<thead><tr>", f);
    for (int i = 0; i < nheads; i++)
        fprintf(f, "<th>%s</th>", heads[i]);
    for (int s = 0; s < ns; s++) {
        cs_exact_bytes(sizes[s], label, sizeof label);
        fprintf(f, "<th class=\"num\">%s</th>", label);
    }
    fputs("</tr></thead>\n<tbody>\n", f);
}

/* <td>text</td>, escaped. */
static void cell(FILE *f, const char *text)
{
    fputs("<td>", f);
    html_text(f, text);
    fputs("</td>", f);
}

/* The variant's fastest valid time at size bytes among its n rows, or -1. */
static double fastest(const struct study_row *rows, int n, unsigned long long bytes)
{
    double best = -1;
    for (int i = 0; i < n; i++)
        if (rows[i].valid && rows[i].bytes == bytes && (best < 0 || rows[i].avg < best))
            best = rows[i].avg;
    return best;
}

/* 1 when collective sc left size bytes out for memory. */
static int left_out(const struct study_coll *sc, unsigned long long bytes)
{
    for (int i = 0; i < sc->dropped.n; i++)
        if (sc->dropped.v[i] == bytes) return 1;
    return 0;
}

/* The summary's row of algo on variant v of collective sc (rows: the variant's n rows): its
 * time at each size (the variant's fastest there in bold), or why there is none. */
static void summary_row(FILE *f, const struct study_plan *p, const struct study_coll *sc, int v,
                        const struct study_row *rows, int n, const char *algo)
{
    const struct study_variant *var = &p->var[v];
    unsigned long long sizes[2 * CS_MAX_SIZES];
    int ns = gaps_all_sizes(sc, sizes);
    fputs("<tr>", f);
    cell(f, var->label);
    cell(f, algo);
    cell(f, cs_model_name(var->model));
    fprintf(f, "<td class=\"num\">%d</td>", var->np);
    for (int s = 0; s < ns; s++) {
        int i = 0;
        while (i < n && (rows[i].bytes != sizes[s] || strcmp(rows[i].algo, algo) != 0))
            i++;
        if (i == n && left_out(sc, sizes[s]))
            fputs("<td class=\"gap\">left out</td>", f);
        else if (i == n)
            fputs("<td class=\"gap\" title=\"no time: the summary above says why\">-</td>", f);
        else if (!rows[i].valid)
            fputs("<td class=\"gap\">wrong data</td>", f);
        else
            fprintf(f, "<td class=\"num%s\">%.3f</td>",
                    rows[i].avg == fastest(rows, n, sizes[s]) ? " best" : "", rows[i].avg * 1e6);
    }
    fputs("</tr>\n", f);
}

/* The rows of variant v's CSV of collective sc onto *rows; their count, 0 without the CSV. */
static int variant_rows(const struct study_plan *p, const struct study_coll *sc, int v,
                        struct study_row **rows)
{
    char name[PATH_MAX], path[2 * PATH_MAX];
    int n = 0, cap = 0;
    html_name(sc->id, p->var[v].label, ".csv", name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", p->out, name);
    if (html_exists(p, name) && study_rows_read(path, &p->var[v], v, rows, &n, &cap) != 0) n = 0;
    return n;
}

void html_summary_table(FILE *f, const struct study_plan *p, const struct study_coll *sc)
{
    static const char *const heads[] = {"variant", "algorithm", "model", "np"};
    unsigned long long sizes[2 * CS_MAX_SIZES];
    int ns = gaps_all_sizes(sc, sizes), open = 0;
    for (int v = 0; v < p->nvar; v++) {
        struct study_row *rows = NULL;
        int n = variant_rows(p, sc, v, &rows);
        if (n > 0 && open++ == 0)
            table_open(f,
                       "simulated time (us), root's entry to last exit; in bold the variant's "
                       "fastest at the size",
                       heads, 4, sizes, ns);
        for (int i = 0; i < n; i++) {
            int k = 0;
            while (k < i && strcmp(rows[k].algo, rows[i].algo) != 0)
                k++;
            if (k == i) summary_row(f, p, sc, v, rows, n, rows[i].algo);
        }
        free(rows);
    }
    if (open) fputs("</tbody></table>\n", f);
}

/* Splits line (its newline dropped) at commas into at most max fields; their count. */
static int split(char *line, char **field, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *q = line; n < max; q++) {
        field[n++] = q;
        q = strchr(q, ',');
        if (q == NULL) break;
        *q = '\0';
    }
    return n;
}

/* A time in seconds (a CSV's text) as microseconds, "" for none or for text that is no time
 * (cs_num_real: hex, nan and inf too). */
static void cell_us(FILE *f, const char *seconds)
{
    double s;
    if (cs_num_real(seconds, 0, CS_TIME_MAX, &s) != 0)
        fputs("<td></td>", f);
    else
        fprintf(f, "<td class=\"num\">%.3f</td>", s * 1e6);
}

/* One of best.csv's rows (its fields) in the table. */
static void best_row(FILE *f, char **x)
{
    char label[32];
    fputs("<tr>", f);
    cell(f, x[1]);
    fputs("<td class=\"num\">", f);
    html_text(f, x[3]);
    uint64_t bytes = 0; /* a size that is no size (-1, 1e20) sorts first and shows as it is */
    if (cs_num_whole(x[4], CS_MAX_BYTES, &bytes) == 0)
        cs_exact_bytes(bytes, label, sizeof label);
    else
        snprintf(label, sizeof label, "?");
    fprintf(f, "</td><td class=\"num\" data-v=\"%" PRIu64 "\">%s</td>", bytes, label);
    cell(f, x[5]);
    cell_us(f, x[6]);
    cell(f, x[7]);
    cell_us(f, x[8]);
    fputs(*x[9] ? "<td class=\"gap\">" : "<td>", f);
    html_text(f, x[9]);
    fputs("</td></tr>\n", f);
}

void html_best_table(FILE *f, const struct study_plan *p, const struct study_coll *sc)
{
    static const char *const heads[] = {"variant",       "np",   "size",          "fastest",
                                        "its time (us)", "next", "its time (us)", "did not run"};
    char path[PATH_MAX + 16], *line = NULL, *x[10];
    size_t cap = 0;
    snprintf(path, sizeof path, "%s/best.csv", p->out);
    FILE *in = cs_fopen_own(path);
    int open = 0;
    while (in != NULL && getline(&line, &cap, in) > 0) {
        if (split(line, x, 10) != 10 || strcmp(x[0], coll_infos[sc->id].name) != 0) continue;
        if (open++ == 0) table_open(f, "best.csv's rows", heads, 8, NULL, 0);
        best_row(f, x);
    }
    if (in != NULL) fclose(in);
    free(line);
    if (open) fputs("</tbody></table>\n", f);
}

/* The cells of a row of whatif[C].txt (rest: after its name) into cell[]: its words, the
 * two-word reasons ("not run", "b:not trusted", "left out") joined; their count. */
static int whatif_cells(char *rest, char **cell, int max)
{
    int n = 0;
    char *save, *t = strtok_r(rest, " ", &save);
    while (t != NULL && n < max) {
        char *next = strtok_r(NULL, " ", &save);
        size_t len = strlen(t);
        if (next == t + len + 1 &&
            (strcmp(t, "not") == 0 || strcmp(t, "b:not") == 0 || strcmp(t, "left") == 0)) {
            t[len] = ' ';
            next = strtok_r(NULL, " ", &save);
        }
        cell[n++] = t;
        t = next;
    }
    return n;
}

/* One cell of a what-if table: a ratio, "1.05" or "1.05?" (green below 1, red above), else
 * the reason. */
static void whatif_cell(FILE *f, const char *text)
{
    char num[64];
    size_t n = strlen(text);
    int partial = n > 0 && text[n - 1] == '?';
    double r = 0;
    snprintf(num, sizeof num, "%.*s", (int)(n - (size_t)partial), text);
    int ratio = n - (size_t)partial < sizeof num && cs_num_real(num, 0, DBL_MAX, &r) == 0;
    const char *class = !ratio ? "gap" : r < 0.995 ? "lo" : r > 1.005 ? "hi" : "eq";
    fprintf(f, "<td class=\"%s\"%s>", class,
            ratio && partial ? " title=\"some algorithms ran on one side only (named below)\""
                             : "");
    html_text(f, text);
    fputs("</td>", f);
}

/* A row of a what-if table: "  NAME CELL...", or the fastest of each (foot: 1). */
static void whatif_row(FILE *f, char *line, int foot)
{
    static const char fastest[] = "(fastest of each)";
    char *name = line + strspn(line, " "), *rest, *cells[2 * CS_MAX_SIZES + 1];
    rest = foot ? name + strlen(fastest) : name + strcspn(name, " ");
    if (*rest != '\0') *rest++ = '\0';
    int n = whatif_cells(rest, cells, 2 * CS_MAX_SIZES + 1);
    fputs("<tr>", f);
    cell(f, name);
    for (int i = 0; i < n; i++)
        whatif_cell(f, cells[i]);
    fputs("</tr>\n", f);
}

/* What reading whatif[C].txt has open. */
enum { W_NONE, W_TITLE, W_HEAD, W_BODY };

/* One line of whatif[C].txt; state: what came before. */
static void whatif_line(FILE *f, char *line, int *state, const unsigned long long *sizes, int ns)
{
    static const char *const heads[] = {"algorithm"};
    if (*state == W_BODY && (line[0] != ' ' || strncmp(line, "  # ", 4) == 0)) {
        fputs("</tbody></table>\n", f);
        *state = W_NONE;
    }
    if (line[0] == '\0') {
        *state = W_TITLE;
    } else if (*state == W_TITLE && line[0] == '#') {
        fputs("<h4>", f);
        html_text(f, line + strspn(line, "# "));
        fputs("</h4>\n", f);
        *state = W_HEAD;
    } else if (*state == W_HEAD && line[0] == '#') {
        table_open(f, NULL, heads, 1, sizes, ns);
        *state = W_BODY;
    } else if (*state == W_BODY && strncmp(line, "  (fastest of each)", 19) == 0) {
        fputs("</tbody><tfoot>", f);
        whatif_row(f, line, 1);
        fputs("</tfoot></table>\n", f);
        *state = W_NONE;
    } else if (*state == W_BODY) {
        whatif_row(f, line, 0);
    } else if (strncmp(line, "# note: ", 8) == 0 || strncmp(line, "  # ", 4) == 0) {
        fputs("<p class=\"note\">", f);
        html_text(f, line + strspn(line, "# "));
        fputs("</p>\n", f);
    }
}

void html_whatif_tables(FILE *f, const struct study_plan *p, const struct study_coll *sc)
{
    char name[PATH_MAX], path[2 * PATH_MAX], *line = NULL;
    size_t cap = 0;
    unsigned long long sizes[2 * CS_MAX_SIZES];
    int ns = gaps_all_sizes(sc, sizes), state = W_NONE;
    html_name(sc->id, "whatif", ".txt", name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", p->out, name);
    FILE *in = cs_fopen_own(path);
    while (in != NULL && getline(&line, &cap, in) > 0) {
        line[strcspn(line, "\n")] = '\0';
        whatif_line(f, line, &state, sizes, ns);
    }
    if (state == W_BODY) fputs("</tbody></table>\n", f);
    if (in != NULL) fclose(in);
    free(line);
}
