/* ompi.c: Open MPI 4.1.4's coll/tuned algorithms by number and name, what collsim runs for
 * each (the one table of them), and Open MPI's fixed decision (coll_tuned_decision_fixed.c),
 * resolved per process count and size (mpilib.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "choices.h"
#include "mpilib.h"
#include "num.h"

/* Every algorithm of coll_tuned_<coll>_decision.c, every collective of coll_tuned. */
const struct ompi_algo ompi_algos[] = {
    {COLL_bcast, 1, "basic_linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same sends, posted at once in rank order, then one wait for them all"},
    {COLL_bcast, 2, "chain", "ompi_chain", OMPI_FB_NONE, 0, 0,
     "the same chains (build_chain), posting and segments (Open MPI's parameters: "
     "OMPI_MCA_coll_tuned_bcast_algorithm_chain_fanout and _segmentsize)"},
    {COLL_bcast, 3, "pipeline", "ompi_pipeline", OMPI_FB_NONE, 0, 1,
     "the same chain (build_chain of fan-out 1), posting and segments (Open MPI's "
     "OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize)"},
    {COLL_bcast, 4, "split_binary_tree", "ompi_split_bintree", OMPI_FB_NONE, 0, 1,
     "the same halves down build_tree's two subtrees, blocking sends, segments and swap of "
     "halves; a half of no elements runs the pipeline (3) in both"},
    {COLL_bcast, 5, "binary_tree", "ompi_bintree", OMPI_FB_NONE, 0, 1,
     "the same level tree (build_tree, fan-out 2: 1 feeds 3 and 5), posting and segments"},
    {COLL_bcast, 6, "binomial", "ompi_binomial", OMPI_FB_NONE, 0, 1,
     "the same tree and child order (build_bmtree: shifted rank s feeds s + 2^k above its "
     "highest bit), a node's sends posted at once, and segments"},
    {COLL_bcast, 7, "knomial", "knomial", OMPI_FB_NONE, 0, 1,
     "the same tree (build_kmtree, radix 4: COLLSIM_RADIX) and child order, every child's send "
     "posted at once, unsegmented as Open MPI's fixed rules run it"},
    {COLL_bcast, 8, "scatter_allgather", "ompi_scatter_allgather", OMPI_FB_COUNT_LT_P, 1, 1,
     "the same binomial scatter and recursive-doubling allgather, with Open MPI's fix-up when p "
     "is not a power of two; below p bytes Open MPI runs basic_linear (1)"},
    {COLL_bcast, 9, "scatter_allgather_ring", "scatter_allgather_ring", OMPI_FB_COUNT_LT_P, 1, 1,
     "binomial scatter of ceil(m/p)-byte blocks (an empty part not sent), ring allgather, in "
     "both; below p bytes Open MPI runs basic_linear (1)"},

    {COLL_reduce, 1, "linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same blocking sends; the root receives from rank p-1 down to 0, one at a time"},
    {COLL_reduce, 2, "chain", "ompi_chain", OMPI_FB_NONE, 0, 1,
     "the same chains (build_chain), receives, blocking sends and segments (Open MPI's "
     "parameters: OMPI_MCA_coll_tuned_reduce_algorithm_chain_fanout, _segmentsize and "
     "_max_requests)"},
    {COLL_reduce, 3, "pipeline", "ompi_pipeline", OMPI_FB_NONE, 0, 1,
     "the same chain (build_chain of fan-out 1), receives, blocking sends and segments (Open "
     "MPI's OMPI_MCA_coll_tuned_reduce_algorithm_segmentsize and _max_requests)"},
    {COLL_reduce, 4, "binary", "ompi_bintree", OMPI_FB_NONE, 0, 1,
     "the same level tree (build_tree, fan-out 2: 3 and 5 feed 1), receives, blocking sends "
     "and segments"},
    {COLL_reduce, 5, "binomial", "ompi_binomial", OMPI_FB_NONE, 0, 1,
     "the same in-order binomial tree (build_in_order_bmtree: children at distance 1, 2, 4, "
     "..., parent: lowest set bit cleared), two receives posted, blocking sends and segments"},
    {COLL_reduce, 6, "in-order_binary", "ompi_in_order_bintree", OMPI_FB_NONE, 0, 1,
     "the same in-order binary tree (build_in_order_bintree) rooted at p-1, left child first, "
     "and the result sent on to another root; segments as the other trees"},
    {COLL_reduce, 7, "rabenseifner", "ompi_rabenseifner", OMPI_FB_COUNT_LT_POF2, 1, 1,
     "the same fold of extra ranks by halves, recursive halving on real ranks and binomial "
     "gather to the root; below pof2(p) elements Open MPI runs linear (1)"},

    {COLL_allreduce, 1, "basic_linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same linear reduce to rank 0 (ompi:1 of reduce), then linear broadcast (ompi:1 of "
     "bcast)"},
    {COLL_allreduce, 2, "nonoverlapping", "ompi_nonoverlapping", OMPI_FB_NONE, 0, 1,
     "the same reduce to rank 0 then broadcast, each the fixed decision's choice at the size "
     "(ompi:default of reduce and bcast)"},
    {COLL_allreduce, 3, "recursive_doubling", "recursive_doubling", OMPI_FB_NONE, 0, 1,
     "the same fold (even ranks hand their vector to the odd one) and partners"},
    {COLL_allreduce, 4, "ring", "ompi_ring", OMPI_FB_COUNT_LT_P, 3, 1,
     "the same blocks (the first m mod p one element longer), ring reduce-scatter and "
     "shifted allgather; below p elements recursive_doubling (3), as Open MPI does"},
    {COLL_allreduce, 5, "segmented_ring", "ompi_ring", OMPI_FB_COUNT_LT_P, 3, 0,
     "the ring (4), which Open MPI runs when its segment size (OMPI_MCA_coll_tuned_allreduce_"
     "algorithm_segmentsize, default 0) leaves fewer than p segments; more are phases collsim "
     "does not run: an error"},
    {COLL_allreduce, 6, "rabenseifner", "ompi_rabenseifner", OMPI_FB_COUNT_LT_POF2, 1, 1,
     "the same fold of extra ranks by halves, recursive halving with the distance doubling on "
     "real ranks, reverse allgather and unfold; below pof2(p) elements Open MPI runs "
     "basic_linear (1)"},

    {COLL_allgather, 1, "linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same gather to rank 0 then broadcast of the p blocks, each the fixed decision's "
     "choice (ompi:default of gather at one block, of bcast at p blocks)"},
    {COLL_allgather, 2, "bruck", "bruck", OMPI_FB_NONE, 0, 1,
     "the same partners (send to rank - 2^k) and sizes"},
    {COLL_allgather, 3, "recursive_doubling", "recursive_doubling", OMPI_FB_P_NOT_POF2, 2, 1,
     "p a power of two: the same exchanges; otherwise Open MPI runs bruck (2)"},
    {COLL_allgather, 4, "ring", "ring", OMPI_FB_NONE, 0, 1,
     "the same ring: each step sends rank + 1 the block received last"},
    {COLL_allgather, 5, "neighbor", "neighbor_exchange", OMPI_FB_NONE, 0, 1,
     "the same neighbour exchange; odd p runs the ring in both"},
    {COLL_allgather, 6, "two_proc", "ring", OMPI_FB_P_NOT_2, 0, 0,
     "one exchange, collsim's ring on 2 ranks; Open MPI refuses any other p"},

    {COLL_alltoall, 1, "linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same receives from rank + 1, rank + 2, ... and sends to rank - 1, rank - 2, ..., all "
     "posted at once (Open MPI's persistent requests, started together)"},
    {COLL_alltoall, 2, "pairwise", "ompi_pairwise", OMPI_FB_NONE, 0, 1,
     "the same steps, to rank + k from rank - k, for every p"},
    {COLL_alltoall, 3, "modified_bruck", "bruck", OMPI_FB_NONE, 0, 1,
     "the same steps (to rank + 2^k, the blocks with bit k set)"},
    {COLL_alltoall, 4, "linear_sync", "ompi_linear_sync", OMPI_FB_NONE, 0, 0,
     "the same order and window of requests (Open MPI's "
     "OMPI_MCA_coll_tuned_alltoall_algorithm_max_requests, default 0: all at once)"},
    {COLL_alltoall, 5, "two_proc", "ompi_pairwise", OMPI_FB_P_NOT_2, 0, 0,
     "one exchange; Open MPI refuses any other p"},

    {COLL_barrier, 1, "linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same arrival receives posted at once, then releases one after another (blocking)"},
    {COLL_barrier, 2, "double_ring", "ompi_doublering", OMPI_FB_NONE, 0, 1,
     "the same two rounds around the ring from rank 0, the second with synchronous sends"},
    {COLL_barrier, 3, "recursive_doubling", "ompi_recursive_doubling", OMPI_FB_NONE, 0, 1,
     "the same fold of the ranks past the largest power of two, exchanges at distance 1, 2, "
     "4, ... and synchronous release"},
    {COLL_barrier, 4, "bruck", "dissemination", OMPI_FB_NONE, 0, 1,
     "the same rounds (send to rank + 2^k, receive from rank - 2^k)"},
    {COLL_barrier, 5, "two_proc", "dissemination", OMPI_FB_P_NOT_2, 0, 0,
     "one 0-byte exchange; Open MPI refuses any other p"},
    {COLL_barrier, 6, "tree", "tree", OMPI_FB_NONE, 0, 1,
     "the same binomial tree to rank 0 (children at 1, 2, 4, ... below the lowest set bit), "
     "up then down"},

    {COLL_gather, 1, "basic_linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same blocking receives, one rank after another in rank order"},
    {COLL_gather, 2, "binomial", "binomial", OMPI_FB_NONE, 0, 1,
     "the same in-order tree, children received at distance 1, 2, 4, ..., a subtree's blocks "
     "in one message"},
    {COLL_gather, 3, "linear_sync", "ompi_linear_sync", OMPI_FB_NONE, 0, 1,
     "the same 0-byte requests in rank order, first segments and rests (Open MPI's "
     "OMPI_MCA_coll_tuned_gather_algorithm_segmentsize, default 0: the block, as the fixed "
     "rules pass)"},

    {COLL_scatter, 1, "basic_linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same blocking sends, one rank after another in rank order"},
    {COLL_scatter, 2, "binomial", "binomial", OMPI_FB_NONE, 0, 1,
     "the same in-order tree, largest subtree first"},
    {COLL_scatter, 3, "linear_nb", "linear", OMPI_FB_NONE, 0, 1,
     "every send posted at once, then one wait (max_requests 0, the default)"},

    {COLL_reduce_scatter, 1, "non-overlapping", "ompi_nonoverlapping", OMPI_FB_NONE, 0, 1,
     "the same reduce of the whole vector to rank 0 (the fixed decision's choice at its size), "
     "then basic's linear scatterv, an empty block not sent"},
    {COLL_reduce_scatter, 2, "recursive_halving", "recursive_halving", OMPI_FB_NONE, 0, 1,
     "the same fold of the first 2 (p - p') ranks in pairs, halving at distance p'/2 first and "
     "unfold; empty messages not sent, in both"},
    {COLL_reduce_scatter, 3, "ring", "ompi_ring", OMPI_FB_NONE, 0, 1,
     "the same ring, block rank - 1 first, an empty block a 0-byte message"},
    {COLL_reduce_scatter, 4, "butterfly", "ompi_butterfly", OMPI_FB_NONE, 0, 1,
     "the same fold, halving at distance 1 first and last exchange, every step a send and a "
     "receive even of nothing"},

    {COLL_reduce_scatter_block, 1, "basic_linear", "ompi_linear", OMPI_FB_NONE, 0, 1,
     "the same reduce of the p blocks to rank 0, then scatter, each the fixed decision's choice "
     "(ompi:default of reduce at p m, of scatter at m)"},
    {COLL_reduce_scatter_block, 2, "recursive_doubling", "ompi_recursive_doubling", OMPI_FB_NONE, 0,
     1,
     "the same exchanges of every block but the own group's at distance 1, 2, 4, ... and the "
     "fix-up past p"},
    {COLL_reduce_scatter_block, 3, "recursive_halving", "recursive_halving", OMPI_FB_NONE, 0, 1,
     "the same fold in pairs, halving at distance p'/2 first and unfold"},
    {COLL_reduce_scatter_block, 4, "butterfly", "ompi_butterfly", OMPI_FB_NONE, 0, 1,
     "p = 2^k: the same blocks in bit-reversed order and halving at distance 1 first; other p: "
     "the same fold, halving and last exchange"},

    {COLL_scan, 1, "linear", "linear", OMPI_FB_NONE, 0, 0,
     "the same chain: each rank receives the prefix from rank - 1 and sends its own to rank + 1"},
    {COLL_scan, 2, "recursive_doubling", "ompi_recursive_doubling", OMPI_FB_NONE, 0, 0,
     "the same swaps with rank ^ d at d = 1, 2, 4, ..., both ways"},

    {COLL_exscan, 1, "linear", "linear", OMPI_FB_NONE, 0, 0,
     "the same chain: rank 0 sends to 1, each rank the prefix combined with its own to rank + 1"},
    {COLL_exscan, 2, "recursive_doubling", "ompi_recursive_doubling", OMPI_FB_NONE, 0, 0,
     "the same swaps with rank ^ d at d = 1, 2, 4, ..., both ways"},
};

