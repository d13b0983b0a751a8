/* runplan.c: a `collsim run` request checked and made into its plan, once (runplan.h). */
#include "runplan.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choices.h"
#include "mpilib.h"
#include "paths.h"
#include "registry.h"
#include "util.h"

/* The outputs: each writable, none on an input's file, no two on one. 0, or 2 after one
 * error line. */
static int check_outputs(const struct run_request *r)
{
    char hosts[PATH_MAX];
    if (r->hostfile == NULL && cs_hostfile_of(r->platform, hosts, sizeof hosts) != 0) hosts[0] = 0;
    const char *names[] = {"--platform", "--hostfile", "--algo-file",  "--machine",
                           "--trace",    "--csv",      "the analysis", "the analysis CSV"};
    const char *paths[] = {r->platform,  r->hostfile ? r->hostfile : (hosts[0] ? hosts : NULL),
                           r->algo_file, r->machine,
                           r->trace,     r->csv,
                           r->analysis,  r->analysis_csv};
    const char *what[] = {"trace", "CSV", "report", "analysis CSV"};
    for (int i = 0; i < 4; i++)
        if (paths[4 + i] != NULL && cs_out_check(what[i], paths[4 + i]) != 0) return 2;
    if (r->trace != NULL && strcmp(r->trace, "-") == 0) {
        cs_error("--trace needs a file (the trace is repaired after the run)");
        return 2;
    }
    return cs_out_distinct(names, paths, 8, 4) != 0 ? 2 : 0;
}

/* The runner's values that depend on the process count: the root, --topology and
 * --inject-fault. 0, or 2 after one error line. */
static int check_runner_args(const struct runargs *a, int np)
{
    struct coll_topo t;
    char err[256];
    if (a->root >= np) {
        cs_error("--root %d is not a rank of %d processes", a->root, np);
        return 2;
    }
    if (a->topology != NULL && coll_topo_parse_spec(a->topology, &t, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 2;
    }
    if (a->fault_rank >= np) {
        cs_error("bad value '%d:%lld' for --inject-fault (RANK:OFFSET, a rank of %d processes)",
                 a->fault_rank, (long long)a->fault_offset, np);
        return 2;
    }
    return 0;
}

/* Hands --reduce-rate to the algorithms in the environment (COLLSIM_REDUCE_RATE, read in
 * src/registry/env.h). 0, or 1 after an error line. */
static int set_reduce_rate(double rate)
{
    char text[32];
    snprintf(text, sizeof text, "%.17g", rate);
    if (rate <= 0 || setenv("COLLSIM_REDUCE_RATE", text, 1) == 0) return 0;
    cs_error("cannot set the reduction rate: %s", strerror(errno));
    return 1;
}

/* --algo expanded once into pl->algos, and its words that are not SimGrid's into pl->mine.
 * 0, or 2 after one error line (an unknown name). */
static int expand_algos(const struct run_request *r, struct run_plan *pl)
{
    const char *words = pl->args.algos ? pl->args.algos : "";
    size_t used = 0, n = 0;
    pl->mine = cs_strdup(words);
    if (words[0] == '\0') { /* --algo-file alone */
        pl->args.algos = NULL;
        return 0;
    }
    char bad[128], *save, err[512];
    if (cs_list_check(words, ',', "algorithm", 1, err, sizeof err) != 0) {
        cs_error("--algo: %s", err);
        return 2;
    }
    char *list = coll_expand(r->args.coll, words, bad, sizeof bad), *raw = cs_strdup(words);
    if (list == NULL) {
        coll_unknown_algo(r->args.coll, bad);
        free(raw);
        return 2;
    }
    size_t len;
    const char *twice = cs_list_repeat(list, ',', &len);
    if (twice != NULL) {
        cs_error("--algo '%s' names '%.*s' twice ('all' or a library's name includes it)", words,
                 (int)len, twice);
        free(raw), free(list);
        return 2;
    }
    for (const char *c = list; *c; c++)
        n += *c == ',';
    pl->algos = cs_calloc(n + 1, sizeof *pl->algos);
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        struct plan_algo *a = &pl->algos[pl->nalgos++];
        a->name = t; /* list is kept: pl->algos[0].name frees it */
        a->simgrid = strncmp(t, SIMGRID_PREFIX, strlen(SIMGRID_PREFIX)) == 0;
        pl->nmine += !a->simgrid;
    }
    for (char *t = strtok_r(raw, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save))
        if (strncmp(t, SIMGRID_PREFIX, strlen(SIMGRID_PREFIX)) != 0)
            used += (size_t)sprintf(pl->mine + used, "%s%s", used ? "," : "", t);
    pl->mine[used] = '\0';
    free(raw);
    return 0;
}

