/* runner.c: the SMPI benchmark program. Times the algorithms of one collective (--collective,
 * broadcast by default) over a range of sizes, checks every rank's result after every call and
 * that the call left no message unreceived (leftover.c), prints an OSU-style table and optional
 * CSV; a deadlock's line names the ranks still in their call. What the buffers hold and how a
 * result is checked is the collective's driver (coll.h, src/coll/<collective>/driver.c).
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

static int check_barrier(void *state, const struct coll_call *c, struct board *b);

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

/* Runs warmup + iters calls of one algorithm at one size. Every rank returns; rank 0 gets the
 * times and the total error count. */
static struct phase_result run_phase(const struct options *o, const struct algo *algo,
                                     uint64_t bytes, void *state, const struct world *w)
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
