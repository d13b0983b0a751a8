/* study_html.c: OUT/index.html, a study's report as one page: the question the spec asks, the
 * best-algorithm maps, the what-if ratios, the plots of each variant, the summary tables and a
 * link to every file of the folder. Written from the plan and the report's files alone, after
 * them (study and merge alike), so the same folder gives the same bytes; it needs nothing
 * beyond the folder (no network, style and script inline). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "study_html.h"

/* What a file of the folder is, by its name's end. */
static const char *file_kind(const char *name)
{
    static const char *const kinds[][2] = {{".trace", "Paje trace"},
                                           {".csv", "CSV table"},
                                           {".txt", "text"},
                                           {".png", "figure (PNG)"},
                                           {".svg", "figure (SVG)"},
                                           {".spec", "the spec as run"},
                                           {".xml", "platform"},
                                           {".hosts", "hostfile"},
                                           {".info", "platform info"},
                                           {".machine", "machine profile"},
                                           {".slurm", "Slurm job array"}};
    size_t n = strlen(name);
    if (strstr(name, ".analysis.") != NULL) return "analysis of the trace";
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t k = strlen(kinds[i][0]);
        if (n > k && strcmp(name + n - k, kinds[i][0]) == 0) return kinds[i][1];
    }
    return "file";
}

/* A row of the list of files: OUT/name linked, its kind and size. */
static void file_row(FILE *f, const struct study_plan *p, const char *name)
{
    char path[2 * PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", p->out, name);
    if (stat(path, &st) != 0) return;
    int dir = S_ISDIR(st.st_mode);
    long long b = dir ? 0 : (long long)st.st_size;
    fputs("<tr><td><a href=\"", f);
    html_url(f, name);
    fputs(dir ? "/\">" : "\">", f);
    html_text(f, name);
    fprintf(f, "%s</a></td><td>%s</td>", dir ? "/" : "",
            !dir                                ? file_kind(name)
            : strcmp(name, STUDY_CELL_DIR) == 0 ? "folder: each cell's results, record and log"
                                                : "folder");
    if (dir)
        fputs("<td></td></tr>\n", f);
    else {
        char size[32];
        cs_file_bytes(b, size, sizeof size);
        fprintf(f, "<td class=\"num\" data-v=\"%lld\">%s</td></tr>\n", b, size);
    }
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* 1 for a name of the folder the list shows: not hidden (the lock), not a part being written,
 * not the page itself or the report's list (written after it). */
static int listed(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && !(n > 5 && strcmp(name + n - 5, ".part") == 0) &&
           strcmp(name, STUDY_INDEX_FILE) != 0 && strcmp(name, STUDY_REPORT_LIST) != 0;
}

/* The rows of OUT/dir's files, as dir/NAME. */
static void folder_rows(FILE *f, const struct study_plan *p, const char *dir)
{
    char path[2 * PATH_MAX], name[2 * NAME_MAX];
    struct dirent **e;
    snprintf(path, sizeof path, "%s/%s", p->out, dir);
    int n = scandir(path, &e, NULL, by_name);
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s/%s", dir, e[i]->d_name);
        if (listed(e[i]->d_name) && html_exists(p, name)) file_row(f, p, name);
        free(e[i]);
    }
    if (n >= 0) free(e);
}

/* Every file of the folder: its top's (names), the platforms' and the cells' folder. */
static void section_files(FILE *f, const struct study_plan *p, char **names, int n)
{
    fputs("<h2 id=\"files\">Files</h2>\n<p>Every file of this folder (docs/study.md says what "
          "each holds): the CSV tables, the traces and their analyses, the figures, the "
          "platforms, and the cells' folder.</p>\n<table class=\"sortable\"><thead><tr><th>file"
          "</th><th>what</th><th class=\"num\">size</th></tr></thead>\n<tbody>\n",
          f);
    for (int i = 0; i < n; i++) {
        if (!listed(names[i])) continue;
        if (strcmp(names[i], STUDY_PLATFORM_DIR) == 0)
            folder_rows(f, p, names[i]);
        else
            file_row(f, p, names[i]);
    }
    fputs("</tbody></table>\n", f);
}

/* 1 when the study has a what-if part (some whatif[C].txt). */
static int has_whatif(const struct study_plan *p)
{
    char name[PATH_MAX];
    int any = 0;
    for (int k = 0; k < p->ncoll; k++) {
        html_name(p->coll[k].id, "whatif", ".txt", name, sizeof name);
        any |= html_exists(p, name);
    }
    return any;
}

/* The page's head, title and table of contents. */
static void page_head(FILE *f, const struct study_plan *p)
{
    int whatif = has_whatif(p);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta "
          "name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<title>collsim study: ",
          f);
    for (int k = 0; k < p->ncoll; k++) {
        fputs(k == 0 ? "" : k + 1 == p->ncoll ? " and " : ", ", f);
        html_text(f, p->coll[k].noun);
    }
    fprintf(f, " on %d platform%s</title>\n%s</head>\n<body>\n<h1>collsim study</h1>\n<nav>",
            p->spec.nplat, p->spec.nplat == 1 ? "" : "s", html_style);
    fputs("<a href=\"#question\">The question</a><a href=\"#best\">Best algorithms</a>", f);
    if (whatif) fputs("<a href=\"#whatif\">What if</a>", f);
    fputs("<a href=\"#plots\">Plots</a><a href=\"#summary\">Summary tables</a>"
          "<a href=\"#files\">Files</a></nav>\n<p id=\"missing\" class=\"warn\" hidden></p>\n",
          f);
    if (p->failed + p->missing + p->untrusted > 0)
        fprintf(f,
                "<p class=\"warn\">%d cells failed, %d were not run and %d have a CSV that "
                "does not match its record: <a href=\"#summary\">the summaries</a> name them, "
                "and every table and figure marks them.</p>\n",
                p->failed, p->missing, p->untrusted);
}

int html_write(const struct study_plan *p)
{
    char path[PATH_MAX + 16];
    struct dirent **e = NULL;
    struct cs_out co;
    snprintf(path, sizeof path, "%s/" STUDY_INDEX_FILE, p->out);
    int n = scandir(p->out, &e, NULL, by_name);
    char **names = cs_calloc(n > 0 ? (size_t)n : 1, sizeof *names);
    for (int i = 0; i < n; i++)
        names[i] = e[i]->d_name;
    FILE *f = n < 0 ? NULL : cs_out_open(&co, path);
    if (f != NULL) {
        page_head(f, p);
        html_question(f, p);
        html_results(f, p, names, n);
        section_files(f, p, names, n);
        fprintf(f, "%s</body>\n</html>\n", html_script);
    }
    int rc = f == NULL || cs_out_commit(&co, 1) != 0;
    if (rc) cs_error("cannot write '%s': %s", path, strerror(errno));
    for (int i = 0; i < n; i++)
        free(e[i]);
    free(e);
    free(names);
    return rc;
}
