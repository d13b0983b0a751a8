/* cmd_tune.c: `collsim tune BEST.csv`: a study's best algorithms handed back to the MPI libraries,
 * as an Open MPI 4.1.x coll/tuned dynamic rules file and an MPICH 4.0.2 tuning JSON file, with
 * collsim's algorithms mapped back to the libraries' numbers and names (mpilib.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "mpilib.h"
#include "registry.h"
#include "segments.h"
#include "util.h"

const char tune_usage[] =
    "Usage: collsim tune BEST.csv [--variant NAME] [--ompi-rules FILE] [--mpich-json FILE]\n"
    "Hands a study's best algorithms (its best.csv: per collective, process count and size the\n"
    "fastest algorithm) back to the MPI libraries: for each collective and process count of the\n"
    "study, the algorithm that was fastest at each size is chosen from that size up to the next.\n"
    "  --ompi-rules FILE  an Open MPI 4.1.x coll/tuned dynamic rules file; use it with\n"
    "                     mpirun --mca coll_tuned_use_dynamic_rules 1\n"
    "                     --mca coll_tuned_dynamic_rules_filename FILE\n"
    "  --mpich-json FILE  an MPICH 4.0.2 tuning file; use it with\n"
    "                     MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=FILE\n"
    "  --variant NAME     the study variant (platform) to take when best.csv has several\n"
    "An algorithm the library does not have (or runs differently at that size) is refused with\n"
    "a message; nothing is written then. docs/mpi-libraries.md has the mapping and the formats.\n";

/* One row of best.csv that counts: its collective, processes, size and what ran. */
struct tune_row {
    enum coll_id coll;
    int np;
    uint64_t bytes;
    char runs[96]; /* the collsim or SimGrid algorithm (a NAME=RUNS label's RUNS) */
};

struct tune_set {
    struct tune_row *rows;
    int n;
};

/* Cuts a CSV line at commas into at most cap fields; returns the count. */
static int split_fields(char *line, char **f, int cap)
{
    line[strcspn(line, "\r\n")] = '\0';
    int n = 0;
    for (char *p = line; p != NULL && n < cap; n++) {
        f[n] = p;
        if ((p = strchr(p, ',')) != NULL) *p++ = '\0';
    }
    return n;
}

static int row_order(const void *x, const void *y)
{
    const struct tune_row *a = x, *b = y;
    if (a->coll != b->coll) return a->coll < b->coll ? -1 : 1;
    if (a->np != b->np) return a->np < b->np ? -1 : 1;
    return a->bytes < b->bytes ? -1 : a->bytes > b->bytes;
}

enum { F_COLL, F_VARIANT, F_NP, F_BYTES, F_BEST, F_COUNT };

/* The fields of one line into row r (variant into *variant). 0, or -1 with the reason. */
static int decode(char **f, const int *col, struct tune_row *r, const char **variant, char *err,
                  size_t len)
{
    char *end;
    int c = coll_find(f[col[F_COLL]]);
    if (c < 0) {
        snprintf(err, len, "unknown collective '%s'", f[col[F_COLL]]);
        return -1;
    }
    r->coll = (enum coll_id)c;
    r->np = (int)strtol(f[col[F_NP]], &end, 10);
    if (*end != '\0' || r->np < 1) {
        snprintf(err, len, "bad np '%s'", f[col[F_NP]]);
        return -1;
    }
    r->bytes = strtoull(f[col[F_BYTES]], &end, 10);
    if (*end != '\0' || f[col[F_BYTES]][0] == '\0') {
        snprintf(err, len, "bad bytes '%s'", f[col[F_BYTES]]);
        return -1;
    }
    const char *best = f[col[F_BEST]], *eq = strchr(best, '=');
    snprintf(r->runs, sizeof r->runs, "%s", eq ? eq + 1 : best);
    *variant = f[col[F_VARIANT]];
    return 0;
}

/* Maps best.csv's header onto col[] and the column not_run onto *gaps (-1: a best.csv from
 * before it); 0, or -1 with the missing column in err. */
static int map_header(char *line, int *col, int *gaps, char *err, size_t len)
{
    static const char *const names[F_COUNT] = {"collective", "variant", "np", "bytes",
                                               "best_algorithm"};
    char *f[64];
    int n = split_fields(line, f, 64);
    *gaps = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(f[i], "not_run") == 0) *gaps = i;
    for (int c = 0; c < F_COUNT; c++) {
        col[c] = -1;
        for (int i = 0; i < n; i++)
            if (strcmp(f[i], names[c]) == 0) col[c] = i;
        if (col[c] < 0) {
            snprintf(err, len, "no column '%s' (is it a study's best.csv?)", names[c]);
            return -1;
        }
    }
    return 0;
}