/* Every MPI library name of the plan resolved (mpilib_pick) at each size, as the runner will:
 * 0, or 2 after one error line (a library algorithm collsim does not have). */
static int check_library_names(const struct run_request *r, const struct run_plan *pl)
{
    char err[512];
    struct mpilib_pick pick;
    for (int a = 0; a < pl->nalgos; a++)
        for (int s = 0; mpilib_of(pl->algos[a].name) >= 0 && s < r->args.sizes.n; s++)
            if (mpilib_pick(r->args.coll, pl->algos[a].name, pl->np, r->args.sizes.v[s], &pick, err,
                            sizeof err) != 0) {
                cs_error("%s", err);
                return 2;
            }
    return 0;
}

/* The memory estimate, and the refusal of a run whose buffers and SimGrid's per-process cost
 * exceed this machine's memory, naming the largest size that fits. 0, or 2 after one error
 * line. */
static int check_memory(const struct run_request *r, struct run_plan *pl)
{
    struct plan_memory *m = &pl->memory;
    char need[32], have[32], fit[32], most[32];
    /* shared buffers: the ranks' own scratch buffers and SimGrid's cost per process */
    uint64_t max = cs_sizes_max(&r->args.sizes);
    smpi_memory_terms(r->args.coll, pl->np, r->args.shared, &m->per_m, &m->base, &m->total);
    m->want = m->base + m->per_m * (double)max;
    if (m->total <= 0 || m->want <= m->total) return 0;
    cs_human_bytes(m->want, need, sizeof need);
    cs_human_bytes(m->total, have, sizeof have);
    if (m->base >= m->total) {
        cs_error("%d processes need about %s of memory; this machine has %s: use fewer (--np)",
                 pl->np, need, have);
        return 2;
    }
    cs_human_bytes(m->per_m > 0 ? (m->total - m->base) / m->per_m : m->total, fit, sizeof fit);
    cs_human_bytes((double)max, most, sizeof most);
    cs_error("%d processes with messages of up to %s need about %s of memory; this machine has "
             "%s: use --sizes up to %s or fewer processes (--np)",
             pl->np, most, need, have, fit);
    return 2;
}

/* SimGrid's stack guard pages take two memory mappings a rank: they go when the run would
 * otherwise pass Linux's limit (with a note). A run that passes it even so is refused, with
 * the command that raises the limit and the most ranks that fit. They stay whenever they fit,
 * shared buffers or not: without them SimGrid 3.32 takes its stacks from the heap, which cost
 * 4.8 GB more at 131,072 ranks (docs/simulation.md, "Mappings"). 0, or 2 after one error
 * line. */
