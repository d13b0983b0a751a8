/* mpilib.h: the algorithms of two MPI libraries by their own names, and what each library
 * picks by default, resolved to what collsim runs: Open MPI 4.1.4's coll/tuned ("ompi:N",
 * "ompi:NAME", "ompi:default", src/registry/ompi.c) and MPICH 4.0.2 ("mpich:NAME",
 * "mpich:default", src/registry/mpich.c). A library name stands for a collsim algorithm or a
 * SimGrid one ("smpi:NAME") at each process count and size; docs/mpi-libraries.md has the
 * tables. MPI-free: the front end checks a run's names with it, the runner resolves them per
 * size with it, and `collsim tune` maps results back. */
#ifndef COLLSIM_MPILIB_H
#define COLLSIM_MPILIB_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

#define OMPI_PREFIX "ompi:"
#define MPICH_PREFIX "mpich:"

enum mpilib { MPILIB_OMPI, MPILIB_MPICH, MPILIB_COUNT };

/* What a library name stands for at one process count and size. */
struct mpilib_pick {
    const char *runs;    /* the collsim algorithm or "smpi:NAME" that runs */
    int number;          /* Open MPI's algorithm number (0 for MPICH) */
    const char *libname; /* the library's name of the algorithm it picked ("binomial") */
    int nothing;         /* 1: the library's MPI call returns at this size before `runs` does
                            anything (Open MPI at 0 elements): no message at all */
};

/* The library whose prefix `name` has, or -1 (not a library name). */
int mpilib_of(const char *name);

/* 1 when `name` is a library name collective coll has (ompi:N, ompi:NAME, ompi:default,
 * mpich:NAME, mpich:default), available or not; else 0. */
int mpilib_known(enum coll_id coll, const char *name);

/* What library name `name` of coll runs on np processes at `bytes` bytes (collsim's size of
 * the collective: the message, or one block): 0 with *out filled, or -1 with the reason in
 * err, e.g. "ompi:7 (knomial) of bcast: no collsim or SimGrid algorithm has its schedule". */
int mpilib_pick(enum coll_id coll, const char *name, int np, uint64_t bytes,
                struct mpilib_pick *out, char *err, size_t errlen);

/* The label of a result row: "NAME=RUNS" (e.g. "ompi:default=binomial"). */
void mpilib_label(const char *name, const char *runs, char *out, size_t len);

/* ---- Open MPI's table, for `collsim list --ompi` and `collsim tune` ---- */

/* When Open MPI runs another of its algorithms instead (coll_base_*.c), or refuses */
enum ompi_fallback {
    OMPI_FB_NONE,
    OMPI_FB_COUNT_LT_P,    /* fewer elements than processes */
    OMPI_FB_COUNT_LT_POF2, /* fewer elements than the largest power of two <= p */
    OMPI_FB_P_NOT_POF2,    /* p not a power of two */
    OMPI_FB_P_NOT_2,       /* p other than 2: an error (two_proc) */
};

struct ompi_algo {
    enum coll_id coll;
    int number;       /* coll_tuned_<coll>_algorithm */
    const char *name; /* Open MPI's name of it */
    const char *runs; /* the collsim or SimGrid ("smpi:NAME") algorithm, NULL: none */
    enum ompi_fallback when;
    int instead;      /* the number Open MPI runs then (0 with OMPI_FB_P_NOT_2) */
    int back;         /* 1: the number `collsim tune` writes for `runs` */
    const char *note; /* where the schedule differs, or why there is none */
};

extern const struct ompi_algo ompi_algos[];
extern const int ompi_algo_count;

/* Open MPI's collective id in a dynamic rules file (COLLTYPE, coll_base_functions.h), or -1
 * for a collective coll/tuned does not take. */
int ompi_coll_id(enum coll_id coll);

/* The Open MPI algorithm number that runs collsim's or SimGrid's algorithm `runs` of coll:
 * the number, or -1 with the reason in err. */
int ompi_number_of(enum coll_id coll, const char *runs, char *err, size_t errlen);

/* The message size an Open MPI rules file looks up for collsim's size `bytes` on np processes
 * (coll_tuned_decision_dynamic.c: totals for allgather, alltoall, gather, scatter and both
 * reduce-scatters, 0 for barrier). */
uint64_t ompi_rule_msgsize(enum coll_id coll, int np, uint64_t bytes);

/* The library sides of mpilib_known and mpilib_pick (ompi.c, mpich.c), for a word without
 * its prefix. */
int ompi_known(enum coll_id coll, const char *word);
int ompi_pick(enum coll_id coll, const char *word, int np, uint64_t bytes, struct mpilib_pick *out,
              char *err, size_t errlen);
int mpich_known(enum coll_id coll, const char *word);
int mpich_pick(enum coll_id coll, const char *word, int np, uint64_t bytes, struct mpilib_pick *out,
               char *err, size_t errlen);

/* ---- MPICH's table, for `collsim list --mpich` and `collsim tune` ---- */

struct mpich_algo {
    enum coll_id coll;
    const char *name; /* MPICH's name (the value of MPIR_CVAR_<COLL>_INTRA_ALGORITHM) */
    const char *json; /* its name in a tuning JSON file */
    const char *runs; /* the collsim or SimGrid algorithm, NULL: none */
    const char *note; /* where the schedule differs, or why there is none */
};

extern const struct mpich_algo mpich_algos[];
extern const int mpich_algo_count;

/* MPICH's JSON name of the algorithm that runs collsim's or SimGrid's `runs` of coll
 * ("MPIR_Bcast_intra_binomial"): 0 with the name in out, or -1 with the reason in err. */
int mpich_json_name(enum coll_id coll, const char *runs, char *out, size_t len, char *err,
                    size_t errlen);

/* MPICH's JSON condition key on the size ("avg_msg_size" or "total_msg_size") and its value
 * for collsim's size `bytes` on np processes; NULL for a collective with none (barrier). */
const char *mpich_size_key(enum coll_id coll, int np, uint64_t bytes, uint64_t *value);

#endif
