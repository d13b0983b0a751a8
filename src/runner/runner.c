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
