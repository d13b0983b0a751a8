/* cmd_tune.c: `collsim tune BEST.csv`: a study's best algorithms handed back to the MPI libraries,
 * as an Open MPI 4.1.x coll/tuned dynamic rules file and an MPICH 4.0.2 tuning JSON file, with
 * collsim's algorithms mapped back to the libraries' numbers and names (mpilib.h). */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "machine.h"
#include "mpilib.h"
#include "registry.h"
#include "segments.h"
#include "tune.h"
#include "util.h"

const char tune_usage[] =
    "Usage: collsim tune RESULTS.csv [--variant NAME[,NAME...]] [--ompi-rules FILE]\n"
    "                    [--mpich-json FILE]\n"
    "Hands a study's times back to the MPI libraries: for each collective, process count and\n"
    "size, the fastest of the algorithms that library has, from that size up to the next.\n"
    "RESULTS.csv is a study's best.csv (then its summary.csv beside it gives every algorithm's\n"
    "times; without it, the fastest and second of each size), its summary.csv, or the CSV of\n"
    "`collsim run --csv`. Every variant's process counts go into one file; two variants with\n"
    "the same collective and process count need --variant. Where an algorithm the library lacks\n"
    "was faster, the console says so once per collective and process count, and the rules\n"
    "file has a comment at the size saying by how much.\n"
    "  --ompi-rules FILE  an Open MPI 4.1.x coll/tuned dynamic rules file; use it with\n"
    "                     mpirun --mca coll_tuned_use_dynamic_rules 1\n"
    "                     --mca coll_tuned_dynamic_rules_filename FILE\n"
    "  --mpich-json FILE  an MPICH 4.0.2 tuning file; use it with\n"
    "                     MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=FILE\n"
    "  --variant NAMES    the study variants (comma-separated) to take\n"
    "A file whose library has none of the study's algorithms is refused with a message; nothing\n"
    "is written then. docs/mpi-libraries.md has the mapping and the formats.\n";

/* ---- Open MPI ---- */

/* One message rule: Open MPI's algorithm and segment size for row r. 0, or -1 with the
 * reason in err: no such algorithm, or Open MPI would run another one at this size. */
