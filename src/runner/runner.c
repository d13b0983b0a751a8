/* runner.c: the SMPI benchmark program. Times broadcast algorithms over a range of sizes,
 * checks every rank's buffer after every call, prints an OSU-style table and optional CSV.
 *
 * Timing. Simulated time is one global clock, so a call's time is exact: from the root's
 * entry to the last rank's exit. Before each call every non-root rank sends the root a
 * 0-byte "ready" message (tag RUNNER_READY_TAG) and enters the broadcast at once; the root
 * takes its entry time after it has received them all. So every rank is already waiting
 * in the broadcast when the root starts, the previous call has ended everywhere, and no
 * barrier skew leaks into the time. Timing calls cost nothing (collsim runs with
 * smpi/wtime:0) and data checks are free (smpi/simulate-computation:no).
 *
 * Trace marks (with --marks, when collsim traces the run). Rank 0 declares the Paje state
 * type "collsim_phase" on its host and pushes one state per (algorithm, size) phase, valued
 *   COLLECTIVE/ALGORITHM/BYTES/ROOT/WARMUP/ITERATIONS     e.g. bcast/binomial/1024/0/1/5
 * The state is pushed before the first call of the phase and popped after a barrier that
 * follows the last call, so its interval holds all of the phase's calls and nothing of
 * another phase. Inside it, call k (warm-ups first) starts when the root's last ready
 * PMPI_Recv before it ends. docs/trace-format.md is the reference for the analyzer. */
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <simgrid/instr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcast.h"
#include "topology.h"
#include "util.h"

#define RUNNER_READY_TAG 7000

int collsim_enable_sfr(void); /* sfr.cpp */
#define MAX_SIZES 64
#define MAX_ALGOS 64

struct algo {
    char name[96];
    bcast_fn fn;
};

struct options {
    struct algo algos[MAX_ALGOS];
    int named[MAX_ALGOS]; /* named in --algo itself, not only through "all" */
    int all;              /* --algo had "all" */
    int nalgos;
    uint64_t sizes[MAX_SIZES];
    int nsizes;
    int root;
    int iters;
    int warmup;
    int marks;
    const char *csv;
    const char *platform;
    const char *model;
    int sfr;            /* --sfr: store-and-forward routing (sfr.cpp) */
    const char *topology; /* --topology KIND:DIMS, else the platform's props */
    int fault_rank;     /* --inject-fault RANK:OFFSET flips one received byte (tests) */
    int64_t fault_offset;
};

static void usage(FILE *f)
{
    fprintf(f, "usage: collsim-runner --algo A[,B...] [--sizes MIN:MAX:FACTOR|LIST] [--root R]\n"
               "                      [--iters N] [--warmup W] [--csv FILE] [--platform NAME]\n"
               "                      [--model NAME] [--marks] [--sfr] [--topology KIND:DIMS]\n"
               "                      [--inject-fault RANK:OFFSET]\n"
               "run it through smpirun (collsim run does)\n");
}

/* Parses argv into o. Returns 0, or -1 after printing an error (every rank parses; only
 * rank 0 prints). */
