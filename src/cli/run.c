/* run.c: `collsim run` builds the smpirun command for the runner, with the settings that make
 * a simulation deterministic and exact, runs it, and moves CSV and trace into place. */
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "algofile.h"
#include "analyze.h"
#include "options.h"
#include "registry.h"
#include "runwatch.h"
#include "tracefix.h"
#include "util.h"

const char run_usage[] =
    "usage: collsim run --platform FILE.xml [options]\n"
    "Simulates broadcast algorithms with SMPI and prints one OSU-style table per algorithm.\n"
    "\n"
    "  --platform FILE.xml  SimGrid platform (collsim platform makes them; see platforms/)\n"
    "  --hostfile FILE      rank i runs on line i (default: FILE.hosts beside the platform)\n"
    "  --np N               processes (default: one per host of the hostfile)\n"
    "  --ranks-per-host K   K ranks on each host, in blocks (ranks 0..K-1 on the first);\n"
    "                       rma_shared then shares one window per host (default: 1)\n"
    "  --collective NAME    the collective to run (default: bcast; 'collsim list' names them)\n"
    "  --algo A,B,...       algorithms, see 'collsim list' (default: binomial,binary,linear);\n"
    "                       smpi:NAME is SimGrid's own; all (every collsim algorithm that fits\n"
    "                       the platform) and smpi:all (every SimGrid one) expand\n"
    "  --algo-file FILE.c   your own algorithm: FILE.c defines collsim_<collective> with the\n"
    "                       MPI call's signature, e.g. int collsim_bcast(void *buf, int count,\n"
    "                       MPI_Datatype type, int root, MPI_Comm comm). Compiled with smpicc\n"
    "                       in a temporary folder (-O2 -Wall -Wextra; nothing is written\n"
    "                       beside FILE.c), it runs as algorithm file:FILE after the --algo\n"
    "                       ones (alone without --algo), timed, checked, traced and analyzed\n"
    "                       as collsim's own. Its global and static variables get one copy\n"
    "                       per rank, as in MPI processes (a note says so).\n"
    "                       docs/student-algorithms.md\n"
    "  --sizes SPEC         bytes, MIN:MAX:FACTOR or a list (default: 16:4M:8, i.e. 16 B to\n"
    "                       4 MiB in steps of x8); K, M, G are binary multiples\n"
    "  --root R             root of a rooted collective (default: 0)\n"
    "  --shift Q            q of the circular q-shift (qshift; default: 1; taken mod p,\n"
    "                       so -1 shifts down by one)\n"
    "  --reduce-rate B/S    bytes of result per second of a local reduction, charged as\n"
    "                       simulated time (default: 8e9, one XL250a core; see docs)\n"
    "  --iters N            timed calls per size (default: 1; the simulation is\n"
    "                       deterministic, so calls of one size take the same time)\n"
    "  --warmup W           untimed calls before them (default: 0 for collsim's\n"
    "                       algorithms, 1 for SimGrid's, some of which build\n"
    "                       communicators in their first call)\n"
    "  --model clean|smpi   clean: CM02 with no correction factors, no cross-traffic, no TCP\n"
    "                       window bound, equal sharing: the textbook model (default);\n"
    "                       smpi: SimGrid's calibrated SMPI model (size-dependent factors)\n"
    "  --routing ctr|sfr    ctr: cut-through, SimGrid's own flows, a + b m + t_h l (default);\n"
    "                       sfr: store-and-forward, l (a + b m) for a message over l links\n"
    "                       (each flow's bandwidth is scaled by 1/l: exact for a lone\n"
    "                       message, a rate cap of B/l per link under contention)\n"
    "  --topology KIND:DIMS the topology the ring, torus and hypercube algorithms assume\n"
    "                       (ring:P, torus:AxB[xC], hypercube:D; default: the platform's)\n"
    "  --eager BYTES        messages below this size are sent eagerly (detached); larger ones\n"
    "                       use rendezvous (default: SimGrid's 64K)\n"
    "  --trace FILE         write a Paje trace (messages, sizes, phase marks; pj_dump reads it)\n"
    "  --trace-links        also trace every link's bandwidth use (Paje variables; 'collsim\n"
    "                       analyze' then reports link loads). Needs --trace or --analyze\n"
    "  --csv FILE           write one CSV row per (algorithm, size), row by row: FILE\n"
    "                       holds at every moment the header and the whole rows of what\n"
    "                       finished, so an interrupt or a failure keeps those rows (stderr\n"
    "                       says how many); an error before the first row leaves no file\n"
    "  --analyze            then analyze the trace ('collsim analyze'): the report follows\n"
    "                       the tables (a temporary trace is used without --trace)\n"
    "  --quiet              no tables on stdout and no progress lines on stderr (else one\n"
    "                       per algorithm and size: 'collsim: [3/24] binomial 64 KiB:\n"
    "                       34.221 us (wall 0.8 s)', one rewritten line on a terminal)\n"
    "  --inject-fault R:OFF flip byte OFF on rank R after each call (shows the data check\n"
    "                       failing; the run then exits non-zero)\n"
    "  --shared-buffers     scale mode: every rank's message buffer is one memory shared by\n"
    "                       all ranks (SMPI_PARTIAL_SHARED_MALLOC) but for every other byte of\n"
    "                       the message's first and last 512, which the messages carry and\n"
    "                       every rank checks; the rest is neither moved nor checked. Memory\n"
    "                       no longer grows with ranks x bytes; times are the same. bcast\n"
    "                       only (the others' ranks hold different data): docs/simulation.md\n"
    "  --time-limit SECONDS wall time each algorithm may take (default: 300; 0: none).\n"
    "                       collsim's algorithms run first, in one smpirun limited to\n"
    "                       SECONDS times their number; then each SimGrid one (smpi:NAME) in\n"
    "                       its own smpirun limited to SECONDS. A run past its limit is\n"
    "                       killed and reported on stderr ('collsim: smpi:NTSB cut after\n"
    "                       300 s ...'); its tables stop where it was, its CSV keeps the rows\n"
    "                       of the sizes it finished, the others' are kept, and the exit\n"
    "                       status stays 0 unless something else failed. --trace and\n"
    "                       --analyze (one trace of the whole run) run everything in one\n"
    "                       smpirun with no limit, and refuse a --time-limit other than 0\n"
    "\n"
    "Times are simulated: from the root's entry to the last rank's exit of each call, exact\n"
    "on SimGrid's global clock. Computation is not simulated and timer calls cost nothing,\n"
    "so the same command always gives the same numbers, CSV and trace.\n";

