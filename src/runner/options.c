/* options.c: the runner's command line and the algorithms it names: --algo's list, the
 * default, --algo-file's shared object, the library names (mpilib.h) resolved per size, and
 * the algorithms that fit the run's topology. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "coll.h"
#include "mpilib.h"
#include "runner.h"
#include "topology.h"
#include "util.h"

/* Marks which algorithms --algo names itself (not only through "all"). */
static void mark_named(struct options *o, const char *algos)
{
    char *raw = cs_strdup(algos);
    for (char *t = strtok(raw, ","); t != NULL; t = strtok(NULL, ",")) {
        if (strcmp(t, "all") == 0) o->all = 1;
        for (int i = 0; i < o->nalgos; i++)
            if (strcmp(o->algos[i].name, t) == 0) o->algos[i].named = 1;
    }
    free(raw);
}

/* Fills o->algos from the --algo list. 0, or -1 after an error line from rank 0. */
static int resolve_algos(struct options *o, const char *algos, int rank)
{
    char bad[128];
    char *list = coll_expand(o->a.coll, algos, bad, sizeof bad);
    if (list == NULL) {
        if (rank == 0) coll_unknown_algo(o->a.coll, bad);
        return -1;
    }
    int rc = 0;
    for (char *t = strtok(list, ","); t != NULL && rc == 0; t = strtok(NULL, ",")) {
        if (o->nalgos == MAX_ALGOS) {
            if (rank == 0) cs_error("too many algorithms (at most %d)", MAX_ALGOS);
            rc = -1;
            break;
        }
        struct algo *a = &o->algos[o->nalgos++];
        snprintf(a->name, sizeof a->name, "%s", t);
        a->info = algo_find(o->a.coll, t);
        a->lib = mpilib_of(t) >= 0;
        a->fn = a->lib ? NULL : coll_resolve(o->a.coll, t);
        if (a->fn == NULL && !a->lib) {
            if (rank == 0) cs_error("algorithm '%s' is not in this SimGrid library", t);
            rc = -1;
        }
    }
    free(list);
    if (rc == 0) mark_named(o, algos);
    return rc;
}

/* A copy of the shared object `so` of its own for this rank, in TMPDIR (smpirun's folder, which
 * collsim removes), into copy. 0, or -1. */
static int copy_object(const char *so, int rank, char *copy, size_t len)
{
    const char *dir = getenv("TMPDIR");
    snprintf(copy, len, "%s/collsim-algo-%d-XXXXXX.so", dir && *dir ? dir : "/tmp", rank);
    int out = mkstemps(copy, 3), in = open(so, O_RDONLY);
    char buf[65536];
    ssize_t n = 0;
    while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n) n = -1;
    if (in >= 0) close(in);
    if (out >= 0 && close(out) == 0 && n == 0) return 0;
    if (out >= 0) unlink(copy);
    return -1;
}

/* Loads collsim_<collective> from --algo-file's shared object (compiled by collsim run,
 * src/run/algofile.c) and adds it as algorithm file:STEM, after the others. Without
 * privatization (smpi.c) all ranks would share one copy of its variables: with
 * --private-copies (it has writable ones) each rank loads a copy of its own, as each MPI
 * process has its own, which is removed once loaded. 0, or -1 after an error line. */
static int add_file_algo(struct options *o, int rank)
{
    char copy[4096], sym[64];
    const char *path = o->a.algo_file, *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (o->nalgos == MAX_ALGOS) {
        if (rank == 0) cs_error("too many algorithms (at most %d)", MAX_ALGOS);
        return -1;
    }
    if (o->a.private_copies && copy_object(o->a.algo_file, rank, copy, sizeof copy) != 0) {
        cs_error("cannot copy '%s' for rank %d: %s", o->a.algo_file, rank, strerror(errno));
        return -1;
    }
    void *h = dlopen(o->a.private_copies ? copy : path, RTLD_NOW | RTLD_LOCAL);
    if (o->a.private_copies) unlink(copy);
    snprintf(sym, sizeof sym, "collsim_%s", coll_infos[o->a.coll].name);
    void *f = h != NULL ? dlsym(h, sym) : NULL;
    if (f == NULL) {
        if (rank == 0) cs_error("cannot load %s from '%s': %s", sym, path, dlerror());
        return -1;
    }
    struct algo *a = &o->algos[o->nalgos++];
    snprintf(a->name, sizeof a->name, "file:%.*s", (int)strcspn(base, "."), base);
    memcpy(&a->fn, &f, sizeof a->fn);
    a->named = a->file = 1;
    return 0;
}

