/* study_rows.c: a results CSV read into the report's rows (study_row), which the report's
 * tables and the study page's tables both read, below both. */
#include <stdlib.h>

#include "format.h"
#include "study.h"

/* Copies the fields the report uses from a results row; -1 if a text does not fit. */
static int take_row(const struct cs_result *in, const struct study_variant *v, int vi,
                    struct study_row *r)
{
    r->np = in->np;
    r->var = vi;
    r->bytes = in->bytes;
    r->avg = in->avg_s;
    r->valid = in->valid;
    snprintf(r->variant, sizeof r->variant, "%s", v->label);
    if (snprintf(r->collective, sizeof r->collective, "%s", in->collective) >=
            (int)sizeof r->collective ||
        snprintf(r->platform, sizeof r->platform, "%s", in->platform) >= (int)sizeof r->platform ||
        snprintf(r->algo, sizeof r->algo, "%s", in->algorithm) >= (int)sizeof r->algo ||
        snprintf(r->model, sizeof r->model, "%s", in->model) >= (int)sizeof r->model)
        return -1;
    return 0;
}

/* The row's names go into the plots' scripts and the page: only the registry's. 0, or -1 with
 * the reason in err. */
static int row_names_known(const struct cs_result *in, const char *path, long line, char *err,
                           size_t len)
{
    int coll = coll_find(in->collective);
    enum cs_model model;
    char why[256];
    if (coll < 0)
        snprintf(err, len, "%s:%ld: unknown collective '%s'", path, line, in->collective);
    else if (!algo_result_known((enum coll_id)coll, in->algorithm))
        snprintf(err, len,
                 "%s:%ld: algorithm '%s' is none of %s's (collsim's, SimGrid's smpi:NAME or an "
                 "MPI library's): not a result collsim wrote",
                 path, line, in->algorithm, in->collective);
    else if (cs_model_parse(in->model, &model, why, sizeof why) != 0)
        snprintf(err, len, "%s:%ld: %s", path, line, why);
    else
        return 0;
    return -1;
}

int study_rows_read(const char *path, const struct study_variant *v, int vi,
                    struct study_row **rows, int *n, int *cap)
{
    struct cs_result_reader rd;
    struct cs_result row;
    char err[1200];
    if (cs_result_open(&rd, path, err, sizeof err) != 0) {
        cs_error("%s", err);
        return -1;
    }
    int got;
    while ((got = cs_result_next(&rd, &row, err, sizeof err)) == 1) {
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 256;
            *rows = cs_realloc(*rows, (size_t)*cap * sizeof **rows);
        }
        if (take_row(&row, v, vi, &(*rows)[*n]) != 0) {
            snprintf(err, sizeof err, "%s:%ld: a name is too long", path, rd.line);
            got = -1;
            break;
        }
        if (row_names_known(&row, path, rd.line, err, sizeof err) != 0) {
            got = -1;
            break;
        }
        ++*n;
    }
    cs_result_close(&rd);
    if (got < 0) cs_error("%s", err);
    return got < 0 ? -1 : 0;
}