/* Adds the rows of `variant` (any, when NULL, but then only one may appear) of an open
 * best.csv to s. 0, or 1 after one error line. */
static int read_rows(FILE *in, const char *path, const char *variant, struct tune_set *s)
{
    char line[4096] = "", err[256], first[256] = "", *f[64];
    int col[F_COUNT], cap = 0, lineno = 1, unsure = 0, gaps;
    if (fgets(line, sizeof line, in) == NULL ||
        map_header(line, col, &gaps, err, sizeof err) != 0) {
        cs_error("%s:1: %s", path, line[0] ? err : "empty");
        return 1;
    }
    while (fgets(line, sizeof line, in) != NULL) {
        struct tune_row r;
        const char *v;
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(in)) { /* the rest would read as a row */
            cs_error("%s:%d: line longer than %zu bytes", path, lineno, sizeof line - 2);
            return 1;
        }
        int n = split_fields(line, f, 64), max = 0;
        for (int c = 0; c < F_COUNT; c++)
            max = col[c] > max ? col[c] : max;
        if (n <= max || decode(f, col, &r, &v, err, sizeof err) != 0) {
            cs_error("%s:%d: %s", path, lineno, n <= max ? "too few fields" : err);
            return 1;
        }
        if (variant != NULL && strcmp(v, variant) != 0) continue;
        if (variant == NULL && first[0] && strcmp(first, v) != 0) {
            cs_error("%s has the variants '%s' and '%s': choose one with --variant", path, first,
                     v);
            return 1;
        }
        snprintf(first, sizeof first, "%s", v);
        if (r.runs[0] == '\0') continue; /* no valid row at this size */
        if (gaps >= 0 && gaps < n && f[gaps][0] != '\0' && unsure++ == 0)
            cs_note("%s:%d: %s did not run there; the choice is among the algorithms that "
                    "did (the column not_run names such cells)",
                    path, lineno, f[gaps]);
        if (s->n == cap)
            s->rows = cs_realloc(s->rows, (size_t)(cap = cap * 2 + 16) * sizeof *s->rows);
        s->rows[s->n++] = r;
    }
    return 0;
}

/* best.csv at path into s, sorted by collective, processes and size. 0, or 1 after one error
 * line. */
static int tune_read(const char *path, const char *variant, struct tune_set *s)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        cs_error("cannot read '%s'", path);
        return 1;
    }
    int rc = read_rows(in, path, variant, s);
    fclose(in);
    if (rc == 0 && s->n == 0) {
        cs_error("%s has no best algorithm%s%s", path, variant ? " of variant " : "",
                 variant ? variant : "");
        rc = 1;
    }
    if (rc == 0) qsort(s->rows, (size_t)s->n, sizeof *s->rows, row_order);
    return rc;
}

/* ---- Open MPI ---- */

/* One message rule: Open MPI's algorithm and segment size for row r. 0, or -1 with the
 * reason in err: no such algorithm, or Open MPI would run another one at this size. */
static int ompi_rule(const struct tune_row *r, int *alg, long *segsize, char *err, size_t len)
{
    char word[16];
    struct mpilib_pick pick;
    if (r->coll == COLL_scan) { /* coll_tuned_decision_dynamic.c, v4.1.4 */
        snprintf(err, len,
                 "Open MPI's rules file looks the scan up by the communicator's size "
                 "alone, not the message's: collsim tune writes no scan rules");
        return -1;
    }
    if (ompi_coll_id(r->coll) < 0) {
        snprintf(err, len, "Open MPI's coll/tuned has no %s", coll_infos[r->coll].name);
        return -1;
    }
    if ((*alg = ompi_number_of(r->coll, r->runs, err, len)) < 0) return -1;
    snprintf(word, sizeof word, "%d", *alg);
    if (ompi_pick(r->coll, word, r->np, r->bytes, &pick, err, len) != 0) return -1;
    if (strcmp(pick.runs, r->runs) != 0) {
        snprintf(err, len,
                 "Open MPI's %s %d (%s) runs as %s on %d processes at %" PRIu64 " bytes, not as %s",
                 coll_infos[r->coll].name, *alg, pick.libname, pick.runs, r->np, r->bytes, r->runs);
        return -1;
    }
    /* collsim's pipelines cut their own segments: the same segment size for Open MPI */
    *segsize = 0;
    if (strcmp(r->runs, "pipeline_chain") == 0 && r->bytes > 0)
        *segsize = r->coll == COLL_bcast
                       ? coll_segment_size((long)r->bytes, r->np)
                       : (long)((r->bytes + (uint64_t)coll_reduce_segments((int)r->bytes, 1) - 1) /
                                (uint64_t)coll_reduce_segments((int)r->bytes, 1));
    return 0;
}

