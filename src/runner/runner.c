/* runner.c: the SMPI benchmark program's main and its loop over algorithms and sizes. It times
 * the algorithms of one collective (--collective, broadcast by default) over a range of sizes,
 * checks every rank's result after every call and that the call left no message unreceived
 * (leftover.c), prints an OSU-style table and optional CSV; a deadlock's line names the ranks
 * still in their call. What the buffers hold and how a result is checked is the collective's
 * driver (coll.h, src/coll/<collective>/driver.c).
 *
 * Its pieces share runner.h: options.c reads the command line and the algorithms it names,
 * shared_buffers.c sets up --shared-buffers, start.c prepares the run, harness.c holds the
 * harness's own messages outside phases, board.c the board of results and the deadlock's report,
 * timing.c the timing protocol of one phase, marks.c the trace marks and output.c the tables
 * and the CSV. */
#include <inttypes.h>
#include <simgrid/actor.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "choices.h"
#include "coll.h"
#include "mailbox.h"
#include "mpilib.h"
#include "progress.h"
#include "runner.h"
#include "util.h"

/* The collective in words, from its description ("broadcast: ..."). */
static void coll_noun(enum coll_id coll, char *buf, size_t len)
{
    const char *d = coll_infos[coll].description;
    snprintf(buf, len, "%.*s", (int)strcspn(d, ":"), d);
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
            coll_ompi_fixed_rules(strcmp(o->algos[a].name, OMPI_PREFIX "default") == 0);
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
