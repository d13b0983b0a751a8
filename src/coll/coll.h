/* coll.h: the collectives' algorithms as SMPI code, and what the runner needs to drive any
 * collective (its coll_driver). Generated from collectives.def and algorithms.def. */
#ifndef COLLSIM_COLL_H
#define COLLSIM_COLL_H

#include <mpi.h>
#include <stdint.h>

#include "choices.h"
#include "env.h"
#include "registry.h"

/* <id>_sig: the type of every algorithm of collective <id>, the MPI call's signature. */
#define COLLECTIVE(id, desc, mem, params, mangled) typedef int id##_sig params;
#include "collectives.def"
#undef COLLECTIVE

/* Every collsim algorithm, <coll>_<name>, with its collective's type. */
#define ALGO(coll, name, family, desc, cost, formula, needs) coll##_sig coll##_##name;
#include "algorithms.def"
#undef ALGO

/* Any algorithm's function; a caller casts it to its collective's <id>_sig * to call it. */
typedef void (*coll_fn)(void);

/* The function of collsim's algorithm `name` of coll, or of SimGrid's for "smpi:NAME"; NULL
 * if there is none (unknown name, or not in this SimGrid library). */
coll_fn coll_resolve(enum coll_id coll, const char *name);

/* The function Open MPI's fixed decision (ompi:default) runs for coll on p processes at
 * `bytes` (collsim's size of coll), for the Open MPI algorithms that call the tuned module's
 * own collectives (allreduce 2, allgather 1). It switches to the fixed rules' parameters
 * (coll_ompi_fixed_rules: no OMPI_MCA_* segment size or fan-out), as the tuned module's
 * decision takes none; the runner sets the mode again before each phase. NULL if there is
 * none. */
coll_fn coll_ompi_default(enum coll_id coll, int p, uint64_t bytes);

/* A function of coll's signature that returns MPI_SUCCESS and sends nothing: what an MPI
 * library runs when its MPI call returns before any algorithm (mpilib_pick's `nothing`). */
coll_fn coll_nothing(enum coll_id coll);

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

/* The barrier's check in times (barrier/driver.c), for the runner's message: 1 when this rank
 * left warm-up call c before the rank the call delays had entered, with the time it left in
 * *left, that rank in *late and its entry time in *entered; 0 otherwise (a timed call delays
 * nobody). state is the barrier driver's. */
int coll_barrier_early(void *state, const struct coll_call *c, double *left, int *late,
                       double *entered);

#define COLLECTIVE(id, desc, mem, params, mangled) extern const struct coll_driver coll_driver_##id;
#include "collectives.def"
#undef COLLECTIVE

/* The driver of coll. */
const struct coll_driver *coll_driver(enum coll_id coll);

/* The driver of coll with buffers shared by all ranks (--shared-buffers, the coll_shared_*
 * helpers below), whose fill and check touch only the private bytes; NULL when coll cannot be
 * checked so (the runner then refuses the mode). */
const struct coll_driver *coll_driver_shared(enum coll_id coll);
#define X(id, buffers, own) extern const struct coll_driver coll_driver_##id##_shared;
COLL_SHARED_MODES(X)
#undef X

/* ---- what drivers share (buffers.c) ---- */

/* A rank's send and receive buffers: the state of most drivers. */
struct coll_bufs {
    unsigned char *send, *recv;
};

/* Both buffers, of send_bytes and recv_bytes (at least one byte each); NULL if out of
 * memory. */
struct coll_bufs *coll_bufs_new(uint64_t send_bytes, uint64_t recv_bytes);

/* Frees a coll_bufs_new result (a driver's release). */
void coll_bufs_free(void *bufs);

/* A driver's setup for calls that send m bytes and receive m: both buffers of max_bytes;
 * NULL if out of memory. */
void *coll_bufs_setup(uint64_t max_bytes, int rank, int np);

/* A driver's result when it is the receive buffer: its first m bytes (len = m), or its p
 * blocks of m (coll_bufs_result_all, len = p m). */
unsigned char *coll_bufs_result(void *bufs, const struct coll_call *c, uint64_t *len);
unsigned char *coll_bufs_result_all(void *bufs, const struct coll_call *c, uint64_t *len);

/* ---- buffers shared by all ranks (--shared-buffers; buffers.c) ----
 * A run at scale cannot give every rank its own m bytes. A shared buffer (SimGrid's
 * SMPI_PARTIAL_SHARED_MALLOC) for messages of m bytes maps one memory, common to all ranks,
 * everywhere but at its private bytes: every other byte of the message's first and of its
 * last COLL_SHARED_SPAN bytes (offsets 0, 2, ..., and m-1, m-3, ...; coll_shared_at). SimGrid
 * copies a message's private bytes only, so these are the bytes the messages really carry,
 * and the only ones a shared driver fills and checks; the shared rest is neither moved nor
 * checked. Each private byte is a block of its own because SimGrid 3.32 skips a private block
 * that a message starts inside of (smpi_shared.cpp, shift_and_frame_private_blocks): a
 * one-byte block is whole in every message that holds it. */
#define COLL_SHARED_SPAN 512
#define COLL_SHARED_MAX COLL_SHARED_SPAN /* private bytes of a buffer, at most */