static int parse_options(int argc, char **argv, struct options *o, int rank)
{
    static const struct option longopts[] = {
        {"algo", required_argument, 0, 'a'},  {"sizes", required_argument, 0, 's'},
        {"root", required_argument, 0, 'r'},  {"iters", required_argument, 0, 'i'},
        {"warmup", required_argument, 0, 'w'}, {"csv", required_argument, 0, 'c'},
        {"platform", required_argument, 0, 'p'}, {"model", required_argument, 0, 'm'},
        {"marks", no_argument, 0, 'k'},       {"help", no_argument, 0, 'h'},
        {"inject-fault", required_argument, 0, 'f'}, {"sfr", no_argument, 0, 'S'},
        {"topology", required_argument, 0, 'T'},
        {0, 0, 0, 0}};
    const char *algos = "binomial", *sizes = "16:4M:8";
    char err[256];
    memset(o, 0, sizeof *o);
    o->iters = 5;
    o->warmup = 1;
    o->platform = "unnamed";
    o->model = "unknown";
    o->fault_rank = -1;
    optind = 1;
    int c, li = 0;
    while ((c = getopt_long(argc, argv, "", longopts, &li)) != -1) {
        switch (c) {
        case 'a': algos = optarg; break;
        case 's': sizes = optarg; break;
        case 'r':
            if (cs_parse_int(optarg, &o->root)) goto bad_value;
            break;
        case 'i':
            if (cs_parse_int(optarg, &o->iters) || o->iters < 1) goto bad_value;
            break;
        case 'w':
            if (cs_parse_int(optarg, &o->warmup)) goto bad_value;
            break;
        case 'c': o->csv = optarg; break;
        case 'p': o->platform = optarg; break;
        case 'm': o->model = optarg; break;
        case 'k': o->marks = 1; break;
        case 'S': o->sfr = 1; break;
        case 'T': o->topology = optarg; break;
        case 'f': {
            long long off;
            if (sscanf(optarg, "%d:%lld", &o->fault_rank, &off) != 2 || o->fault_rank < 0 || off < 0)
                goto bad_value;
            o->fault_offset = off;
            break;
        }
        case 'h':
            if (rank == 0) usage(stdout);
            return -1;
        default:
            if (rank == 0) usage(stderr);
            return -1;
        }
        continue;
    bad_value:
        if (rank == 0) cs_error("bad value '%s' for --%s", optarg, longopts[li].name);
        return -1;
    }
    char bad[128];
    char *raw = cs_strdup(algos);
    for (char *t = strtok(raw, ","); t != NULL; t = strtok(NULL, ","))
        if (strcmp(t, "all") == 0) o->all = 1;
    free(raw);
    char *list = bcast_expand(algos, bad, sizeof bad);
    if (list == NULL) {
        if (rank == 0) cs_error("unknown algorithm '%s' (see 'collsim list')", bad);
        return -1;
    }
    for (char *t = strtok(list, ","); t != NULL; t = strtok(NULL, ",")) {
        if (o->nalgos == MAX_ALGOS) {
            if (rank == 0) cs_error("too many algorithms (at most %d)", MAX_ALGOS);
            free(list);
            return -1;
        }
        o->named[o->nalgos] = 0;
        struct algo *a = &o->algos[o->nalgos++];
        snprintf(a->name, sizeof a->name, "%s", t);
        a->fn = bcast_resolve(t);
        if (a->fn == NULL) {
            if (rank == 0) cs_error("algorithm '%s' is not in this SimGrid library", t);
            free(list);
            return -1;
        }
    }
    free(list);
    /* which of them --algo names itself */
    raw = cs_strdup(algos);
    for (char *t = strtok(raw, ","); t != NULL; t = strtok(NULL, ","))
        for (int i = 0; i < o->nalgos; i++)
            if (strcmp(o->algos[i].name, t) == 0) o->named[i] = 1;
    free(raw);
    o->nsizes = cs_parse_sizes(sizes, o->sizes, MAX_SIZES, err, sizeof err);
    if (o->nsizes < 0) {
        if (rank == 0) cs_error("%s", err);
        return -1;
    }
    for (int i = 0; i < o->nsizes; i++)
        if (o->sizes[i] > INT_MAX) {
            if (rank == 0) cs_error("size %" PRIu64 " is larger than an MPI count can hold", o->sizes[i]);
            return -1;
        }
    return 0;
}

/* The byte a correct broadcast leaves at `offset` in call `call` (varies with the call, so a
 * stale buffer from the previous call is caught). */
static inline unsigned char pattern(uint64_t offset, int call, int root)
{
    return (unsigned char)((offset * 131u + (uint64_t)call * 29u + (uint64_t)root * 7u + 1u) & 0xffu);
}

static void fill(unsigned char *buf, uint64_t n, int call, int root, int poison)
{
    for (uint64_t i = 0; i < n; i++) {
        unsigned char v = pattern(i, call, root);
        buf[i] = poison ? (unsigned char)~v : v;
    }
}

/* Returns the offset of the first wrong byte, or -1 when the buffer is right. */
static int64_t check(const unsigned char *buf, uint64_t n, int call, int root)
{
    for (uint64_t i = 0; i < n; i++)
        if (buf[i] != pattern(i, call, root)) return (int64_t)i;
    return -1;
}

