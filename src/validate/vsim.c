/* vsim.c: the measured calls simulated: for every node count and placement the profile's
 * platform (`collsim platform --machine`), and for every cell one `collsim run` of Open MPI's
 * algorithm at the cell's sizes, its avg_s (OSU's Max: the last rank's exit) and rank_avg_s
 * (OSU's Avg) read back (validate.h). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpilib.h"
#include "out.h"
#include "platform.h"
#include "registry.h"
#include "run.h"
#include "units.h"
#include "util.h"
#include "validate.h"

/* The platform of n nodes of the profile placed by `placement`, dir/N-PLACEMENT.xml into
 * xml. 0, or the failure's reason in why. */
static int platform_of(const char *profile, const char *dir, int nodes, const char *placement,
                       char *xml, size_t len, char *why, size_t wlen)
{
    snprintf(xml, len, "%s/%d-%s.xml", dir, nodes, placement);
    FILE *probe = fopen(xml, "r");
    if (probe != NULL) return fclose(probe), 0; /* made for an earlier cell */
    struct platform_request q;
    platform_defaults(&q);
    q.machine = profile, q.nodes = nodes, q.given[PLATFORM_NODES] = 1;
    q.map_by = placement, q.out = xml;
    if (machine_gen_write(&q) == 0) return 0;
    snprintf(why, wlen, "no platform of %d nodes placed by %s (the error above)", nodes, placement);
    return -1;
}

/* The simulated times of the run's CSV at path into c's points. 0, or -1. */
static int read_times(const char *path, struct vcell *c)
{
    FILE *in = fopen(path, "r");
    char line[4096], *f[64];
    int col[3] = {-1, -1, -1}, rc = in != NULL ? 0 : -1;
    static const char *const names[3] = {"bytes", "avg_s", "rank_avg_s"};
    for (long k = 0; rc == 0 && fgets(line, sizeof line, in) != NULL; k++) {
        line[strcspn(line, "\r\n")] = '\0';
        int n = vt_split_csv(line, f, 64);
        for (int j = 0; k == 0 && j < 3; j++)
            for (int i = 0; i < n; i++)
                if (strcmp(f[i], names[j]) == 0) col[j] = i;
        if (k == 0 || col[0] < 0 || col[1] < 0 || col[2] < 0 || n <= col[2]) continue;
        uint64_t bytes;
        double max, avg; /* a row whose numbers are not the runner's is no point ("-1" bytes
                          * wrapped to 2^64 - 1 in strtoull, garbage read as 0 s) */
        if (cs_num_whole(f[col[0]], CS_MAX_BYTES, &bytes) != 0 ||
            cs_num_real(f[col[1]], 0, CS_TIME_MAX, &max) != 0 ||
            cs_num_real(f[col[2]], 0, CS_TIME_MAX, &avg) != 0)
            continue;
        for (int i = 0; i < c->n; i++)
            if (c->p[i].bytes == bytes)
                c->p[i].sim_max_us = max * 1e6, c->p[i].sim_avg_us = avg * 1e6;
    }
    if (in != NULL) fclose(in);
    return rc;
}

/* Open MPI's name of c's algorithm ("ompi:N", "ompi:default") into name, checked against
 * the registry. 0, or -1 with the reason in c->failed. */
static int algo_name(struct vcell *c, enum coll_id *id, char *name, size_t len)
{
    char err[256];
    if (coll_parse(c->coll, id, err, sizeof err) != 0) {
        snprintf(c->failed, sizeof c->failed, "unknown collective '%s'", c->coll);
        return -1;
    }
    if (c->algorithm == 0)
        snprintf(name, len, "ompi:default");
    else
        snprintf(name, len, "ompi:%d", c->algorithm);
    if (mpilib_known(*id, name)) return 0;
    snprintf(c->failed, sizeof c->failed, "Open MPI has no %s algorithm %d", c->coll, c->algorithm);
    return -1;
}

/* One run of c's algorithm at the sizes of c's points from..to-1 whose simulated time is
 * missing, its CSV at csv; the times read back into c. 0, or -1 when the run failed. */
static int run_sizes(struct vcell *c, const char *profile, const char *xml, const char *csv,
                     int limit, const char *name, enum coll_id id, int from, int to)
{
    struct run_request r;
    run_defaults(&r);
    r.platform = xml, r.np = c->np, r.csv = csv, r.quiet = 1, r.machine = profile;
    r.args.coll = id, r.args.algos = name;
    r.time_limit = limit, r.time_limit_given = 1;
    r.args.sizes.n = 0;
    for (int i = from; i < to; i++)
        if (isnan(c->p[i].sim_max_us)) r.args.sizes.v[r.args.sizes.n++] = c->p[i].bytes;
    if (r.args.sizes.n == 0) return 0;
    int rc = run_execute(&r);
    read_times(csv, c); /* a failed run keeps the rows that finished */
    return rc == 0 ? 0 : -1;
}

/* Runs cell c on platform xml, its CSV at csv: all its sizes in one run, and where that
 * fails each size still missing alone (SimGrid's solver can fail on one size of a run and
 * not on the next, docs/simulation.md). 0 when every size ran, else -1 with the reason in
 * c->failed (the sizes that did run keep their times). */
static int run_cell(struct vcell *c, const char *profile, const char *xml, const char *csv,
                    int limit)
{
    char name[32];
    enum coll_id id;
    if (algo_name(c, &id, name, sizeof name) != 0) return -1;
    if (run_sizes(c, profile, xml, csv, limit, name, id, 0, c->n) == 0) return 0;
    int missing = 0;
    for (int i = 0; i < c->n; i++)
        if (isnan(c->p[i].sim_max_us) &&
            run_sizes(c, profile, xml, csv, limit, name, id, i, i + 1) != 0)
            missing++;
    if (missing == 0) return 0;
    snprintf(c->failed, sizeof c->failed, "%d of %d sizes failed to simulate (the errors above)",
             missing, c->n);
    return -1;
}

static int by_bytes(const void *a, const void *b)
{
    uint64_t x = ((const struct vpoint *)a)->bytes, y = ((const struct vpoint *)b)->bytes;
    return (x > y) - (x < y);
}

int vt_simulate(struct vtable *t, const char *profile, int time_limit, int progress)
{
    char dir[PATH_MAX], xml[PATH_MAX + 64], csv[PATH_MAX + 16];
    if (cs_temp_dir("validate", dir, sizeof dir) != 0) return -1;
    snprintf(csv, sizeof csv, "%s/run.csv", dir);
    int ran = 0;
    for (int i = 0; i < t->n; i++) {
        struct vcell *c = &t->cell[i];
        qsort(c->p, (size_t)c->n, sizeof c->p[0], by_bytes);
        int ok = platform_of(profile, dir, c->nodes, c->placement, xml, sizeof xml, c->failed,
                             sizeof c->failed) == 0 &&
                 run_cell(c, profile, xml, csv, time_limit) == 0;
        ran += ok;
        if (progress)
            cs_note("validate [%d/%d] %s algorithm %d, %d processes on %d nodes by %s: %s", i + 1,
                    t->n, c->coll, c->algorithm, c->np, c->nodes, c->placement,
                    ok ? "done" : c->failed);
    }
    cs_temp_dir_remove(dir);
    if (ran == 0) cs_error("no measured cell could be simulated");
    return ran > 0 ? 0 : -1;
}
