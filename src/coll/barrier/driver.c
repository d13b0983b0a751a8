/* driver.c: how the runner drives a barrier. A barrier moves no data and ignores the size
 * the runner passes (every size's row times the same operation); what it must guarantee is
 * an order in time: no rank leaves before the last one has entered. So in every warm-up call
 * one rank, which rotates with the call and the size, sleeps BARRIER_CHECK_DELAY of simulated
 * time before entering, and every rank then checks that it left no earlier than its entry
 * (all ranks enter at one instant) plus that delay. A barrier that lets any rank through
 * early fails the check on that rank. Timed calls delay nobody, so their time is the
 * barrier's own.
 *
 * The result each rank reports is one byte per call: 1 when it left no earlier than it had
 * to (in a timed call, no earlier than it entered), 0 when it left too early; the check
 * expects 1 (so --inject-fault RANK:0 is caught too). coll_barrier_early tells the runner,
 * for its own message, when a rank left and when the late one entered. */
#include <simgrid/actor.h>
#include <stdlib.h>

#include "barrier.h"

/* The simulated delay of the late rank in a warm-up call: far above any barrier's own time
 * on the platforms collsim ships, so a barrier that ignores the late rank cannot hide. */
#define BARRIER_CHECK_DELAY 0.01
/* SimGrid's clock is exact only to its timing precision (surf/precision, 1e-9 s): the late
 * rank's own exit may show its sleep a hair short. */
#define BARRIER_CLOCK_SLACK 1e-9

struct barrier_state {
    double entry, exit;
    unsigned char released_late_enough;
};

static void *barrier_setup(uint64_t max_bytes, int rank, int np)
{
    (void)max_bytes, (void)rank, (void)np;
    return calloc(1, sizeof(struct barrier_state));
}

static void barrier_fill(void *state, const struct coll_call *c)
{
    (void)c;
    struct barrier_state *s = state;
    s->entry = s->exit = 0;
    s->released_late_enough = 0;
}

/* The rank a warm-up call delays: rotates with the call and the size. */
static int barrier_late_rank(const struct coll_call *c)
{
    return (int)(((uint64_t)c->call + c->bytes) % (uint64_t)c->np);
}

/* The earliest time this rank may leave call c, which it entered at `entry`. */
static double barrier_earliest_exit(const struct coll_call *c, double entry)
{
    return (c->warmup ? entry + BARRIER_CHECK_DELAY : entry) - BARRIER_CLOCK_SLACK;
}

static int barrier_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct barrier_state *s = state;
    s->entry = MPI_Wtime();
    if (c->warmup && c->rank == barrier_late_rank(c)) sg_actor_sleep_for(BARRIER_CHECK_DELAY);
    int rc = ((barrier_sig *)fn)(c->comm);
    s->exit = MPI_Wtime();
    s->released_late_enough = s->exit >= barrier_earliest_exit(c, s->entry);
    return rc;
}

static int64_t barrier_check(void *state, const struct coll_call *c, unsigned char *expected,
                             unsigned char *got)
{
    (void)c;
    struct barrier_state *s = state;
    if (s->released_late_enough == 1) return -1;
    *expected = 1, *got = s->released_late_enough;
    return 0;
}

int coll_barrier_early(void *state, const struct coll_call *c, double *left, int *late,
                       double *entered)
{
    const struct barrier_state *s = state;
    if (!c->warmup || s->exit >= barrier_earliest_exit(c, s->entry)) return 0;
    *left = s->exit, *late = barrier_late_rank(c), *entered = s->entry + BARRIER_CHECK_DELAY;
    return 1;
}

static unsigned char *barrier_result(void *state, const struct coll_call *c, uint64_t *len)
{
    (void)c;
    struct barrier_state *s = state;
    *len = 1;
    return &s->released_late_enough;
}

const struct coll_driver coll_driver_barrier = {barrier_setup, barrier_fill,   barrier_call,
                                                barrier_check, barrier_result, free};
