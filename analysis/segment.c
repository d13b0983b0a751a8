/* segment.c: a phase cut into calls, and each rank's entry and exit per call. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"

static int by_start(const void *x, const void *y)
{
    const struct ready_msg *a = x, *b = y;
    return (a->start > b->start) - (a->start < b->start);
}

/* Groups the n ready messages in place by sender (0 <= src < p), in no particular order inside
 * a group, and sets off[0..p]: sender r's are rd[off[r]] .. rd[off[r + 1] - 1]. A counting
 * sort that swaps records into place, so it needs no second copy of the array. */
static void group_by_src(struct ready_msg *rd, size_t n, int p, size_t *off)
{
    size_t *next = calloc((size_t)p, sizeof *next);
    memset(off, 0, ((size_t)p + 1) * sizeof *off);
    for (size_t i = 0; i < n; i++)
        off[rd[i].src + 1]++;
    for (int g = 0; g < p; g++)
        off[g + 1] += off[g];
    for (int g = 0; g < p; g++)
        next[g] = off[g];
    for (int g = 0; g < p; g++)
        while (next[g] < off[g + 1]) {
            struct ready_msg *x = &rd[next[g]];
            if (x->src == g) {
                next[g]++;
                continue;
            }
            struct ready_msg tmp = rd[next[x->src]]; /* x's place in its group: swap it there */
            rd[next[x->src]++] = *x;
            *x = tmp;
        }
    free(next);
}

static int by_rank_end(const void *x, const void *y)
{
    const struct rank_state *a = x, *b = y;
    if (a->rank != b->rank) return a->rank - b->rank;
    return (a->end > b->end) - (a->end < b->end);
}

/* 1 when the n receives at x are in the order of their ends. */
static int ends_sorted(const struct rank_state *x, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (x[i].end < x[i - 1].end) return 0;
    return 1;
}

/* The blocking receives of the phase by rank, then by end, for an_recv_post: a counting sort by
 * rank that keeps the order of arrival, which is the order of the ends (the reader reports a
 * state when it ends, in the trace's time order); a rank whose receives are not is sorted
 * (stably, as glibc's qsort sorts). */
static void recv_index_build(struct rank_index *ix, int p)
{
    ix->recv = malloc((ix->nst + 1) * sizeof *ix->recv);
    ix->recvoff = calloc((size_t)p + 2, sizeof *ix->recvoff);
    size_t *off = ix->recvoff; /* counts at rank + 2, then starts at rank + 1, then at rank */
    for (size_t i = 0; i < ix->nst; i++)
        if (ix->st[i].kind == ST_RECV && ix->st[i].rank >= 0 && ix->st[i].rank < p)
            off[ix->st[i].rank + 2]++;
    for (int r = 0; r < p; r++)
        off[r + 2] += off[r + 1];
    for (size_t i = 0; i < ix->nst; i++)
        if (ix->st[i].kind == ST_RECV && ix->st[i].rank >= 0 && ix->st[i].rank < p)
            ix->recv[off[ix->st[i].rank + 1]++] = ix->st[i];
    for (int r = 0; r < p; r++)
        if (!ends_sorted(ix->recv + off[r], off[r + 1] - off[r]))
            qsort(ix->recv + off[r], off[r + 1] - off[r], sizeof *ix->recv, by_rank_end);
}

/* Indexes the phase's calls and ready messages per rank (compacting a->buf.st and a->buf.ready in
 * place: the buffers are emptied after the phase). Returns 0, or -1 unless every non-root rank
 * sent one ready message per call. */
int an_rank_index_build(struct an *a, const struct paje_state *s, int p, int root, int calls,
                        struct rank_index *ix)
{
    size_t n = 0, nr = 0;
    for (size_t i = 0; i < a->buf.nst; i++)
        if (a->buf.st[i].start >= s->start && a->buf.st[i].rank < p &&
            (a->buf.st[i].end <= s->end || /* the closing barrier may end after the mark */
             (a->buf.st[i].kind == ST_BARRIER && a->buf.st[i].start <= s->end)))
            a->buf.st[n++] = a->buf.st[i];
    for (size_t i = 0; i < a->buf.nready; i++)
        if (ready_in_phase(&a->buf.ready[i], s) && a->buf.ready[i].src >= 0 &&
            a->buf.ready[i].src < p)
            a->buf.ready[nr++] = a->buf.ready[i];
    ix->st = a->buf.st;
    ix->nst = n;
    ix->bar = a->buf.bar;
    ix->nbar = a->buf.nbar;
    ix->rd = a->buf.ready;
    ix->roff = malloc(((size_t)p + 1) * sizeof *ix->roff);
    group_by_src(a->buf.ready, nr, p, ix->roff);
    recv_index_build(ix, p);
    int ok = 1;
    for (int r = 0; r < p; r++) {
        size_t m = ix->roff[r + 1] - ix->roff[r];
        if (m != (r == root ? 0 : (size_t)calls)) ok = 0;
        qsort(ix->rd + ix->roff[r], m, sizeof *ix->rd, by_start); /* call c is the c-th */
    }
    return ok ? 0 : -1;
}

double an_recv_post(const struct rank_index *ix, int r, double end)
{
    const double eps = 0.5e-9; /* the trace's precision */
    size_t lo = ix->recvoff[r], hi = ix->recvoff[r + 1];
    while (lo < hi) { /* the first receive of r ending at end - eps or later */
        size_t mid = (lo + hi) / 2;
        if (ix->recv[mid].end < end - eps)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < ix->recvoff[r + 1] && ix->recv[lo].end <= end + eps) return ix->recv[lo].start;
    return 0;
}

