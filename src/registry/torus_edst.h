/* torus_edst.h: four spanning trees of the 2D torus that share no directed link, rooted at one
 * node, as low as a seeded search finds them (docs/collectives/bcast.md#torus_trees). The
 * broadcast torus_trees pipelines a quarter of its message down each, and `collsim predict`
 * takes its height from here. MPI-free. */
#ifndef COLLSIM_TORUS_EDST_H
#define COLLSIM_TORUS_EDST_H

/* Tori of more nodes than this keep the construction (height A + B - 1) without a search. */
#define TORUS_EDST_SEARCH_MAX 4096

struct torus_edst {
    int A, B;
    int height;  /* the most links from the root to a node in any of the trees */
    int *parent; /* [t * A * B + v]: node v's parent in tree t (node = x + A y), -1 at node 0 */
};

/* The trees of the A x B torus (A, B >= 3) rooted at node 0, computed at the first call for
 * a shape and kept for the run; the same for the same shape on every run. NULL when out of
 * memory. */
const struct torus_edst *torus_edst(int A, int B);

/* The least height four such trees can have: one link to the root's child in each tree, then
 * the torus's diameter, floor(A/2) + floor(B/2). */
int torus_edst_bound(int A, int B);

#endif
