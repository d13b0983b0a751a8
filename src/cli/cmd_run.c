/* cmd_run.c: `collsim run`: its options, checked and parsed into a run request, which the run
 * library executes (src/run/run.h). */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "env.h"
#include "paths.h"
#include "registry.h"
#include "run.h"
#include "runargs.h"
#include "units.h"
#include "util.h"

const char run_usage[] =
    "Usage: collsim run --platform FILE.xml [options]\n"
    "Simulates collective algorithms with SMPI and prints one OSU-style table per algorithm.\n"
    "\n"
    "  --platform FILE.xml  SimGrid platform (collsim platform makes them; see platforms/)\n"
    "  --hostfile FILE      rank i runs on line i (default: FILE.hosts beside the platform)\n"
    "  --np N               processes (default: one per host of the hostfile)\n"
    "  --ranks-per-host K   K ranks on each host, in blocks (ranks 0..K-1 on the first);\n"
    "                       rma_shared then shares one window per host (default: 1)\n"
    "  --collective NAME    the collective to run (default: bcast; 'collsim list' names them)\n"
    "  --algo A,B,...       algorithms, see 'collsim list' (default: binomial, binary and\n"
    "                       linear where the collective has them, up to three with its next\n"
    "                       two-sided ones that need no topology);\n"
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
    "  --sizes SPEC         bytes, MIN:MAX:FACTOR or a list (default: " CS_DEFAULT_SIZES
    ", i.e. 16 B to\n"
    "                       4 MiB in steps of x8); K, M, G are binary multiples\n"
    "  --root R             root of a rooted collective (default: 0)\n"
    "  --shift Q            q of the circular q-shift (qshift; default: 1; taken mod p,\n"
    "                       so -1 shifts down by one)\n"
    "  --reduce-rate B/S    bytes of result per second of a local reduction, charged as\n"
    "                       simulated time (default: " CS_XSTR(
        COLL_REDUCE_RATE) ", one XL250a core; see docs)\n"
                          "  --iters N            timed calls per size (default: 1; the simulation "
                          "is\n"
                          "                       deterministic, so calls of one size take the "
                          "same time,\n"
                          "                       to SimGrid's precision where messages share "
                          "links:\n"
                          "                       docs/simulation.md, \"One call per size\")\n"
                          "  --warmup W           untimed calls before them (default: 0 for "
                          "collsim's\n"
                          "                       algorithms, 1 for SimGrid's, some of which "
                          "build\n"
                          "                       communicators in their first call, and 1 for "
                          "every\n"
                          "                       barrier, whose check needs a call with a late "
                          "rank)\n"
                          "  --model clean|smpi   clean: CM02 with no correction factors, no "
                          "cross-traffic, no TCP\n"
                          "                       window bound, equal sharing: the textbook model "
                          "(default);\n"
                          "                       smpi: SimGrid's calibrated SMPI model "
                          "(size-dependent factors)\n"
                          "  --routing ctr|sfr    ctr: cut-through, SimGrid's own flows, a + b m + "
                          "t_h l (default);\n"
                          "                       sfr: store-and-forward, l (a + b m) for a "
                          "message over l links\n"
                          "                       (each flow's bandwidth is scaled by 1/l: exact "
                          "for a lone\n"
                          "                       message, a rate cap of B/l per link under "
                          "contention)\n"
                          "  --topology KIND:DIMS\n"
                          "                       the topology the ring, torus and hypercube "
                          "algorithms assume\n"
                          "                       (ring:P, torus:AxB[xC], hypercube:D; default: "
                          "the platform's)\n"
                          "  --eager BYTES        messages below this size are sent eagerly "
                          "(detached); larger ones\n"
                          "                       use rendezvous (default: the machine's, else "
                          "SimGrid's " CS_XSTR(
                              CS_SMPI_EAGER) ")\n"
                                             "  --machine FILE       a machine profile "
                                             "(docs/machines.md): each message also costs its\n"
                                             "                       MPI's send and receive "
                                             "overheads and gap, its latency and\n"
                                             "                       bandwidth are scaled by its "
                                             "factors, for the message's class (two\n"
                                             "                       cores of one socket, two "
                                             "nodes ...); its eager threshold and\n"
                                             "                       reduction rate apply unless "
                                             "--eager and --reduce-rate are given.\n"
                                             "                       Eager messages then leave at "
                                             "once (SimGrid's async-small-thresh)\n"
                                             "  --trace FILE         write a Paje trace (messages, "
                                             "sizes, phase marks; pj_dump reads it)\n"
                                             "  --trace-links        also trace every link's "
                                             "bandwidth use (Paje variables; 'collsim\n"
                                             "                       analyze' then reports link "
                                             "loads). Needs --trace or --analyze\n"
                                             "  --csv FILE           write one CSV row per "
                                             "(algorithm, size), row by row: FILE\n"
                                             "                       holds at every moment the "
                                             "header and the whole rows of what\n"
                                             "                       finished, so an interrupt or "
                                             "a failure keeps those rows (stderr\n"
                                             "                       says how many); an error "
                                             "before the first row leaves no file\n"
                                             "  --analyze            then analyze the trace "
                                             "('collsim analyze'): the report follows\n"
                                             "                       the tables (a temporary trace "
                                             "is used without --trace)\n"
                                             "  --quiet              no tables on stdout and no "
                                             "progress lines on stderr (else one\n"
                                             "                       per algorithm and size: "
                                             "'collsim: [3/24] binomial 64 KiB:\n"
                                             "                       34.221 us (wall 0.8 s)', one "
                                             "rewritten line on a terminal)\n"
                                             "  --inject-fault R:OFF\n"
                                             "                       flip byte OFF on rank R after "
                                             "each call (shows the data check\n"
                                             "                       failing; the run then exits "
                                             "non-zero)\n"
                                             "  --shared-buffers     scale mode: every rank's "
                                             "message buffer is one memory shared by\n"
                                             "                       all ranks "
                                             "(SMPI_PARTIAL_SHARED_MALLOC) but for every other "
                                             "byte of\n"
                                             "                       the message's first and last "
                                             "512, which the messages carry and\n"
                                             "                       every rank checks; the rest "
                                             "is neither moved nor checked. Memory\n"
                                             "                       no longer grows with ranks x "
                                             "bytes; times are the same. bcast,\n"
                                             "                       reduce, allreduce and scan "
                                             "(byte i of a result comes from byte\n"
                                             "                       i of the inputs), qshift (one "
                                             "block, moved whole), allgather,\n"
                                             "                       gather, scatter and the "
                                             "reduce-scatters (the first and last\n"
                                             "                       512 bytes of the p blocks); "
                                             "not alltoall: docs/simulation.md\n"
                                             "  --time-limit SECONDS\n"
                                             "                       wall time each algorithm may "
                                             "take (default: 300; 0: none).\n"
                                             "                       collsim's algorithms run "
                                             "first, in one smpirun limited to\n"
                                             "                       SECONDS times their number; "
                                             "then each SimGrid one (smpi:NAME) in\n"
                                             "                       its own smpirun limited to "
                                             "SECONDS. A run past its limit is\n"
                                             "                       killed and reported on stderr "
                                             "('collsim: smpi:NTSB cut by the\n"
                                             "                       time limit after 300 s with 1 "
                                             "of 2 rows finished: partial\n"
                                             "                       results ...'); its tables "
                                             "stop where it was, its CSV keeps the\n"
                                             "                       rows of the sizes it "
                                             "finished, the others' are kept, and the exit\n"
                                             "                       status stays 0 unless "
                                             "something else failed, or no size of any\n"
                                             "                       algorithm finished (an "
                                             "error). --trace and\n"
                                             "                       --analyze (one trace of the "
                                             "whole run) run everything in one\n"
                                             "                       smpirun with no limit, and "
                                             "refuse a --time-limit other than 0\n"
                                             "\n"
                                             "Times are simulated: from the root's entry to the "
                                             "last rank's exit of each call, exact\n"
                                             "on SimGrid's global clock. Computation is not "
                                             "simulated and timer calls cost nothing,\n"
                                             "so the same command always gives the same numbers, "
                                             "CSV and trace.\n";

