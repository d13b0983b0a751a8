/* runner.c: the SMPI benchmark program. Times the algorithms of one collective (--collective,
 * broadcast by default) over a range of sizes, checks every rank's result after every call and
 * that the call left no message unreceived (leftover.c), prints an OSU-style table and optional
 * CSV; a deadlock's line names the ranks still in their call. What the buffers hold and how a
 * result is checked is the collective's driver (coll.h, src/coll/<collective>/driver.c). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <simgrid/actor.h>
#include <simgrid/barrier.h>
#include <simgrid/host.h>
#include <simgrid/instr.h>
#include <simgrid/semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xbt/config.h>
#include <xbt/dynar.h>

#include "coll.h"
#include "costs.h"
#include "deadlock.h"
#include "eager.h"
#include "format.h"
#include "leftover.h"
#include "mailbox.h"
#include "mpilib.h"
#include "nodes.h"
#include "platform.h"
#include "progress.h"
#include "runargs.h"
#include "runner.h"
#include "topology.h"
#include "util.h"

/* The collective in words, from its description ("broadcast: ..."). */
static void coll_noun(enum coll_id coll, char *buf, size_t len)
{
    const char *d = coll_infos[coll].description;
    snprintf(buf, len, "%.*s", (int)strcspn(d, ":"), d);
}

/* The ranks SimGrid runs on this rank's host (one actor each). */
static int ranks_on_my_host(void)
{
    xbt_dynar_t actors = xbt_dynar_new(sizeof(sg_actor_t), NULL);
    sg_host_get_actor_list(sg_host_self(), actors);
    int n = (int)xbt_dynar_length(actors);
    xbt_dynar_free(&actors);
    return n > 0 ? n : 1;
}

/* The ranks a deadlock's line names; the others are counted. */
#define DEADLOCK_SHOWN 4

/* The machine profile at path, read once for all ranks (they share this process and SimGrid
 * runs one at a time); NULL after an error line from rank 0. */
static const struct machine *shared_machine(const char *path, int rank)
{
    static struct machine *m;
    static int failed;
    char err[512];
    if (m != NULL || failed) return m;
    if ((m = malloc(sizeof *m)) == NULL || machine_read(path, m, err, sizeof err) != 0) {
        if (rank == 0) cs_error("%s", m != NULL ? err : "out of memory");
        free(m);
        m = NULL;
        failed = 1;
    }
    return m;
}

/* 1 when the platform's links can carry a message (platform_links_check); checked once, by
 * the first rank to get here, before any message (a bad link ends SimGrid at the first one):
 * the ranks share this file's variables (SMPI runs unprivatized) and run one at a time. */
static int links_usable(void)
{
    static int checked, usable;
    if (!checked) {
        char err[512];
        checked = 1;
        usable = platform_links_check(err, sizeof err) == 0;
        if (!usable) cs_error("the platform's %s", err);
    }
    return usable;
}

/* Prepares the run: root, links, routing, machine costs, topology, fitting algorithms. 0, or
 * an exit status after an error line (from rank 0, or from the rank that checked the links). */
