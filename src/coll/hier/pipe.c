/* pipe.c: phases run side by side (hier.h's struct hstep): every running phase has one step
 * posted (a receive and a send); whenever both of a step's requests are done its received piece
 * is combined, if the phase combines, and its next step is posted; a phase starts once every
 * phase it waits for has ended. The steps are those of group.c's rings, recursive halving and
 * recursive doubling, one step at a time. */
#include "hier.h"

#include <stdlib.h>

/* One step's messages: `sl` elements from so to rank dst, `rl` into ro (or into the phase's
 * tmp, then combined into ro) from rank src. */
struct hmsg {
    long so, sl, ro, rl;
    int dst, src;
};

/* Step s->t of the phase, as hier_ring_reduce_scatter (rot 0, one half of every block),
 * hier_ring_allgather (rot 0), hier_halving_reduce_scatter and hier_rd_allgather (rot 0). */
static struct hmsg plan(const struct hstep *s)
{
    const struct hgroup *g = s->g;
    int n = g->n, i = g->me, t = s->t;
    struct hmsg m = {0};
    if (s->kind == HS_RING_RS || s->kind == HS_RING_AG) {
        int rs = s->kind == HS_RING_RS, sb = (i - t - rs + 2 * n) % n;
        int rb = (i - t - 1 - rs + 2 * n) % n;
        if (rs) {
            hier_half(s->off, s->len, sb, s->c, &m.so, &m.sl);
            hier_half(s->off, s->len, rb, s->c, &m.ro, &m.rl);
        } else
            m.so = s->off[sb], m.sl = s->len[sb], m.ro = s->off[rb], m.rl = s->len[rb];
        m.dst = hier_member(g, i + 1), m.src = hier_member(g, i - 1);
    } else if (s->kind == HS_HALVE_RS) {
        int d = (n / 2) >> t, lo = i & ~(2 * d - 1), keep = (i & d) ? lo + d : lo;
        int give = (i & d) ? lo : lo + d;
        m.so = s->off[give], m.sl = hier_span(s->off, s->len, give, give + d);
        m.ro = s->off[keep], m.rl = hier_span(s->off, s->len, keep, keep + d);
        m.dst = m.src = g->ranks[i ^ d];
    } else {
        int d = 1 << t, mine = i & ~(d - 1), theirs = (i ^ d) & ~(d - 1);
        m.so = s->off[mine], m.sl = hier_span(s->off, s->len, mine, mine + d);
        m.ro = s->off[theirs], m.rl = hier_span(s->off, s->len, theirs, theirs + d);
        m.dst = m.src = g->ranks[i ^ d];
    }
    return m;
}

static int combines(const struct hstep *s)
{
    return s->kind == HS_RING_RS || s->kind == HS_HALVE_RS;
}

static int steps_of(const struct hstep *s)
{
    if (s->g->me < 0 || s->g->n < 2) return 0;
    return s->kind == HS_RING_RS || s->kind == HS_RING_AG ? s->g->n - 1 : hier_log2(s->g->n);
}

/* Posts the phase's step s->t into req[0..1] (the receive first). */
static int post(struct hstep *s, MPI_Request *req, MPI_Aint ext, MPI_Datatype type, MPI_Comm comm)
{
    struct hmsg m = plan(s);
    char *into = combines(s) ? s->tmp : s->buf + m.ro * ext;
    s->ro = m.ro, s->rl = m.rl;
    int rc = MPI_Irecv(into, (int)m.rl, type, m.src, s->tag, comm, &req[0]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Isend(s->buf + m.so * ext, (int)m.sl, type, m.dst, s->tag, comm, &req[1]);
    return rc;
}

/* Whether every phase in the mask `deps` has ended. */
static int ready(const struct hstep *ph, unsigned long long deps)
{
    for (int k = 0; deps != 0; k++, deps >>= 1)
        if ((deps & 1) && ph[k].t < steps_of(&ph[k])) return 0;
    return 1;
}

/* Posts the first step of every phase not yet started whose phases before it have ended; a
 * phase of no steps ends at once, so this goes round until nothing changes. */
static int start_ready(struct hstep *ph, int n, char *started, MPI_Request *req, MPI_Aint ext,
                       MPI_Datatype type, MPI_Comm comm)
{
    int rc = MPI_SUCCESS, again = 1;
    while (again && rc == MPI_SUCCESS) {
        again = 0;
        for (int k = 0; k < n && rc == MPI_SUCCESS; k++) {
            if (started[k] || !ready(ph, ph[k].deps)) continue;
            started[k] = 1, ph[k].t = 0;
            if (steps_of(&ph[k]) == 0)
                again = 1;
            else
                rc = post(&ph[k], &req[2 * k], ext, type, comm);
        }
    }
    return rc;
}

/* Phase k's step is done: combines what it received and posts the next step, if any. */
static int advance(struct hstep *s, MPI_Request *req, MPI_Aint ext, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    if (combines(s) && s->rl > 0)
        rc = coll_reduce_local(s->tmp, s->buf + s->ro * ext, (int)s->rl, type, op);
    s->t++;
    if (rc == MPI_SUCCESS && s->t < steps_of(s)) rc = post(s, req, ext, type, comm);
    return rc;
}

int hier_steps_run(struct hstep *ph, int n, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    if (n > HSTEP_MAX) return MPI_ERR_ARG;
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    MPI_Request req[2 * HSTEP_MAX];
    char started[HSTEP_MAX] = {0};
    for (int k = 0; k < 2 * n; k++)
        req[k] = MPI_REQUEST_NULL;
    int rc = start_ready(ph, n, started, req, ext, type, comm), idx;
    while (rc == MPI_SUCCESS) {
        rc = MPI_Waitany(2 * n, req, &idx, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || idx == MPI_UNDEFINED) break;
        int k = idx / 2;
        if (req[2 * k] != MPI_REQUEST_NULL || req[2 * k + 1] != MPI_REQUEST_NULL) continue;
        rc = advance(&ph[k], &req[2 * k], ext, type, op, comm);
        if (rc == MPI_SUCCESS && ph[k].t >= steps_of(&ph[k]))
            rc = start_ready(ph, n, started, req, ext, type, comm);
    }
    for (int k = 0; k < n && rc == MPI_SUCCESS; k++)
        if (!started[k]) rc = MPI_ERR_INTERN; /* waits for a phase after it: the caller's bug */
    return rc;
}