static int check_maps(const struct run_request *r, struct run_plan *pl)
{
    struct smpi_maps m;
    smpi_maps_plan(r->args.coll, pl->np, r->args.shared, &m);
    const char *with = r->args.shared ? " with --shared-buffers" : "";
    long limit = smpi_maps_limit();
    pl->guard_off = 0;
    if (limit <= 0 || m.guarded <= (double)limit) return 0;
    pl->guard_off = 1;
    if (m.bare > (double)limit) {
        double fit = m.rank > 0 ? floor((limit - m.base) / m.rank) : 0;
        char most[64] = "; no rank fits under that limit";
        if (fit >= 1) snprintf(most, sizeof most, ", or run at most %.0f ranks", fit);
        cs_error("%d ranks%s need about %.0f memory mappings and Linux allows %ld "
                 "(vm.max_map_count): raise it with 'sudo sysctl -w vm.max_map_count=%ld'%s",
                 pl->np, with, m.bare, limit, smpi_maps_raise(m.bare), most);
        return 2;
    }
    cs_note("%d ranks%s would need about %.0f memory mappings with SimGrid's stack guard "
            "pages, more than Linux's %ld (vm.max_map_count): they are off "
            "(contexts/guard-size:0), so a rank that overflows its stack is not stopped at once "
            "and SimGrid takes more memory a rank; 'sudo sysctl -w vm.max_map_count=%ld' keeps "
            "them",
            pl->np, with, m.guarded, limit, smpi_maps_raise(m.guarded));
    return 0;
}

/* The processes: --np, or every rank the hostfile places (ranks per host each). 0, or the
 * exit status after one error line. */
static int count_processes(const struct run_request *r, struct run_plan *pl, char *given,
                           size_t len)
{
    int nhosts = smpi_hostfile(r->platform, r->hostfile, given, len);
    if (nhosts < 0) return 1;
    int per_host = r->ranks_per_host > 0 ? r->ranks_per_host : 1;
    if ((long)nhosts * per_host > CS_HOSTS_MAX) {
        cs_error("%d hosts with %d ranks each is more than %d processes", nhosts, per_host,
                 CS_HOSTS_MAX);
        return 2;
    }
    nhosts *= per_host;
    pl->np = r->np > 0 ? r->np : nhosts;
    if (pl->np > nhosts) {
        cs_error("--np %d is more than the %d ranks the hostfile '%s' places", pl->np, nhosts,
                 given);
        return 2;
    }
    return 0;
}

/* The trace: the requested one, or for --analyze alone a temporary one; and the temporary
 * files the simulation writes. SimGrid's raw trace and the runner's CSV get plain names:
 * smpirun splits the program's arguments at spaces and expands wildcards in them, so a path
 * such as "my dir/x.csv" would become two arguments (and a stray file "my"). 0 or 1. */
static int choose_files(const struct run_request *r, struct run_plan *pl)
{
    int fd;
    if (r->trace != NULL) {
        snprintf(pl->trace, sizeof pl->trace, "%s", r->trace);
    } else if (r->analysis != NULL) {
        if ((fd = cs_temp_file("trace", pl->trace, sizeof pl->trace)) < 0) return 1;
        close(fd);
        pl->temp_trace = 1;
    }
    if (pl->trace[0]) {
        if ((fd = cs_temp_file("raw", pl->trace_raw, sizeof pl->trace_raw)) < 0) return 1;
        close(fd);
    }
    if (r->csv != NULL) {
        if ((fd = cs_temp_file("csv", pl->csv_tmp, sizeof pl->csv_tmp)) < 0) return 1;
        close(fd);
    }
    return 0;
}

/* --machine's profile read into pl, and what it sets unless the request does: the eager
 * threshold and the reduction rate. 0, or 1 after one error line. */
static int load_machine(const struct run_request *r, struct run_plan *pl)
{
    char err[PATH_MAX + 256];
    pl->eager_given = r->eager_given;
    pl->eager = r->eager;
    pl->reduce_rate = r->reduce_rate;
    if (r->machine == NULL) return 0;
    pl->machine = calloc(1, sizeof *pl->machine);
    if (pl->machine == NULL || machine_read(r->machine, pl->machine, err, sizeof err) != 0) {
        cs_error("%s", pl->machine != NULL ? err : "out of memory");
        return 1;
    }
    machine_apply_defaults(pl->machine, &pl->eager, &pl->eager_given, &pl->reduce_rate);
    if (pl->eager_given) pl->async_small = pl->eager;
    return 0;
}

