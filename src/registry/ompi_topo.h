/* ompi_topo.h: the trees Open MPI 4.1's coll/base builds for its collectives (coll_base_topo.c,
 * read from Open MPI 4.1.4), as one rank sees them: its parent and its children in Open MPI's
 * order, on real ranks. MPI-free: the algorithms that run Open MPI's schedules (ompi:N) and
 * their tests share them. */
#ifndef COLLSIM_OMPI_TOPO_H
#define COLLSIM_OMPI_TOPO_H

/* The most children a node has (Open MPI's MAXTREEFANOUT). */
#define OMPI_TOPO_MAX 32

/* One rank's place in a tree: parent -1 on the root. */
struct ompi_node {
    int parent;
    int nchild;
    int child[OMPI_TOPO_MAX];
};

/* build_chain: the p - 1 ranks after the root (shifted ranks 1 .. p-1) in `fanout` chains
 * (at least 1, at most OMPI_TOPO_MAX and p - 1), the first (p-1) mod fanout of them one rank
 * longer; the root feeds every chain's head, a rank the next of its chain. */
void ompi_topo_chain(int fanout, int p, int root, int rank, struct ompi_node *n);

/* The number of chains build_chain makes of p ranks for `fanout` (clamped as Open MPI does),
 * and the length of the longest (0 for p < 2). */
int ompi_topo_chains(int fanout, int p);
int ompi_topo_chain_longest(int fanout, int p);

/* build_tree: the level tree of fan-out `fanout` (1 .. OMPI_TOPO_MAX) on shifted ranks: level
 * l holds fanout^l ranks, shifted rank s of level l feeds s + fanout^l, s + 2 fanout^l, ...
 * (at most fanout of them, below p); fanout 2 on 7 ranks: 0 feeds 1, 2; 1 feeds 3, 5; 2 feeds
 * 4, 6. */
void ompi_topo_tree(int fanout, int p, int root, int rank, struct ompi_node *n);

/* build_bmtree: the binomial tree of the broadcasts on shifted ranks: shifted rank s feeds
 * s + 2^k for every 2^k above s's highest bit (ascending), below p; its parent is s with its
 * highest bit cleared. 8 ranks: 0 feeds 1, 2, 4; 2 feeds 6; 1 feeds 3, 5; 3 feeds 7. */
void ompi_topo_bmtree(int p, int root, int rank, struct ompi_node *n);

/* build_in_order_bmtree: the binomial tree of the reductions, gathers and scatters on shifted
 * ranks: s feeds s + 1, s + 2, s + 4, ... up to its lowest set bit (ascending), below p; its
 * parent is s with its lowest set bit cleared. 8 ranks: 0 feeds 1, 2, 4; 2 feeds 3; 4 feeds 5,
 * 6; 6 feeds 7. */
void ompi_topo_in_order_bmtree(int p, int root, int rank, struct ompi_node *n);

/* build_in_order_bintree: the binary tree of the in-order reduction, rooted at rank p-1 for
 * any root: a subtree of ranks [d, d+n) has its root at d+n-1, whose left child d+n-2 roots
 * the ranks [d + n/2, d+n-1) and whose right child d + n/2 - 1 (only for n > 2) roots
 * [d, d + n/2); children in that order. 9 ranks: 8 feeds 7, 3; 7 feeds 6, 5; 5 feeds 4; 3
 * feeds 2, 1; 1 feeds 0. */
void ompi_topo_in_order_bintree(int p, int rank, struct ompi_node *n);

#endif