const int ompi_algo_count = sizeof ompi_algos / sizeof ompi_algos[0];

/* The fixed decision (coll_tuned_decision_fixed.c, v4.1.4), one line per communicator-size
 * range, transcribed from its if-chains: "N:" for p < N, "=N:" for p == N, "*:" for the rest;
 * then "S:A" for size < S -> algorithm A, "*:A" for the rest. Sizes as Open MPI measures them
 * (bcast, reduce, allreduce: the message; allgather, alltoall, gather, scatter,
 * reduce_scatter_block: one block), which is collsim's size; the reduce-scatter's the whole
 * vector, p times collsim's mean block (ompi_pick). reduce, allreduce and the reduce-scatters:
 * the commutative tables (collsim reduces with MPI_SUM and MPI_MAX). */
struct decision {
    enum coll_id coll;
    const char *const *lines;
};

static const char *const bcast_rules[] = {
    "4: 32:3 256:5 512:3 1024:7 32768:1 131072:5 262144:2 524288:1 1048576:6 *:5",
    "8: 64:5 128:6 2048:5 8192:6 1048576:1 *:2",
    "16: 8:7 64:5 4096:7 16384:5 32768:6 *:1",
    "32: 4096:7 1048576:6 *:8",
    "64: 2048:6 *:7",
    "128: *:7",
    "256: 2:6 16384:5 32768:1 65536:5 *:7",
    "1024: 16384:7 32768:4 *:7",
    "2048: 524288:7 *:8",
    "4096: 262144:7 *:8",
    "*: 8192:7 16384:5 262144:7 *:8",
    NULL};