void run_defaults(struct run_request *r)
{
    memset(r, 0, sizeof *r);
    r->collective = "bcast";
    r->algos = "binomial,binary,linear";
    r->sizes = "16:4M:8";
    r->iters = 1;   /* calls of one size give the same simulated time (docs/running.md) */
    r->warmup = -1; /* per algorithm (the runner's default) */
    r->model = "clean";
    r->routing = "ctr";
    r->ranks_per_host = 1;
    r->shift = 1;
    r->time_limit = CS_TIME_LIMIT_DEFAULT;
}

void run_platform_name(const char *path, char *out, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out, len, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot != NULL && strcmp(dot, ".xml") == 0) *dot = '\0';
    for (char *c = out; *c; c++)
        if (!isalnum((unsigned char)*c) && strchr("-_.+", *c) == NULL) *c = '_';
}

int run_analyze(const struct run_request *r, const char *trace, const char *out, const char *csv,
                const char *plots)
{
    char hostfile[PATH_MAX], part[4104];
    if (smpi_hostfile(r->platform, r->hostfile, hostfile, sizeof hostfile) < 0) return 1;
    if (out != NULL && cs_out_part(out, part, sizeof part) < 0) return 1;
    /* routing, eager threshold and ranks per host are in the trace (format.h) */
    struct analyze_request q = {
        .trace = trace, .platform = r->platform, .hostfile = hostfile, .csv = csv, .plots = plots};
    fflush(NULL);
    pid_t pid = cs_fork(); /* SimGrid loads one platform per process: a study analyzes five */
    if (pid < 0) {
        cs_error("cannot start the analysis: %s", strerror(errno));
        if (out != NULL) cs_out_finish(out, part, 0);
        return 1;
    }
    if (pid == 0) {
        if (out != NULL && freopen(part, "w", stdout) == NULL) {
            cs_error("cannot write '%s': %s", out, strerror(errno));
            _exit(1);
        }
        int rc = analyze_run(&q);
        if (cs_stdout_check() != 0) rc = 1;
        _exit(rc);
    }
    int status = cs_wait(pid), ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (out != NULL && cs_out_finish(out, part, ok) != 0 && ok) {
        cs_error("cannot write '%s': %s", out, strerror(errno));
        ok = 0;
    }
    return !ok;
}

