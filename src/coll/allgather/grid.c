/* grid.c: allgathers made of ring allgathers along the dimensions of a ring, torus or
 * hypercube (grid.h), one stream or several at once on disjoint links.
 *
 * One stream (torus, hypercube): phase k is a ring allgather along dimension k inside every
 * line of that dimension, moving the groups gathered in the phases before (they grow by the
 * side each phase). On a hypercube every side is 2: dimension exchange, the group doubling.
 * time (store-and-forward, one hop per message): sum_k (a_k - 1) t_s + (p-1) m t_b + t_h
 * sum_k (a_k - 1); ring: (p-1)(t_s + m t_b + t_h); hypercube: log2 p (t_s + t_h) + (p-1) m t_b.
 * Several streams (torus_multi, hypercube_multi): every block is cut into S
 * parts; stream s carries part s, starts with dimension s mod nd and goes round the
 * dimensions from there, and runs its rings the other way round when s >= nd (only when a
 * side exceeds 2). In one phase the streams use different dimensions or directions, so
 * their links differ and they run at once: each node receives on all its 2 nd (nd on a
 * hypercube) links in, (p-1) m t_b / S plus the start-ups of the longest stream. */
#include <stdlib.h>

#include "allgather.h"
#include "grid.h"

struct stream {
    int first, dir;  /* first dimension, +1 or -1 along the rings */
    size_t off, len; /* its part of every block */
    int *ids_out, *ids_in;
    char *out, *in; /* pack buffers, p blocks of len */
};

/* The blocks of the group of node `node` after stream st finished the `done` dimensions
 * before dimension d in its order: the ranks that match node in every dimension not done. */
static int group(int *ids, const struct coll_grid *g, int p, const struct stream *st, int done,
                 int node)
{
    int n = 0;
    for (int r = 0; r < p; r++) {
        int match = 1;
        for (int k = done; k < g->nd && match; k++) {
            int d = (st->first + k) % g->nd;
            if (grid_coord(g, r, d) != grid_coord(g, node, d)) match = 0;
        }
        if (match) ids[n++] = r;
    }
    return n;
}

/* Step s (1 .. side-1) of phase k for every stream that has one: Isend and Irecv, wait,
 * unpack. */
static int grid_step(char *buf, size_t B, const struct coll_grid *g, int rank, int p,
                     struct stream *st, int ns, int k, int s, MPI_Comm comm)
{
    MPI_Request req[2 * ns];
    int nreq = 0, nin[ns], rc = MPI_SUCCESS;
    for (int i = 0; i < ns; i++) {
        int d = (st[i].first + k) % g->nd, c = grid_coord(g, rank, d);
        nin[i] = -1;
        if (s >= g->size[d]) continue;
        int tag = ALLGATHER_TAG + 1 + i % 8, dir = st[i].dir;
        int from = grid_move(g, rank, d, c - dir), to = grid_move(g, rank, d, c + dir);
        int nout = group(st[i].ids_out, g, p, &st[i], k, grid_move(g, rank, d, c - dir * (s - 1)));
        nin[i] = group(st[i].ids_in, g, p, &st[i], k, grid_move(g, rank, d, c - dir * s));
        allgather__pack(st[i].out, buf, B, st[i].ids_out, nout, st[i].off, st[i].len);
        MPI_Irecv(st[i].in, (int)((size_t)nin[i] * st[i].len), MPI_BYTE, from, tag, comm,
                  &req[nreq++]);
        MPI_Isend(st[i].out, (int)((size_t)nout * st[i].len), MPI_BYTE, to, tag, comm,
                  &req[nreq++]);
    }
    rc = MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < ns; i++)
        if (nin[i] >= 0)
            allgather__unpack(st[i].in, buf, B, st[i].ids_in, nin[i], st[i].off, st[i].len);
    return rc;
}

static int grid_run(char *buf, size_t B, const struct coll_grid *g, int rank, int p,
                    struct stream *st, int ns, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int k = 0; k < g->nd && rc == MPI_SUCCESS; k++) {
        int steps = 0;
        for (int i = 0; i < ns; i++) {
            int side = g->size[(st[i].first + k) % g->nd];
            if (side > steps) steps = side;
        }
        for (int s = 1; s < steps && rc == MPI_SUCCESS; s++)
            rc = grid_step(buf, B, g, rank, p, st, ns, k, s, comm);
    }
    return rc;
}

int allgather__grid(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int multi)
{
    int rank, p, rc = MPI_ERR_NO_MEM, wide = 0;
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
    struct coll_grid g;
    grid_of_topology(&g, p);
    for (int k = 0; k < g.nd; k++)
        if (g.size[k] > 2) wide = 1;
    int ns = multi ? g.nd * (wide ? 2 : 1) : 1;
    struct stream st[2 * GRID_MAX_DIMS] = {{0}};
    int ok = 1;
    for (int i = 0; i < ns; i++) {
        st[i].first = i % g.nd;
        st[i].dir = i < g.nd ? 1 : -1;
        st[i].off = B * (size_t)i / (size_t)ns;
        st[i].len = B * (size_t)(i + 1) / (size_t)ns - st[i].off;
        st[i].ids_out = malloc(2 * (size_t)p * sizeof(int));
        st[i].ids_in = st[i].ids_out ? st[i].ids_out + p : NULL;
        st[i].out = malloc(2 * (size_t)p * st[i].len + 1);
        st[i].in = st[i].out ? st[i].out + (size_t)p * st[i].len : NULL;
        if (st[i].ids_out == NULL || st[i].out == NULL) ok = 0;
    }
    if (ok) rc = grid_run(recvbuf, B, &g, rank, p, st, ns, comm);
    for (int i = 0; i < ns; i++)
        free(st[i].ids_out), free(st[i].out);
    return rc;
}