static const char *const reduce_rules[] = {"4: 8:7 16:4 32:3 262144:1 524288:3 1048576:2 *:3",
                                           "8: 4096:4 65536:2 262144:5 524288:1 1048576:5 *:1",
                                           "16: 8192:4 *:5",
                                           "32: 4096:4 *:5",
                                           "256: *:5",
                                           "512: 8192:5 16384:6 *:5",
                                           "2048: *:5",
                                           "4096: 512:5 1024:6 8192:5 16384:6 *:5",
                                           "*: 16:5 32:6 1024:5 2048:6 8192:5 16384:6 *:5",
                                           NULL};
static const char *const allreduce_rules[] = {"4: 8:4 4096:3 8192:4 16384:3 65536:4 262144:5 *:6",
                                              "8: 16:4 8192:3 *:6",
                                              "16: 8192:3 *:6",
                                              "32: 64:5 4096:3 *:6",
                                              "64: 128:5 *:6",
                                              "128: 262144:3 *:6",
                                              "256: 131072:2 262144:3 *:6",
                                              "512: 4096:2 *:6",
                                              "2048: 2048:2 16384:3 *:6",
                                              "4096: 2048:2 4096:5 16384:3 *:6",
                                              "*: 2048:2 16384:5 32768:3 *:6",
                                              NULL};
