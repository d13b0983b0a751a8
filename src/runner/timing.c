/* timing.c: the timing protocol, one phase (an algorithm at one size) at a time: the ready
 * messages and the entry barrier before each call, the timed calls, each rank's check of its
 * result, and rank 0's times and error lines of the phase, gathered on the board.
 *
 * Timing. Simulated time is one global clock, so a call's time is exact: from the common
 * entry to the last rank's exit. Before each call every non-root rank sends the root a
 * 0-byte "ready" message (tag CS_READY_TAG); then every rank waits at a SimGrid barrier
 * (sg_barrier_wait: no message, no simulated time), which releases them all at the moment
 * the root has received the last ready. So all ranks enter the collective at one instant,
 * the previous call has ended everywhere, and no skew leaks into the time, whichever rank
 * sends first (a reduce's leaves, a broadcast's root). Timing calls cost nothing (collsim
 * runs with smpi/wtime:0) and data checks are free (smpi/simulate-computation:no). The
 * times and error counts reach rank 0 through memory (struct board), not messages, so the
 * harness adds O(p) simulation work per call, whatever the collective algorithms SimGrid is
 * configured with, and nothing of its own between an algorithm's calls. The look for messages
 * left unreceived comes once every rank has left a call (after the next call's entry barrier,
 * or the phase's closing one) and costs no simulated time when it finds none. */
#include <inttypes.h>
#include <simgrid/barrier.h>
#include <simgrid/semaphore.h>
#include <stdint.h>
#include <stdio.h>

#include "coll.h"
#include "eager.h"
#include "format.h"
#include "leftover.h"
#include "runner.h"
#include "util.h"

/* A non-root rank's ready when untraced (ready): a synchronous send, not a detached one, which
 * SimGrid 3.32 removes from one list of all of them by a walk of the whole list (eager.h), and
 * posted only once the rank before has been received (at no simulated time), when the root is
 * about to ask for it: a message that waits in the root's mailbox behind others costs a walk
 * of them to match and a shift of them to leave (p^2 steps a call at 65,536 ranks). It moves
 * when it did as a detached send, when the root asks for it or when the rank comes if later
 * (with no send costs: no machine profile), so the times are the same. */
static void ready_in_turn(int root, const struct world *w)
{
    int rank = w->rank, first = root == 0 ? 1 : 0;
    int next = rank + 1 == root ? rank + 2 : rank + 1;
    if (rank != first) sg_sem_acquire(w->board->turn[rank]);
    MPI_Ssend(NULL, 0, MPI_BYTE, root, CS_READY_TAG, MPI_COMM_WORLD);
    if (next < w->p) sg_sem_release(w->board->turn[next]);
}

/* Waits until every rank is ready for the call: the root takes a ready message from each,
 * then all pass the entry barrier together. */
