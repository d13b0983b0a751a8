/* hier_rule.h: when the hierarchical algorithms (src/coll/hier/) take their large forms, a rule
 * that predict's formulas (src/predict/predict_costs.c) follow too. MPI-free. */
#ifndef COLLSIM_HIER_RULE_H
#define COLLSIM_HIER_RULE_H

#include <math.h>

/* At and above this many bytes the broadcast phases may use scatter + ring allgather and the
 * all-reduce phases ring reduce-scatter + ring allgather, below it binomial trees and recursive
 * doubling (COLLSIM_HIER_LARGE overrides it). */
#define HIER_LARGE 65536

/* Whether a broadcast phase of `bytes` among n ranks takes its large form (large: HIER_LARGE
 * or its override). Its ring allgather pays n - 1 latencies where the binomial tree pays
 * log2 n copies of the message, so with Hockney's a and b it wins from about
 * a / (b (log2 n - 2)) bytes a block: 5 KB for a = 2 us, b = 0.1 ns/B and 64 ranks (a
 * crossbar), 2 to 7 KB for 1 to 4 us and 256 ranks. So the block must be at least large / 8
 * (8 KiB by default): 64 KiB for up to 8 ranks, 512 KiB for 64, 2 MiB for 256 leaders. */
static inline int hier_bcast_large(double bytes, int n, double large)
{
    return n > 2 && bytes >= large && bytes * 8 >= large * n;
}

/* The same for an all-reduce phase of `bytes` (count elements) among n ranks: its ring
 * reduce-scatter and allgather pay 2 (n - 1) latencies where recursive doubling pays log2 n
 * copies, so the ring wins from about 2 a / (b (log2 n - 2)) bytes a block, twice the
 * broadcast's: at least large / 4 (16 KiB by default), and one element a rank. */
static inline int hier_allreduce_large(double bytes, double count, int n, double large)
{
    return bytes >= large && count >= n && bytes * 4 >= large * n;
}

/* The leaders' allgather of hier: recursive doubling (log2 n latencies) for n = 2^k leaders
 * while the result is below the all-reduce's ring size, else the ring (n - 1 latencies, every
 * message to a neighbour). */
static inline int hier_allgather_rd(double bytes, int n, double large)
{
    return n > 1 && (n & (n - 1)) == 0 && !hier_allreduce_large(bytes, bytes, n, large);
}

/* ceil(log2 n): the steps of recursive halving or doubling on n = 2^k. */
static inline int hier_log2(int n)
{
    int k = 0;
    while ((1 << k) < n)
        k++;
    return k;
}

/* hier_rs's all-reduce of one column (the j-th ranks of n = 2^k nodes) while the node's
 * L >= 2 columns share its link, `bytes` the node's whole vector (its L blocks):
 * Rabenseifner's halving and doubling (2 log2 n latencies, 2 (n-1)/n of the vector through
 * the link) rather than recursive doubling (log2 n latencies, log2 n vectors) when
 * bytes b (log2 n - 2 + 2/n) > log2 n a, with Hockney's a and b: from 16.3 KB at n = 32 with
 * a = 1 us and b = 0.1 ns/B, from 62 KB with fattree-32x32c's 3.8 us and 12.5 GB/s. */
static inline int hier_column_halving(double bytes, int n, int L, double a, double b)
{
    if (n < 4 || (n & (n - 1)) != 0 || L < 2) return 0;
    double lg = hier_log2(n);
    return bytes * b * (lg - 2 + 2.0 / n) > lg * a;
}

/* How many parts an algorithm run in parts takes (hier_rs, the allgather's columns): one
 * part's phases run while another's use a different link, so only a fill of about `fill` bytes'
 * time b / K is not hidden, and every part pays `steps` latencies of its own: fill b / K +
 * K steps a is least at K = sqrt(fill b / (steps a)), rounded, with Hockney's a and b, at most
 * HIER_PARTS_MAX. hier_rs (vector V, nodes of n ranks): the first part's reduce-scatter and the
 * last part's allgather, fill 2 V, and its node rings' 2 (n - 1) steps (its columns run side by
 * side, so their latencies overlap): 2 parts at 1 MiB on 32-rank nodes, 6 on 4-rank nodes. (The
 * allgather's parts are of unequal sizes: hier_tent_parts, below.) At most 8:
 * every part's column may be in flight at once, and 12 parts of hier_rs at 4 MiB on the 1,024
 * ranks of dragonfly-256x4 kept SimGrid's network solver past 300 s, 8 parts took 33 s. */
#define HIER_PARTS_MAX 8
static inline int hier_parts(double fill, int steps, double a, double b)
{
    if (steps < 1 || a <= 0 || b <= 0) return 1;
    double k = sqrt(fill * b / (steps * a)) + 0.5;
    return k >= HIER_PARTS_MAX ? HIER_PARTS_MAX : k < 1 ? 1 : (int)k;
}

/* Parts of unequal sizes for two phases in a pipeline (the allgather's column, then its node
 * ring): part k's weight (hier_tent_part) is min(2^k, 2^(K-1-k)), 1 2 4 .. 4 2 1, so the parts
 * double up to the middle and halve after it. Whichever phase is the slower, the other one's time
 * alone is spent on one smallest part: the first part's column before the ring can start, or the
 * last part's ring after the column has ended. Equal parts leave a K-th of the vector there; these
 * leave a hier_tent_weight(K)-th (1, 2, 4, 6, 10, 14, 22, 30 for K = 1 .. 8), while the parts in
 * the middle, twice their neighbours, are still hidden behind the slower phase's part before them
 * whenever it is at least twice as slow. */
static inline double hier_tent_part(int k, int K)
{
    return ldexp(1, k < K - 1 - k ? k : K - 1 - k);
}

static inline double hier_tent_weight(int K)
{
    double w = 0;
    for (int k = 0; k < K; k++)
        w += hier_tent_part(k, K);
    return w;
}

/* Where part k of K starts in a block of m bytes (hier_tent_weight's parts): part k's bytes are
 * [hier_tent_lo(m, k, K), hier_tent_lo(m, k + 1, K)), at least one when m >= the weight. */
static inline long hier_tent_lo(long m, int k, int K)
{
    double below = 0;
    for (int i = 0; i < k; i++)
        below += hier_tent_part(i, K);
    return k >= K ? m : (long)((double)m * below / hier_tent_weight(K));
}

/* How many such parts to take: the K that makes fill b / hier_tent_weight(K) + K steps a least,
 * at most HIER_PARTS_MAX and with a weight of at most m (a byte a part) (hier_parts' costs, with
 * the fill left to one smallest part). The allgather (result V, n ranks a node, N nodes): fill V,
 * the first part's column, and n - 1 node ring steps plus the column's (log2 N, or N - 1 in a
 * ring). */
static inline int hier_tent_parts(double fill, int steps, double a, double b, long m)
{
    int best = 1;
    double least = fill * b + steps * a;
    for (int K = 2; K <= HIER_PARTS_MAX && hier_tent_weight(K) <= (double)m; K++) {
        double t = fill * b / hier_tent_weight(K) + K * steps * a;
        if (t < least) least = t, best = K;
    }
    return best;
}

#endif
