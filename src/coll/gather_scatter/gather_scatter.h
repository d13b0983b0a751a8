/* gather_scatter.h: the gather and the scatter written once. Every scatter algorithm is its
 * gather's schedule walked the other way: the same messages between the same ranks, in the
 * opposite direction and in reverse order (but for the line's shorter arm, lines.c). So the
 * schedules (trees.c, lines.c) and the driver (driver.c) here take the direction as a
 * parameter; gather/FAMILY.c and scatter/FAMILY.c define the algorithms (coll.h declares
 * them) by calling them with theirs, through gs_run.
 *
 * Every algorithm has MPI_Gather's or MPI_Scatter's signature and semantics for contiguous
 * datatypes: any communicator size, any root, any count (0 included: the messages are still
 * sent), the send and receive type signatures equal. Blocks travel as bytes (MPI_BYTE),
 * several ranks' blocks in one message where an algorithm forwards them. The root's buffer,
 * count and type (the gather's recv*, the scatter's send*) are only read at the root. Return
 * MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_GATHER_SCATTER_H
#define COLLSIM_GATHER_SCATTER_H

#include <stddef.h>
#include <string.h>

#include "coll.h"

/* The two collectives have one type; the driver calls an algorithm of either as a gs_sig. */
_Static_assert(__builtin_types_compatible_p(gather_sig, scatter_sig),
               "the gather and the scatter have one signature");
typedef gather_sig gs_sig;

/* The direction: the blocks go to the root (gather) or from it (scatter). */
enum gs_dir { GS_GATHER, GS_SCATTER };

/* Tag of every point-to-point message the gathers send, and the scatters. */
#define GATHER_TAG 7030
#define SCATTER_TAG 7031

static inline int gs_tag(enum gs_dir dir)
{
    return dir == GS_GATHER ? GATHER_TAG : SCATTER_TAG;
}

/* A peer's side: towards the root (GS_UP, a tree's parent, a line's head) or away from it. */
enum gs_link { GS_UP, GS_DOWN };

/* 1 if this rank sends to a peer on link: a gather sends up and receives from below, a
 * scatter receives from above and sends down. */
static inline int gs_sends(enum gs_dir dir, enum gs_link link)
{
    return (dir == GS_GATHER) == (link == GS_UP);
}

/* Moves count elements of type at buf between this rank and peer, on link, the way dir goes
 * (MPI_Send or MPI_Recv): the MPI result. */
static inline int gs_move(enum gs_dir dir, enum gs_link link, void *buf, int count,
                          MPI_Datatype type, int peer, MPI_Comm comm)
{
    if (gs_sends(dir, link)) return MPI_Send(buf, count, type, peer, gs_tag(dir), comm);
    return MPI_Recv(buf, count, type, peer, gs_tag(dir), comm, MPI_STATUS_IGNORE);
}

/* The same started (MPI_Isend or MPI_Irecv into *req): the MPI result. */
static inline int gs_start(enum gs_dir dir, enum gs_link link, void *buf, int count,
                           MPI_Datatype type, int peer, MPI_Comm comm, MPI_Request *req)
{
    if (gs_sends(dir, link)) return MPI_Isend(buf, count, type, peer, gs_tag(dir), comm, req);
    return MPI_Irecv(buf, count, type, peer, gs_tag(dir), comm, req);
}

/* Copies n bytes the way dir goes between `up`, the copy on the root's side (the root's
 * buffer, a head's), and `down`, the one away from it (this rank's own block): down to up in a
 * gather, up to down in a scatter. */
static inline void gs_copy(enum gs_dir dir, char *up, char *down, size_t n)
{
    if (dir == GS_GATHER)
        memcpy(up, down, n);
    else
        memcpy(down, up, n);
}

/* The bytes of count elements of type. */
static inline size_t gs_block(int count, MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return (size_t)count * (size_t)size;
}