static void ready(int root, const struct world *w)
{
    int rank = w->rank, p = w->p;
    if (rank == root) {
        /* Blocking receives, in rank order: SimGrid 3.32 traces every MPI_Irecv with a
         * second EndLink under a wrong key, which Paje readers reject. The readies cost
         * (p-1) messages of simulated time before the call, never inside it. */
        for (int r = 0; r < p; r++)
            if (r != root)
                MPI_Recv(NULL, 0, MPI_BYTE, r, CS_READY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (w->untraced) {
        ready_in_turn(root, w);
    } else {
        MPI_Send(NULL, 0, MPI_BYTE, root, CS_READY_TAG, MPI_COMM_WORLD);
    }
    sg_barrier_wait(w->board->bar);
}

/* A barrier's check of call c on this rank, once its result byte failed the driver's check:
 * 1 when the rank left before the late rank entered, counted on the board with the phase's
 * first such exit (by call, then rank), which rank 0 reports as the phase ends (report_early);
 * 0 when its times are right (the byte was flipped by --inject-fault). */
static int check_barrier(void *state, const struct coll_call *c, struct board *b)
{
    struct early_exit e = {c->call, c->rank, 0, 0, 0};
    if (!coll_barrier_early(state, c, &e.left, &e.late, &e.entered)) return 0;
    const struct early_exit *f = &b->first_early;
    if (b->early++ == 0 || e.call < f->call || (e.call == f->call && e.rank < f->rank))
        b->first_early = e;
    return 1;
}

/* Checks this rank's result of call c; the number of errors it adds (0 or 1), printing the
 * first of the phase (errors_before == 0); a barrier's early exit goes on the board instead. */
static long check_result(const struct options *o, const struct algo *algo, void *state,
                         const struct coll_call *c, long errors_before, struct board *b)
{
    uint64_t len;
    unsigned char *out = o->driver->result(state, c, &len);
    /* The checker's own test: corrupt one byte where asked, after the call. */
    if (c->rank == o->a.fault_rank && o->a.fault_offset < (int64_t)len)
        out[o->a.fault_offset] ^= 0x5a;
    unsigned char want = 0, got = 0;
    int64_t bad = o->driver->check(state, c, &want, &got);
    if (bad < 0 || (o->a.coll == COLL_barrier && check_barrier(state, c, b))) return 0;
    if (errors_before == 0)
        fprintf(stderr,
                "collsim-runner: error: rank %d received a wrong byte at offset %" PRId64
                " (algorithm '%s', %" PRIu64 " bytes, root %d, call %d): expected 0x%02x, "
                "got 0x%02x\n",
                c->rank, bad, algo->name, c->bytes, c->root, c->call, want, got);
    return 1;
}

/* Makes the phase's calls, leaving the root's entry times, every rank's latest exit times and
 * error counts on the board. */
static void timed_calls(const struct options *o, const struct algo *algo, uint64_t bytes,
                        void *state, const struct world *w)
{
    struct board *b = w->board;
    long errors = 0;
    struct coll_call c = {bytes, o->a.root, o->a.shift, 0, 0, w->rank, w->p, MPI_COMM_WORLD};
    int warm = algo_warmup(o, algo);
    for (c.call = 0; c.call < warm + o->a.iters; c.call++) {
        c.warmup = c.call < warm;
        o->driver->fill(state, &c);
        ready(o->a.root, w);
        /* every rank has left the call before: what it left unreceived is there now; taking
         * it costs simulated time, so no rank enters the call before every rank is done */
        if (c.call > 0) {
            leftover_probe(c.comm, w->rank, &b->boxes[w->rank], &b->unreceived);
            sg_barrier_wait(b->bar);
            coll_eager_drain(); /* every transfer of the call has ended */
        }
        double entry = MPI_Wtime();
        *w->at = (struct whereabouts){w->rank, 1, algo->name, bytes, b, c.call, warm + o->a.iters};
        int rc = o->driver->call(algo->fn, state, &c);
        w->at->inside = 0;
        double exit_t = MPI_Wtime();
        if (rc != MPI_SUCCESS) {
            fprintf(stderr, "collsim-runner: error: %s returned MPI error %d on rank %d\n",
                    algo->name, rc, w->rank);
            errors++;
        }
        errors += check_result(o, algo, state, &c, errors, b);
        if (w->rank == o->a.root) b->entry[c.call] = entry;
        if (exit_t > b->exit_t[c.call]) b->exit_t[c.call] = exit_t;
        if (!c.warmup) b->rank_sum += exit_t - entry;
    }
    b->errors += errors;
}

/* Rank 0, once every rank has ended the phase: the average, min and max of its timed calls
 * and its error count, from the board, which it then clears for the next phase (no rank
 * writes there before the next phase's first entry, which waits for rank 0). */
static void phase_times(const struct options *o, int warm, int p, struct board *b,
                        struct phase_result *res)
{
    int calls = warm + o->a.iters;
    double sum = 0;
    for (int call = warm; call < calls; call++) {
        double t = b->exit_t[call] - b->entry[call];
        if (call == warm || t < res->min) res->min = t;
        if (call == warm || t > res->max) res->max = t;
        sum += t;
    }
    res->avg = sum / o->a.iters;
    res->rank_avg = b->rank_sum / ((double)o->a.iters * p);
    b->rank_sum = 0;
    res->errors = b->errors;
    res->unreceived = b->unreceived.messages;
    res->early = b->early;
    for (int call = 0; call < calls; call++)
        b->entry[call] = b->exit_t[call] = 0.0;
    b->errors = 0;
}

/* Rank 0's error line for a barrier's exits before the late rank entered, which it then
 * clears: the phase's first, and how many there were. */
static void report_early(const struct options *o, const struct algo *algo, uint64_t bytes,
                         struct board *b)
{
    const struct early_exit *e = &b->first_early;
    int warm = algo_warmup(o, algo), calls = warm + o->a.iters;
    cs_error("barrier '%s' at %" PRIu64 " B let rank %d leave at %.3f us before rank %d entered "
             "at %.3f us (call %d of %d); %ld early exit%s in the %d warm-up call%s, each with "
             "one rank late",
             algo->name, bytes, e->rank, e->left * 1e6, e->late, e->entered * 1e6, e->call + 1,
             calls, b->early, b->early == 1 ? "" : "s", warm, warm == 1 ? "" : "s");
    b->early = 0;
}

/* Rank 0's error line for the messages a phase left unreceived, which it then clears. */
static void report_unreceived(const struct options *o, const struct algo *algo, uint64_t bytes,
                              struct board *b)
{
    char which[512];
    leftover_text(&b->unreceived, which, sizeof which);
    cs_error("%s '%s' at %" PRIu64 " B left %ld message%s unreceived "
             "after its calls: %s; a call must receive every message sent in it",
             coll_infos[o->a.coll].name, algo->name, bytes, b->unreceived.messages,
             b->unreceived.messages == 1 ? "" : "s", which);
    b->unreceived = (struct leftover){0};
}

struct phase_result run_phase(const struct options *o, const struct algo *algo, uint64_t bytes,
                              void *state, const struct world *w)
{
    struct phase_result res = {0, 0, 0, 0, 0, 0, 0};
    trace_phase_begin(o, algo, bytes, w);
    timed_calls(o, algo, bytes, state, w);
    trace_phase_end(o, w);
    sg_barrier_wait(w->board->bar);
    /* the last call's leftovers, once every rank has left it, and every rank's counted */
    leftover_probe(MPI_COMM_WORLD, w->rank, &w->board->boxes[w->rank], &w->board->unreceived);
    sg_barrier_wait(w->board->bar);
    coll_eager_drain();
    if (w->rank == 0) phase_times(o, algo_warmup(o, algo), w->p, w->board, &res);
    if (w->rank == 0 && res.unreceived > 0) report_unreceived(o, algo, bytes, w->board);
    if (w->rank == 0 && res.early > 0) report_early(o, algo, bytes, w->board);
    return res;
}
