/* ompi_topo.c: Open MPI's trees as one rank sees them (ompi_topo.h). */
#include "ompi_topo.h"

/* Shifted rank s's chain of `fanout` chains over p - 1 ranks: its head and length. */
static void chain_of(int s, int fanout, int p, int *head, int *len)
{
    int longest = (p - 1 + fanout - 1) / fanout, longer = (p - 1) % fanout;
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
    if (fanout < 1) fanout = 1;
    if (fanout > OMPI_TOPO_MAX) fanout = OMPI_TOPO_MAX;
    if (fanout > p - 1) fanout = p - 1;
    n->parent = -1;
    n->nchild = 0;
    if (p < 2) return;
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