/* A call seen from the data, whichever way it goes. */
struct gs_call {
    enum gs_dir dir;
    char *mine; /* this rank's block: the gather's sendbuf, the scatter's recvbuf */
    int mcount;
    MPI_Datatype mtype;
    char *all; /* the root's p blocks in rank order: the gather's recvbuf, the scatter's sendbuf */
    int acount;
    MPI_Datatype atype;
    size_t blk; /* the bytes of a block: mcount elements of mtype */
    int rank, p, root;
    MPI_Comm comm;
};

/* A schedule: runs call c, MPI_SUCCESS or the first MPI error code. */
typedef int gs_schedule(const struct gs_call *c);

/* The schedules, each the gather's and the scatter's of the family of that name. */
gs_schedule gs_linear, gs_binomial, gs_hypercube; /* trees.c */
gs_schedule gs_ring, gs_torus;                    /* lines.c */
gs_schedule gs_ompi_linear;                       /* ompi.c */

/* Runs schedule in direction dir on the arguments of an MPI_Gather (dir GS_GATHER) or an
 * MPI_Scatter call: the schedule's result. */
static inline int gs_run(gs_schedule *schedule, enum gs_dir dir, const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                         int root, MPI_Comm comm)
{
    int g = dir == GS_GATHER;
    struct gs_call c = {.dir = dir,
                        .mine = g ? (char *)sendbuf : recvbuf,
                        .mcount = g ? sendcount : recvcount,
                        .mtype = g ? sendtype : recvtype,
                        .all = g ? recvbuf : (char *)sendbuf,
                        .acount = g ? recvcount : sendcount,
                        .atype = g ? recvtype : sendtype,
                        .root = root,
                        .comm = comm};
    MPI_Comm_rank(comm, &c.rank);
    MPI_Comm_size(comm, &c.p);
    c.blk = gs_block(c.mcount, c.mtype);
    return schedule(&c);
}

/* Gathers (scatters) along a line of n positions whose ranks in comm are ranks[0..n-1],
 * towards (from) position head (lines.c): position c's unit of u bytes is `mine` on every
 * position but the head, and at offset c u of the head's buffer `all` (its own is neither
 * read nor written). The floor(n/2) positions right of the head and the rest left of it form
 * two chains that pipeline units one neighbour step at a time. MPI_SUCCESS or the first MPI
 * error. */
int gs_line(enum gs_dir dir, char *mine, char *all, size_t u, MPI_Comm comm, int n,
            const int *ranks, int mypos, int head);

/* ---- the driver (driver.c): gather/driver.c and scatter/driver.c name the direction ---- */

/* The ranks rank r's block goes from and to in call c. */
static inline void gs_ends(enum gs_dir dir, const struct coll_call *c, int r, int *from, int *to)
{
    *from = dir == GS_GATHER ? r : c->root;
    *to = dir == GS_GATHER ? c->root : r;
}

/* The state of a rank for calls of up to max_bytes in dir; NULL if out of memory. The
 * functions below are the coll_driver's (coll.h) on such a state. */
void *gs_driver_setup(enum gs_dir dir, uint64_t max_bytes);
void gs_driver_fill(void *state, const struct coll_call *c);
int gs_driver_call(coll_fn fn, void *state, const struct coll_call *c);
int64_t gs_driver_check(void *state, const struct coll_call *c, unsigned char *expected,
                        unsigned char *got);
unsigned char *gs_driver_result(void *state, const struct coll_call *c, uint64_t *len);
void gs_driver_release(void *state);

/* The same with --shared-buffers (shared.c): a rank's own block and the root's p blocks are
 * shared buffers (coll.h); only their private bytes are filled and checked. */
void *gs_shared_setup(enum gs_dir dir);
void gs_shared_fill(void *state, const struct coll_call *c);
int gs_shared_call(coll_fn fn, void *state, const struct coll_call *c);
int64_t gs_shared_check(void *state, const struct coll_call *c, unsigned char *expected,
                        unsigned char *got);
unsigned char *gs_shared_result(void *state, const struct coll_call *c, uint64_t *len);
void gs_shared_release(void *state);

#endif