static const char *const allgather_rules[] = {
    "=2: *:6",
    "32: *:3",
    "64: 1024:3 65536:5 *:4",
    "128: 512:3 65536:5 *:4",
    "256: 512:3 131072:5 524288:4 1048576:5 *:4",
    "512: 32:3 128:2 1024:3 131072:5 524288:4 1048576:5 *:4",
    "1024: 64:3 256:2 2048:3 *:5",
    "2048: 4:3 8:2 16:3 32:2 256:3 512:2 4096:3 *:5",
    "4096: 32:2 128:3 512:2 4096:3 *:5",
    "*: 2:3 8:2 16:3 512:2 4096:3 *:5",
    NULL};
static const char *const alltoall_rules[] = {
    "=2: 2:2 4:5 16:2 64:5 256:2 4096:5 32768:2 262144:4 1048576:5 *:2",
    "8: 8192:4 16384:1 65536:4 524288:1 1048576:2 *:1",
    "16: 262144:4 *:1",
    "32: 4:4 512:3 8192:4 32768:1 262144:4 524288:1 *:4",
    "64: 512:3 524288:1 *:4",
    "128: 1024:3 2048:1 4096:4 262144:1 *:2",
    "256: 1024:3 2048:4 262144:1 *:2",
    "512: 1024:3 8192:4 32768:1 *:2",
    "1024: 512:3 8192:4 16384:1 131072:4 262144:1 *:2",
    "2048: 512:3 1024:4 2048:1 16384:4 262144:1 *:4",
    "4096: 1024:3 4096:4 8192:1 131072:4 *:1",
    "*: 2048:3 8192:4 16384:1 32768:4 65536:1 *:4",
    NULL};