/* The rows [from, to) of one collective and process count, with the same rule as the row
 * before (algorithm and segment size; or the same message size) left out. Writes them, or
 * only counts them when f is NULL. The count, or -1 after one error line. */
static int ompi_rules(const struct tune_row *rows, int from, int to, FILE *f)
{
    char err[512];
    int n = 0, last_alg = -1;
    long last_seg = -1;
    uint64_t last_msg = 0;
    for (int i = from; i < to; i++) {
        int alg;
        long seg;
        if (ompi_rule(&rows[i], &alg, &seg, err, sizeof err) != 0) {
            cs_error("%s, %d processes, %" PRIu64 " bytes: %s", coll_infos[rows[i].coll].name,
                     rows[i].np, rows[i].bytes, err);
            return -1;
        }
        uint64_t msg = n == 0 ? 0 : ompi_rule_msgsize(rows[i].coll, rows[i].np, rows[i].bytes);
        if (n > 0 && ((alg == last_alg && seg == last_seg) || msg == last_msg)) continue;
        if (f != NULL)
            fprintf(f, "%" PRIu64 " %d 0 %ld  # from %" PRIu64 " B: %s\n", msg, alg, seg,
                    rows[i].bytes, rows[i].runs);
        n++, last_alg = alg, last_seg = seg, last_msg = msg;
    }
    return n;
}

/* The end of the run of rows from i with the same collective (and process count if np). */
static int run_end(const struct tune_set *s, int i, int np)
{
    int j = i;
    while (j < s->n && s->rows[j].coll == s->rows[i].coll &&
           (!np || s->rows[j].np == s->rows[i].np))
        j++;
    return j;
}

/* The rules file of s into f. 0, or 1 after one error line. */
static int write_ompi(const struct tune_set *s, const char *source, FILE *f)
{
    int ncoll = 0;
    for (int i = 0; i < s->n; i = run_end(s, i, 0))
        ncoll++;
    fprintf(f,
            "# Open MPI 4.1.x coll/tuned dynamic rules (format version 1), written by collsim "
            "tune from %s\n# mpirun --mca coll_tuned_use_dynamic_rules 1 --mca "
            "coll_tuned_dynamic_rules_filename FILE\n# rule: message size, algorithm, "
            "fan-in/out, segment size\n%d  # collectives\n",
            source, ncoll);
    for (int i = 0; i < s->n; i = run_end(s, i, 0)) {
        int end = run_end(s, i, 0), nsizes = 0;
        for (int j = i; j < end; j = run_end(s, j, 1))
            nsizes++;
        fprintf(f, "%d  # %s\n%d  # process counts\n", ompi_coll_id(s->rows[i].coll),
                coll_infos[s->rows[i].coll].name, nsizes);
        for (int j = i; j < end; j = run_end(s, j, 1)) {
            int n = ompi_rules(s->rows, j, run_end(s, j, 1), NULL);
            if (n < 0) return 1;
            fprintf(f, "%d  # processes\n%d  # message rules\n", s->rows[j].np, n);
            ompi_rules(s->rows, j, run_end(s, j, 1), f);
        }
    }
    return 0;
}

/* ---- MPICH ---- */

/* The JSON of one collective's process count, rows [from, to): a size condition per change
 * of algorithm, each size's choice holding up to the next size, the last for any size. 0, or
 * -1 after one error line. */
