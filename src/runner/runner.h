/* runner.h: what the pieces of the SMPI benchmark program (runner.c) share: the options, the
 * run's world, the board of results, and the functions one piece calls in another. Private to
 * src/runner: every function here is hidden in collsim-runner.so, as the static ones were. */
#ifndef COLLSIM_RUNNER_H
#define COLLSIM_RUNNER_H

#include <mpi.h>
#include <simgrid/barrier.h>
#include <simgrid/semaphore.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coll.h"
#include "leftover.h"
#include "mailbox.h"
#include "runargs.h"

#define MAX_ALGOS 64

struct algo {
    char name[96];
    coll_fn fn;
    const struct algo_info *info; /* NULL for SimGrid's */
    int named;                    /* named in --algo itself, not only through "all" */
    int file;                     /* --algo-file's, file:STEM */
    int lib; /* an MPI library's name (mpilib.h): fn and info are set per size (algo_at) */
};

struct options {
    struct runargs a; /* the command line (runargs.h) */
    const struct coll_driver *driver;
    struct algo algos[MAX_ALGOS];
    int nalgos;
    int all; /* --algo had "all" */
};

/* What the ranks leave rank 0 during a phase, in memory every rank reaches: all ranks are
 * actors of one process and SimGrid runs one actor at a time, so the harness gathers its
 * times and error counts with no message and no simulated time, and costs O(p) per call
 * whatever collective algorithms the user configures (an MPI_Reduce here would run SimGrid's
 * default, linear one, whose simulation grows faster than p^2). */
struct whereabouts;
struct board {
    sg_bar_t bar;    /* every rank passes it to enter a call and to end a phase */
    double *entry;   /* per call of the phase: the root's entry time */
    double *exit_t;  /* per call: the latest exit time of any rank so far */
    double rank_sum; /* over the phase's timed calls and ranks: a rank's exit - its entry */
    long errors;     /* wrong buffers and MPI errors of the phase, every rank's */
    struct leftover unreceived; /* messages the phase's calls left unreceived, every rank's */
    long early;         /* a barrier's: exits before the late rank entered (check_barrier) */
    struct early_exit { /* the first of them, by call then rank */
        int call, rank, late;
        double left, entered;
    } first_early;
    int placed;              /* every rank runs on node n<rank> (coll_topology_placed) */
    volatile int deadlocked; /* SimGrid found the simulation deadlocked (deadlock_watch) */
    int p;
    const char *coll;              /* the collective's name */
    const struct whereabouts **at; /* per rank: where it is */
    long *pid;                     /* per rank: its actor's */
    struct mailboxes *boxes;       /* per rank: its actor's mailboxes */
    sg_sem_t *turn;                /* per rank: its turn to send its ready (ready) */
};

/* Where a rank is: inside an algorithm's call (its name and size, and the run's board) or
 * not. Its own allocation, which its actor's end reads (exit_guard), as does the deadlock's
 * report (on_deadlock). */
struct whereabouts {
    int rank, inside;
    const char *algorithm;
    uint64_t bytes;
    const struct board *board;
    int call, calls; /* the call it is in (from 0) of the phase's calls */
};

/* What every rank knows of the run once it has started. */
struct world {
    int rank, p;
    struct whereabouts *at; /* this rank's */
    struct mailboxes boxes; /* this rank's, found before any message (main) */
    struct board *board;    /* rank 0's, shared by all */
    int ranks_per_host;     /* ranks on this rank's host */
    int untraced;           /* no trace, profile or small mailbox: ready_in_turn, eager.h */
    char host[MPI_MAX_PROCESSOR_NAME];
};

/* What rank 0 learns of one phase (run_phase). */
struct phase_result {
    double avg, min, max, rank_avg;
    long errors, unreceived; /* wrong buffers and MPI errors; messages left unreceived */
    long early;              /* a barrier's exits before the late rank entered */
};

#pragma GCC visibility push(hidden)

/* options.c: the command line and the algorithms it names */

/* Parses argv into o (runargs.h: the table collsim run writes it from). Returns 0, or -1
 * after printing an error or the usage (every rank parses; only rank 0 prints). */
int parse_options(int argc, char **argv, struct options *o, int rank);
/* The untimed calls before an algorithm's timed ones: --warmup if given, else 1 for
 * SimGrid's algorithms and for every barrier, 0 for collsim's and --algo-file's. */
