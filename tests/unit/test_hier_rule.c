/* test_hier_rule.c: the allgather's parts of unequal sizes (src/registry/hier_rule.h), against
 * weights, bounds and part counts worked out by hand. */
#include "check.h"
#include "hier_rule.h"

/* Part k of K starts at lo[k] of an m-byte block, for k = 0 .. K. */
static void check_bounds(long m, int K, const long *lo)
{
    for (int k = 0; k <= K; k++)
        CHECK_INT_EQ(lo[k], hier_tent_lo(m, k, K));
}

int main(void)
{
    /* 1; 1 1; 1 2 1; 1 2 2 1; 1 2 4 2 1; 1 2 4 4 2 1; 1 2 4 8 4 2 1; 1 2 4 8 8 4 2 1 */
    static const double weight[] = {1, 2, 4, 6, 10, 14, 22, 30};
    for (int K = 1; K <= 8; K++)
        CHECK_NEAR(weight[K - 1], hier_tent_weight(K), 0);
    CHECK_NEAR(8, hier_tent_part(3, 8), 0);
    CHECK_NEAR(8, hier_tent_part(4, 8), 0);
    CHECK_NEAR(1, hier_tent_part(7, 8), 0);

    /* 60 bytes in 1 2 2 1 sixths: 10 20 20 10 */
    check_bounds(60, 4, (const long[]){0, 10, 30, 50, 60});
    /* 20 bytes in 1 2 4 4 2 1 fourteenths, rounded down: 20 x 0 1 3 7 11 13 14 / 14 */
    check_bounds(20, 6, (const long[]){0, 1, 4, 10, 15, 18, 20});
    /* one part: the whole block */
    check_bounds(7, 1, (const long[]){0, 7});

    /* fattree-32x32c's allgather of 4 KiB blocks (32 ranks a node, 32 nodes, a = 1 us,
     * b = 0.1 ns/B): fill 4 MiB, 419.4304 us, and 31 + 5 steps:
     * K = 2: 209.7152 + 72 = 281.7; K = 3: 104.8576 + 108 = 212.86; K = 4: 69.9 + 144 = 213.9 */
    CHECK_INT_EQ(3, hier_tent_parts(4194304, 36, 1e-6, 1e-10, 4096));
    /* dragonfly-256x4's (4 ranks a node, 256 nodes): 3 + 8 steps: K = 5: 41.94 + 55 = 96.94;
     * K = 6: 29.96 + 66 = 95.96; K = 7: 19.07 + 77 = 96.07 */
    CHECK_INT_EQ(6, hier_tent_parts(4194304, 11, 1e-6, 1e-10, 4096));
    /* fill 64 KiB (6.55 us) against 11 steps a part: one part */
    CHECK_INT_EQ(1, hier_tent_parts(65536, 11, 1e-6, 1e-10, 64));
    /* a large fill, but 5-byte blocks: K = 3 (weight 4) is the last with a byte a part */
    CHECK_INT_EQ(3, hier_tent_parts(1e12, 1, 1e-6, 1e-10, 5));
    return check_finish();
}