static const char *const barrier_rules[] = {"4: *:3",    "8: *:1",   "64: *:3",
                                            "256: *:4",  "512: *:6", "1024: *:4",
                                            "4096: *:6", "*: *:4",   NULL};
static const char *const gather_rules[] = {"4: 2:3 4:1 32768:2 65536:1 131072:2 *:3",
                                           "8: 1024:2 8192:1 32768:2 262144:1 *:3",
                                           "256: *:2",
                                           "512: 2048:2 8192:1 *:2",
                                           "*: *:2",
                                           NULL};
static const char *const scatter_rules[] = {"4: 2:3 131072:1 262144:3 *:1",
                                            "8: 2048:2 4096:1 8192:2 32768:1 1048576:3 *:1",
                                            "16: 16384:2 1048576:3 *:1",
                                            "32: 16384:2 32768:1 *:3",
                                            "64: 512:2 8192:3 16384:2 *:3",
                                            "*: 512:2 *:3",
                                            NULL};

/* The scans have no fixed decision: the basic module's linear scan and exscan run
 * (coll_tuned leaves MPI_Scan and MPI_Exscan to it), which the one line says. */
static const char *const reduce_scatter_rules[] = {"4: 65536:3 131072:4 *:3",
                                                   "8: 8:1 262144:2 *:3",
                                                   "32: 262144:2 *:3",
                                                   "64: 64:1 2048:2 524288:4 *:3",
                                                   "128: 256:1 512:2 2048:4 4096:2 *:4",
                                                   "256: 256:1 512:2 *:4",
                                                   "512: 256:1 1024:2 *:4",
                                                   "1024: 512:1 2048:2 8192:4 16384:2 *:4",
                                                   "2048: 512:1 4096:2 16384:4 32768:2 *:4",
                                                   "4096: 512:1 4096:2 *:4",
                                                   "*: 1024:1 8192:2 *:4",
                                                   NULL};
static const char *const reduce_scatter_block_rules[] = {
    "4: 4:2 8:4 16:3 128:4 256:3 4096:4 8192:3 131072:4 *:1",
    "8: 8:3 32:2 256:4 8192:3 16384:4 1048576:3 *:1",
    "16: 4:1 32:3 128:4 524288:3 4194304:1 *:4",
    "32: 32:1 524288:3 2097152:1 4194304:3 *:4",
    "*: 4:3 16:1 65536:4 262144:1 *:4",
    NULL};
static const char *const scan_rules[] = {"*: *:1", NULL};

static const struct decision decisions[] = {
    {COLL_bcast, bcast_rules},
    {COLL_reduce, reduce_rules},
    {COLL_allreduce, allreduce_rules},
    {COLL_allgather, allgather_rules},
    {COLL_alltoall, alltoall_rules},
    {COLL_barrier, barrier_rules},
    {COLL_gather, gather_rules},
    {COLL_scatter, scatter_rules},
    {COLL_reduce_scatter, reduce_scatter_rules},
    {COLL_reduce_scatter_block, reduce_scatter_block_rules},
    {COLL_scan, scan_rules},
    {COLL_exscan, scan_rules},
};