/* A rank's shared buffer and where its private bytes are. */
struct coll_shared {
    unsigned char *buf;
    uint64_t len;                 /* the message size it is made for */
    int n;                        /* private bytes */
    uint64_t at[COLL_SHARED_MAX]; /* their offsets, ascending */
    int own;                      /* 1: buf is this rank's own memory (coll_shared_size) */
};

/* A shared buffer for messages of len bytes, unless s already is one: 0, or -1 if out of
 * memory (s then holds none). s starts zeroed. */
int coll_shared_size(struct coll_shared *s, uint64_t len);

/* The same for a block that lands inside a larger shared buffer (an allgather's send
 * buffer): up to 2 COLL_SHARED_SPAN bytes it is this rank's own, all of it filled and checked,
 * so that every private byte of the larger buffer has a real byte to come from (a shorter
 * buffer's layout does not match the larger one's, coll_shared_layout). */
int coll_shared_size_block(struct coll_shared *s, uint64_t len);

/* Frees s's buffer. */
void coll_shared_release(struct coll_shared *s);

/* s->n and s->at: the private offsets of a buffer for len-byte messages as coll_shared_size
 * lays them out, with no buffer made: where another rank's shared buffer keeps real bytes. */
void coll_shared_layout(struct coll_shared *s, uint64_t len);

/* Whether byte `at` of s is real: s is its own, or `at` is one of its private offsets. */
int coll_shared_holds(const struct coll_shared *s, uint64_t at);

/* s's real bytes: how many (all of its own, else its private ones), and the k-th's offset. */
static inline uint64_t coll_shared_reals(const struct coll_shared *s)
{
    return s->own ? s->len : (uint64_t)s->n;
}
static inline uint64_t coll_shared_real(const struct coll_shared *s, uint64_t k)
{
    return s->own ? k : s->at[k];
}

/* s's private bytes (all its bytes if it is its own) = the block data_block(from, to, .,
 * call), each poisoned (data_poison) if poison. */
void coll_shared_fill_block(struct coll_shared *s, int from, int to, int call, int poison);

/* The first private offset (any offset if s is its own) where s's buffer is not the block
 * data_block(from, to, ., call), with the byte wanted and the byte found, or -1. */
int64_t coll_shared_find_block(const struct coll_shared *s, int from, int to, int call,
                               unsigned char *want, unsigned char *got);

/* s sized for len bytes (coll_shared_size, or coll_shared_size_block if block); out of
 * memory, one error line and MPI_Abort on call c's communicator. */
void coll_shared_need(struct coll_shared *s, uint64_t len, int block, const struct coll_call *c);

/* A reduction's send and receive buffers, both shared, with the same private offsets: every
 * algorithm combines byte i of one rank's vector with byte i of another's, and SimGrid keeps a
 * private byte's place within a message, so the private bytes of the result are the
 * reduction of the private bytes of the inputs (the state of the shared reduce, all-reduce
 * and scan drivers; the q-shift's holds its send and receive blocks). An algorithm's scratch
 * is shared likewise when it is a coll_scratch. */
struct coll_shared_pair {
    struct coll_shared send, recv;
};
void *coll_shared_pair_setup(uint64_t max_bytes, int rank, int np);
void coll_shared_pair_release(void *pair);
/* A driver's result when it is the receive buffer's m bytes (coll_bufs_result's shared twin). */
unsigned char *coll_shared_pair_result(void *pair, const struct coll_call *c, uint64_t *len);

/* Both buffers sized for call c; the send's private bytes = rank c->rank's input
 * (data_input), the receive's the reduction over ranks 0..ranks-1 (all of them for a reduce,
 * a prefix for a scan), poisoned. */
void coll_shared_fill_reduction(struct coll_shared_pair *s, const struct coll_call *c, int ranks);

/* The first private offset where the receive buffer is not the reduction over ranks
 * 0..ranks-1 (unchecked when ranks is 0: a reduce's non-root) or the send buffer is not this
 * rank's input, with the byte wanted and the byte found, or -1. */
int64_t coll_shared_find_reduction(const struct coll_shared_pair *s, const struct coll_call *c,
                                   int ranks, unsigned char *want, unsigned char *got);

/* ---- what algorithms of every collective share (helpers.c) ---- */

/* Shifted rank: the root becomes 0 (docs/references.md#trees); coll_rank turns it back. */
static inline int coll_srank(int rank, int root, int p)
{
    return (rank - root + p) % p;
}
static inline int coll_rank(int srank, int root, int p)
{
    return (srank + root) % p;
}

/* A buffer for count elements of type (at least one byte; free it), or NULL. */
void *coll_buffer(int count, MPI_Datatype type);

/* A scratch vector of count elements of type, for an algorithm that combines or forwards
 * element i of it with element i of the collective's buffers only: with --shared-buffers
 * (coll_scratch_share(1), set by the runner) it is shared as those buffers are, with the same
 * private bytes (coll_shared_size), so its memory does not grow with the ranks; else
 * coll_buffer's. NULL if out of memory; coll_scratch_free(buf, count, type) frees it. */
void coll_scratch_share(int on);
void *coll_scratch(int count, MPI_Datatype type);
void coll_scratch_free(void *buf, int count, MPI_Datatype type);

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
