/* cmd_merge.c: `collsim merge DIR...`, its command line and help: the report of a study whose
 * cells ran elsewhere (e.g. by GNU parallel or a Slurm array), joined from its parts. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "study.h"

const char merge_usage[] =
    "Usage: collsim merge DIR... [--out OUT]\n"
    "Joins the cells of a study run in parts (e.g. 'collsim study --emit-jobs' and GNU\n"
    "parallel or a Slurm array, each part in its own DIR or all in one) and writes the report a\n"
    "local study writes, its page OUT/index.html included, into OUT (default: the first DIR;\n"
    "another OUT gets a copy of the spec and the platforms). Every DIR must hold the same\n"
    "study.spec. Exit status 1 when a cell has no result in any DIR (the report is written\n"
    "with what there is, and names them).\n";

/* Copies cell c's files from folder `from` (another part of the study) into p->out's cells,
 * its CSV last. 1 when it found the cell's result there. */
static int merge_cell(const struct study_plan *p, const struct study_cell *c, const char *from)
{
    static const char *const last[] = {STUDY_PARTIAL_SUFFIX, ".failed", ".log", ".done", ".csv"};
    char src[PATH_MAX + 64], dst[PATH_MAX];
    snprintf(src, sizeof src, "%s/" STUDY_CELL_DIR "/%s.csv", from, c->id);
    int done = cs_is_own_file(src);
    snprintf(src, sizeof src, "%s/" STUDY_CELL_DIR "/%s.failed", from, c->id);
    if (!done && !cs_is_own_file(src)) return 0;
    for (int i = 0; i < STUDY_TRACED_FILES + 5; i++) {
        const char *sfx =
            i < STUDY_TRACED_FILES ? study_traced_files[i] : last[i - STUDY_TRACED_FILES];
        snprintf(src, sizeof src, "%s/" STUDY_CELL_DIR "/%s%s", from, c->id, sfx);
        plan_cell_path(p, c, sfx, dst, sizeof dst);
        if (cs_is_own_file(src) && cs_out_copy(src, dst) != 0) return 0;
    }
    return done;
}

/* Copies the study's platforms (folder `from`/platforms: their files, descriptions and machine
 * profile) into OUT/platforms, so that OUT holds the whole study. 0, or -1 after an error
 * line. */
static int merge_platforms(const char *from, const char *out)
{
    char src[PATH_MAX + NAME_MAX + 32], dst[PATH_MAX + NAME_MAX + 32];
    snprintf(src, sizeof src, "%s/" STUDY_PLATFORM_DIR, from);
    snprintf(dst, sizeof dst, "%s/" STUDY_PLATFORM_DIR, out);
    if (cs_same_file(src, dst)) return 0;
    struct dirent **e;
    int n = scandir(src, &e, NULL, alphasort), rc = n < 0 || study_mkdir_p(dst) != 0 ? -1 : 0;
    if (rc != 0) cs_error("cannot copy the platforms of '%s' into '%s'", from, dst);
    for (int i = 0; i < n; i++) {
        snprintf(src, sizeof src, "%s/" STUDY_PLATFORM_DIR "/%s", from, e[i]->d_name);
        snprintf(dst, sizeof dst, "%s/" STUDY_PLATFORM_DIR "/%s", out, e[i]->d_name);
        if (rc == 0 && e[i]->d_name[0] != '.' && cs_is_own_file(src) &&
            cs_out_copy(src, dst) != 0) {
            cs_error("cannot write '%s'", dst);
            rc = -1;
        }
        free(e[i]);
    }
    if (n >= 0) free(e);
    return rc;
}

/* 0 when the files a and b have the same bytes. */
static int same_file(const char *a, const char *b)
{
    FILE *x = fopen(a, "rb"), *y = fopen(b, "rb");
    int ca = 0, cb = 0, rc = x == NULL || y == NULL;
    while (rc == 0 && (ca = getc(x)) == (cb = getc(y)) && ca != EOF) {
    }
    if (rc == 0) rc = ca != cb;
    if (x) fclose(x);
    if (y) fclose(y);
    return rc;
}

int merge_main(int argc, char **argv)
{
    const char *out = NULL, *dirs[STUDY_MAX_MERGE];
    int n = 0;
    const struct cs_opt table[] = {{"out", CS_OPT_STR, &out, NULL}, {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, merge_usage, dirs, STUDY_MAX_MERGE, &n);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (n == 0) {
        cs_error("merge needs the study's folders (see 'collsim merge --help')");
        return 2;
    }
    /* the report's plots name OUT's files (the first DIR by default) */
    if (cs_gnuplot_path_check(out != NULL ? "--out" : "DIR", out != NULL ? out : dirs[0]) != 0 ||
        cs_gnuplot_limit() < 0)
        return 2;
    struct study_plan *p = cs_calloc(1, sizeof *p);
    snprintf(p->out, sizeof p->out, "%s", dirs[0]);
    rc = plan_load(p, dirs[0]);
    char a[PATH_MAX + 16], b[PATH_MAX + 16];
    snprintf(a, sizeof a, "%s/" STUDY_SPEC_FILE, dirs[0]);
    for (int i = 1; i < n && rc == 0; i++) {
        snprintf(b, sizeof b, "%s/" STUDY_SPEC_FILE, dirs[i]);
        if (same_file(a, b) != 0) {
            cs_error("'%s' is not the study of '%s' (their %s differ)", dirs[i], dirs[0],
                     STUDY_SPEC_FILE);
            rc = 2;
        }
    }
    if (rc == 0 && out != NULL) {
        snprintf(p->out, sizeof p->out, "%s", out);
        snprintf(b, sizeof b, "%s/" STUDY_CELL_DIR, out);
        snprintf(a, sizeof a, "%s/" STUDY_SPEC_FILE, dirs[0]);
        if (study_mkdir_p(b) != 0) {
            cs_error("cannot create output directory '%s'", b);
            rc = 1;
        } else {
            snprintf(b, sizeof b, "%s/" STUDY_SPEC_FILE, out);
            if (cs_out_copy(a, b) != 0 || merge_platforms(dirs[0], out) != 0) rc = 1;
        }
    }
    if (rc == 0 && record_lock(p, 0) != 0) rc = 1;
    for (int c = 0; c < p->ncell && rc == 0; c++)
        for (int i = 0; i < n && !record_done(p, &p->cell[c]); i++)
            if (strcmp(dirs[i], p->out) != 0) merge_cell(p, &p->cell[c], dirs[i]);
    if (rc == 0) rc = report_write(p);
    if (rc == 0 && p->missing + p->untrusted > 0) {
        cs_error("%d cells have no result in the folders given, or none that matches its record "
                 "(the summaries name them)",
                 p->missing + p->untrusted);
        rc = 1;
    }
    plan_free(p);
    free(p);
    return rc;
}