/* 1 when p falls in a line's range ("N:", "=N:", "*:") at *s, which moves past the colon. */
static int p_matches(const char **s, int p)
{
    char *end;
    int eq = **s == '=', any = **s == '*';
    long n = any ? 0 : strtol(*s + eq, &end, 10);
    *s = strchr(*s, ':') + 1;
    return any || (eq ? p == n : p < n);
}

/* The algorithm of the first "S:A" of line s (past its p range) with size < S, or "*:A". */
static int size_choice(const char *s, uint64_t size)
{
    while (*s) {
        while (*s == ' ')
            s++;
        char *end;
        int any = *s == '*';
        unsigned long long limit = any ? 0 : strtoull(s, &end, 10);
        s = strchr(s, ':') + 1;
        int alg = (int)strtol(s, &end, 10);
        if (any || size < limit) return alg;
        s = end;
    }
    return 0;
}

/* Open MPI's fixed choice for coll on p processes at size `size`; 0 for a collective
 * without a table. */
static int fixed_decision(enum coll_id coll, int p, uint64_t size)
{
    for (size_t d = 0; d < sizeof decisions / sizeof decisions[0]; d++) {
        if (decisions[d].coll != coll) continue;
        for (const char *const *l = decisions[d].lines; *l != NULL; l++) {
            const char *s = *l;
            if (p_matches(&s, p)) return size_choice(s, size);
        }
    }
    return 0;
}

static const struct ompi_algo *by_number(enum coll_id coll, int n)
{
    for (int i = 0; i < ompi_algo_count; i++)
        if (ompi_algos[i].coll == coll && ompi_algos[i].number == n) return &ompi_algos[i];
    return NULL;
}

/* The entry `word` names ("6" or "binomial"), or NULL; a number past an int names none
 * (4294967302 is not 6). */
static const struct ompi_algo *by_word(enum coll_id coll, const char *word)
{
    int n;
    if (*word >= '0' && *word <= '9')
        return cs_num_int(word, 0, INT_MAX, &n) == 0 ? by_number(coll, n) : NULL;
    for (int i = 0; i < ompi_algo_count; i++)
        if (ompi_algos[i].coll == coll && strcmp(ompi_algos[i].name, word) == 0)
            return &ompi_algos[i];
    return NULL;
}

int ompi_known(enum coll_id coll, const char *word)
{
    return by_word(coll, word) != NULL ||
           (strcmp(word, "default") == 0 && fixed_decision(coll, 2, 0) > 0);
}

static int pof2_below(int p)
{
    int q = 1;
    while (q <= p / 2)
        q *= 2;
    return q;
}

/* 1 when Open MPI runs a's `instead` on np processes at `bytes` (count = bytes: collsim's
 * reductions are on unsigned bytes). */
static int falls_back(const struct ompi_algo *a, int np, uint64_t bytes)
{
    switch (a->when) {
    case OMPI_FB_COUNT_LT_P:
        return bytes < (uint64_t)np;
    case OMPI_FB_COUNT_LT_POF2:
        return bytes < (uint64_t)pof2_below(np);
    case OMPI_FB_P_NOT_POF2:
        return pof2_below(np) != np;
    case OMPI_FB_P_NOT_2:
        return np != 2;
    default:
        return 0;
    }
}

/* What Open MPI runs for entry a on np processes at `bytes`, after its own hand-overs (a
 * chain of at most two); NULL with the reason in err for a two_proc algorithm on p != 2. */
static const struct ompi_algo *handed_over(const struct ompi_algo *a, int np, uint64_t bytes,
                                           char *err, size_t errlen)
{
    for (int hops = 0; a != NULL && hops < 3 && falls_back(a, np, bytes); hops++) {
        if (a->when == OMPI_FB_P_NOT_2) {
            snprintf(err, errlen,
                     "ompi:%d (%s) of %s: Open MPI runs it on 2 processes only, not %d", a->number,
                     a->name, coll_infos[a->coll].name, np);
            return NULL;
        }
        a = by_number(a->coll, a->instead);
    }
    return a;
}

/* 1 when Open MPI's segmented ring runs phases: its forced segment size leaves at least p
 * segments of the message (else it runs the ring). */
