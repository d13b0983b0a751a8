/* hier.h: what the hierarchical (node-aware) algorithms share: the phases they are made of,
 * each run on a group of ranks of the communicator (the ranks of one node, or the leaders of
 * the nodes), by point-to-point messages on the communicator itself, so no communicator is
 * created in a call (docs/collectives/nodes.md). Who is on which node: nodes.h.
 *
 * Every phase is blocking and returns MPI_SUCCESS or the first MPI error code. Sizes are in
 * bytes (MPI_BYTE messages) except where a reduction needs the element type. A phase that
 * sends a message sends it to the group's ranks only, with the caller's tag, so two phases
 * on different groups may use the same tag when no rank is in both at once. */
#ifndef COLLSIM_HIER_H
#define COLLSIM_HIER_H

#include "coll.h"
#include "hier_rule.h"
#include "nodes.h"

/* Tags of the hierarchical algorithms: the intra-node phases, the leaders' phases, and the
 * per-socket variants' parts (HIER_PART_TAG + part). */
#define HIER_INTRA_TAG 7070
#define HIER_LEADER_TAG 7071
#define HIER_MOVE_TAG 7072
#define HIER_PART_TAG 7080
/* hier_steps_run's phases: HIER_STEPS_TAG + the phase's index (HSTEP_MAX of them) */
#define HIER_STEPS_TAG 7200

/* A group: n ranks of the communicator, ranks[i] the i-th; me the index of this rank, or -1
 * when it is not in the group. */
struct hgroup {
    int n;
    const int *ranks;
    int me;
};

/* The group's member at index i mod n. */
static inline int hier_member(const struct hgroup *g, int i)
{
    return g->ranks[((i % g->n) + g->n) % g->n];
}

/* Elements of blocks [a, b) of off/len (contiguous). */
static inline long hier_span(const long *off, const long *len, int a, int b)
{
    return off[b - 1] + len[b - 1] - off[a];
}

/* Half c (0: the first floor(len/2) elements, 1: the rest) of block b: [*o, *o + *l). */
static inline void hier_half(const long *off, const long *len, int b, int c, long *o, long *l)
{
    long h = len[b] / 2;
    *o = off[b] + (c ? h : 0);
    *l = c ? len[b] - h : h;
}

/* Whether every node holds the same n >= 2 ranks. */
int hier_equal_nodes(const struct coll_nodes *nd);

/* The group of node k's ranks (in rank order), for this rank `rank`. */
struct hgroup hier_node_group(const struct coll_nodes *nd, int k, int rank);

/* An array of every node's leader (the one rank per node the leaders' phase runs on), node
 * order. sock < 0 (one leader per node): `root` on its own node (root -1: none), the lowest
 * rank elsewhere. sock >= 0 (the leaders of part sock, one per socket): the node's lowest rank
 * of socket sock, or root if it is that rank's socket. NULL if out of memory (free it). */
int *hier_leaders(const struct coll_nodes *nd, int root, int sock);

/* The group of ranks `ranks` (n of them) for this rank. */
struct hgroup hier_group(const int *ranks, int n, int rank);

/* ---- data phases (bytes) ---- */

/* The `bytes` at member root's buf to every member: a binomial tree on indices shifted by
 * root (MPICH's, farthest child first: group.c) below hier_large() bytes or for n <= 2, else a
 * binomial scatter then a ring allgather. */
typedef int hier_phase(void *buf, long bytes, const struct hgroup *g, int root, int tag,
                       MPI_Comm comm);
hier_phase hier_bcast;
/* The same with the tree in the course's order (nearest child first), for the phases of the
 * one-leader-per-socket algorithms (hier_sockets), which run L parts: in MPICH's order a node's
 * other socket leaders relay every other part too (9 sends in a row on 2 x 16 cores), and
 * hier_sockets' 64 KiB broadcast on 32 such nodes took 252 us in it, 174 in this one. */
hier_phase hier_bcast_part;
int hier_bcast_sag(void *buf, long bytes, const struct hgroup *g, int root, int tag, MPI_Comm comm);
/* The same with a recursive-doubling allgather when n is a power of two (log2 n steps, not
 * n - 1), else hier_bcast_sag. */
int hier_bcast_sag_rd(void *buf, long bytes, const struct hgroup *g, int root, int tag,
                      MPI_Comm comm);

/* Linear gather: member i's `bytes` at mine go to dst + i bytes at member root (which posts
 * every receive at once and copies its own). */
int hier_gather(void *dst, const void *mine, long bytes, const struct hgroup *g, int root, int tag,
                MPI_Comm comm);

/* Linear scatter, the gather reversed: src + i bytes of member root to member i's mine. */
int hier_scatter(const void *src, void *mine, long bytes, const struct hgroup *g, int root, int tag,
                 MPI_Comm comm);

/* Ring allgather of blocks of any sizes: block b is the elements [off[b], off[b] + len[b]) of
 * buf, held at first by the member at ring position b (member (b + rot) mod n); after n-1 steps
 * of one block to the right every member holds every block. type MPI_BYTE for bytes. */
int hier_ring_allgather(void *buf, MPI_Datatype type, const struct hgroup *g, int rot,
                        const long *off, const long *len, int tag, MPI_Comm comm);

