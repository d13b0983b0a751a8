/* output.c: what rank 0 prints of the run: each algorithm's table header (what runs where,
 * how a call is timed, what is checked), a row per phase, the CSV beside it (format.h) and the
 * progress lines (progress.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "coll.h"
#include "format.h"
#include "progress.h"
#include "runner.h"
#include "util.h"

FILE *open_csv(const struct options *o, int rank)
{
    if (rank != 0 || o->a.csv == NULL) return NULL;
    FILE *csv = fopen(o->a.csv, "w");
    if (csv == NULL) {
        cs_error("cannot write '%s'", o->a.csv);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    cs_result_write_header(csv);
    return csv;
}

/* What print_header says the run checks, into buf: a barrier's order in time (if a warm-up
 * call delays a rank), or the buffers (with --shared-buffers, the bytes checked). */
static void checked_text(const struct options *o, int warm, char *buf, size_t len)
{
    if (o->a.coll == COLL_barrier && warm == 0)
        snprintf(buf, len, "the barrier is not checked: only a warm-up call has a late rank");
    else if (o->a.coll == COLL_barrier)
        snprintf(buf, len, "checked: no rank left a warm-up call before its late rank entered");
    else if (o->a.shared)
        snprintf(buf, len,
                 "every other byte of the first and last %d of every rank's buffer checked "
                 "(--shared-buffers)",
                 COLL_SHARED_SPAN);
    else
        snprintf(buf, len, "every rank's buffer checked");
}

void print_header(const struct options *o, const struct algo *algo, int p)
{
    int rooted = coll_rooted(o->a.coll), warm = algo_warmup(o, algo);
    char root[32] = "", checked[160];
    if (rooted) snprintf(root, sizeof root, ", root %d", o->a.root);
    printf("# collsim %s, algorithm %s, %d processes%s, platform %s, model %s, routing %s\n",
           coll_infos[o->a.coll].name, algo->name, p, root, o->a.platform,
           cs_model_name(o->a.model), cs_routing_name(o->a.routing));
    printf("# time of a call = last rank's exit - %s, on the simulated clock\n",
           rooted ? "root's entry" : "the ranks' common entry");
    checked_text(o, warm, checked, sizeof checked);
    /* the warm-ups of what runs at each size (a barrier's are always 1) */
    if (algo->lib && o->a.warmup < 0 && o->a.coll != COLL_barrier)
        printf("# Avg/Min/Max over %d timed call%s after 0 warm-ups (1 where SimGrid's algorithm "
               "runs); %s\n# %s: the algorithm that runs at each size is named after '='\n",
               o->a.iters, o->a.iters == 1 ? "" : "s", checked, algo->name);
    else
        printf("# Avg/Min/Max over %d timed call%s after %d warm-up%s; %s\n", o->a.iters,
               o->a.iters == 1 ? "" : "s", warm, warm == 1 ? "" : "s", checked);
    printf("# %-10s %14s %14s %14s %11s\n", "Size", "Avg(us)", "Min(us)", "Max(us)", "Iterations");
    fflush(stdout);
}

void report(const struct options *o, const struct algo *algo, uint64_t bytes, int p,
            const struct phase_result *r, FILE *csv)
{
    int valid = r->errors == 0 && r->unreceived == 0 && r->early == 0;
    printf("%-12" PRIu64 " %14.3f %14.3f %14.3f %11d%s%s%s\n", bytes, r->avg * 1e6, r->min * 1e6,
           r->max * 1e6, o->a.iters, valid ? "" : "  INVALID", algo->lib ? "  " : "",
           algo->lib ? algo->name : "");
    fflush(stdout);
    if (csv == NULL) {
        cs_progress_done(algo->name, bytes, r->avg, valid);
        return;
    }
    struct cs_result row = {.np = p,
                            .root = o->a.root,
                            .warmup = algo_warmup(o, algo),
                            .iterations = o->a.iters,
                            .valid = valid,
                            .bytes = bytes,
                            .avg_s = r->avg,
                            .min_s = r->min,
                            .max_s = r->max,
                            .rank_avg_s = r->rank_avg};
    snprintf(row.collective, sizeof row.collective, "%s", coll_infos[o->a.coll].name);
    snprintf(row.algorithm, sizeof row.algorithm, "%s", algo->name);
    snprintf(row.platform, sizeof row.platform, "%s", o->a.platform);
    snprintf(row.model, sizeof row.model, "%s", cs_model_name(o->a.model));
    snprintf(row.routing, sizeof row.routing, "%s", cs_routing_name(o->a.routing));
    cs_result_write(csv, &row);
    fflush(csv); /* collsim run copies each whole row to --csv as the phase ends */
    cs_progress_done(algo->name, bytes, r->avg, valid);
}

int close_csv(const struct options *o, FILE *csv)
{
    if (csv == NULL) return 0;
    int err = ferror(csv) ? (errno ? errno : EIO) : 0;
    if (fclose(csv) != 0 && !err) err = errno;
    if (!err) return 0;
    cs_error("cannot write CSV '%s': %s", o->a.csv, strerror(err));
    return -1;
}