/* The values of run_main's options that are text on the command line. */
struct run_text {
    const char *collective, *sizes, *model, *routing, *eager, *reduce_rate, *fault;
};

/* --reduce-rate: a positive number of bytes per second, up to CS_RATE_MAX. 0, or -1 with a
 * message in err. */
static int parse_rate(const char *rate, double *out, char *err, size_t len)
{
    if (cs_num_real(rate, COLL_REDUCE_RATE_MIN, COLL_REDUCE_RATE_MAX, out) == 0) return 0;
    snprintf(err, len,
             "bad value '%s' for --reduce-rate (bytes per second, more than 0 up to %g, e.g. 8e9)",
             rate, CS_RATE_MAX);
    return -1;
}

/* --inject-fault RANK:OFFSET into a. 0, or -1 with a message in err. */
static int parse_fault(const char *v, struct runargs *a, char *err, size_t len)
{
    if (cs_fault_parse(v, a) == 0) return 0;
    snprintf(err, len,
             "bad value '%s' for --inject-fault (RANK:OFFSET, a rank of the run and whole bytes "
             "up to %" PRId64 ")",
             v, INT64_MAX);
    return -1;
}

/* The text values parsed once into r. 0, or 2 after one error line. */
static int run_parse_text(const struct run_text *t, struct run_request *r)
{
    char err[512] = "";
    int rc = coll_parse(t->collective, &r->args.coll, err, sizeof err);
    if (rc == 0) rc = cs_sizes_parse(t->sizes, &r->args.sizes, err, sizeof err);
    if (rc == 0) rc = cs_model_parse(t->model, &r->args.model, err, sizeof err);
    if (rc == 0) rc = cs_routing_parse(t->routing, &r->args.routing, err, sizeof err);
    if (rc == 0 && t->eager != NULL && cs_check_eager(t->eager, &r->eager) != 0) return 2;
    r->eager_given = t->eager != NULL;
    if (rc == 0 && t->reduce_rate != NULL)
        rc = parse_rate(t->reduce_rate, &r->reduce_rate, err, sizeof err);
    if (rc == 0 && t->fault != NULL) rc = parse_fault(t->fault, &r->args, err, sizeof err);
    if (rc == 0) return 0;
    cs_error("%s", err);
    return 2;
}

