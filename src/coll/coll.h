/* coll.h: the collectives' algorithms as SMPI code, and what the runner needs to drive any
 * collective (its coll_driver). Generated from collectives.def and algorithms.def. */
#ifndef COLLSIM_COLL_H
#define COLLSIM_COLL_H

#include <mpi.h>
#include <stdint.h>

#include "env.h"
#include "registry.h"

/* <id>_sig: the type of every algorithm of collective <id>, the MPI call's signature. */
#define COLLECTIVE(id, desc, mem, params, mangled) typedef int id##_sig params;
#include "collectives.def"
#undef COLLECTIVE

/* Every collsim algorithm, <coll>_<name>, with its collective's type. */
#define ALGO(coll, name, family, desc, cost, needs) coll##_sig coll##_##name;
#include "algorithms.def"
#undef ALGO

/* Any algorithm's function; a caller casts it to its collective's <id>_sig * to call it. */
typedef void (*coll_fn)(void);

/* The function of collsim's algorithm `name` of coll, or of SimGrid's for "smpi:NAME"; NULL
 * if there is none (unknown name, or not in this SimGrid library). */
coll_fn coll_resolve(enum coll_id coll, const char *name);

/* One call of a collective as the runner makes it. */
struct coll_call {
    uint64_t bytes; /* the size the runner reports: per rank, as the collective defines it */
    int root;       /* for rooted collectives; the others ignore it */
    int shift;      /* the q of a circular q-shift (--shift); the others ignore it */
    int call;       /* number of the call in its phase (warm-ups first), varies the data */
    int warmup;     /* 1 for a warm-up call (untimed): a driver may test more there */
    int rank, np;
    MPI_Comm comm;
};

/* How the runner drives one collective. Each rank has its own state (setup's result). */
struct coll_driver {
    /* Buffers for calls of up to max_bytes; NULL if out of memory. */
    void *(*setup)(uint64_t max_bytes, int rank, int np);
    /* Before call c: the input pattern (varying with c->call and c->root), outputs poisoned. */
    void (*fill)(void *state, const struct coll_call *c);
    /* Runs fn (of this collective's type) on the buffers; its MPI return code. */
    int (*call)(coll_fn fn, void *state, const struct coll_call *c);
    /* After call c: the offset of the first wrong byte of this rank's result, with the byte
     * expected and the byte got, or -1 when the result is right. */
    int64_t (*check)(void *state, const struct coll_call *c, unsigned char *expected,
                     unsigned char *got);
    /* This rank's result buffer for call c and its length (the checker's own test corrupts a
     * byte of it). */
    unsigned char *(*result)(void *state, const struct coll_call *c, uint64_t *len);
    void (*release)(void *state);
};

#define COLLECTIVE(id, desc, mem, params, mangled) extern const struct coll_driver coll_driver_##id;
#include "collectives.def"
#undef COLLECTIVE

/* The driver of coll. */
const struct coll_driver *coll_driver(enum coll_id coll);

/* ---- what drivers share (coll.c) ---- */

/* A rank's send and receive buffers: the state of most drivers. */
struct coll_bufs {
    unsigned char *send, *recv;
};

/* Both buffers, of send_bytes and recv_bytes (at least one byte each); NULL if out of
 * memory. */
struct coll_bufs *coll_bufs_new(uint64_t send_bytes, uint64_t recv_bytes);

/* Frees a coll_bufs_new result (a driver's release). */
void coll_bufs_free(void *bufs);

/* ---- what algorithms of every collective share (coll.c) ---- */

/* A buffer for count elements of type (at least one byte; free it), or NULL. */
void *coll_buffer(int count, MPI_Datatype type);

/* inout = in op inout, as MPI_Reduce_local. Every algorithm's local reduction goes through
 * this. SimGrid does not simulate computation here and would make it free: collsim charges
 * every local reduction, the algorithms' and SimGrid's own, as a simulated delay of the
 * result's bytes / coll_reduce_rate() (env.h), in its preloaded library (see
 * src/runner/opcost.c; docs/references.md#reduction-cost). */
int coll_reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op);

/* For p = 2^d, the XOR distances 1 .. p-1 in order of bit count, then value, at x[1 .. p-1]
 * (x[0] unused; free it): peers rank ^ x[k] come fewest bits apart first, on a hypercube in
 * rank order the nearest first. NULL when p is not a power of two or memory runs out. */
int *coll_xor_order(int p);

#endif