struct phase_result {
    double avg, min, max;
    long errors;
};

/* Runs warmup + iters calls of one algorithm at one size. Every rank returns; rank 0 gets the
 * times and the total error count. */
static struct phase_result run_phase(const struct options *o, const struct algo *algo, uint64_t bytes,
                                     unsigned char *buf, int rank, int p, const char *host)
{
    struct phase_result res = {0, 0, 0, 0};
    bcast_fn fn = algo->fn;
    int calls = o->warmup + o->iters;
    double *entry = calloc((size_t)calls, sizeof(double));
    double *exit_t = calloc((size_t)calls, sizeof(double));
    double *gentry = calloc((size_t)calls, sizeof(double));
    double *gexit = calloc((size_t)calls, sizeof(double));
    char mark[256];
    snprintf(mark, sizeof mark, "bcast/%s/%" PRIu64 "/%d/%d/%d", algo->name, bytes,
             o->root, o->warmup, o->iters);
    if (o->marks) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            TRACE_host_state_declare_value("collsim_phase", mark, "0.2 0.4 0.8");
            TRACE_host_push_state(host, "collsim_phase", mark);
        }
    }
    long errors = 0;
    for (int call = 0; call < calls; call++) {
        fill(buf, bytes, call, o->root, rank != o->root);
        if (rank == o->root) {
            /* Blocking receives, in rank order: SimGrid 3.32 traces every MPI_Irecv with a
             * second EndLink under a wrong key, which Paje readers reject. The readies cost
             * (p-1) messages of simulated time before the call, never inside it. */
            for (int r = 0; r < p; r++)
                if (r != o->root)
                    MPI_Recv(NULL, 0, MPI_BYTE, r, RUNNER_READY_TAG, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        } else {
            MPI_Send(NULL, 0, MPI_BYTE, o->root, RUNNER_READY_TAG, MPI_COMM_WORLD);
        }
        entry[call] = MPI_Wtime();
        int rc = fn(buf, (int)bytes, MPI_BYTE, o->root, MPI_COMM_WORLD);
        exit_t[call] = MPI_Wtime();
        if (rc != MPI_SUCCESS) {
            fprintf(stderr, "collsim-runner: error: %s returned MPI error %d on rank %d\n",
                    algo->name, rc, rank);
            errors++;
        }
        /* The checker's own test: corrupt one byte where asked, after the broadcast. */
        if (rank == o->fault_rank && o->fault_offset < (int64_t)bytes) buf[o->fault_offset] ^= 0x5a;
        int64_t bad = check(buf, bytes, call, o->root);
        if (bad >= 0) {
            if (errors == 0)
                fprintf(stderr,
                        "collsim-runner: error: rank %d received a wrong byte at offset %" PRId64
                        " (algorithm '%s', %" PRIu64 " bytes, root %d, call %d): expected 0x%02x, "
                        "got 0x%02x\n",
                        rank, bad, algo->name, bytes, o->root, call,
                        pattern((uint64_t)bad, call, o->root), buf[bad]);
            errors++;
        }
        if (rank != o->root) entry[call] = 0.0;
    }
    if (o->marks) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) TRACE_host_pop_state(host, "collsim_phase");
    }
    /* Only the root's entries are non-zero, so a MAX gathers them. */
    MPI_Reduce(entry, gentry, calls, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(exit_t, gexit, calls, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&errors, &res.errors, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double sum = 0;
        for (int call = o->warmup; call < calls; call++) {
            double t = gexit[call] - gentry[call];
            if (call == o->warmup || t < res.min) res.min = t;
            if (call == o->warmup || t > res.max) res.max = t;
            sum += t;
        }
        res.avg = sum / o->iters;
    }
    free(entry);
    free(exit_t);
    free(gentry);
    free(gexit);
    return res;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    struct options o;
    if (parse_options(argc, argv, &o, rank) != 0) {
        MPI_Finalize();
        return 2;
    }
    if (o.root >= p) {
        if (rank == 0) cs_error("root %d is not a rank of %d processes", o.root, p);
        MPI_Finalize();
        return 2;
    }
    if (o.sfr && rank == 0 && collsim_enable_sfr() != 0) {
        cs_error("this platform has no network model to make store-and-forward");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Barrier(MPI_COMM_WORLD); /* no message leaves before the routing mode is set */
    char terr[256];
    if (bcast_topology_init(o.topology, terr, sizeof terr) != 0) {
        if (rank == 0) cs_error("%s", terr);
        MPI_Finalize();
        return 2;
    }
    for (int a = 0; a < o.nalgos; a++) {
        int idx = bcast_find(o.algos[a].name);
        if (idx >= 0 && bcast_infos[idx].needs[0] != '\0' &&
            bcast_topology_fits(bcast_infos[idx].needs, MPI_COMM_WORLD, terr, sizeof terr) != 0) {
            if (o.all && !o.named[a]) { /* "all" means all that fit: say what is left out */
                if (rank == 0) printf("# not run here: %s (%s)\n", o.algos[a].name, terr);
                memmove(&o.algos[a], &o.algos[a + 1], (size_t)(o.nalgos - a - 1) * sizeof o.algos[0]);
                memmove(&o.named[a], &o.named[a + 1], (size_t)(o.nalgos - a - 1) * sizeof o.named[0]);
                o.nalgos--;
                a--;
                continue;
            }
            if (rank == 0) cs_error("algorithm '%s' %s", o.algos[a].name, terr);
            MPI_Finalize();
            return 2;
        }
    }
    char host[MPI_MAX_PROCESSOR_NAME];
    int hostlen;
    MPI_Get_processor_name(host, &hostlen);
    if (o.marks && rank == 0) TRACE_host_state_declare("collsim_phase");

    uint64_t maxbytes = 0;
    for (int i = 0; i < o.nsizes; i++)
        if (o.sizes[i] > maxbytes) maxbytes = o.sizes[i];
    unsigned char *buf = malloc(maxbytes > 0 ? maxbytes : 1);

    FILE *csv = NULL;
    if (rank == 0 && o.csv != NULL) {
        csv = fopen(o.csv, "w");
        if (csv == NULL) {
            cs_error("cannot write '%s'", o.csv);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        fprintf(csv, "collective,algorithm,platform,model,routing,np,root,bytes,warmup,iterations,"
                     "avg_s,min_s,max_s,valid\n");
    }
    long total_errors = 0;
    for (int a = 0; a < o.nalgos; a++) {
        const struct algo *algo = &o.algos[a];
        if (rank == 0) {
            printf("# collsim bcast, algorithm %s, %d processes, root %d, platform %s, model %s, "
                   "routing %s\n",
                   algo->name, p, o.root, o.platform, o.model, o.sfr ? "sfr" : "ctr");
            printf("# time of a call = last rank's exit - root's entry, on the simulated clock\n");
            printf("# Avg/Min/Max over %d timed calls after %d warm-up; every rank's buffer checked\n",
                   o.iters, o.warmup);
            printf("# %-10s %14s %14s %14s %11s\n", "Size", "Avg(us)", "Min(us)", "Max(us)",
                   "Iterations");
            fflush(stdout);
        }
        for (int s = 0; s < o.nsizes; s++) {
            struct phase_result r = run_phase(&o, algo, o.sizes[s], buf, rank, p, host);
            if (rank != 0) continue;
            total_errors += r.errors;
            printf("%-12" PRIu64 " %14.3f %14.3f %14.3f %11d%s\n", o.sizes[s], r.avg * 1e6,
                   r.min * 1e6, r.max * 1e6, o.iters, r.errors ? "  INVALID" : "");
            fflush(stdout);
            if (csv != NULL)
                fprintf(csv, "bcast,%s,%s,%s,%s,%d,%d,%" PRIu64 ",%d,%d,%.12g,%.12g,%.12g,%d\n",
                        algo->name, o.platform, o.model, o.sfr ? "sfr" : "ctr", p, o.root, o.sizes[s],
                        o.warmup, o.iters, r.avg, r.min, r.max, r.errors == 0);
        }
        if (rank == 0) printf("\n");
    }
    if (csv != NULL) fclose(csv);
    free(buf);
    MPI_Bcast(&total_errors, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    if (total_errors != 0) {
        if (rank == 0) cs_error("%ld wrong buffers: the broadcast is not correct", total_errors);
        return 1;
    }
    return 0;
}
