/* board.c: the board where the ranks leave rank 0 their results (runner.h), the whereabouts
 * each rank leaves there, and what they tell when a run ends badly: the deadlock's error line
 * naming the ranks still in their call, and the end of a rank that left inside one. */
#include <inttypes.h>
#include <simgrid/actor.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "deadlock.h"
#include "runner.h"
#include "topology.h"
#include "util.h"

void board_free(struct board *b)
{
    deadlock_unwatch();
    if (b->bar != NULL) sg_barrier_destroy(b->bar);
    for (int r = 0; b->turn != NULL && r < b->p; r++)
        if (b->turn[r] != NULL) sg_sem_destroy(b->turn[r]);
    free(b->turn);
    free(b->entry), free(b->exit_t), free(b->at), free(b->pid), free(b->boxes), free(b);
}

struct board *board_new(int p, const char *coll, int calls)
{
    struct board *b = calloc(1, sizeof *b);
    if (b == NULL) return NULL;
    b->p = p, b->coll = coll;
    b->entry = calloc((size_t)calls, sizeof *b->entry);
    b->exit_t = calloc((size_t)calls, sizeof *b->exit_t);
    b->at = calloc((size_t)p, sizeof *b->at);
    b->pid = calloc((size_t)p, sizeof *b->pid);
    b->boxes = calloc((size_t)p, sizeof *b->boxes);
    b->turn = calloc((size_t)p, sizeof *b->turn);
    for (int r = 0; b->turn != NULL && r < p; r++)
        b->turn[r] = sg_sem_init(0);
    if (b->entry == NULL || b->exit_t == NULL || b->at == NULL || b->pid == NULL ||
        b->boxes == NULL || b->turn == NULL) {
        board_free(b);
        return NULL;
    }
    b->bar = sg_barrier_init((unsigned)p);
    return b;
}

/* The ranks a deadlock's line names; the others are counted. */
#define DEADLOCK_SHOWN 4

/* The rank whose actor is pid, or -1. */
static int rank_of_pid(const struct board *b, long pid)
{
    for (int r = 0; r < b->p; r++)
        if (b->pid[r] == pid) return r;
    return -1;
}

/* Into buf, rank r as a deadlock's line names it: with the rank its send waits for, if one
 * does (its message heads that rank's mailbox). */
static void deadlock_rank(const struct board *b, int r, char *buf, size_t len)
{
    for (int to = 0; to < b->p; to++)
        if (rank_of_pid(b, mailbox_sender(&b->boxes[to])) == r && to != r) {
            snprintf(buf, len, "%d (its send to rank %d is never received)", r, to);
            return;
        }
    snprintf(buf, len, "%d", r);
}

/* Once SimGrid has found the simulation deadlocked: one error line naming the ranks that never
 * left their call, and where (none when every rank was outside a call: smpi.c then says the
 * simulation deadlocked). */
static void on_deadlock(void *ctx)
{
    struct board *b = ctx;
    char ranks[1024] = "", one[128];
    size_t len = 0;
    int inside = 0;
    const struct whereabouts *first = NULL;
    b->deadlocked = 1;
    for (int r = 0; r < b->p; r++) {
        if (b->at[r] == NULL || !b->at[r]->inside) continue;
        first = first ? first : b->at[r];
        if (inside++ >= DEADLOCK_SHOWN || len >= sizeof ranks) continue;
        deadlock_rank(b, r, one, sizeof one);
        len +=
            (size_t)snprintf(ranks + len, sizeof ranks - len, "%s%s", inside > 1 ? ", " : "", one);
    }
    if (first == NULL) return;
    char more[64] = "";
    if (inside > DEADLOCK_SHOWN)
        snprintf(more, sizeof more, " and %d more", inside - DEADLOCK_SHOWN);
    cs_error("the simulation deadlocked in %s '%s' at %" PRIu64
             " B, call %d of %d: rank%s %s%s wait%s in the call, which %d rank%s had left",
             b->coll, first->algorithm, first->bytes, first->call + 1, first->calls,
             inside > 1 ? "s" : "", ranks, more, inside > 1 ? "" : "s", b->p - inside,
             b->p - inside == 1 ? "" : "s");
}

void board_share(const struct options *o, struct world *w, int placed)
{
    harness_up(w, &placed);
    /* every rank runs in this one process, so rank 0's board is passed by address */
    if (w->rank == 0 &&
        (w->board = board_new(w->p, coll_infos[o->a.coll].name,
                              (o->a.warmup >= 0 ? o->a.warmup : 1) + o->a.iters)) == NULL) {
        cs_error("out of memory");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (w->rank == 0) w->board->placed = placed;
    if (w->rank == 0) deadlock_watch(on_deadlock, w->board);
    harness_down(&w->board, (int)sizeof w->board, w);
    w->board->at[w->rank] = w->at;
    w->board->pid[w->rank] = (long)sg_actor_self_get_pid();
    w->board->boxes[w->rank] = w->boxes;
    coll_topology_placed = w->board->placed;
}

/* A rank that ends inside an algorithm's call, not ended by SimGrid after a deadlock (the
 * algorithm called exit), ends the whole simulation, since the call's result can never be
 * checked (the other ranks would wait for it, or the run end without a row and exit 0). */
void exit_guard(int failed, void *data)
{
    (void)failed; /* 1 for an exit as for a deadlock's end */
    struct whereabouts *at = data;
    if (at->inside && !at->board->deadlocked) {
        fprintf(stderr,
                "collsim-runner: error: rank %d left the program inside %s at %" PRIu64
                " B (exit() in the algorithm?): its result can never be checked\n",
                at->rank, at->algorithm, at->bytes);
        fflush(NULL);
        _exit(1);
    }
    free(at);
}