/* Recursive-doubling allgather for n a power of two, blocks as hier_ring_allgather's and
 * contiguous (off[b + 1] = off[b] + len[b]): at distance 1, 2, ..., n/2 position i swaps the
 * blocks of its aligned range with position i ^ d's; log2 n steps. */
int hier_rd_allgather(void *buf, MPI_Datatype type, const struct hgroup *g, int rot,
                      const long *off, const long *len, int tag, MPI_Comm comm);

/* ---- reduction phases (count elements of type) ---- */

/* Ring reduce-scatter of blocks of any sizes: after n-1 steps block b of buf (as above) holds
 * the combination of every member's block b at ring position b (member (b + rot) mod n); the
 * other blocks hold partial results. tmp: room for the largest block. A reduce-scatter with
 * one block per node, leaders first, is this on the leaders with the node blocks. */
int hier_ring_reduce_scatter(void *buf, void *tmp, MPI_Datatype type, MPI_Op op,
                             const struct hgroup *g, int rot, const long *off, const long *len,
                             int tag, MPI_Comm comm);

/* The same (rot 0) in two channels, the first and the second half of every block, each a
 * ring of its own: a channel's step is posted as soon as its last one is combined, so that
 * one channel's combining overlaps the other's transfer. Both channels post to the same
 * neighbours with one tag in the same order on every member, so their messages match in
 * order. tmp: room for the largest block. */
int hier_ring2_reduce_scatter(void *buf, void *tmp, MPI_Datatype type, MPI_Op op,
                              const struct hgroup *g, const long *off, const long *len, int tag,
                              MPI_Comm comm);

/* Recursive-halving reduce-scatter for n a power of two, blocks contiguous as above, block b
 * ending at member b: at distance n/2, ..., 1 member i sends the half of its range that member
 * i ^ d keeps and combines the other half from it; log2 n steps. tmp: room for half the
 * blocks. */
int hier_halving_reduce_scatter(void *buf, void *tmp, MPI_Datatype type, MPI_Op op,
                                const struct hgroup *g, const long *off, const long *len, int tag,
                                MPI_Comm comm);

/* All-reduce in place on buf for n = 2^k: hier_halving_reduce_scatter on n blocks of
 * count/n elements, then hier_rd_allgather (Rabenseifner's: 2 log2 n steps, 2 (n-1)/n of the
 * vector sent). tmp: room for half the vector. */
int hier_halving_allreduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                           const struct hgroup *g, int tag, MPI_Comm comm);

/* Binomial reduce to member root: buf holds this member's input and, at the root, the result
 * (elsewhere partial results); tmp: room for count elements. The operation must commute (every
 * predefined one does). */
int hier_reduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                const struct hgroup *g, int root, int tag, MPI_Comm comm);

/* All-reduce in place on buf: recursive doubling (n not a power of two: the extra members fold
 * in first) below hier_large() bytes, else ring reduce-scatter + ring allgather (blocks of
 * count/n). tmp: room for count elements. */
int hier_allreduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                   const struct hgroup *g, int tag, MPI_Comm comm);

/* ---- phases side by side (pipe.c) ---- */

/* What a phase of hier_steps_run is: one of the rings (rot 0; the reduce-scatter's channel c
 * takes half c of every block, as hier_ring2_reduce_scatter's), recursive halving or recursive
 * doubling (n = 2^k), as the blocking phases above are, on the blocks off/len (elements) of
 * buf. */
enum hstep_kind { HS_RING_RS, HS_RING_AG, HS_HALVE_RS, HS_RD_AG };

#define HSTEP_MAX 64

/* A phase: its kind, group, buffer and blocks, channel c (HS_RING_RS), tmp (the phases that
 * combine: room for their largest piece, a tmp of its own), its own tag (phases between the
 * same ranks may run at once), and deps: the phases (bit k: phase k of the array) that must
 * end before it starts. t (0 at first), ro and rl are the run's. */
struct hstep {
    enum hstep_kind kind;
    const struct hgroup *g;
    char *buf, *tmp;
    const long *off, *len;
    int c, tag;
    unsigned long long deps;
    int t;
    long ro, rl;
};

/* Runs the n (at most HSTEP_MAX) phases: every started phase has one step in flight; a step's
 * piece is combined as soon as its messages are done and the next step posted; a phase starts
 * when its deps have ended. Phases must not touch the same elements unless one waits for the
 * other. */
int hier_steps_run(struct hstep *ph, int n, MPI_Datatype type, MPI_Op op, MPI_Comm comm);

/* ---- synchronisation phases (0-byte messages) ---- */

/* Every member to member root, which posts all the receives at once (fan-in). */
int hier_fan_in(const struct hgroup *g, int root, int tag, MPI_Comm comm);
/* Member root to every member at once (fan-out). */
int hier_fan_out(const struct hgroup *g, int root, int tag, MPI_Comm comm);
/* Dissemination: round k, to member + 2^k, from member - 2^k (mod n). */
int hier_dissemination(const struct hgroup *g, int tag, MPI_Comm comm);

/* ---- the element views the algorithms need ---- */

/* Bytes per element of type when its elements lie contiguously (no holes, lower bound 0),
 * else -1 (the algorithm then falls back to a flat one). */
long hier_elem_bytes(MPI_Datatype type);

#endif