/* What run_execute works out before anything runs. */
struct run_plan {
    char hostfile[PATH_MAX]; /* a clean copy of the hostfile (line ends, ranks per host) */
    char runner[PATH_MAX], pname[256];
    char trace[PATH_MAX]; /* the trace to write, "" for none */
    char trace_raw[PATH_MAX + 8], csv_tmp[PATH_MAX + 8];
    int np, temp_trace;      /* temp_trace: only for --analyze */
    uint64_t eager;          /* --eager in bytes, 0 when not given */
    struct algofile file;    /* --algo-file compiled, the runner's --algo-file */
    struct run_watch *watch; /* progress lines and the CSV's rows as they come */
};

/* The outputs: each writable, no two on one file. 0, or 2 after one error line. */
static int run_check_outputs(const struct run_request *r)
{
    const char *names[] = {"--trace", "--csv", "the analysis", "the analysis CSV"};
    const char *paths[] = {r->trace, r->csv, r->analysis, r->analysis_csv};
    const char *what[] = {"trace", "CSV", "report", "analysis CSV"};
    for (int i = 0; i < 4; i++)
        if (paths[i] != NULL && cs_out_check(what[i], paths[i]) != 0) return 2;
    if (r->trace != NULL && strcmp(r->trace, "-") == 0) {
        cs_error("--trace needs a file (the trace is repaired after the run)");
        return 2;
    }
    return cs_out_distinct(names, paths, 4) != 0 ? 2 : 0;
}