int algo_warmup(const struct options *o, const struct algo *algo);
/* What algorithm a runs at `bytes` bytes on p processes, into *now: a library name resolved
 * (mpilib_pick) and labelled NAME=RUNS, any other as it is. 0, or -1 with the reason in err. */
int algo_at(const struct options *o, const struct algo *a, uint64_t bytes, int p, struct algo *now,
            char *err, size_t errlen);
/* Resolves every library name at every size once before anything runs (every rank gets the
 * same answer); 0, or -1 after an error line from rank 0. */
int check_libs(const struct options *o, const struct world *w);
/* Drops the algorithms that do not fit this run's topology, with at most most_per_host ranks
 * on a host, when only "all" named them (saying so); 0, or -1 after an error line when one
 * that --algo names does not fit. */
int fit_algos(struct options *o, const struct world *w, int most_per_host);

/* shared_buffers.c: --shared-buffers */

/* With --shared-buffers, drives the collective's shared variant, saying on stderr what is
 * checked; 0, or -1 after an error line from rank 0 for a collective that has none. */
int use_shared(struct options *o, int rank);
/* With --shared-buffers, raises SimGrid's smpi/shared-malloc-blocksize so that one piece holds
 * the largest buffer of a run on p ranks whose biggest size is maxbytes. */
void shared_blocksize(const struct options *o, int p, uint64_t maxbytes);

/* start.c: preparing the run */

/* Prepares the run: root, links, routing, machine costs, topology, fitting algorithms. 0, or
 * an exit status after an error line (from rank 0, or from the rank that checked the links). */
int start(struct options *o, struct world *w);

/* harness.c: the harness's own messages outside phases */

/* Up the tree (harness.c): returns on rank 0 once every rank has called it, with the minimum
 * of every rank's *v in its *v. */
void harness_up(const struct world *w, int *v);
/* Rank 0's `bytes` bytes at buf to every rank, down the same tree. */
void harness_down(void *buf, int bytes, const struct world *w);

/* board.c: the board, the whereabouts and the deadlock's report */

/* Rank 0's board for p ranks of collective `coll` and phases of `calls` calls, cleared; NULL
 * without memory. */
struct board *board_new(int p, const char *coll, int calls);
/* Frees rank 0's board and stops the deadlock watch on it; no rank may wait at its barrier. */
void board_free(struct board *b);
/* Rank 0 makes the board and watches for a deadlock on it; every rank gets its address, leaves
 * its whereabouts, pid and mailboxes there, and sets coll_topology_placed to the least of every
 * rank's placed. Ends the run when rank 0 has no memory for the board. */
void board_share(const struct options *o, struct world *w, int placed);
/* sg_actor_on_exit's callback, data this rank's whereabouts: frees them, or, when the rank
 * ends inside an algorithm's call and not after a deadlock, ends the simulation (exit 1). */
void exit_guard(int failed, void *data);

/* timing.c: the timing protocol */

/* Runs warmup + iters calls of one algorithm at one size. Every rank returns; rank 0 gets the
 * times and the total error count. */
struct phase_result run_phase(const struct options *o, const struct algo *algo, uint64_t bytes,
                              void *state, const struct world *w);

/* marks.c: the trace marks */

/* With --marks, rank 0 declares the trace's state types and records the run's settings. */
void trace_begin(const struct options *o, const struct world *w);
/* With --marks, after a barrier of all ranks, rank 0 pushes the phase state of algo at bytes. */
void trace_phase_begin(const struct options *o, const struct algo *algo, uint64_t bytes,
                       const struct world *w);
/* With --marks, after a barrier of all ranks, rank 0 pops the phase state. */
void trace_phase_end(const struct options *o, const struct world *w);

/* output.c: the tables and the CSV */

/* Rank 0 opens the CSV and writes its header; NULL without --csv. */
FILE *open_csv(const struct options *o, int rank);
/* Rank 0's header of an algorithm's table: what runs where, how a call is timed, what is
 * checked. A collective without a root names none. */
void print_header(const struct options *o, const struct algo *algo, int p);
/* Rank 0's table row, CSV row and progress message (progress.h) of one phase. */
void report(const struct options *o, const struct algo *algo, uint64_t bytes, int p,
            const struct phase_result *r, FILE *csv);
/* Closes the CSV, checking every write: 0, or -1 after an error line (a full disk). */
int close_csv(const struct options *o, FILE *csv);

#pragma GCC visibility pop

#endif