/* The algorithms' settings in the environment (COLLSIM_SEGMENT, ...: choices.h), checked
 * before anything runs. 0, or 2 after the error line. */
static int check_settings(void)
{
    char err[256];
    if (coll_settings_check(err, sizeof err) == 0) return 0;
    cs_error("%s", err);
    return 2;
}

/* The checks that need the processes, and the files; 0, or the exit status. */
static int plan_values(const struct run_request *r, struct run_plan *pl)
{
    int rc = check_settings();
    if (rc == 0) rc = check_runner_args(&r->args, pl->np);
    if (rc == 0) rc = expand_algos(r, pl);
    if (rc == 0) rc = check_library_names(r, pl);
    if (rc == 0) rc = check_outputs(r);
    if (rc == 0) rc = load_machine(r, pl);
    if (rc == 0) rc = set_reduce_rate(pl->reduce_rate);
    if (rc == 0 && smpi_program("collsim-runner.so", pl->runner, sizeof pl->runner) != 0) rc = 1;
    if (rc == 0) rc = check_memory(r, pl);
    if (rc == 0) rc = check_maps(r, pl);
    return rc;
}

int run_plan_build(const struct run_request *r, struct run_plan *pl)
{
    memset(pl, 0, sizeof *pl);
    pl->req = r;
    pl->args = r->args;
    if (r->platform == NULL) {
        cs_error("--platform is required (try platforms/torus-4x4.xml)");
        return 2;
    }
    if (access(r->platform, R_OK) != 0) {
        char shipped[PATH_MAX];
        int err = errno;
        if (strchr(r->platform, '/') == NULL &&
            paths_data("platforms", shipped, sizeof shipped) == 0)
            cs_error("cannot read platform '%s': %s (nor is it one of the shipped platforms in %s)",
                     r->platform, strerror(err), shipped);
        else
            cs_error("cannot read platform '%s': %s", r->platform, strerror(err));
        return 1;
    }
    char given[PATH_MAX];
    int rc = count_processes(r, pl, given, sizeof given);
    if (rc == 0) rc = plan_values(r, pl);
    if (rc == 0 && smpi_hostfile_copy(given, r->ranks_per_host > 0 ? r->ranks_per_host : 1,
                                      pl->hostfile, sizeof pl->hostfile) != 0)
        rc = 1;
    if (rc == 0 && r->algo_file != NULL)
        rc = algofile_build(r->algo_file, coll_infos[r->args.coll].name, pl->np, r->time_limit,
                            &pl->file);
    if (rc == 0) rc = choose_files(r, pl);
    if (rc != 0) return rc;
    run_platform_name(r->platform, pl->pname, sizeof pl->pname);
    pl->args.platform = pl->pname;
    pl->args.csv = r->csv != NULL ? pl->csv_tmp : NULL;
    pl->args.marks = pl->trace[0] != '\0';
    pl->args.algo_file = r->algo_file != NULL ? pl->file.so : NULL;
    pl->args.private_copies = r->algo_file != NULL && pl->file.private_copies;
    pl->args.machine = r->machine;
    return 0;
}

int run_plan_steps(const struct run_plan *pl)
{
    return (pl->nalgos + (pl->req->algo_file != NULL)) * pl->args.sizes.n;
}

void run_plan_free(struct run_plan *pl)
{
    if (pl->temp_trace) cs_temp_remove(pl->trace);
    if (pl->trace_raw[0]) cs_temp_remove(pl->trace_raw);
    if (pl->csv_tmp[0]) cs_temp_remove(pl->csv_tmp);
    if (pl->hostfile[0]) cs_temp_remove(pl->hostfile);
    algofile_remove(&pl->file);
    if (pl->nalgos > 0) free((char *)pl->algos[0].name);
    free(pl->algos);
    free(pl->mine);
    free(pl->machine);
    memset(pl, 0, sizeof *pl);
}
