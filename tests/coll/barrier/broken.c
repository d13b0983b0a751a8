/* broken.c: an SMPI program that runs the barrier driver (src/coll/barrier/driver.c) the way
 * the runner does, on barriers that are wrong on purpose and on every collsim barrier, and
 * prints how many rank checks failed for each. Test-only: the wrong barriers are not in the
 * registry. Every rank enters each call at one instant (a SimGrid barrier, no message); the
 * calls are warm-ups, so the driver delays one rank, rotating over all p ranks.
 *   noop          returns at once: every rank but the late one leaves early
 *   short         dissemination one round short: ranks that have not heard, even indirectly,
 *                 from the late rank leave early (caught only for some late ranks)
 * Output, rank 0: one line "NAME FAILED CHECKED" per barrier. */
#include <simgrid/barrier.h>
#include <stdio.h>

#include "coll.h"

static int noop(MPI_Comm comm)
{
    (void)comm;
    return MPI_SUCCESS;
}

static int dissemination_short(MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    for (int d = 1; 2 * d < p; d <<= 1)
        MPI_Sendrecv(NULL, 0, MPI_BYTE, (rank + d) % p, 7059, NULL, 0, MPI_BYTE, (rank - d + p) % p,
                     7059, comm, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
}

/* Runs p warm-up calls of fn through the driver; rank 0 prints the failed checks. */
static void run(const char *name, coll_fn fn, sg_bar_t entry, int rank, int p)
{
    const struct coll_driver *d = coll_driver(COLL_barrier);
    void *state = d->setup(0, rank, p);
    long failed = 0, total = 0;
    for (int call = 0; call < p; call++) {
        struct coll_call c = {0, 0, 1, call, 1, rank, p, MPI_COMM_WORLD};
        unsigned char want, got;
        d->fill(state, &c);
        sg_barrier_wait(entry);
        d->call(fn, state, &c);
        failed += d->check(state, &c, &want, &got) >= 0;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    d->release(state);
    MPI_Reduce(&failed, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("%s %ld %d\n", name, total, p * p);
}

int main(int argc, char **argv)
{
    int rank, p;
    sg_bar_t entry = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (rank == 0) entry = sg_barrier_init((unsigned)p);
    MPI_Bcast(&entry, sizeof entry, MPI_BYTE, 0, MPI_COMM_WORLD);
    run("noop", (coll_fn)noop, entry, rank, p);
    run("short", (coll_fn)dissemination_short, entry, rank, p);
    for (int i = 0; i < algo_count; i++)
        if (algo_infos[i].coll == COLL_barrier)
            run(algo_infos[i].name, coll_resolve(COLL_barrier, algo_infos[i].name), entry, rank, p);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) sg_barrier_destroy(entry);
    MPI_Finalize();
    return 0;
}
