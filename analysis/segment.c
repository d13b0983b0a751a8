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

/* Indexes the phase's calls and ready messages per rank (compacting a->buf.st and a->buf.ready in
 * place: the buffers are emptied after the phase). Returns 0, or -1 unless every non-root rank
 * sent one ready message per call. */
int rank_index_build(struct an *a, const struct paje_state *s, int p, int root, int calls,
                     struct rank_index *ix)
{
    size_t n = 0, nr = 0;
    for (size_t i = 0; i < a->buf.nst; i++)
        if (a->buf.st[i].start >= s->start && a->buf.st[i].end <= s->end && a->buf.st[i].rank < p)
            a->buf.st[n++] = a->buf.st[i];
    for (size_t i = 0; i < a->buf.nready; i++)
        if (a->buf.ready[i].start >= s->start && a->buf.ready[i].end <= s->end &&
            a->buf.ready[i].src >= 0 && a->buf.ready[i].src < p)
            a->buf.ready[nr++] = a->buf.ready[i];
    ix->st = a->buf.st;
    ix->nst = n;
    ix->rd = a->buf.ready;
    ix->roff = malloc(((size_t)p + 1) * sizeof *ix->roff);
    group_by_src(a->buf.ready, nr, p, ix->roff);
    int ok = 1;
    for (int r = 0; r < p; r++) {
        size_t m = ix->roff[r + 1] - ix->roff[r];
        if (m != (r == root ? 0 : (size_t)calls)) ok = 0;
        qsort(ix->rd + ix->roff[r], m, sizeof *ix->rd, by_start); /* call c is the c-th */
    }
    return ok ? 0 : -1;
}

void rank_index_free(struct rank_index *ix)
{
    free(ix->roff);
}

/* Entry and exit of every rank in every call, in seconds after the call's start t0[c] (the
 * root's entry), into times: per call, p entries then p exits. A non-root rank enters when
 * its ready send returns. Computation is free, so a rank's MPI calls follow each other
 * without a gap: its last call in call c ends when its next ready send starts (a non-root) or
 * before its first ready receive of the next call ends, at next_ready[c] (the root). After
 * the last call only the runner's closing barrier follows. The MPI calls are walked once in
 * the order they ended, which for one rank is the order they started: a cursor per rank
 * moves forward through its calls' windows [entry, limit] (entries and limits grow with c). */
void rank_times(const struct rank_index *ix, int calls, int p, int root, const double *t0,
                const double *next_ready, double phase_end, double *times)
{
    const double eps = 0.5e-9; /* the trace's precision */
    size_t pc = (size_t)p * (size_t)calls;
    double *in = malloc(3 * pc * sizeof *in), *lim = in + pc, *out = lim + pc; /* [r * calls + c] */
    int *cur = calloc((size_t)p, sizeof *cur);
    for (int r = 0; r < p; r++) {
        const struct ready_msg *rd = ix->rd + ix->roff[r];
        for (int c = 0; c < calls; c++) {
            int last = c + 1 == calls;
            in[r * calls + c] = r == root ? t0[c] : rd[c].start;
            lim[r * calls + c] = last        ? phase_end + eps
                                 : r == root ? next_ready[c] - eps
                                             : rd[c + 1].start + eps;
        }
    }
    /* the ready send itself may block (--eager 0): the rank enters when it returns */
    for (size_t i = 0; i < ix->nst; i++) {
        const struct rank_state *x = &ix->st[i];
        int r = x->rank, c;
        if (x->kind != ST_SEND || r == root) continue;
        const struct ready_msg *rd = ix->rd + ix->roff[r];
        while (cur[r] < calls && rd[cur[r]].start < x->start - eps)
            cur[r]++;
        for (c = cur[r]; c < calls && fabs(x->start - rd[c].start) <= eps; c++)
            if (x->end > in[r * calls + c]) in[r * calls + c] = x->end;
    }
    memcpy(out, in, pc * sizeof *out);
    memset(cur, 0, (size_t)p * sizeof *cur); /* now: the number of calls rank r entered by x */
    for (size_t i = 0; i < ix->nst; i++) {
        const struct rank_state *x = &ix->st[i];
        int r = x->rank;
        const double *ri = in + (size_t)r * (size_t)calls, *rl = lim + (size_t)r * (size_t)calls;
        while (cur[r] < calls && ri[cur[r]] - eps <= x->start)
            cur[r]++;
        for (int c = cur[r] - 1; c >= 0 && x->end <= rl[c]; c--)
            if (!(c + 1 == calls && x->kind == ST_BARRIER) && x->end > out[r * calls + c])
                out[r * calls + c] = x->end;
    }
    for (int r = 0; r < p; r++)
        for (int c = 0; c < calls; c++) {
            times[(size_t)c * 2 * (size_t)p + (size_t)r] = in[r * calls + c] - t0[c];
            times[((size_t)c * 2 + 1) * (size_t)p + (size_t)r] = out[r * calls + c] - t0[c];
        }
    free(cur);
    free(in);
}
