/* test_torus_edst.c: the torus broadcast's four trees (src/registry/torus_edst.h), checked from
 * their parent lists alone: every parent a torus neighbour, every node reached from the root
 * in every tree (no cycle), no directed link in two trees, the height as stated and no lower
 * than the bound worked out by hand (one link to each tree's first child, then the diameter). */
#include <stdlib.h>

#include "check.h"
#include "torus_edst.h"

/* Whether u and v are neighbours on the A x B torus. */
static int adjacent(int A, int B, int u, int v)
{
    int dx = abs(u % A - v % A), dy = abs(u / A - v / A);
    if (dx == A - 1) dx = 1;
    if (dy == B - 1) dy = 1;
    return dx + dy == 1;
}

/* The depth of v in tree `par` (p nodes), or -1 when its parents never reach node 0. */
static int depth_of(const int *par, int p, int v)
{
    int d = 0;
    while (v != 0 && d < p) {
        v = par[v];
        d++;
    }
    return v == 0 ? d : -1;
}

/* Checks the trees of the A x B torus; their height. */
static int check_trees(int A, int B)
{
    const struct torus_edst *e = torus_edst(A, B);
    CHECK(e != NULL);
    if (e == NULL) return -1;
    int p = A * B, height = 0, bad = 0;
    for (int t = 0; t < 4; t++) {
        const int *par = e->parent + t * p;
        bad += par[0] != -1;
        for (int v = 1; v < p; v++) {
            int d = depth_of(par, p, v);
            bad += !adjacent(A, B, par[v], v) || d < 0;
            if (d > height) height = d;
            for (int s = 0; s < t; s++) /* one tree per incoming link */
                bad += e->parent[s * p + v] == par[v];
        }
    }
    if (bad) fprintf(stderr, "%dx%d: %d faults\n", A, B, bad);
    CHECK_INT_EQ(0, bad);
    CHECK_INT_EQ(height, e->height);
    CHECK(height >= 1 + A / 2 + B / 2);
    CHECK(height <= A + B - 1);   /* never above the construction */
    CHECK(torus_edst(A, B) == e); /* kept for the run */
    return height;
}

int main(void)
{
    /* the bound reached, by hand: 1 + 4 + 4 and 1 + 2 + 2 */
    CHECK_INT_EQ(9, check_trees(8, 8));
    CHECK_INT_EQ(5, check_trees(4, 4));
    CHECK_INT_EQ(9, torus_edst_bound(8, 8));
    static const int shapes[][2] = {{3, 3}, {3, 5}, {6, 4}, {5, 7}, {3, 8}, {16, 16}, {65, 65}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        check_trees(shapes[i][0], shapes[i][1]);
    /* past TORUS_EDST_SEARCH_MAX nodes, the construction */
    CHECK_INT_EQ(65 + 65 - 1, torus_edst(65, 65)->height);
    return check_finish();
}