static int ring_phases(int np, uint64_t bytes)
{
    long segsize = coll_ompi_param("coll_tuned_allreduce_algorithm_segmentsize", 0);
    int segcount = coll_ompi_segcount(segsize, 1, (int)bytes);
    return bytes >= (uint64_t)np * (uint64_t)segcount;
}

int ompi_pick(enum coll_id coll, const char *word, int np, uint64_t bytes, struct mpilib_pick *out,
              char *err, size_t errlen)
{
    const char *cname = coll_infos[coll].name;
    int dflt = strcmp(word, "default") == 0;
    uint64_t size = coll == COLL_reduce_scatter ? bytes * (uint64_t)np : bytes;
    const struct ompi_algo *asked =
        dflt ? by_number(coll, fixed_decision(coll, np, size)) : by_word(coll, word);
    if (asked == NULL) {
        snprintf(err, errlen,
                 "'ompi:%s' is not an Open MPI algorithm of %s (see 'collsim list "
                 "--ompi')",
                 word, cname);
        return -1;
    }
    const struct ompi_algo *a = handed_over(asked, np, bytes, err, errlen);
    if (a == NULL) return -1;
    /* the fixed decision passes the chains a fan-out of 0, which build_chain makes 1: one
     * chain, the pipeline's tree (seen in Open MPI 4.1.4's monitoring) */
    if (dflt && a->number == 2 && (coll == COLL_bcast || coll == COLL_reduce))
        a = by_number(coll, 3);
    if (!dflt && coll == COLL_allreduce && a->number == 5 && ring_phases(np, bytes)) {
        snprintf(err, errlen,
                 "ompi:5 (segmented_ring) of allreduce: Open MPI's segment size cuts %llu bytes "
                 "on %d processes into phases, which collsim does not run",
                 (unsigned long long)bytes, np);
        return -1;
    }
    if (a->runs == NULL) {
        char why[64] = " (";
        if (a != asked)
            snprintf(why, sizeof why, ", which Open MPI runs for %d at (", asked->number);
        snprintf(err, errlen, "ompi:%d (%s) of %s%s%d processes, %llu bytes): not available: %s",
                 a->number, a->name, cname,
                 dflt && a == asked ? ", Open MPI's default choice at (" : why, np,
                 (unsigned long long)bytes, a->note);
        return -1;
    }
    out->runs = a->runs;
    out->number = a->number;
    out->libname = a->name;
    /* ompi/mpi/c/<call>.c returns at a count of 0 (seen in the pml monitoring: no message) */
    out->nothing = bytes == 0 && coll != COLL_barrier;
    return 0;
}

int ompi_coll_id(enum coll_id coll)
{
    switch (coll) {
    case COLL_allgather:
        return 0;
    case COLL_allreduce:
        return 2;
    case COLL_alltoall:
        return 3;
    case COLL_barrier:
        return 6;
    case COLL_bcast:
        return 7;
    case COLL_gather:
        return 9;
    case COLL_reduce:
        return 11;
    case COLL_reduce_scatter:
        return 12;
    case COLL_reduce_scatter_block:
        return 13;
    case COLL_scatter:
        return 15;
    default:
        return -1;
    }
}

int ompi_number_of(enum coll_id coll, const char *runs, char *err, size_t errlen)
{
    for (int i = 0; i < ompi_algo_count; i++)
        if (ompi_algos[i].coll == coll && ompi_algos[i].back && ompi_algos[i].runs != NULL &&
            strcmp(ompi_algos[i].runs, runs) == 0)
            return ompi_algos[i].number;
    snprintf(err, errlen,
             "Open MPI 4.1.4 has no %s algorithm that runs as %s (see 'collsim list "
             "--ompi')",
             coll_infos[coll].name, runs);
    return -1;
}

uint64_t ompi_rule_msgsize(enum coll_id coll, int np, uint64_t bytes)
{
    switch (coll) {
    case COLL_allgather:
    case COLL_alltoall:
    case COLL_gather:
    case COLL_scatter:
    case COLL_reduce_scatter:
    case COLL_reduce_scatter_block:
        return bytes * (uint64_t)np;
    case COLL_barrier:
        return 0;
    default:
        return bytes;
    }
}
