/* ompi_topo.c: Open MPI's trees as one rank sees them (ompi_topo.h). */
#include "ompi_topo.h"

int ompi_topo_chains(int fanout, int p)
{
    if (fanout < 1) fanout = 1;
    if (fanout > OMPI_TOPO_MAX) fanout = OMPI_TOPO_MAX;
    return fanout > p - 1 ? p - 1 : fanout;
}

int ompi_topo_chain_longest(int fanout, int p)
{
    int f = ompi_topo_chains(fanout, p);
    return f < 1 ? 0 : (p - 1 + f - 1) / f;
}

/* Shifted rank s's chain of `fanout` chains over p - 1 ranks: its head and length. */
static void chain_of(int s, int fanout, int p, int *head, int *len)
{
    int longest = ompi_topo_chain_longest(fanout, p), longer = (p - 1) % fanout;
    if (longer == 0) longer = fanout; /* every chain has the longest length */
    if (s - 1 < longer * longest) {
        *head = 1 + (s - 1) / longest * longest;
        *len = longest;
    } else {
        int past = (s - 1 - longer * longest) / (longest - 1);
        *head = 1 + longer * longest + past * (longest - 1);
        *len = longest - 1;
    }
}

void ompi_topo_chain(int fanout, int p, int root, int rank, struct ompi_node *n)
{
    int s = (rank - root + p) % p;
    n->parent = -1;
    n->nchild = 0;
    if (p < 2) return;
    fanout = ompi_topo_chains(fanout, p);
    if (s == 0) {
        for (int c = 0, head = 1; c < fanout; c++) {
            int h, len;
            chain_of(head, fanout, p, &h, &len);
            n->child[n->nchild++] = (head + root) % p;
            head += len;
        }
        return;
    }
    int head, len;
    chain_of(s, fanout, p, &head, &len);
    n->parent = s == head ? root : (s - 1 + root) % p;
    if (s < head + len - 1) n->child[n->nchild++] = (s + 1 + root) % p;
}

/* The first shifted rank of shifted rank s's level, and the level's width (fanout^level). */
static void level_of(int s, int fanout, int *first, int *width)
{
    *first = 0;
    *width = 1;
    while (*first + *width <= s) {
        *first += *width;
        *width *= fanout;
    }
}

void ompi_topo_tree(int fanout, int p, int root, int rank, struct ompi_node *n)
{
    int s = (rank - root + p) % p, first, width;
    n->parent = -1;
    n->nchild = 0;
    if (p < 2 || fanout < 1 || fanout > OMPI_TOPO_MAX) return;
    level_of(s, fanout, &first, &width);
    for (int i = 1; i <= fanout && s + i * width < p; i++)
        n->child[n->nchild++] = (s + i * width + root) % p;
    if (s == 0) return;
    int up = s; /* the rank above s: one level's width back, fanout times less wide */
    if (up < fanout)
        up = 0;
    else
        while (up >= first)
            up -= width / fanout;
    n->parent = (up + root) % p;
}

void ompi_topo_bmtree(int p, int root, int rank, struct ompi_node *n)
{
    int s = (rank - root + p) % p, mask = 1;
    n->parent = -1;
    n->nchild = 0;
    while (mask <= s)
        mask <<= 1;
    if (s > 0) n->parent = ((s ^ (mask >> 1)) + root) % p;
    for (; s + mask < p && n->nchild < OMPI_TOPO_MAX; mask <<= 1)
        n->child[n->nchild++] = (s + mask + root) % p;
}

void ompi_topo_in_order_bmtree(int p, int root, int rank, struct ompi_node *n)
{
    int s = (rank - root + p) % p;
    n->parent = -1;
    n->nchild = 0;
    for (int mask = 1; mask < p; mask <<= 1) {
        if (s & mask) {
            n->parent = ((s ^ mask) + root) % p;
            return;
        }
        if (s + mask < p && n->nchild < OMPI_TOPO_MAX)
            n->child[n->nchild++] = (s + mask + root) % p;
    }
}

void ompi_topo_in_order_bintree(int p, int rank, struct ompi_node *n)
{
    n->parent = -1;
    n->nchild = 0;
    for (int d = 0, size = p; size > 0;) { /* the subtree of ranks [d, d + size) */
        int top = d + size - 1, half = size / 2;
        int left = size > 1 ? top - 1 : -1, right = size > 2 ? d + half - 1 : -1;
        if (rank == top) {
            if (left >= 0) n->child[n->nchild++] = left;
            if (right >= 0) n->child[n->nchild++] = right;
            return;
        }
        if (right >= 0 && rank <= right) { /* the right subtree, [d, d + half) */
            if (rank == right) n->parent = top;
            size = half;
            continue;
        }
        if (rank == left) n->parent = top;
        if (size == 2) /* the one child: the subtree {d} */
            size = 1;
        else
            d += half, size -= half + 1;
    }
}