/* --topology and --inject-fault, which the runner uses: 0, or 2 after one error line. */
static int run_check_runner_args(const struct run_request *r, int np)
{
    struct coll_topo t;
    char err[256], extra;
    int rank;
    long long off;
    if (r->topology != NULL && coll_topo_parse_spec(r->topology, &t, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 2;
    }
    if (r->fault != NULL && (sscanf(r->fault, "%d:%lld%c", &rank, &off, &extra) != 2 || rank < 0 ||
                             rank >= np || off < 0)) {
        cs_error("bad value '%s' for --inject-fault (RANK:OFFSET, a rank of %d processes)",
                 r->fault, np);
        return 2;
    }
    return 0;
}

/* Checks --reduce-rate (a positive number of bytes per second) and hands it to the
 * algorithms in the environment (COLLSIM_REDUCE_RATE, read in src/coll/env.h). 0, or -1
 * after an error line. */
static int run_set_reduce_rate(const char *rate)
{
    char *end;
    errno = 0;
    double x = strtod(rate, &end);
    if (end == rate || *end != '\0' || errno != 0 || !(x > 0) || x > 1e15) {
        cs_error("bad value '%s' for --reduce-rate (bytes per second, e.g. 8e9)", rate);
        return -1;
    }
    return setenv("COLLSIM_REDUCE_RATE", rate, 1) == 0 ? 0 : -1;
}

/* The collective and --algo (empty when only --algo-file names an algorithm): 0, or -1 after
 * one error line. */
static int run_check_algos(const struct run_request *r)
{
    if (r->algos[0] == '\0' && r->algo_file != NULL && coll_find(r->collective) >= 0) return 0;
    return opt_check_algos(r->collective, r->algos);
}

/* The checks of the request's values; 0, or 2 after one error line. */
static int run_check_values(const struct run_request *r, int np, uint64_t *eager)
{
    if (r->root < 0 || r->root >= np) {
        cs_error("--root %d is not a rank of %d processes", r->root, np);
        return 2;
    }
    if (run_check_algos(r) != 0 || opt_check_sizes(r->sizes) != 0) return 2;
    if (r->eager != NULL && cs_check_eager(r->eager, eager) != 0) return 2;
    if (r->reduce_rate != NULL && run_set_reduce_rate(r->reduce_rate) != 0) return 2;
    if (cs_check_model(r->model) != 0 || cs_check_routing(r->routing) != 0) return 2;
    if (run_check_runner_args(r, np) != 0) return 2;
    return run_check_outputs(r);
}

/* Fills the plan: files, process count, the checks; 0, or the exit status after an error. */
static int run_prepare(const struct run_request *r, struct run_plan *pl)
{
    memset(pl, 0, sizeof *pl);
    if (r->platform == NULL) {
        cs_error("--platform is required (try platforms/torus-4x4.xml)");
        return 2;
    }
    if (access(r->platform, R_OK) != 0) {
        cs_error("cannot read platform '%s': %s", r->platform, strerror(errno));
        return 1;
    }
    char given[PATH_MAX];
    int nhosts = smpi_hostfile(r->platform, r->hostfile, given, sizeof given);
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
    int rc = run_check_values(r, pl->np, &pl->eager);
    if (rc != 0) return rc;
    if (smpi_program("collsim-runner.so", pl->runner, sizeof pl->runner) != 0) return 1;
    /* shared buffers: only SimGrid's cost per process grows with the processes */
    if (smpi_check_memory(r->collective, r->shared_buffers ? "0" : r->sizes, pl->np) != 0) return 2;
    if (smpi_hostfile_copy(given, per_host, pl->hostfile, sizeof pl->hostfile) != 0) return 1;
    run_platform_name(r->platform, pl->pname, sizeof pl->pname);
    return r->algo_file != NULL ? algofile_build(r->algo_file, r->collective, pl->np, &pl->file)
                                : 0;
}

/* Chooses the trace: the requested one, or for --analyze alone a temporary one; and the
 * temporary files the simulation writes. 0 or 1. */
static int run_choose_trace(const struct run_request *r, struct run_plan *pl)
{
    if (r->trace != NULL) {
        snprintf(pl->trace, sizeof pl->trace, "%s", r->trace);
    } else if (r->analysis != NULL) {
        int fd = cs_temp_file("trace", pl->trace, sizeof pl->trace);
        if (fd < 0) return 1;
        close(fd);
        pl->temp_trace = 1;
    }
    /* SimGrid's raw trace and the runner's CSV go to temporary files with plain names:
     * smpirun splits the program's arguments at spaces and expands wildcards in them, so a
     * path such as "my dir/x.csv" would become two arguments (and a stray file "my") */
    int fd;
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
/* Strings the command line points into. */
struct run_argbuf {
    char np[16], root[16], shift[16], iters[16], warm[16], eager[64], tracefile[PATH_MAX + 48];
};

/* SimGrid's tracing settings for its raw trace into pl->trace_raw; returns the new n. */
static int run_trace_args(const struct run_request *r, const struct run_plan *pl,
                          struct run_argbuf *b, const char **argv, int n)
{
    static const char *const flags[] = {"--cfg=tracing:yes",
                                        "--cfg=tracing/smpi:yes",
                                        "--cfg=tracing/platform:yes",
                                        "--cfg=tracing/smpi/internals:yes",
                                        "--cfg=tracing/smpi/display-sizes:yes",
                                        "--cfg=tracing/precision:9"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        argv[n++] = flags[i];
    snprintf(b->tracefile, sizeof b->tracefile, "--cfg=tracing/filename:%s", pl->trace_raw);
    argv[n++] = b->tracefile;
    if (r->trace_links) argv[n++] = "--cfg=tracing/uncategorized:yes";
    return n;
}

/* The runner's own options; returns the new n. */
static int run_runner_args(const struct run_request *r, const struct run_plan *pl,
                           struct run_argbuf *b, const char **argv, int n)
{
    snprintf(b->root, sizeof b->root, "%d", r->root);
    snprintf(b->shift, sizeof b->shift, "%d", r->shift);
    snprintf(b->iters, sizeof b->iters, "%d", r->iters);
    snprintf(b->warm, sizeof b->warm, "%d", r->warmup);
    const char *pairs[][2] = {{"--collective", r->collective},
                              {"--algo", r->algos[0] ? r->algos : NULL},
                              {"--sizes", r->sizes},
                              {"--root", b->root},
                              {"--shift", b->shift},
                              {"--iters", b->iters},
                              {"--warmup", r->warmup >= 0 ? b->warm : NULL},
                              {"--platform", pl->pname},
                              {"--model", r->model},
                              {"--csv", r->csv ? pl->csv_tmp : NULL},
                              {"--topology", r->topology},
                              {"--inject-fault", r->fault},
                              {"--algo-file", r->algo_file ? pl->file.so : NULL}};
    argv[n++] = pl->runner;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i][1] != NULL) {
            argv[n++] = pairs[i][0];
            argv[n++] = pairs[i][1];
        }
    if (pl->trace[0]) argv[n++] = "--marks";
    if (strcmp(r->routing, "sfr") == 0) argv[n++] = "--sfr";
    if (r->shared_buffers) argv[n++] = "--shared-buffers";
    if (r->algo_file != NULL && pl->file.private_copies) argv[n++] = "--private-copies";
    return n;
}

/* The whole smpirun command line into argv (NULL-terminated); smpirun always sets
 * network/model:SMPI first, and a later --cfg wins. */
static void run_command(const struct run_request *r, const struct run_plan *pl,
                        struct run_argbuf *b, const char **argv)
{
    snprintf(b->np, sizeof b->np, "%d", pl->np);
    snprintf(b->eager, sizeof b->eager, "--cfg=smpi/send-is-detached-thresh:%llu",
             (unsigned long long)pl->eager);
    int n = 0;
    argv[n++] = SMPIRUN_PATH;
    argv[n++] = "-np";
    argv[n++] = b->np;
    argv[n++] = "-platform";
    argv[n++] = r->platform;
    argv[n++] = "-hostfile";
    argv[n++] = pl->hostfile;
    n = smpi_common_args(argv, n, r->model);
    if (r->eager != NULL) argv[n++] = b->eager;
    if (pl->trace[0]) n = run_trace_args(r, pl, b, argv, n);
    /* a shared buffer takes three memory mappings a rank, a stack with its guard page two more:
     * without the guard page 16,384 ranks fit Linux's 65,530 mappings (docs/simulation.md) */
    if (r->shared_buffers) argv[n++] = "--cfg=contexts/guard-size:0";
    n = run_runner_args(r, pl, b, argv, n);
    argv[n] = NULL;
}

/* Copies the trace (repaired) into place (whole or not at all, cs_out), ends the CSV (kept
 * whole-rows as it came, runwatch.h) and removes the temporary files. 0 or 1. */
static int run_commit(const struct run_request *r, struct run_plan *pl, int ok)
{
    char err[256];
    if (ok && pl->trace[0]) {
        ok = tracefix_copy(pl->trace_raw, pl->trace, NULL, err, sizeof err) == 0;
        if (!ok) cs_error("%s", err);
    }
    if (pl->trace[0]) cs_temp_remove(pl->trace_raw);
    if (watch_finish(pl->watch, ok) != 0) ok = 0;
    pl->watch = NULL;
    if (r->csv != NULL) cs_temp_remove(pl->csv_tmp);
    return !ok;
}

/* One smpirun of the algorithms `algos` (shown as `what`, nalgos of them as the request
 * expands), limited to `limit` seconds; its CSV rows reach --csv as they come (the runner
 * rewrites pl->csv_tmp in each smpirun). A run cut by the limit says so and counts as done.
 * 0, or 1 after an error. */
static int run_one_limited(const struct run_request *r, const struct run_plan *pl,
                           const char *algos, int nalgos, const char *what, int limit)
{
    struct run_request one = *r;
    one.algos = algos;
    if (algos[0] != '\0') one.algo_file = NULL; /* --algo-file's algorithm runs on its own */
    struct run_argbuf b;
    const char *argv[80];
    int cut = 0;
    run_command(&one, pl, &b, argv);
    const struct smpi_watch *w = watch_spawn(pl->watch, r->csv ? pl->csv_tmp : NULL, nalgos);
    int rc = smpi_spawn_watched(argv, r->quiet ? "/dev/null" : NULL, limit, &cut, w);
    if (cut) {
        fflush(stdout);
        fprintf(stderr, "collsim: %s cut after %d s (time limit; --time-limit to change)\n", what,
                limit);
        watch_cut(pl->watch);
        rc = 0;
    }
    return rc;
}

static int is_simgrid(const char *name)
{
    return strncmp(name, SIMGRID_PREFIX, strlen(SIMGRID_PREFIX)) == 0;
}

/* --time-limit: the --algo names that are not SimGrid's (collsim's, "all", which the runner
 * fits to the platform) in one smpirun limited to the limit times the number of algorithms they
 * expand to, then each SimGrid algorithm of the expanded list in its own. 0, or 1 after an
 * error (the runs after it are not made). */
static int run_limited(const struct run_request *r, const struct run_plan *pl)
{
    char bad[128];
    char *raw = cs_strdup(r->algos), *mine = cs_strdup(r->algos), *save;
    char *list = r->algos[0] ? coll_expand(coll_find(r->collective), r->algos, bad, sizeof bad)
                             : cs_strdup("");
    size_t used = 0;
    int rc = list == NULL, nmine = 0;
    for (char *t = strtok_r(raw, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save))
        if (!is_simgrid(t)) used += (size_t)sprintf(mine + used, "%s%s", used ? "," : "", t);
    for (char *t = list ? strtok_r(list, ",", &save) : NULL; t; t = strtok_r(NULL, ",", &save))
        nmine += !is_simgrid(t);
    free(list);
    if (rc == 0 && used > 0) {
        long limit = (long)r->time_limit * (nmine > 0 ? nmine : 1);
        rc = run_one_limited(r, pl, mine, nmine, "collsim's algorithms",
                             limit > CS_TIME_LIMIT_MAX ? CS_TIME_LIMIT_MAX : (int)limit);
    }
    list = rc == 0 && r->algos[0] ? coll_expand(coll_find(r->collective), r->algos, bad, sizeof bad)
                                  : NULL;
    for (char *t = list ? strtok_r(list, ",", &save) : NULL; t && rc == 0;
         t = strtok_r(NULL, ",", &save))
        if (is_simgrid(t)) rc = run_one_limited(r, pl, t, 1, t, r->time_limit);
    if (rc == 0 && r->algo_file != NULL)
        rc = run_one_limited(r, pl, "", 1, pl->file.name, r->time_limit);
    free(list);
    free(raw);
    free(mine);
    return rc;
}

/* Removes the plan's temporary files (and its watch, left only after an error). */
static void run_cleanup(struct run_plan *pl)
{
    if (pl->watch != NULL) watch_finish(pl->watch, 0);
    if (pl->temp_trace) cs_temp_remove(pl->trace);
    if (pl->hostfile[0]) cs_temp_remove(pl->hostfile);
    algofile_remove(&pl->file);
}

int run_execute(const struct run_request *r)
{
    struct run_plan pl;
    int rc = run_prepare(r, &pl);
    if (rc == 0) rc = run_choose_trace(r, &pl);
    if (rc == 0 && (pl.watch = watch_new(r)) == NULL) rc = 1;
    if (rc != 0) {
        run_cleanup(&pl);
        return rc;
    }
    int ok;
    if (r->time_limit > 0 && !pl.trace[0]) {
        ok = run_limited(r, &pl) == 0;
    } else {
        struct run_argbuf b;
        const char *argv[80];
        int cut;
        run_command(r, &pl, &b, argv);
        const struct smpi_watch *w = watch_spawn(pl.watch, r->csv ? pl.csv_tmp : NULL, -1);
        ok = smpi_spawn_watched(argv, r->quiet ? "/dev/null" : NULL, 0, &cut, w) == 0;
    }
    rc = run_commit(r, &pl, ok);
    if (rc == 0 && r->analysis != NULL) {
        struct run_request placed = *r;
        placed.hostfile = pl.hostfile; /* the ranks' hosts, ranks per host expanded */
        placed.ranks_per_host = 1;
        rc = run_analyze(&placed, pl.trace, strcmp(r->analysis, "-") == 0 ? NULL : r->analysis,
                         r->analysis_csv, r->analysis_plots);
    }
    run_cleanup(&pl);
    return rc;
}

int run_main(int argc, char **argv)
{
    struct run_request r;
    run_defaults(&r);
    int np_given = 0, analyze = 0, algos_given = 0;
    const struct cs_opt table[] = {{"platform", CS_OPT_STR, &r.platform, NULL},
                                   {"hostfile", CS_OPT_STR, &r.hostfile, NULL},
                                   {"np", CS_OPT_INT, &r.np, &np_given},
                                   {"algo", CS_OPT_STR, &r.algos, &algos_given},
                                   {"algo-file", CS_OPT_STR, &r.algo_file, NULL},
                                   {"collective", CS_OPT_STR, &r.collective, NULL},
                                   {"sizes", CS_OPT_STR, &r.sizes, NULL},
                                   {"root", CS_OPT_INT, &r.root, NULL},
                                   {"shift", CS_OPT_SINT, &r.shift, NULL},
                                   {"reduce-rate", CS_OPT_STR, &r.reduce_rate, NULL},
                                   {"iters", CS_OPT_INT, &r.iters, NULL},
                                   {"warmup", CS_OPT_INT, &r.warmup, NULL},
                                   {"model", CS_OPT_STR, &r.model, NULL},
                                   {"eager", CS_OPT_STR, &r.eager, NULL},
                                   {"trace", CS_OPT_STR, &r.trace, NULL},
                                   {"csv", CS_OPT_STR, &r.csv, NULL},
                                   {"quiet", CS_OPT_FLAG, &r.quiet, NULL},
                                   {"inject-fault", CS_OPT_STR, &r.fault, NULL},
                                   {"routing", CS_OPT_STR, &r.routing, NULL},
                                   {"topology", CS_OPT_STR, &r.topology, NULL},
                                   {"analyze", CS_OPT_FLAG, &analyze, NULL},
                                   {"ranks-per-host", CS_OPT_INT, &r.ranks_per_host, NULL},
                                   {"trace-links", CS_OPT_FLAG, &r.trace_links, NULL},
                                   {"time-limit", CS_OPT_INT, &r.time_limit, &r.time_limit_given},
                                   {"shared-buffers", CS_OPT_FLAG, &r.shared_buffers, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, run_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (analyze) r.analysis = "-";
    if (r.algo_file != NULL && !algos_given) r.algos = ""; /* only the file's algorithm */
    if (opt_range("iters", r.iters, 1, CS_MAX_CALLS) != 0 ||
        (r.warmup != -1 && opt_range("warmup", r.warmup, 0, CS_MAX_CALLS) != 0) ||
        (np_given && opt_range("np", r.np, 1, CS_HOSTS_MAX) != 0) ||
        opt_range("ranks-per-host", r.ranks_per_host, 1, CS_RANKS_PER_HOST_MAX) != 0 ||
        opt_range("time-limit", r.time_limit, 0, CS_TIME_LIMIT_MAX) != 0)
        return 2;
    if (r.time_limit_given && r.time_limit > 0 && (r.trace != NULL || r.analysis != NULL)) {
        cs_error("--time-limit runs each algorithm in its own smpirun, and --%s needs one trace "
                 "of the whole run: add --time-limit 0",
                 r.trace != NULL ? "trace" : "analyze");
        return 2;
    }
    if (r.trace_links && r.trace == NULL && r.analysis == NULL) {
        cs_error("--trace-links needs --trace FILE or --analyze");
        return 2;
    }
    return run_execute(&r);
}