static int ompi_rule(const struct tune_row *r, int *alg, long *segsize, char *err, size_t len)
{
    char word[16];
    struct mpilib_pick pick;
    if (r->coll == COLL_scan || r->coll == COLL_exscan) { /* coll_tuned_decision_dynamic.c */
        snprintf(err, len,
                 "Open MPI's rules file looks the %s up by the communicator's size alone, not "
                 "the message's: collsim tune writes no rules for it",
                 coll_infos[r->coll].name);
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

/* tune_has_fn for Open MPI: ompi_rule maps c. */
static int ompi_has(const struct tune_cand *c, char *err, size_t len)
{
    struct tune_row r = {c->coll, c->np, c->bytes, "", ""};
    int alg;
    long seg;
    snprintf(r.runs, sizeof r.runs, "%s", c->runs);
    return ompi_rule(&r, &alg, &seg, err, len);
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
        if (f != NULL && rows[i].note[0])
            fprintf(f, "# at %" PRIu64 " B: %s\n", rows[i].bytes, rows[i].note);
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
/* How far the times of the study at csv can be trusted, into out: the validation of the
 * machine profile its folder holds (platforms/machine.machine), or that it ran on the clean
 * network. Any line end is made a space (the rules file has it as a comment). */
static void trust_of(const char *csv, char *out, size_t len)
{
    const char *slash = strrchr(csv, '/');
    char path[PATH_MAX], err[1024];
    snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - csv + 1) : 0, csv,
             "platforms/machine.machine");
    struct machine *m = cs_calloc(1, sizeof *m);
    if (access(path, R_OK) == 0 && machine_read(path, m, err, sizeof err) == 0)
        machine_validation_line(m, out, len);
    else
        snprintf(out, len,
                 "no machine profile beside %s: the clean network's times, an "
                 "idealised network with no software cost per message",
                 csv);
    free(m);
    for (char *c = out; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
}

static int write_ompi(const struct tune_set *s, const char *source, FILE *f)
{
    char trust[1200];
    trust_of(source, trust, sizeof trust);
    fprintf(f, "# the times, written by collsim tune: %s\n", trust);
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

/* tune_has_fn for MPICH: the algorithm has a name in its tuning files. */
static int mpich_has(const struct tune_cand *c, char *err, size_t len)
{
    char name[128];
    return mpich_json_name(c->coll, c->runs, name, sizeof name, err, len);
}

/* Row i's MPICH name into name; 0, or -1 after one error line. */
static int mpich_name(const struct tune_row *r, char *name, size_t len)
{
    char err[512];
    if (mpich_json_name(r->coll, r->runs, name, len, err, sizeof err) == 0) return 0;
    cs_error("%s, %d processes, %" PRIu64 " bytes: %s", coll_infos[r->coll].name, r->np, r->bytes,
             err);
    return -1;
}

/* The JSON of one collective's process count, rows [from, to): a size condition per change
 * of algorithm, each size's choice holding up to the next size, the last for any size; a
 * threshold past 2^31 - 1, which MPICH 4.0.2 reads with atoi, is cut to it, and the last
 * size's choice holds above (said on the console when `say`). 0, or -1 after one error line. */
static int mpich_sizes(const struct tune_row *rows, int from, int to, FILE *f, int say)
{
    char name[128], next_name[128];
    for (int i = from; i < to; i++) {
        if (mpich_name(&rows[i], name, sizeof name) != 0) return -1;
        if (rows[i].note[0]) /* MPICH's JSON reader (json-c) takes C comments */
            fprintf(f, "        /* at %" PRIu64 " B: %s */\n", rows[i].bytes, rows[i].note);
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
        if (mpich_name(&rows[i + 1], next_name, sizeof next_name) != 0) return -1;
        if (strcmp(next_name, name) == 0) continue; /* the next size's condition covers this */
        mpich_size_key(rows[i].coll, rows[i].np, rows[i + 1].bytes, &next);
        if (next - 1 > INT_MAX) {
            if (say)
                cs_note("MPICH, %s on %d processes: %s above 2^31 - 1 cannot be read by MPICH: "
                        "the rule of %" PRIu64 " B holds up to it, that of %" PRIu64 " B above",
                        coll_infos[rows[i].coll].name, rows[i].np, key, rows[i].bytes,
                        rows[to - 1].bytes);
            fprintf(f, "        \"%s<=%d\": {\"algorithm=%s\": {}},\n", key, INT_MAX, name);
            i = to - 2; /* the last size's choice for any size above */
            continue;
        }
        fprintf(f, "        \"%s<=%" PRIu64 "\": {\"algorithm=%s\": {}},\n", key, next - 1, name);
    }
    return 0;
}

/* The tuning file of s into f. 0, or 1 after one error line. */
static int write_mpich(const struct tune_set *s, FILE *f, int say)
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
            if (mpich_sizes(s->rows, j, run_end(s, j, 1), f, say) != 0) return 1;
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
    int rc = lib == MPILIB_OMPI ? write_ompi(s, source, f) : write_mpich(s, f, 1);
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
    struct tune_cands c = {NULL, 0};
    struct tune_set so = {NULL, 0}, sm = {NULL, 0};
    rc = tune_load(pos[0], variant, &c);
    if (rc == 0 && ompi != NULL)
        rc = tune_choose(&c, "Open MPI", ompi_has, OMPI_PREFIX "default", &so);
    if (rc == 0 && mpich != NULL)
        rc = tune_choose(&c, "MPICH", mpich_has, MPICH_PREFIX "default", &sm);
    /* every mapping is checked before anything is written */
    FILE *null = rc == 0 ? fopen("/dev/null", "w") : NULL;
    if (rc == 0 && ompi != NULL) rc = write_ompi(&so, pos[0], null);
    if (rc == 0 && mpich != NULL) rc = write_mpich(&sm, null, 0);
    if (null != NULL) fclose(null);
    if (rc == 0 && ompi != NULL) rc = write_file(ompi, &so, pos[0], MPILIB_OMPI);
    if (rc == 0 && mpich != NULL) rc = write_file(mpich, &sm, pos[0], MPILIB_MPICH);
    if (rc == 0) {
        char trust[1200];
        trust_of(pos[0], trust, sizeof trust);
        cs_note("the times: %s", trust);
    }
    free(c.v);
    free(so.rows);
    free(sm.rows);
    return rc;
}