/* The checks of options against each other and their bounds: 0, or 2 after one error line. */
static int run_check_options(const struct run_request *r, int np_given)
{
    if ((np_given && cs_opt_range("np", r->np, 1, CS_HOSTS_MAX) != 0) ||
        cs_opt_range("ranks-per-host", r->ranks_per_host, 1, CS_RANKS_PER_HOST_MAX) != 0 ||
        cs_opt_range("time-limit", r->time_limit, 0, CS_TIME_LIMIT_MAX) != 0)
        return 2;
    if (r->time_limit_given && r->time_limit > 0 && (r->trace != NULL || r->analysis != NULL)) {
        cs_error("--time-limit runs each algorithm in its own smpirun, and --%s needs one trace "
                 "of the whole run: add --time-limit 0",
                 r->trace != NULL ? "trace" : "analyze");
        return 2;
    }
    if (r->trace_links && r->trace == NULL && r->analysis == NULL) {
        cs_error("--trace-links needs --trace FILE or --analyze");
        return 2;
    }
    return 0;
}

int run_main(int argc, char **argv)
{
    struct run_request r;
    run_defaults(&r);
    struct run_text t = {CS_DEFAULT_COLLECTIVE, CS_DEFAULT_SIZES, "clean", "ctr", NULL, NULL, NULL};
    int np_given = 0, analyze = 0, algos_given = 0;
    struct runargs *a = &r.args;
    const struct cs_opt table[] = {{"platform", CS_OPT_STR, &r.platform, NULL},
                                   {"hostfile", CS_OPT_STR, &r.hostfile, NULL},
                                   {"np", CS_OPT_INT, &r.np, &np_given},
                                   {"algo", CS_OPT_STR, &a->algos, &algos_given},
                                   {"algo-file", CS_OPT_STR, &r.algo_file, NULL},
                                   {"collective", CS_OPT_STR, &t.collective, NULL},
                                   {"sizes", CS_OPT_STR, &t.sizes, NULL},
                                   {"root", CS_OPT_INT, &a->root, NULL},
                                   {"shift", CS_OPT_SINT, &a->shift, NULL},
                                   {"reduce-rate", CS_OPT_STR, &t.reduce_rate, NULL},
                                   {"iters", CS_OPT_INT, &a->iters, NULL},
                                   {"warmup", CS_OPT_INT, &a->warmup, NULL},
                                   {"model", CS_OPT_STR, &t.model, NULL},
                                   {"eager", CS_OPT_STR, &t.eager, NULL},
                                   {"trace", CS_OPT_STR, &r.trace, NULL},
                                   {"csv", CS_OPT_STR, &r.csv, NULL},
                                   {"quiet", CS_OPT_FLAG, &r.quiet, NULL},
                                   {"inject-fault", CS_OPT_STR, &t.fault, NULL},
                                   {"routing", CS_OPT_STR, &t.routing, NULL},
                                   {"topology", CS_OPT_STR, &a->topology, NULL},
                                   {"analyze", CS_OPT_FLAG, &analyze, NULL},
                                   {"ranks-per-host", CS_OPT_INT, &r.ranks_per_host, NULL},
                                   {"trace-links", CS_OPT_FLAG, &r.trace_links, NULL},
                                   {"time-limit", CS_OPT_INT, &r.time_limit, &r.time_limit_given},
                                   {"shared-buffers", CS_OPT_FLAG, &a->shared, NULL},
                                   {"machine", CS_OPT_STR, &r.machine, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, run_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    char platform[PATH_MAX], machine[PATH_MAX];
    r.platform = paths_shipped("platforms", r.platform, ".xml", platform, sizeof platform);
    r.machine = paths_shipped("machines", r.machine, ".machine", machine, sizeof machine);
    if (analyze) r.analysis = "-";
    if (algos_given && a->algos[0] == '\0') {
        cs_error("--algo is empty (see 'collsim list')");
        return 2;
    }
    if (r.algo_file != NULL && !algos_given) a->algos = ""; /* only the file's algorithm */
    if (cs_opt_range("iters", a->iters, 1, CS_MAX_CALLS) != 0 ||
        (a->warmup != -1 && cs_opt_range("warmup", a->warmup, 0, CS_MAX_CALLS) != 0))
        return 2;
    if (run_parse_text(&t, &r) != 0) return 2;
    char defaults[512];
    if (!algos_given && r.algo_file == NULL) {
        coll_default_algos(a->coll, defaults, sizeof defaults);
        a->algos = defaults;
    }
    if (run_check_options(&r, np_given) != 0) return 2;
    return run_execute(&r);
}