static int mpich_sizes(const struct tune_row *rows, int from, int to, FILE *f)
{
    char name[128], next_name[128], err[512];
    for (int i = from; i < to; i++) {
        if (mpich_json_name(rows[i].coll, rows[i].runs, name, sizeof name, err, sizeof err) != 0) {
            cs_error("%s, %d processes, %" PRIu64 " bytes: %s", coll_infos[rows[i].coll].name,
                     rows[i].np, rows[i].bytes, err);
            return -1;
        }
        uint64_t v, next;
        const char *key = mpich_size_key(rows[i].coll, rows[i].np, rows[i].bytes, &v);
        if (key == NULL) { /* no size to choose by (barrier): the smallest size's choice */
            fprintf(f, "        \"algorithm=%s\": {}\n", name);
            return 0;
        }
        if (i + 1 == to) {
            fprintf(f, "        \"%s=any\": {\"algorithm=%s\": {}}\n", key, name);
            return 0;
        }
        if (mpich_json_name(rows[i + 1].coll, rows[i + 1].runs, next_name, sizeof next_name, err,
                            sizeof err) == 0 &&
            strcmp(next_name, name) == 0)
            continue; /* the next size's condition covers this one */
        mpich_size_key(rows[i].coll, rows[i].np, rows[i + 1].bytes, &next);
        fprintf(f, "        \"%s<=%" PRIu64 "\": {\"algorithm=%s\": {}},\n", key, next - 1, name);
    }
    return 0;
}

/* The tuning file of s into f. 0, or 1 after one error line. */
static int write_mpich(const struct tune_set *s, FILE *f)
{
    fprintf(f, "{\n");
    for (int i = 0; i < s->n; i = run_end(s, i, 0)) {
        int end = run_end(s, i, 0);
        fprintf(f, "  \"collective=%s\": {\n    \"comm_type=intra\": {\n",
                coll_infos[s->rows[i].coll].name);
        for (int j = i; j < end; j = run_end(s, j, 1)) {
            int last = run_end(s, j, 1) == end;
            if (last)
                fprintf(f, "      \"comm_size=any\": {\n");
            else
                fprintf(f, "      \"comm_size<=%d\": {\n", s->rows[run_end(s, j, 1)].np - 1);
            if (mpich_sizes(s->rows, j, run_end(s, j, 1), f) != 0) return 1;
            fprintf(f, "      }%s\n", last ? "" : ",");
        }
        fprintf(f, "    }\n  }%s\n", end == s->n ? "" : ",");
    }
    fprintf(f, "}\n");
    return 0;
}

/* Writes the output of library lib; 0, or 1 after one error line (nothing is left at path). */
static int write_file(const char *path, const struct tune_set *s, const char *source, int lib)
{
    struct cs_out out;
    FILE *f = cs_out_open(&out, path);
    if (f == NULL) {
        cs_error("cannot write '%s'", path);
        return 1;
    }
    int rc = lib == MPILIB_OMPI ? write_ompi(s, source, f) : write_mpich(s, f);
    if (cs_out_commit(&out, rc == 0) != 0 && rc == 0) {
        cs_error("cannot write '%s'", path);
        rc = 1;
    }
    return rc;
}

int tune_main(int argc, char **argv)
{
    const char *variant = NULL, *ompi = NULL, *mpich = NULL, *pos[1];
    int npos = 0;
    const struct cs_opt table[] = {{"variant", CS_OPT_STR, &variant, NULL},
                                   {"ompi-rules", CS_OPT_STR, &ompi, NULL},
                                   {"mpich-json", CS_OPT_STR, &mpich, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, tune_usage, pos, 1, &npos);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (npos != 1 || (ompi == NULL && mpich == NULL)) {
        cs_error(npos != 1 ? "give a study's best.csv"
                           : "give --ompi-rules FILE, --mpich-json "
                             "FILE or both");
        return 2;
    }
    const char *names[] = {"BEST.csv", "--ompi-rules", "--mpich-json"},
               *paths[] = {pos[0], ompi, mpich};
    if ((ompi && cs_out_check("rules file", ompi) != 0) ||
        (mpich && cs_out_check("tuning file", mpich) != 0) || cs_out_distinct(names, paths, 3, 1))
        return 2;
    struct tune_set s = {NULL, 0};
    rc = tune_read(pos[0], variant, &s);
    /* every mapping is checked before anything is written */
    FILE *null = rc == 0 ? fopen("/dev/null", "w") : NULL;
    if (rc == 0 && ompi != NULL) rc = write_ompi(&s, pos[0], null);
    if (rc == 0 && mpich != NULL) rc = write_mpich(&s, null);
    if (null != NULL) fclose(null);
    if (rc == 0 && ompi != NULL) rc = write_file(ompi, &s, pos[0], MPILIB_OMPI);
    if (rc == 0 && mpich != NULL) rc = write_file(mpich, &s, pos[0], MPILIB_MPICH);
    free(s.rows);
    return rc;
}