void an_rank_index_free(struct rank_index *ix)
{
    free(ix->roff);
    free(ix->recv);
    free(ix->recvoff);
}

/* When each rank's next runner call starts after call c (computation is free, so that is
 * when it left call c, local reductions included): a non-root's ready send for call c + 1,
 * the root's first ready receive of call c + 1 (it ends at next_ready[c]), or, after the last
 * call, the phase's closing barrier. Into nxt[r * calls + c]; 0 where not found. */
static void next_runner_call(const struct rank_index *ix, int calls, int p, int root,
                             const double *next_ready, double t0_last, double *nxt)
{
    for (int r = 0; r < p; r++) {
        const struct ready_msg *rd = ix->rd + ix->roff[r];
        for (int c = 0; c + 1 < calls; c++)
            nxt[r * calls + c] = r == root ? an_recv_post(ix, r, next_ready[c]) : rd[c + 1].start;
        nxt[r * calls + calls - 1] = 0;
    }
    for (size_t i = 0; i < ix->nst; i++) /* the last barrier of each rank */
        if (ix->st[i].kind == ST_BARRIER) nxt[ix->st[i].rank * calls + calls - 1] = ix->st[i].start;
    /* a rank whose barrier ends after the phase's mark (so it is not read yet) entered it when
     * it sent its first barrier message after the last call's start */
    for (size_t i = 0; i < ix->nbar; i++) {
        const struct ready_msg *b = &ix->bar[i];
        if (b->src < 0 || b->src >= p || b->start < t0_last) continue;
        double *x = &nxt[b->src * calls + calls - 1];
        if (*x == 0 || b->start < *x) *x = b->start;
    }
}

/* Where each rank's window of call c opens, into win[r * calls + c]: at t0[c] for the root,
 * for another rank when its ready send returns (traces of runners that let ranks enter
 * before the root have their MPI calls from there on). */
static void window_starts(const struct rank_index *ix, int calls, int p, int root, const double *t0,
                          double *win)
{
    const double eps = 0.5e-9;
    int *cur = calloc((size_t)p, sizeof *cur);
    for (int r = 0; r < p; r++)
        for (int c = 0; c < calls; c++)
            win[r * calls + c] = r == root ? t0[c] : ix->rd[ix->roff[r] + (size_t)c].start;
    for (size_t i = 0; i < ix->nst; i++) { /* a blocking ready send (--eager 0) */
        const struct rank_state *x = &ix->st[i];
        int r = x->rank, c;
        if (x->kind != ST_SEND || r == root) continue;
        const struct ready_msg *rd = ix->rd + ix->roff[r];
        while (cur[r] < calls && rd[cur[r]].start < x->start - eps)
            cur[r]++;
        for (c = cur[r]; c < calls && fabs(x->start - rd[c].start) <= eps; c++)
            if (x->end > win[r * calls + c]) win[r * calls + c] = x->end;
    }
    free(cur);
}

/* Entry and exit of every rank in every call, in seconds after the call's start t0[c], into
 * times: per call, p entries then p exits. Every rank enters at t0[c]: the runner releases
 * them together from a barrier when the root's last ready receive ends. A rank exits when its
 * next runner call starts (next_runner_call); failing that, when its last MPI call inside
 * its window of the call (window_starts to a limit) returns, the limit being its next ready
 * send (a non-root), the end of the root's first ready receive of the next call, or the
 * phase's end. The MPI calls are walked once in the order they ended, which for one rank is
 * the order they started: a cursor per rank moves forward through its windows (they grow
 * with c). */
void an_rank_times(const struct rank_index *ix, int calls, int p, int root, const double *t0,
                   const double *next_ready, double phase_end, double *times)
{
    const double eps = 0.5e-9; /* the trace's precision */
    size_t pc = (size_t)p * (size_t)calls;
    double *lim = malloc(4 * pc * sizeof *lim), *out = lim + pc, *nxt = out + pc, *win = nxt + pc;
    int *cur = calloc((size_t)p, sizeof *cur); /* the number of calls rank r entered by x */
    window_starts(ix, calls, p, root, t0, win);
    for (int r = 0; r < p; r++) {
        const struct ready_msg *rd = ix->rd + ix->roff[r];
        for (int c = 0; c < calls; c++) {
            int last = c + 1 == calls;
            lim[r * calls + c] = last        ? phase_end + eps
                                 : r == root ? next_ready[c] - eps
                                             : rd[c + 1].start + eps;
            out[r * calls + c] = t0[c];
        }
    }
    for (size_t i = 0; i < ix->nst; i++) {
        const struct rank_state *x = &ix->st[i];
        int r = x->rank;
        const double *ri = win + (size_t)r * (size_t)calls, *rl = lim + (size_t)r * (size_t)calls;
        while (cur[r] < calls && ri[cur[r]] - eps <= x->start)
            cur[r]++;
        for (int c = cur[r] - 1; c >= 0 && x->end <= rl[c]; c--)
            if (!(c + 1 == calls && x->kind == ST_BARRIER) && x->end > out[r * calls + c])
                out[r * calls + c] = x->end;
    }
    next_runner_call(ix, calls, p, root, next_ready, t0[calls - 1], nxt);
    for (int r = 0; r < p; r++)
        for (int c = 0; c < calls; c++) {
            double o = fmax(out[r * calls + c], nxt[r * calls + c]);
            times[(size_t)c * 2 * (size_t)p + (size_t)r] = 0;
            times[((size_t)c * 2 + 1) * (size_t)p + (size_t)r] = o - t0[c];
        }
    free(cur);
    free(lim);
}
