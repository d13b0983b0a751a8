/* replay.c: what the messages of one call did: k on every link, the critical path. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"

int an_cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* How many of the n intervals sorted in v are below x (v[i] < x, or v[i] <= x with or_equal). */
static size_t count_below(const double *v, size_t n, double x, int or_equal)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (v[mid] < x || (or_equal && v[mid] == x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* When a message moves: once its send and its receive are both posted. */
static double xfer_start(const struct model_msg *m)
{
    return m->post > m->start ? m->post : m->start;
}

/* k of every message: the most messages (itself included) in flight on one of its links
 * while it moves (from xfer_start to its end). The users of each link are grouped by the link's id
 * (a counting sort), so only messages that share a link are compared. In a group of messages that
 * all last a while, those overlapping message a are the ones that start before a ends less those
 * that end by the time a starts: two binary searches instead of a pass over the group (a linear
 * broadcast puts p - 1 messages on the root's links). */
void an_link_sharing(struct model_msg *mm, struct route **rt, size_t k, int nlinks)
{
    size_t nuse = 0, *off = calloc((size_t)nlinks + 2, sizeof *off);
    for (size_t i = 0; i < k; i++) {
        mm[i].k = 1;
        nuse += (size_t)rt[i]->hops;
        for (int l = 0; l < rt[i]->hops; l++)
            off[rt[i]->link[l] + 2]++;
    }
    for (int l = 0; l <= nlinks; l++)
        off[l + 1] += off[l];
    size_t *u = malloc((nuse + 1) * sizeof *u); /* message indexes, link by link */
    for (size_t i = 0; i < k; i++)
        for (int l = 0; l < rt[i]->hops; l++)
            u[off[rt[i]->link[l] + 1]++] = i;
    double *starts = malloc((k + 1) * sizeof *starts), *ends = malloc((k + 1) * sizeof *ends);
    for (int l = 0; l < nlinks; l++) { /* link l's users: u[off[l]] .. u[off[l + 1] - 1] */
        size_t g = off[l], e = off[l + 1], n = e - g;
        int lasting = 1;
        for (size_t x = g; x < e; x++)
            lasting &= mm[u[x]].end > xfer_start(&mm[u[x]]);
        if (n > 16 && lasting) {
            for (size_t x = 0; x < n; x++)
                starts[x] = xfer_start(&mm[u[g + x]]), ends[x] = mm[u[g + x]].end;
            qsort(starts, n, sizeof *starts, an_cmp_double);
            qsort(ends, n, sizeof *ends, an_cmp_double);
        }
        for (size_t x = g; x < e; x++) {
            struct model_msg *a = &mm[u[x]];
            int share = 0;
            if (n > 16 && lasting)
                share = (int)(count_below(starts, n, a->end, 0) -
                              count_below(ends, n, xfer_start(a), 1));
            else
                for (size_t y = g; y < e; y++) {
                    const struct model_msg *b = &mm[u[y]];
                    if (xfer_start(b) < a->end && xfer_start(a) < b->end) share++;
                }
            if (share > a->k) a->k = share;
        }
    }
    free(starts);
    free(ends);
    free(off);
    free(u);
}

/* Prints what one call did: traffic of the root and of the busiest ranks, and the critical
 * path, the chain of messages that led to the last arrival (each one's sender had received
 * the one before it; the chain ends at a rank that received nothing before it sent). Also
 * stores the path for --json. */
char an_crit_text[4096];

void an_describe_call(struct an *a, const struct model_msg *mm, size_t k, int p, int root,
                      double t0)
{
    (void)a;
    an_crit_text[0] = '\0';
    if (k == 0) return;
    double *sent = calloc((size_t)p, sizeof *sent), *recvd = calloc((size_t)p, sizeof *recvd);
    int *nsent = calloc((size_t)p, sizeof *nsent), *nrecvd = calloc((size_t)p, sizeof *nrecvd);
    for (size_t i = 0; i < k; i++) {
        if (mm[i].src < 0 || mm[i].src >= p || mm[i].dst < 0 || mm[i].dst >= p) continue;
        sent[mm[i].src] += mm[i].bytes;
        nsent[mm[i].src]++;
        recvd[mm[i].dst] += mm[i].bytes;
        nrecvd[mm[i].dst]++;
    }
    int busiest = 0, busiest_in = 0;
    double rmin = -1, rmax = 0;
    for (int r = 0; r < p; r++) {
        if (sent[r] > sent[busiest]) busiest = r;
        if (recvd[r] > recvd[busiest_in]) busiest_in = r;
        if (r != root && (rmin < 0 || recvd[r] < rmin)) rmin = recvd[r];
        if (r != root && recvd[r] > rmax) rmax = recvd[r];
    }
    printf("  last call: root sends %d messages, %.0f bytes; busiest sender rank %d: %d messages, "
           "%.0f bytes; each other rank receives %.0f to %.0f bytes\n",
           nsent[root], sent[root], busiest, nsent[busiest], sent[busiest], rmin < 0 ? 0 : rmin,
           rmax);
    if (nrecvd[root] > 0) /* a reduce or a gather */
        printf("  root receives %d messages, %.0f bytes; busiest receiver rank %d: %d messages, "
               "%.0f bytes\n",
               nrecvd[root], recvd[root], busiest_in, nrecvd[busiest_in], recvd[busiest_in]);
    free(nrecvd);
    /* critical path, walked back from the last arrival */
    size_t cur = 0;
    for (size_t i = 1; i < k; i++)
        if (mm[i].end > mm[cur].end) cur = i;
    size_t chain[256];
    int n = 0;
    chain[n++] = cur;
    while (n < 256) {
        size_t best = k;
        for (size_t i = 0; i < k; i++)
            if (mm[i].dst == mm[cur].src && mm[i].end <= mm[cur].start + 1e-12 &&
                (best == k || mm[i].end > mm[best].end))
                best = i;
        if (best == k) break;
        chain[n++] = cur = best;
    }
    size_t used = (size_t)snprintf(an_crit_text, sizeof an_crit_text, "%d", mm[chain[n - 1]].src);
    for (int i = n - 1; i >= 0 && used < sizeof an_crit_text; i--)
        used += (size_t)snprintf(an_crit_text + used, sizeof an_crit_text - used, " %d",
                                 mm[chain[i]].dst);
    printf("  critical path (%d messages, ends %.3f us after the call starts): ranks %s\n", n,
           (mm[chain[0]].end - t0) * 1e6, an_crit_text);
    free(sent);
    free(recvd);
    free(nsent);
}