static int start(struct options *o, struct world *w)
{
    if (o->a.root >= w->p) {
        if (w->rank == 0) cs_error("root %d is not a rank of %d processes", o->a.root, w->p);
        return 2;
    }
    if (!links_usable()) return 2;
    const struct machine *mc = NULL;
    if (o->a.machine != NULL && (mc = shared_machine(o->a.machine, w->rank)) == NULL) return 2;
    int sfr = o->a.routing == CS_ROUTING_SFR;
    if ((sfr || mc != NULL) && w->rank == 0 && costs_install(mc, sfr) != 0) {
        cs_error("this platform has no network model to charge store-and-forward or a machine's "
                 "costs on");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char terr[256];
    int placed;
    if (coll_topology_init(o->a.topology, &placed, terr, sizeof terr) != 0) {
        if (w->rank == 0) cs_error("%s", terr);
        return 2;
    }
    coll_nodes_register(); /* every rank's node, for the hierarchical algorithms */
    /* eager sends without SimGrid's list of detached ones (eager.h): not in a trace, which
     * shows each send's MPI call, nor with a machine's eager messages, which go to SimGrid's
     * small mailbox, where a synchronous send would not */
    w->untraced = !o->a.marks && mc == NULL && sg_cfg_get_int("smpi/async-small-thresh") == 0;
    if (w->untraced) coll_eager_enable(sg_cfg_get_int("smpi/send-is-detached-thresh"));
    int hostlen;
    MPI_Get_processor_name(w->host, &hostlen);
    w->ranks_per_host = ranks_on_my_host();
    /* with board_share's harness_up and harness_down: none of the algorithms' messages
     * leaves before the routing mode is set */
    board_share(o, w, placed);
    /* one verdict on every rank (a rank that stopped alone would leave the others waiting for
     * it): from the most ranks any host runs, and only once every rank is done with the board,
     * which rank 0 frees on an error */
    int minus_most = -w->ranks_per_host;
    harness_up(w, &minus_most);
    harness_down(&minus_most, (int)sizeof minus_most, w);
    return fit_algos(o, w, -minus_most) != 0 || check_libs(o, w) != 0 ? 2 : 0;
}

/* Rank 0 opens the CSV and writes its header; NULL without --csv. */
static FILE *open_csv(const struct options *o, int rank)
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

/* Rank 0's header of an algorithm's table: what runs where, how a call is timed, what is
 * checked. A collective without a root names none. */
static void print_header(const struct options *o, const struct algo *algo, int p)
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

/* Rank 0's table row, CSV row and progress message (progress.h) of one phase. */
static void report(const struct options *o, const struct algo *algo, uint64_t bytes, int p,
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

/* Closes the CSV, checking every write: 0, or -1 after an error line (a full disk). */
static int close_csv(const struct options *o, FILE *csv)
{
    if (csv == NULL) return 0;
    int err = ferror(csv) ? (errno ? errno : EIO) : 0;
    if (fclose(csv) != 0 && !err) err = errno;
    if (!err) return 0;
    cs_error("cannot write CSV '%s': %s", o->a.csv, strerror(err));
    return -1;
}

/* What rank 0 counted over the run: wrong buffers and MPI errors, messages left unreceived, a
 * barrier's early exits; csv_failed, its CSV could not be written. */
struct totals {
    long errors, unreceived, early;
    int csv_failed;
};

/* The largest of the --sizes, 0 for none. */
static uint64_t max_size(const struct options *o)
{
    uint64_t maxbytes = 0;
    for (int i = 0; i < o->a.sizes.n; i++)
        if (o->a.sizes.v[i] > maxbytes) maxbytes = o->a.sizes.v[i];
    return maxbytes;
}

/* Every phase of every algorithm; rank 0's totals. */
static struct totals run_all(const struct options *o, const struct world *w)
{
    uint64_t maxbytes = max_size(o);
    shared_blocksize(o, w->p, maxbytes);
    void *state = o->driver->setup(maxbytes, w->rank, w->p);
    if (state == NULL) {
        cs_error("out of memory for %" PRIu64 "-byte buffers", maxbytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    FILE *csv = open_csv(o, w->rank);
    struct totals t = {0, 0, 0, 0};
    for (int a = 0; a < o->nalgos; a++) {
        if (w->rank == 0) print_header(o, &o->algos[a], w->p);
        for (int s = 0; s < o->a.sizes.n; s++) {
            struct algo now; /* what runs at this size (checked in start: check_libs) */
            char err[512];
            if (algo_at(o, &o->algos[a], o->a.sizes.v[s], w->p, &now, err, sizeof err) != 0) {
                cs_error("%s", err);
                MPI_Abort(MPI_COMM_WORLD, 2);
            }
            struct phase_result r = run_phase(o, &now, o->a.sizes.v[s], state, w);
            if (w->rank != 0) continue;
            t.errors += r.errors, t.unreceived += r.unreceived, t.early += r.early;
            report(o, &now, o->a.sizes.v[s], w->p, &r, csv);
        }
        if (w->rank == 0) printf("\n");
    }
    t.csv_failed = close_csv(o, csv) != 0;
    o->driver->release(state);
    return t;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    struct world w;
    memset(&w, 0, sizeof w);
    MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &w.p);
    mailbox_find((long)sg_actor_self_get_pid(), &w.boxes); /* a simcall: before any message */
    if ((w.at = calloc(1, sizeof *w.at)) == NULL) {
        cs_error("out of memory");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    sg_actor_on_exit(exit_guard, w.at);
    struct options o;
    int rc = parse_options(argc, argv, &o, w.rank) != 0 ? 2 : start(&o, &w);
    if (rc != 0) {
        if (w.rank == 0 && w.board != NULL) board_free(w.board); /* no rank waits at its barrier */
        MPI_Finalize();
        return rc;
    }
    trace_begin(&o, &w);
    if (w.rank == 0) cs_progress_plan(o.nalgos, o.a.sizes.n);
    struct totals t = run_all(&o, &w);
    /* once every rank has left the board's barrier, rank 0 frees it and tells every rank the
     * exit status */
    int unused = 0;
    harness_up(&w, &unused);
    if (w.rank == 0) board_free(w.board);
    long status = t.csv_failed || t.errors != 0 || t.unreceived != 0 || t.early != 0;
    harness_down(&status, (int)sizeof status, &w);
    MPI_Finalize();
    if (t.errors != 0 && w.rank == 0) {
        char noun[64];
        coll_noun(o.a.coll, noun, sizeof noun);
        cs_error("%ld wrong buffers: the %s is not correct", t.errors, noun);
    }
    return (int)status;
}