/* The --algo default: binomial, or the collective's first algorithm if it has none. */
static const char *default_algo(enum coll_id coll)
{
    if (algo_find(coll, "binomial") != NULL) return "binomial";
    for (int i = 0; i < algo_count; i++)
        if (algo_infos[i].coll == coll) return algo_infos[i].name;
    return "binomial";
}

int parse_options(int argc, char **argv, struct options *o, int rank)
{
    char err[512];
    memset(o, 0, sizeof *o);
    int rc = runargs_parse(argc, argv, &o->a, err, sizeof err);
    if (rc > 0 && rank == 0) {
        runargs_usage(err, sizeof err);
        fputs(err, stdout);
    } else if (rc < 0 && rank == 0) {
        cs_error("%s", err);
    }
    if (rc != 0) return -1;
    o->driver = coll_driver(o->a.coll);
    if (use_shared(o, rank) != 0) return -1;
    /* with --algo-file and no --algo, only the file's algorithm runs */
    if ((o->a.algos != NULL || o->a.algo_file == NULL) &&
        resolve_algos(o, o->a.algos ? o->a.algos : default_algo(o->a.coll), rank) != 0)
        return -1;
    return o->a.algo_file != NULL ? add_file_algo(o, rank) : 0;
}

/* None for collsim's algorithms, whose calls of one size all take the same simulated time;
 * one for SimGrid's, some of which build communicators in their first call
 * (docs/simulation.md), and for every barrier, whose check needs a call with a late rank
 * (src/coll/barrier). */
int algo_warmup(const struct options *o, const struct algo *algo)
{
    if (o->a.warmup >= 0) return o->a.warmup;
    return (algo->info == NULL && !algo->file) || o->a.coll == COLL_barrier ? 1 : 0;
}

int algo_at(const struct options *o, const struct algo *a, uint64_t bytes, int p, struct algo *now,
            char *err, size_t errlen)
{
    *now = *a;
    if (!a->lib) return 0;
    struct mpilib_pick pick;
    if (mpilib_pick(o->a.coll, a->name, p, bytes, &pick, err, errlen) != 0) return -1;
    mpilib_label(a->name, pick.nothing ? "nothing" : pick.runs, now->name, sizeof now->name);
    now->info = algo_find(o->a.coll, pick.runs);
    now->fn = pick.nothing ? coll_nothing(o->a.coll) : coll_resolve(o->a.coll, pick.runs);
    if (now->fn != NULL) return 0;
    snprintf(err, errlen, "algorithm '%s' is not in this SimGrid library", pick.runs);
    return -1;
}

int check_libs(const struct options *o, const struct world *w)
{
    char err[512];
    struct algo now;
    for (int a = 0; a < o->nalgos; a++)
        for (int s = 0; o->algos[a].lib && s < o->a.sizes.n; s++)
            if (algo_at(o, &o->algos[a], o->a.sizes.v[s], w->p, &now, err, sizeof err) != 0) {
                if (w->rank == 0) cs_error("%s", err);
                return -1;
            }
    return 0;
}

int fit_algos(struct options *o, const struct world *w, int most_per_host)
{
    char why[256];
    for (int a = 0; a < o->nalgos; a++) {
        const struct algo_info *info = o->algos[a].info;
        if (info == NULL || coll_fits(info, &coll_topology, w->p, most_per_host,
                                      coll_topology_placed, why, sizeof why) == 0)
            continue;
        if (o->all && !o->algos[a].named) { /* "all" means all that fit: say what is left out */
            if (w->rank == 0) printf("# not run here: %s (%s)\n", o->algos[a].name, why);
            memmove(&o->algos[a], &o->algos[a + 1],
                    (size_t)(o->nalgos - a - 1) * sizeof o->algos[0]);
            o->nalgos--;
            a--;
            continue;
        }
        if (w->rank == 0) cs_error("algorithm '%s' %s", o->algos[a].name, why);
        return -1;
    }
    return 0;
}
