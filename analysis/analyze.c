/* analyze.c: `collsim analyze TRACE --platform P`: reads a trace of `collsim run` with the
 * streaming reader, cuts it into phases and calls (docs/trace-format.md), gives every message
 * its route from SimGrid, and compares each phase's simulated time with every model's replay.
 * Memory: the messages of one phase at a time, plus a route cache per host pair. */
#include "analyze.h"

#include <getopt.h>
#include <stdint.h>
#include <libxml/parser.h>
#include <malloc.h>
#include <math.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xbt/dynar.h>

#include "model.h"
#include "paje.h"
#include "params.h"
#include "registry.h"
#include "util.h"

const char analyze_usage[] =
    "usage: collsim analyze TRACE --platform FILE.xml [--routing ctr|sfr] [--eager BYTES]\n"
    "                       [--params FILE] [--csv FILE] [--json FILE] [--plots PREFIX]\n"
    "                       [--messages FILE] [--svg FILE [--svg-phase TEXT]] [--hops]\n"
    "Reads a trace written by 'collsim run --trace' and reports, per (algorithm, size) phase:\n"
    "the simulated time (root's entry to last exit, averaged over the timed calls), messages,\n"
    "bytes, hops, the largest number k of messages sharing one link in one direction, each\n"
    "rank's entry and exit times, and each model's prediction with its signed error.\n"
    "Models: hockney (a + b m), logp, loggp, plogp (L + g(m), a sender's messages g(m) apart),\n"
    "ctr (t_s + m t_b + t_h l), sfr ((m t_b + t_h) l), contention (a + b m k with the message's\n"
    "route for a and b). A prediction replays the messages the call really sent under the\n"
    "model's cost for one message. Parameters come from the platform (a and b of the route\n"
    "between ranks 0 and 1, PLogP's g(m) = b (m + 16); per-route latency and bandwidth for ctr\n"
    "and sfr), or with --params from a calibration for hockney, logp, loggp and plogp (ctr,\n"
    "sfr and contention keep the routes'). '*' marks the models that are exact for the run's\n"
    "conditions (platform parameters only).\n"
    "Rank times are in us after the root's entry: a rank enters when its ready message is\n"
    "sent and exits when its last MPI call of the broadcast returns. A trace made with\n"
    "'collsim run --trace-links' also gives each link's load per phase: bytes carried (the\n"
    "integral of its bandwidth_used), time busy and peak use of its bandwidth.\n"
    "\n"
    "  --platform FILE.xml  the platform the trace was made on (routes come from SimGrid)\n"
    "  --hostfile FILE      where the ranks ran (default: the platform's .hosts, as 'collsim\n"
    "                       run' uses it)\n"
    "  --routing ctr|sfr    how the run routed messages (default: ctr)\n"
    "  --eager BYTES        the run's eager threshold (default: 65536, SimGrid's)\n"
    "  --params FILE        fitted parameters from 'collsim calibrate --params FILE' (a\n"
    "                       simulated ping-pong or OSU output) instead of the platform's\n"
    "  --csv FILE           one row per phase and model; then, each after a blank line and\n"
    "                       its own header, one row per call and rank (entry, exit, time in\n"
    "                       the call, messages and bytes sent and received) and, with link\n"
    "                       variables, one row per phase and link\n"
    "  --json FILE          every phase with its facts, critical path, models and rank times;\n"
    "                       link loads in \"link_loads\"\n"
    "  --messages FILE      CSV, one row per message of every call: source, destination,\n"
    "                       size, start and end (us after the call's start), hops, k\n"
    "  --plots PREFIX       PREFIX-models.png/.svg: simulated time and each model's prediction\n"
    "                       vs size, a panel per algorithm; PREFIX-errors.png/.svg: each\n"
    "                       model's error vs size (needs gnuplot; logp, which leaves m out,\n"
    "                       is not drawn)\n"
    "  --svg FILE           space-time diagram of one call (ranks as rows, messages as arrows)\n"
    "  --svg-phase TEXT     ... of the first phase whose mark contains TEXT, e.g.\n"
    "                       'binomial/1048576' (default: the first phase)\n"
    "  --hops               also print the hop table: src dst hops, per message pair\n";

#define READY_TAG 7000
#define BARRIER_TAG (-778) /* SimGrid 3.32's internal barrier tag (COLL_TAG_BARRIER) */

struct msg {
    int src, dst;
    double bytes, start, end;
};

/* A ready message (tag 7000): it only delimits calls, and its sender's entry. */
struct ready_msg {
    int src;
    double start, end;
};

/* A rank's MPI call (depth-0 MPI_STATE), for its entry and exit times. */
enum { ST_OTHER, ST_SEND, ST_BARRIER };
struct rank_state {
    int rank, kind;
    double start, end;
};

/* Traffic on one link in one phase, from its bandwidth_used variable. */
struct link_load {
    const struct paje_container *link;
    double bytes, busy, peak; /* B, s, B/s */
};

struct load_phase {
    char *name;
    double start, end;
    struct link_load *l;
    size_t n, cap;
};

/* A bandwidth_used interval not yet inside a known phase. */
struct bw_use {
    const struct paje_container *link;
    double start, end, value;
};

struct route {
    int hops;
    double latency, bw;
    int *link; /* its links, by dense id (analyze's numbering, kept in SimGrid's link data) */
};

/* One phase's result, kept for the plots. */
struct phase_result {
    char algo[128];
    double bytes, sim, pred[MODEL_COUNT];
};

struct an {
    const char *platform;
    const char *plots; /* --plots PREFIX */
    struct phase_result *res;
    size_t nres, capres;
    const char *params_path; /* --params: calibrated point-to-point parameters */
    struct cal_params cal;
    char **host;    /* host of rank i, from the hostfile (traces do not say) */
    int nhosts;
    int sfr;
    double eager;
    FILE *csv;
    FILE *json;
    int json_first;
    const char *svg, *svg_phase; /* --svg FILE: draw one call; --svg-phase: of the phase matching */
    int svg_done;
    const char *phase_value;
    int hops_table;
    struct msg *m; /* the algorithms' messages since the last phase ended */
    size_t n, cap;
    struct ready_msg *ready; /* the ready messages since then */
    size_t nready, capready;
    struct rank_state *st; /* the ranks' MPI calls since then */
    size_t nst, capst;
    FILE *csv_ranks; /* the CSV's per-rank section, appended after the model rows */
    FILE *msgs;      /* --messages: one row per message */
    struct load_phase *lp; /* link loads per phase (traces made with --trace-links) */
    size_t nlp, caplp;
    struct bw_use *pend; /* bandwidth_used intervals that may belong to a phase not yet ended */
    size_t npend, cappend;
    int link_vars;       /* the trace has bandwidth_used variables */
    /* routes by rank pair, open addressing: a dense nhosts^2 table would touch a page per
     * row on 512 ranks for a few thousand routes */
    unsigned long *rkey; /* src * nhosts + dst + 1, 0 = empty */
    struct route **rval;
    size_t rcap, rcount;
    int nlinks; /* links seen on routes so far */
    int phases;
    char hop_seen[256][256];
    int failed;
};

/* The route between the hosts of two ranks, from SimGrid, cached per rank pair (each route
 * its own allocation, so pointers to it stay valid). NULL if a host is unknown. */
static struct route *route_of(struct an *a, int src, int dst)
{
    if (src < 0 || dst < 0 || src >= a->nhosts || dst >= a->nhosts) return NULL;
    if ((a->rcount + 1) * 2 > a->rcap) { /* grow and rehash */
        size_t cap = a->rcap ? a->rcap * 2 : 256;
        unsigned long *k = calloc(cap, sizeof *k);
        struct route **v = calloc(cap, sizeof *v);
        for (size_t i = 0; i < a->rcap; i++)
            if (a->rkey[i]) {
                size_t j = (a->rkey[i] * 2654435761ul) & (cap - 1);
                while (k[j]) j = (j + 1) & (cap - 1);
                k[j] = a->rkey[i];
                v[j] = a->rval[i];
            }
        free(a->rkey);
        free(a->rval);
        a->rkey = k;
        a->rval = v;
        a->rcap = cap;
    }
    unsigned long key = (unsigned long)src * (unsigned long)a->nhosts + (unsigned long)dst + 1;
    size_t j = (key * 2654435761ul) & (a->rcap - 1);
    while (a->rkey[j] && a->rkey[j] != key) j = (j + 1) & (a->rcap - 1);
    if (a->rkey[j]) return a->rval[j];
    struct route **slot = &a->rval[j];
    a->rkey[j] = key;
    a->rcount++;
    sg_host_t s = sg_host_by_name(a->host[src]), d = sg_host_by_name(a->host[dst]);
    if (s == NULL || d == NULL) return NULL;
    struct route *r = calloc(1, sizeof *r);
    xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
    sg_host_get_route(s, d, links);
    r->hops = (int)xbt_dynar_length(links);
    r->latency = sg_host_get_route_latency(s, d);
    r->bw = sg_host_get_route_bandwidth(s, d);
    r->link = calloc((size_t)r->hops + 1, sizeof *r->link);
    for (int i = 0; i < r->hops; i++) {
        sg_link_t l = xbt_dynar_get_as(links, i, sg_link_t);
        intptr_t id = (intptr_t)sg_link_get_data(l);
        if (id == 0) sg_link_set_data(l, (void *)(id = ++a->nlinks));
        r->link[i] = (int)id - 1;
    }
    xbt_dynar_free(&links);
    return *slot = r;
}

/* Reads a decimal integer (with an optional '-') at *s, moving *s past it; 0 on success. */
static int read_int(const char **s, int *out)
{
    const char *p = *s;
    int neg = *p == '-', v = 0, digits = 0;
    if (neg) p++;
    for (; *p >= '0' && *p <= '9'; p++, digits++) v = v * 10 + (*p - '0');
    if (digits == 0) return -1;
    *out = neg ? -v : v;
    *s = p;
    return 0;
}

/* "rank-N" -> N, else -1 (hand-parsed: this runs for every message of the trace) */
static int rank_of(const char *container)
{
    int r;
    const char *p = container + 5;
    if (strncmp(container, "rank-", 5) != 0 || read_int(&p, &r) != 0 || *p != '\0') return -1;
    return r;
}

/* SMPI's link key "SRC_DST_TAG_SEQ"; 0 on success */
static int parse_key(const char *key, int *tag)
{
    int v[4];
    const char *p = key;
    for (int i = 0; i < 4; i++) {
        if (read_int(&p, &v[i]) != 0 || *p != (i < 3 ? '_' : '\0')) return -1;
        if (i < 3) p++;
    }
    *tag = v[2];
    return 0;
}

static void on_link(void *user, const struct paje_link *l)
{
    struct an *a = user;
    int tag;
    if (strcmp(l->type, "MPI_LINK") != 0 || parse_key(l->key, &tag) != 0) return;
    if (tag == BARRIER_TAG) return;
    if (tag == READY_TAG) {
        if (a->nready == a->capready) {
            a->capready = a->capready ? a->capready * 2 : 1024;
            a->ready = realloc(a->ready, a->capready * sizeof *a->ready);
        }
        a->ready[a->nready++] = (struct ready_msg){rank_of(l->from->name), l->start, l->end};
        return;
    }
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 1024;
        a->m = realloc(a->m, a->cap * sizeof *a->m);
    }
    int src = rank_of(l->from->name), dst = rank_of(l->to->name);
    if (src < 0 || dst < 0 || src >= a->nhosts || dst >= a->nhosts) {
        a->failed = 1;
        return;
    }
    a->m[a->n++] = (struct msg){src, dst, l->size > 0 ? l->size : 0, l->start, l->end};
}

/* Adds the part of a bandwidth_used interval inside phase ph to its link's load. */
static void load_add(struct load_phase *ph, const struct bw_use *u)
{
    double t0 = fmax(u->start, ph->start), t1 = fmin(u->end, ph->end);
    if (t1 <= t0) return;
    size_t i = 0;
    while (i < ph->n && ph->l[i].link != u->link) i++;
    if (i == ph->n) {
        if (ph->n == ph->cap) {
            ph->cap = ph->cap ? ph->cap * 2 : 16;
            ph->l = realloc(ph->l, ph->cap * sizeof *ph->l);
        }
        ph->l[ph->n++] = (struct link_load){u->link, 0, 0, 0};
    }
    ph->l[i].bytes += u->value * (t1 - t0);
    ph->l[i].busy += t1 - t0;
    if (u->value > ph->l[i].peak) ph->l[i].peak = u->value;
}

/* Link variables arrive when they change, which can be after their phase's end mark: an
 * interval goes to every ended phase it overlaps, and waits for the next phase if it may
 * reach past the last ended one. */
static void on_variable(void *user, const struct paje_container *c, const char *type, double start,
                        double end, double value)
{
    struct an *a = user;
    if (strcmp(type, "bandwidth_used") != 0) return;
    a->link_vars = 1;
    if (value <= 0) return;
    struct bw_use u = {c, start, end, value};
    for (size_t i = a->nlp; i > 0 && a->lp[i - 1].end > start; i--) load_add(&a->lp[i - 1], &u);
    if (a->nlp > 0 && end <= a->lp[a->nlp - 1].end) return;
    if (a->npend == a->cappend) {
        a->cappend = a->cappend ? a->cappend * 2 : 1024;
        a->pend = realloc(a->pend, a->cappend * sizeof *a->pend);
    }
    a->pend[a->npend++] = u;
}

/* A phase has ended: start its link loads with the intervals waiting for it. */
static void load_phase_begin(struct an *a, const struct paje_state *s)
{
    if (a->nlp == a->caplp) {
        a->caplp = a->caplp ? a->caplp * 2 : 16;
        a->lp = realloc(a->lp, a->caplp * sizeof *a->lp);
    }
    struct load_phase *ph = &a->lp[a->nlp++];
    *ph = (struct load_phase){cs_strdup(s->value), s->start, s->end, NULL, 0, 0};
    size_t keep = 0;
    for (size_t i = 0; i < a->npend; i++) {
        load_add(ph, &a->pend[i]);
        if (a->pend[i].end > s->end) a->pend[keep++] = a->pend[i];
    }
    a->npend = keep;
}

static int by_bytes_desc(const void *x, const void *y)
{
    const struct link_load *a = x, *b = y;
    if (a->bytes != b->bytes) return a->bytes < b->bytes ? 1 : -1;
    return strcmp(a->link->name, b->link->name);
}

/* The link's bandwidth from the platform, 0 if SimGrid does not know it. */
static double link_capacity(const struct paje_container *c)
{
    sg_link_t l = sg_link_by_name(c->name);
    return l ? sg_link_get_bandwidth(l) : 0;
}

/* Reports every phase's link loads, busiest links first: the three busiest in the text, all
 * in the CSV's link section and the JSON's "link_loads". */
static void report_link_loads(struct an *a, FILE *csv_links)
{
    if (!a->link_vars) return;
    printf("\n# link loads per phase (the trace's bandwidth_used, algorithm and runner messages):"
           " bytes carried, time busy, peak use of the bandwidth\n");
    if (a->json) fputs(", \"link_loads\": [", a->json);
    for (size_t i = 0; i < a->nlp; i++) {
        struct load_phase *ph = &a->lp[i];
        qsort(ph->l, ph->n, sizeof *ph->l, by_bytes_desc);
        printf("  %s:", ph->name);
        if (ph->n == 0) printf(" no traffic");
        if (a->json) fprintf(a->json, "%s\n  {\"phase\": \"%s\", \"links\": [", i ? "," : "", ph->name);
        for (size_t k = 0; k < ph->n; k++) {
            const struct link_load *l = &ph->l[k];
            double cap = link_capacity(l->link), peak = cap > 0 ? l->peak / cap * 100 : NAN;
            if (k < 3)
                printf("%s %s %.0f B, busy %.3f us, peak %.1f%%", k ? ";" : "", l->link->name, l->bytes,
                       l->busy * 1e6, peak);
            if (csv_links)
                fprintf(csv_links, "%s,%s,%.3f,%.12g,%.6f\n", ph->name, l->link->name, l->bytes, l->busy, peak);
            if (a->json)
                fprintf(a->json, "%s{\"link\": \"%s\", \"bytes\": %.3f, \"busy_s\": %.12g, \"peak_pct\": %.6f}",
                        k ? ", " : "", l->link->name, l->bytes, l->busy, cap > 0 ? peak : -1);
        }
        printf("%s\n", ph->n > 3 ? "; ..." : "");
        if (a->json) fputs("]}", a->json);
    }
    if (a->json) fputs("\n]", a->json);
}

static int cmp_double(const void *x, const void *y)
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
        if (v[mid] < x || (or_equal && v[mid] == x)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* k of every message: the most messages (itself included) in flight on one of its links
 * during its lifetime. The users of each link are grouped by the link's id (a counting sort),
 * so only messages that share a link are compared. In a group of messages that all last a
 * while, those overlapping message a are the ones that start before a ends less those that
 * end by the time a starts: two binary searches instead of a pass over the group (a linear
 * broadcast puts p - 1 messages on the root's links). */
static void link_sharing(struct model_msg *mm, struct route **rt, size_t k, int nlinks)
{
    size_t nuse = 0, *off = calloc((size_t)nlinks + 2, sizeof *off);
    for (size_t i = 0; i < k; i++) {
        mm[i].k = 1;
        nuse += (size_t)rt[i]->hops;
        for (int l = 0; l < rt[i]->hops; l++) off[rt[i]->link[l] + 2]++;
    }
    for (int l = 0; l <= nlinks; l++) off[l + 1] += off[l];
    size_t *u = malloc((nuse + 1) * sizeof *u); /* message indexes, link by link */
    for (size_t i = 0; i < k; i++)
        for (int l = 0; l < rt[i]->hops; l++) u[off[rt[i]->link[l] + 1]++] = i;
    double *starts = malloc((k + 1) * sizeof *starts), *ends = malloc((k + 1) * sizeof *ends);
    for (int l = 0; l < nlinks; l++) { /* link l's users: u[off[l]] .. u[off[l + 1] - 1] */
        size_t g = off[l], e = off[l + 1], n = e - g;
        int lasting = 1;
        for (size_t x = g; x < e; x++) lasting &= mm[u[x]].end > mm[u[x]].start;
        if (n > 16 && lasting) {
            for (size_t x = 0; x < n; x++) starts[x] = mm[u[g + x]].start, ends[x] = mm[u[g + x]].end;
            qsort(starts, n, sizeof *starts, cmp_double);
            qsort(ends, n, sizeof *ends, cmp_double);
        }
        for (size_t x = g; x < e; x++) {
            struct model_msg *a = &mm[u[x]];
            int share = 0;
            if (n > 16 && lasting)
                share = (int)(count_below(starts, n, a->end, 0) - count_below(ends, n, a->start, 1));
            else
                for (size_t y = g; y < e; y++) {
                    const struct model_msg *b = &mm[u[y]];
                    if (b->start < a->end && a->start < b->end) share++;
                }
            if (share > a->k) a->k = share;
        }
    }
    free(starts);
    free(ends);
    free(off);
    free(u);
}

/* Writes the space-time diagram of one call: ranks as rows, each message an arrow from its
 * sender at its start to its receiver at its end. */
static int write_svg(const struct an *a, const struct model_msg *mm, size_t k, int p, double t0)
{
    double t1 = t0;
    for (size_t i = 0; i < k; i++)
        if (mm[i].end > t1) t1 = mm[i].end;
    if (t1 <= t0) t1 = t0 + 1e-9;
    const double left = 70, width = 820, top = 50, row = p <= 32 ? 22 : p <= 64 ? 14 : 900.0 / p;
    struct cs_out out;
    FILE *f = cs_out_open(&out, a->svg);
    if (f == NULL) return -1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "font-family=\"sans-serif\" font-size=\"10\">\n",
            left + width + 30, top + row * p + 40);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" "
               "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker></defs>\n");
    fprintf(f, "<text x=\"%.0f\" y=\"20\" font-size=\"13\">%s: one call, %zu messages, %.3f us</text>\n", left,
            a->phase_value, k, (t1 - t0) * 1e6);
    for (int r = 0; r < p; r++) {
        double y = top + row * r;
        fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">rank %d</text>", left - 6, y + 3, r);
        fprintf(f, "<line class=\"rank\" x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#bbb\"/>\n", left,
                y, left + width, y);
    }
    for (int t = 0; t <= 4; t++) {
        double x = left + width * t / 4, y = top + row * p;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.3f us</text>\n", x, y + 14,
                (t1 - t0) * 1e6 * t / 4);
    }
    for (size_t i = 0; i < k; i++) {
        double x1 = left + width * (mm[i].start - t0) / (t1 - t0), x2 = left + width * (mm[i].end - t0) / (t1 - t0);
        fprintf(f, "<line class=\"msg\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c0392b\" "
                   "marker-end=\"url(#arrow)\"><title>%d to %d, %.0f bytes, %.3f us</title></line>\n",
                x1, top + row * mm[i].src, x2, top + row * mm[i].dst, mm[i].src, mm[i].dst, mm[i].bytes,
                (mm[i].end - mm[i].start) * 1e6);
    }
    fputs("</svg>\n", f);
    return cs_out_commit(&out, 1);
}

/* Prints what one call did: traffic per rank and the critical path, the chain of messages
 * that led to the last arrival (each one's sender had received the one before it). Also
 * stores the path for --json. */
static char crit_text[4096];

static void describe_call(struct an *a, const struct model_msg *mm, size_t k, int p, int root, double t0)
{
    (void)a;
    crit_text[0] = '\0';
    if (k == 0) return;
    double *sent = calloc((size_t)p, sizeof *sent), *recvd = calloc((size_t)p, sizeof *recvd);
    int *nsent = calloc((size_t)p, sizeof *nsent);
    for (size_t i = 0; i < k; i++) {
        if (mm[i].src < 0 || mm[i].src >= p || mm[i].dst < 0 || mm[i].dst >= p) continue;
        sent[mm[i].src] += mm[i].bytes;
        nsent[mm[i].src]++;
        recvd[mm[i].dst] += mm[i].bytes;
    }
    int busiest = 0;
    double rmin = -1, rmax = 0;
    for (int r = 0; r < p; r++) {
        if (sent[r] > sent[busiest]) busiest = r;
        if (r != root && (rmin < 0 || recvd[r] < rmin)) rmin = recvd[r];
        if (r != root && recvd[r] > rmax) rmax = recvd[r];
    }
    printf("  last call: root sends %d messages, %.0f bytes; busiest sender rank %d: %d messages, "
           "%.0f bytes; each other rank receives %.0f to %.0f bytes\n",
           nsent[root], sent[root], busiest, nsent[busiest], sent[busiest], rmin < 0 ? 0 : rmin, rmax);
    /* critical path, walked back from the last arrival */
    size_t cur = 0;
    for (size_t i = 1; i < k; i++)
        if (mm[i].end > mm[cur].end) cur = i;
    size_t chain[256];
    int n = 0;
    chain[n++] = cur;
    while (mm[cur].src != root && n < 256) {
        size_t best = k;
        for (size_t i = 0; i < k; i++)
            if (mm[i].dst == mm[cur].src && mm[i].end <= mm[cur].start + 1e-12 &&
                (best == k || mm[i].end > mm[best].end))
                best = i;
        if (best == k) break;
        chain[n++] = cur = best;
    }
    size_t used = (size_t)snprintf(crit_text, sizeof crit_text, "%d", mm[chain[n - 1]].src);
    for (int i = n - 1; i >= 0 && used < sizeof crit_text; i--)
        used += (size_t)snprintf(crit_text + used, sizeof crit_text - used, " %d", mm[chain[i]].dst);
    printf("  critical path (%d messages, ends %.3f us after the call starts): ranks %s\n", n,
           (mm[chain[0]].end - t0) * 1e6, crit_text);
    free(sent);
    free(recvd);
    free(nsent);
}

/* Where each rank's ready messages of one phase are: rank r's are rd[roff[r]] ..
 * rd[roff[r + 1] - 1], by start. The MPI calls stay in a->st in arrival order. */
struct rank_index {
    const struct rank_state *st;
    size_t nst;
    struct ready_msg *rd;
    size_t *roff;
};

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
    for (size_t i = 0; i < n; i++) off[rd[i].src + 1]++;
    for (int g = 0; g < p; g++) off[g + 1] += off[g];
    for (int g = 0; g < p; g++) next[g] = off[g];
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

/* Indexes the phase's calls and ready messages per rank (compacting a->st and a->ready in
 * place: the buffers are emptied after the phase). Returns 0, or -1 unless every non-root rank
 * sent one ready message per call. */
static int rank_index_build(struct an *a, const struct paje_state *s, int p, int root, int calls,
                            struct rank_index *ix)
{
    size_t n = 0, nr = 0;
    for (size_t i = 0; i < a->nst; i++)
        if (a->st[i].start >= s->start && a->st[i].end <= s->end && a->st[i].rank < p) a->st[n++] = a->st[i];
    for (size_t i = 0; i < a->nready; i++)
        if (a->ready[i].start >= s->start && a->ready[i].end <= s->end && a->ready[i].src >= 0 &&
            a->ready[i].src < p)
            a->ready[nr++] = a->ready[i];
    ix->st = a->st;
    ix->nst = n;
    ix->rd = a->ready;
    ix->roff = malloc(((size_t)p + 1) * sizeof *ix->roff);
    group_by_src(a->ready, nr, p, ix->roff);
    int ok = 1;
    for (int r = 0; r < p; r++) {
        size_t m = ix->roff[r + 1] - ix->roff[r];
        if (m != (r == root ? 0 : (size_t)calls)) ok = 0;
        qsort(ix->rd + ix->roff[r], m, sizeof *ix->rd, by_start); /* call c is the c-th */
    }
    return ok ? 0 : -1;
}

static void rank_index_free(struct rank_index *ix)
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
static void rank_times(const struct rank_index *ix, int calls, int p, int root, const double *t0,
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
            lim[r * calls + c] = last ? phase_end + eps : r == root ? next_ready[c] - eps : rd[c + 1].start + eps;
        }
    }
    /* the ready send itself may block (--eager 0): the rank enters when it returns */
    for (size_t i = 0; i < ix->nst; i++) {
        const struct rank_state *x = &ix->st[i];
        int r = x->rank, c;
        if (x->kind != ST_SEND || r == root) continue;
        const struct ready_msg *rd = ix->rd + ix->roff[r];
        while (cur[r] < calls && rd[cur[r]].start < x->start - eps) cur[r]++;
        for (c = cur[r]; c < calls && fabs(x->start - rd[c].start) <= eps; c++)
            if (x->end > in[r * calls + c]) in[r * calls + c] = x->end;
    }
    memcpy(out, in, pc * sizeof *out);
    memset(cur, 0, (size_t)p * sizeof *cur); /* now: the number of calls rank r entered by x */
    for (size_t i = 0; i < ix->nst; i++) {
        const struct rank_state *x = &ix->st[i];
        int r = x->rank;
        const double *ri = in + (size_t)r * (size_t)calls, *rl = lim + (size_t)r * (size_t)calls;
        while (cur[r] < calls && ri[cur[r]] - eps <= x->start) cur[r]++;
        for (int c = cur[r] - 1; c >= 0 && x->end <= rl[c]; c--)
            if (!(c + 1 == calls && x->kind == ST_BARRIER) && x->end > out[r * calls + c]) out[r * calls + c] = x->end;
    }
    for (int r = 0; r < p; r++)
        for (int c = 0; c < calls; c++) {
            times[(size_t)c * 2 * (size_t)p + (size_t)r] = in[r * calls + c] - t0[c];
            times[((size_t)c * 2 + 1) * (size_t)p + (size_t)r] = out[r * calls + c] - t0[c];
        }
    free(cur);
    free(in);
}

/* Prints the ranks' spread in the last call. times: entry then exit, p each, per call; NULL
 * if they could not be found. */
static void print_rank_spread(int p, int calls, const double *times)
{
    if (times == NULL) {
        printf("  (per-rank times unavailable: a rank's ready messages do not match the calls)\n");
        return;
    }
    const double *in = times + (size_t)(calls - 1) * 2 * (size_t)p, *out = in + p;
    double in_min = 0, out_min = out[0], out_max = out[0], out_sum = 0, t_min = -1, t_max = 0;
    int slowest = 0;
    for (int r = 0; r < p; r++) {
        double t = out[r] - in[r];
        if (in[r] < in_min) in_min = in[r];
        if (out[r] < out_min) out_min = out[r];
        if (out[r] > out_max) out_max = out[r], slowest = r;
        if (t_min < 0 || t < t_min) t_min = t;
        if (t > t_max) t_max = t;
        out_sum += out[r];
    }
    printf("  ranks in the last call, us after the root's entry: entries %.3f to 0, exits %.3f to %.3f "
           "(mean %.3f), %.3f to %.3f in the call; last out: rank %d\n",
           in_min * 1e6, out_min * 1e6, out_max * 1e6, out_sum / p * 1e6, t_min * 1e6, t_max * 1e6, slowest);
}

/* Writes call c's per-rank times and traffic to the CSV's rank section and to the JSON record's
 * rank_times array (opened by the caller). ci, co: the ranks' entries and exits; tr: messages
 * sent, bytes sent, messages received, bytes received, p each. */
static void write_call_ranks(struct an *a, const char *algo, unsigned long long bytes, int p, int root,
                             int c, int timed, const double *ci, const double *co, const double *tr)
{
    if (a->csv_ranks)
        for (int r = 0; r < p; r++)
            fprintf(a->csv_ranks, "%s,%llu,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.0f,%.0f,%.0f,%.0f\n", algo, bytes, p,
                    root, c, timed, r, ci[r] * 1e6, co[r] * 1e6, (co[r] - ci[r]) * 1e6, tr[r], tr[p + r],
                    tr[2 * p + r], tr[3 * p + r]);
    if (a->json == NULL) return;
    fprintf(a->json, "%s{\"call\": %d, \"timed\": %s", c ? ", " : "", c, timed ? "true" : "false");
    static const char *const keys[] = {"entry_us", "exit_us", "in_call_us"};
    for (int k = 0; k < 3; k++) {
        fprintf(a->json, ", \"%s\": [", keys[k]);
        for (int r = 0; r < p; r++)
            fprintf(a->json, "%s%.3f", r ? "," : "", (k == 0 ? ci[r] : k == 1 ? co[r] : co[r] - ci[r]) * 1e6);
        fputc(']', a->json);
    }
    static const char *const tkeys[] = {"sent_messages", "sent_bytes", "received_messages", "received_bytes"};
    for (int k = 0; k < 4; k++) {
        fprintf(a->json, ", \"%s\": [", tkeys[k]);
        for (int r = 0; r < p; r++) fprintf(a->json, "%s%.0f", r ? "," : "", tr[(size_t)k * (size_t)p + (size_t)r]);
        fputc(']', a->json);
    }
    fputc('}', a->json);
}

/* Writes s as a JSON string. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    fputc('"', f);
}

/* Analyzes the phase whose collsim_phase state is s, from the buffered messages. */
static void phase(struct an *a, const struct paje_state *s)
{
    char algo[128];
    unsigned long long bytes;
    int root, warm, iters;
    if (sscanf(s->value, "bcast/%127[^/]/%llu/%d/%d/%d", algo, &bytes, &root, &warm, &iters) != 5) return;
    int calls = warm + iters;
    /* ready messages mark the calls; the others are the algorithm's */
    size_t nready = 0, nalg = 0;
    double *ready = malloc((a->nready + 1) * sizeof *ready); /* their end times */
    struct msg **alg = malloc((a->n + 1) * sizeof *alg);
    int p = 1;
    for (size_t i = 0; i < a->nready; i++)
        if (a->ready[i].start >= s->start && a->ready[i].end <= s->end) ready[nready++] = a->ready[i].end;
    for (size_t i = 0; i < a->n; i++) {
        struct msg *m = &a->m[i];
        if (m->start < s->start || m->end > s->end) continue;
        if (m->src + 1 > p) p = m->src + 1;
        if (m->dst + 1 > p) p = m->dst + 1;
        alg[nalg++] = m;
    }
    if (nready > 0 && (int)nready / calls + 1 > p) p = (int)nready / calls + 1;
    qsort(ready, nready, sizeof *ready, cmp_double);
    a->phases++;
    printf("\n# phase %s: algorithm %s, %llu bytes, root %d, %d ranks, %d timed calls\n", s->value, algo,
           bytes, root, p, iters);
    int reg = bcast_find(algo); /* the registry's closed form, for the reader to set beside */
    if (reg >= 0) printf("  cost formula (collsim list): %s\n", bcast_infos[reg].cost);
    if (p < 2 || nready != (size_t)calls * (size_t)(p - 1)) {
        printf("  (one rank, or not a collsim run trace: %zu ready messages for %d calls)\n", nready, calls);
        free(ready);
        free(alg);
        return;
    }
    /* model parameters from the platform: the route between ranks 0 and 1 */
    const char *h0 = a->host[0], *h1 = a->nhosts > 1 ? a->host[1] : NULL;
    struct route *r01 = h1 ? route_of(a, 0, 1) : NULL;
    if (r01 == NULL) {
        printf("  (hosts not in the platform: is --platform the run's?)\n");
        a->failed = 1;
        free(ready);
        free(alg);
        return;
    }
    struct model_params mp = {.a = r01->latency, .b = 1.0 / r01->bw, .L = r01->latency, .o = 0, .g = 0,
                              .G = 1.0 / r01->bw, .th = -1, .envelope = 16, .eager = a->eager,
                              /* PLogP from the same route: g(m) is the wire time of m + 16 bytes,
                               * o_r = 0 (SMPI's receive returns at the arrival) */
                              .Lp = r01->latency, .gp0 = 0, .gp1 = 1.0 / r01->bw, .orp = 0};
    if (a->params_path != NULL) { /* calibrated: o_r is inside L + g(m), as PLogP defines L */
        const struct cal_params *cp = &a->cal;
        mp.a = cp->a, mp.b = cp->b, mp.L = cp->L, mp.o = cp->o, mp.g = cp->g, mp.G = cp->G;
        mp.Lp = cp->pL, mp.pt_m = cp->m, mp.pt_g = cp->pg, mp.pt_os = cp->os, mp.pt_n = cp->n;
        mp.fitted = 1;
    }
    double sim_sum = 0, pred_sum[MODEL_COUNT] = {0};
    int kmax = 1, hmax = 0, uniform = 1;
    size_t msgs_per_call = 0;
    double bytes_per_call = 0;
    /* Call c starts at t0s[c], when the root's last ready receive of the call ends (ready: the
     * ready messages' ends, sorted). Its messages start between that and the next call's start
     * (the phase's end for the last call): a rank that is done may send its next ready message
     * while others still receive, so not before that. Grouped by call in arrival order, call c
     * has bycall[first[c]] .. bycall[first[c + 1] - 1]. */
    double *t0s = malloc(2 * (size_t)calls * sizeof *t0s), *next_ready = t0s + calls;
    size_t *first = calloc((size_t)calls + 1, sizeof *first);
    int *call_of = malloc((nalg + 1) * sizeof *call_of);
    for (int c = 0; c < calls; c++) {
        t0s[c] = ready[(size_t)(c + 1) * (size_t)(p - 1) - 1];
        next_ready[c] = c + 1 < calls ? ready[(size_t)(c + 1) * (size_t)(p - 1)] : s->end;
    }
    for (size_t i = 0; i < nalg; i++) {
        int lo = 0, hi = calls; /* the number of calls started by the message's start */
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (t0s[mid] <= alg[i]->start) lo = mid + 1;
            else hi = mid;
        }
        if (lo == calls && alg[i]->start >= s->end) lo = 0; /* the last call ends with the phase */
        call_of[i] = lo - 1;                                  /* -1: in no call */
        if (lo > 0) first[lo]++;
    }
    size_t most = 0;
    for (int c = 0; c < calls; c++) {
        if (first[c + 1] > most) most = first[c + 1];
        first[c + 1] += first[c];
    }
    struct msg **bycall = malloc((first[calls] + 1) * sizeof *bycall);
    {
        size_t *fill = malloc(((size_t)calls + 1) * sizeof *fill);
        memcpy(fill, first, ((size_t)calls + 1) * sizeof *fill);
        for (size_t i = 0; i < nalg; i++)
            if (call_of[i] >= 0) bycall[fill[call_of[i]]++] = alg[i];
        free(fill);
    }
    free(call_of);
    struct model_msg *mm = malloc((most + 1) * sizeof *mm);
    struct route **rt = malloc((most + 1) * sizeof *rt);
    struct rank_index ix;
    double *times = malloc((size_t)calls * 2 * (size_t)p * sizeof *times); /* entry, exit per call */
    double *tr = malloc(4 * (size_t)p * sizeof *tr); /* one call's traffic: see write_call_ranks */
    if (rank_index_build(a, s, p, root, calls, &ix) != 0) free(times), times = NULL;
    else rank_times(&ix, calls, p, root, t0s, next_ready, s->end, times);
    if (a->json) { /* the record opens here: its rank_times come call by call */
        fprintf(a->json,
                "%s\n  {\"phase\": \"%s\", \"algorithm\": \"%s\", \"bytes\": %llu, \"np\": %d, \"root\": %d, "
                "\"calls\": %d, \"cost_formula\": ",
                a->json_first ? "" : ",", s->value, algo, bytes, p, root, iters);
        json_string(a->json, reg >= 0 ? bcast_infos[reg].cost : "");
        fprintf(a->json, ", \"rank_times\": %s", times ? "[" : "null");
        a->json_first = 0;
    }
    for (int c = 0; c < calls; c++) {
        double t0 = t0s[c];
        size_t k = 0;
        double last = t0;
        for (size_t i = first[c]; i < first[c + 1]; i++) {
            struct msg *m = bycall[i];
            struct route *r = route_of(a, m->src, m->dst);
            if (r == NULL) continue;
            rt[k] = r;
            mm[k] = (struct model_msg){m->src, m->dst, m->bytes, m->start, m->end, r->hops, r->latency, r->bw, 1};
            if (m->end > last) last = m->end;
            if (r->hops > hmax) hmax = r->hops;
            if (r->latency != r01->latency || r->bw != r01->bw) uniform = 0;
            if (c == calls - 1 && a->hops_table && m->src < 256 && m->dst < 256 && !a->hop_seen[m->src][m->dst]) {
                a->hop_seen[m->src][m->dst] = 1;
                printf("  hop %d -> %d: %d links, %.3f us\n", m->src, m->dst, r->hops, r->latency * 1e6);
            }
            k++;
        }
        link_sharing(mm, rt, k, a->nlinks);
        memset(tr, 0, 4 * (size_t)p * sizeof *tr);
        for (size_t i = 0; i < k; i++) {
            tr[mm[i].src]++, tr[p + mm[i].src] += mm[i].bytes;
            tr[2 * p + mm[i].dst]++, tr[3 * p + mm[i].dst] += mm[i].bytes;
            if (a->msgs)
                fprintf(a->msgs, "%s,%llu,%d,%d,%d,%d,%d,%d,%.0f,%.3f,%.3f,%d,%d\n", algo, bytes, p, root, c,
                        c >= warm, mm[i].src, mm[i].dst, mm[i].bytes, (mm[i].start - t0) * 1e6,
                        (mm[i].end - t0) * 1e6, mm[i].hops, mm[i].k);
        }
        if (times != NULL) {
            const double *ci = times + (size_t)c * 2 * (size_t)p;
            write_call_ranks(a, algo, bytes, p, root, c, c >= warm, ci, ci + p, tr);
        }
        for (size_t i = 0; i < k; i++)
            if (mm[i].k > kmax) kmax = mm[i].k;
        if (c == calls - 1) {
            describe_call(a, mm, k, p, root, t0);
            if (a->svg && !a->svg_done && (a->svg_phase == NULL || strstr(s->value, a->svg_phase))) {
                a->phase_value = s->value;
                if (write_svg(a, mm, k, p, t0) != 0) a->failed = 2;
                a->svg_done = 1;
            }
        }
        if (c < warm) continue;
        msgs_per_call = k;
        bytes_per_call = 0;
        for (size_t i = 0; i < k; i++) bytes_per_call += mm[i].bytes;
        sim_sum += last - t0;
        double pred[MODEL_COUNT];
        model_replay_all(&mp, mm, k, p, t0, pred);
        for (int md = 0; md < MODEL_COUNT; md++) pred_sum[md] += pred[md] - t0;
    }
    double sim = sim_sum / iters;
    if (a->nres == a->capres) {
        a->capres = a->capres ? a->capres * 2 : 64;
        a->res = realloc(a->res, a->capres * sizeof *a->res);
    }
    struct phase_result *pr = &a->res[a->nres++];
    snprintf(pr->algo, sizeof pr->algo, "%s", algo);
    pr->bytes = (double)bytes, pr->sim = sim;
    for (int md = 0; md < MODEL_COUNT; md++) pr->pred[md] = pred_sum[md] / iters;
    printf("  simulated %.3f us (average of %d calls); %zu messages, %.0f bytes per call; longest route "
           "%d links; k = %d\n",
           sim * 1e6, iters, msgs_per_call, bytes_per_call, hmax, kmax);
    if (a->params_path == NULL) {
        printf("  parameters from the platform: a = %.3f us, b = %.6f ns/B (route %s -> %s); eager below "
               "%.0f B; routing %s\n",
               mp.a * 1e6, mp.b * 1e9, h0, h1, a->eager, a->sfr ? "sfr" : "ctr");
        printf("  plogp from the platform: L = a, g(m) = b (m + 16), o_s(m) = 0 below the eager threshold "
               "and L + g(m) from it, o_r = 0\n");
    } else {
        printf("  parameters from calibration %s (%s): hockney a = %.3f us, b = %.6f ns/B; loggp L = %.3f us, "
               "o = %.3f us, g = %.3f us, G = %.6f ns/B; eager below %.0f B; routing %s\n",
               a->params_path, a->cal.source, mp.a * 1e6, mp.b * 1e9, mp.L * 1e6, mp.o * 1e6, mp.g * 1e6,
               mp.G * 1e9, a->eager, a->sfr ? "sfr" : "ctr");
        printf("  plogp from calibration: L = %.3f us, g(m) and o_s(m) interpolated from %zu sizes, sends "
               "spaced by max(g(m), o_s(m)); ctr, sfr and contention from the platform's routes\n",
               mp.Lp * 1e6, mp.pt_n);
    }
    printf("  %-11s %14s %10s   %s\n", "model", "predicted us", "error", "one message");
    for (int md = 0; md < MODEL_COUNT; md++) {
        double pred = pred_sum[md] / iters, err = sim > 0 ? (pred - sim) / sim * 100 : 0;
        int exact = (md == MODEL_CTR && !a->sfr && kmax == 1) || (md == MODEL_SFR && a->sfr && kmax == 1) ||
                    ((md == MODEL_HOCKNEY || md == MODEL_LOGGP || md == MODEL_PLOGP) && uniform && kmax == 1 &&
                     !a->sfr && a->params_path == NULL) ||
                    (md == MODEL_CONTENTION && !a->sfr && kmax == 1);
        printf("  %-10s%s %14.3f %+9.3f%%   %s\n", model_infos[md].name, exact ? "*" : " ", pred * 1e6, err,
               model_infos[md].formula);
        if (a->csv)
            fprintf(a->csv, "%s,%llu,%d,%d,%.12g,%s,%.12g,%.6f,%d,%d\n", algo, bytes, p, root, sim,
                    model_infos[md].name, pred, err, exact, kmax);
        if (a->json) {
            if (md == 0) {
                char path[sizeof crit_text];
                size_t i = 0;
                for (; crit_text[i]; i++) path[i] = crit_text[i] == ' ' ? ',' : crit_text[i];
                path[i] = '\0';
                fprintf(a->json,
                        "%s, \"simulated_s\": %.12g, \"messages_per_call\": %zu, \"bytes_per_call\": %.0f, "
                        "\"longest_route\": %d, \"k\": %d, \"critical_path\": [%s], \"models\": [",
                        times ? "]" : "", sim, msgs_per_call, bytes_per_call, hmax, kmax, path);
            }
            fprintf(a->json, "%s{\"model\": \"%s\", \"predicted_s\": %.12g, \"error_pct\": %.6f, "
                             "\"exact\": %s, \"formula\": \"%s\"}",
                    md ? ", " : "", model_infos[md].name, pred, err, exact ? "true" : "false",
                    model_infos[md].formula);
            if (md == MODEL_COUNT - 1) fputc(']', a->json);
        }
    }
    if (a->json) fputc('}', a->json);
    print_rank_spread(p, calls, times);
    free(tr);
    rank_index_free(&ix);
    free(times);
    free(mm);
    free(rt);
    free(ready);
    free(alg);
    free(bycall);
    free(first);
    free(t0s);
}

static void on_state(void *user, const struct paje_state *s)
{
    struct an *a = user;
    int rank;
    if (s->depth == 0 && strcmp(s->type, "MPI_STATE") == 0 && (rank = rank_of(s->container->name)) >= 0) {
        if (a->nst == a->capst) {
            a->capst = a->capst ? a->capst * 2 : 1024;
            a->st = realloc(a->st, a->capst * sizeof *a->st);
        }
        int kind = strcmp(s->value, "PMPI_Send") == 0      ? ST_SEND
                   : strcmp(s->value, "PMPI_Barrier") == 0 ? ST_BARRIER
                                                           : ST_OTHER;
        a->st[a->nst] = (struct rank_state){rank, kind, s->start, s->end};
        a->nst++;
        return;
    }
    if (strcmp(s->type, "collsim_phase") != 0) return;
    load_phase_begin(a, s);
    phase(a, s);
    a->n = a->nready = a->nst = 0; /* every buffered record ended before this phase did */
}

#define CSV_RANKS_HEADER                                                                                  \
    "algorithm,bytes,np,root,call,timed,rank,entry_us,exit_us,in_call_us,sent_messages,sent_bytes,"       \
    "received_messages,received_bytes"
#define CSV_LINKS_HEADER "phase,link,bytes,busy_s,peak_pct"

/* Appends a CSV section kept in a temporary file: a blank line, its header, its rows. The
 * sections follow the model rows so that readers of those keep working. Closes tmp. */
static void append_section(FILE *csv, FILE *tmp, const char *header)
{
    char buf[8192];
    size_t n;
    fprintf(csv, "\n%s\n", header);
    rewind(tmp);
    while ((n = fread(buf, 1, sizeof buf, tmp)) > 0) fwrite(buf, 1, n, csv);
    fclose(tmp);
}

static int by_algo_bytes(const void *x, const void *y)
{
    const struct phase_result *a = x, *b = y;
    int c = strcmp(a->algo, b->algo);
    return c ? c : (a->bytes > b->bytes) - (a->bytes < b->bytes);
}

/* The plotted models: LogP leaves m out, so its flat line would only stretch the axis. */
static const enum model_id plotted[] = {MODEL_HOCKNEY, MODEL_LOGGP, MODEL_PLOGP, MODEL_CTR, MODEL_SFR,
                                        MODEL_CONTENTION};
enum { NPLOTTED = sizeof plotted / sizeof plotted[0] };
static const char *const plot_colour[NPLOTTED] = {"#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
                                                  "#d95f02"}; /* ColorBrewer Dark2: a model keeps its colour */

/* Writes s as a gnuplot double-quoted string (paths and names may hold quotes). */
static void gp_quoted(FILE *g, const char *s, const char *suffix)
{
    fputc('"', g);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', g);
        fputc(*s, g);
    }
    fprintf(g, "%s\"", suffix);
}

/* One gnuplot multiplot, a panel per algorithm, for the terminal term and file out (.part):
 * errors = 0: simulated time (points) and each model's prediction (lines) vs size, log-log;
 * errors = 1: each model's |error| vs size. The data are the datablocks $A0, $A1, ...: size,
 * simulated, then the plotted models' predictions (us). */
static void plot_panels(FILE *g, const char *term, const char *out, const char *trace, int nalgo,
                        char *const *names, int errors)
{
    int cols = nalgo < 3 ? nalgo : 3, rows = (nalgo + cols - 1) / cols;
    fprintf(g, "set terminal %s size %d,%d noenhanced font 'sans,9'\nset output ", term, cols * 460,
            rows * 360 + 30);
    gp_quoted(g, out, ".part");
    fprintf(g, "\nset multiplot layout %d,%d title ", rows, cols);
    gp_quoted(g, trace, errors ? ": |prediction - simulation| / simulation per model"
                               : ": simulated time and model predictions");
    fputc('\n', g);
    fprintf(g, "set logscale x\nset autoscale xfix\nset format x '%%.0s%%cB'\n"
               "set xlabel 'message size (bytes)'\nset grid\n"
               "set key top left font 'sans,8'\n");
    if (errors) fprintf(g, "unset logscale y\nset yrange [0:*]\nset ylabel 'error (%%)'\n");
    else fprintf(g, "set logscale y\nset autoscale y\nset ylabel 'time (us)'\n");
    for (int i = 0; i < nalgo; i++) {
        fputs("set title ", g);
        gp_quoted(g, names[i], "");
        fputs("\nplot ", g);
        if (!errors) fprintf(g, "$A%d using 1:2 with points pt 7 ps 0.8 lc 'black' title 'simulated', ", i);
        for (int k = 0; k < NPLOTTED; k++) {
            if (errors)
                fprintf(g, "%s$A%d using 1:(abs($%d - $2) / $2 * 100) with linespoints pt %d ps 0.6 "
                           "lc rgb '%s' title '%s'",
                        k ? ", " : "", i, k + 3, k + 1, plot_colour[k], model_infos[plotted[k]].name);
            else
                fprintf(g, "%s$A%d using 1:%d with lines lw 1.5 lc rgb '%s' title '%s'", k ? ", " : "", i,
                        k + 3, plot_colour[k], model_infos[plotted[k]].name);
        }
        fputc('\n', g);
    }
    fputs("unset multiplot\n", g);
}

/* --plots PREFIX: PREFIX-models.png/.svg (time and predictions vs size) and
 * PREFIX-errors.png/.svg (each model's error vs size), a panel per algorithm. 0 or -1. */
static int write_plots(struct an *a, const char *trace)
{
    size_t n = 0; /* phases with a size > 0 (log axis) and a time */
    for (size_t i = 0; i < a->nres; i++)
        if (a->res[i].bytes > 0 && a->res[i].sim > 0) a->res[n++] = a->res[i];
    if (n == 0) return 0;
    qsort(a->res, n, sizeof *a->res, by_algo_bytes);
    char **names = malloc(n * sizeof *names);
    int nalgo = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(a->res[i].algo, a->res[i - 1].algo) != 0) names[nalgo++] = a->res[i].algo;
    const char *base = strrchr(trace, '/') ? strrchr(trace, '/') + 1 : trace;
    int rc = 0;
    for (int errors = 0; errors < 2 && rc == 0; errors++) {
        char png[4096], svg[4096];
        snprintf(png, sizeof png, "%s-%s.png", a->plots, errors ? "errors" : "models");
        snprintf(svg, sizeof svg, "%s-%s.svg", a->plots, errors ? "errors" : "models");
        FILE *g = popen("gnuplot 2>/dev/null", "w");
        if (g == NULL) return -1;
        for (int i = 0, j = 0; i < nalgo; i++) { /* the data, once for both terminals */
            fprintf(g, "$A%d << EOD\n", i);
            for (; j < (int)n && strcmp(a->res[j].algo, names[i]) == 0; j++) {
                fprintf(g, "%.0f %.9g", a->res[j].bytes, a->res[j].sim * 1e6);
                for (int k = 0; k < NPLOTTED; k++) fprintf(g, " %.9g", a->res[j].pred[plotted[k]] * 1e6);
                fputc('\n', g);
            }
            fprintf(g, "EOD\n");
        }
        plot_panels(g, "pngcairo", png, base, nalgo, names, errors);
        plot_panels(g, "svg dynamic", svg, base, nalgo, names, errors);
        rc = cs_gnuplot_finish(g, png, svg);
    }
    free(names);
    return rc;
}

int analyze_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"platform", required_argument, 0, 'P'}, {"routing", required_argument, 0, 'R'},
        {"eager", required_argument, 0, 'e'},    {"csv", required_argument, 0, 'c'},
        {"hops", no_argument, 0, 'H'},           {"help", no_argument, 0, 'h'},
        {"hostfile", required_argument, 0, 'F'}, {"json", required_argument, 0, 'j'},
        {"svg", required_argument, 0, 'S'},      {"svg-phase", required_argument, 0, 'Q'},
        {"params", required_argument, 0, 'p'},   {"plots", required_argument, 0, 'G'},
        {"messages", required_argument, 0, 'M'},
        {0, 0, 0, 0}};
    /* The phase buffers grow by doubling and are freed after each phase. glibc raises its mmap
     * threshold to the size of the largest block freed, so from the second phase on they would
     * come from the heap, where a doubled copy leaves its old block behind. A fixed threshold
     * keeps them mapped (realloc moves them with mremap, free unmaps): about 1.5 MB less peak
     * memory on bench/analyzer-vs-pjdump's trace. */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    struct an a;
    memset(&a, 0, sizeof a);
    a.eager = 65536;
    const char *csv = NULL, *routing = "ctr", *hostfile = NULL, *json = NULL, *msgs = NULL;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'P': a.platform = optarg; break;
        case 'R': routing = optarg; break;
        case 'e': {
            uint64_t v;
            if (cs_parse_bytes(optarg, &v) != 0) {
                cs_error("bad byte count '%s' for --eager", optarg);
                return 2;
            }
            a.eager = (double)v;
            break;
        }
        case 'c': csv = optarg; break;
        case 'H': a.hops_table = 1; break;
        case 'F': hostfile = optarg; break;
        case 'j': json = optarg; break;
        case 'S': a.svg = optarg; break;
        case 'Q': a.svg_phase = optarg; break;
        case 'p': a.params_path = optarg; break;
        case 'G': a.plots = optarg; break;
        case 'M': msgs = optarg; break;
        case 'h': fputs(analyze_usage, stdout); return 0;
        case ':': cs_error("option '%s' needs a value", argv[optind - 1]); return 2;
        default: cs_error("unknown option '%s' (see 'collsim analyze --help')", argv[optind - 1]); return 2;
        }
    }
    if (optind != argc - 1) {
        cs_error("analyze needs one TRACE (see 'collsim analyze --help')");
        return 2;
    }
    const char *trace = argv[optind];
    if (strcmp(routing, "ctr") != 0 && strcmp(routing, "sfr") != 0) {
        cs_error("unknown routing '%s' (known: ctr, sfr)", routing);
        return 2;
    }
    a.sfr = strcmp(routing, "sfr") == 0;
    if (a.platform == NULL) {
        cs_error("--platform FILE.xml is required (the platform the trace was made on)");
        return 2;
    }
    if (a.plots != NULL && !cs_gnuplot_available()) {
        cs_error("--plots needs gnuplot (Debian: apt-get install gnuplot-nox)");
        return 2;
    }
    if (a.params_path != NULL) {
        char perr[600];
        if (params_read(a.params_path, &a.cal, perr, sizeof perr) != 0) {
            cs_error("%s", perr);
            return 1;
        }
    }
    xmlDocPtr doc = access(a.platform, R_OK) == 0
                        ? xmlReadFile(a.platform, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING)
                        : NULL;
    if (doc == NULL) {
        cs_error("cannot read platform '%s'", a.platform);
        return 1;
    }
    xmlFreeDoc(doc);
    char hf[4096];
    if (hostfile != NULL) snprintf(hf, sizeof hf, "%s", hostfile);
    else {
        snprintf(hf, sizeof hf, "%s", a.platform);
        char *dot = strrchr(hf, '.');
        if (dot != NULL && strcmp(dot, ".xml") == 0) *dot = '\0';
        strncat(hf, ".hosts", sizeof hf - strlen(hf) - 1);
    }
    FILE *hfp = fopen(hf, "r");
    if (hfp == NULL) {
        cs_error("cannot read hostfile '%s' (give one with --hostfile)", hf);
        return 1;
    }
    char line[512];
    int caph = 0;
    while (fgets(line, sizeof line, hfp) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        if (a.nhosts == caph) {
            caph = caph ? caph * 2 : 64;
            a.host = realloc(a.host, (size_t)caph * sizeof *a.host);
        }
        a.host[a.nhosts++] = cs_strdup(line);
    }
    fclose(hfp);
    char err[512];
    paje_reader *r = paje_open(trace, err, sizeof err);
    if (r == NULL) {
        cs_error("%s", err);
        return 1;
    }
    struct cs_out csv_out, json_out, msgs_out;
    const char *bad = NULL, *why = "cannot write '%s'"; /* the output that could not be opened */
    if (csv != NULL && (a.csv = cs_out_open(&csv_out, csv)) == NULL) bad = csv;
    else if (csv != NULL && (a.csv_ranks = tmpfile()) == NULL)
        bad = csv, why = "cannot create a temporary file for '%s'";
    else if (json != NULL && (a.json = cs_out_open(&json_out, json)) == NULL) bad = json;
    else if (msgs != NULL && (a.msgs = cs_out_open(&msgs_out, msgs)) == NULL) bad = msgs;
    if (bad != NULL) { /* nothing is left behind: the opened ones are discarded */
        cs_error(why, bad);
        paje_close(r);
        if (a.csv_ranks) fclose(a.csv_ranks);
        if (a.csv) cs_out_commit(&csv_out, 0);
        if (a.json) cs_out_commit(&json_out, 0);
        return 1;
    }
    if (a.csv) fprintf(a.csv, "algorithm,bytes,np,root,simulated_s,model,predicted_s,error_pct,exact,k\n");
    if (a.json) {
        fputs("{\"trace\": ", a.json);
        json_string(a.json, trace);
        fputs(", \"platform\": ", a.json);
        json_string(a.json, a.platform);
        fprintf(a.json, ", \"routing\": \"%s\", \"parameters\": ", a.sfr ? "sfr" : "ctr");
        if (a.params_path == NULL) fputs("\"platform\"", a.json);
        else {
            fputs("{\"file\": ", a.json);
            json_string(a.json, a.params_path);
            fprintf(a.json,
                    ", \"hockney_a\": %.12g, \"hockney_b\": %.12g, \"loggp_L\": %.12g, \"loggp_o\": %.12g, "
                    "\"loggp_g\": %.12g, \"loggp_G\": %.12g, \"plogp_L\": %.12g, \"plogp_sizes\": %zu}",
                    a.cal.a, a.cal.b, a.cal.L, a.cal.o, a.cal.g, a.cal.G, a.cal.pL, a.cal.n);
        }
        fputs(", \"phases\": [", a.json);
        a.json_first = 1;
    }
    if (a.msgs) fputs("algorithm,bytes,np,root,call,timed,src,dst,size,start_us,end_us,hops,k\n", a.msgs);
    char *sargv[] = {(char *)"collsim", (char *)"--log=root.thres:critical", NULL};
    int sargc = 2;
    simgrid_init(&sargc, sargv);
    simgrid_load_platform(a.platform);
    printf("# collsim analyze: %s on %s\n", trace, a.platform);
    struct paje_callbacks cb = {NULL, on_state, on_link, on_variable};
    int rc = paje_read(r, &cb, &a);
    if (rc != 0) cs_error("%s", paje_error(r));
    else if (a.phases == 0) {
        cs_error("no collsim_phase marks in '%s' (was it written by 'collsim run --trace'?)", trace);
        rc = -1;
    } else if (a.failed == 2) {
        cs_error("cannot write '%s'", a.svg);
        rc = -1;
    } else if (a.svg && !a.svg_done) {
        cs_error("no phase matches '%s' for --svg", a.svg_phase ? a.svg_phase : "");
        rc = -1;
    } else if (a.failed) {
        cs_error("the trace's ranks do not fit hostfile '%s' and platform '%s'", hf, a.platform);
        rc = -1;
    }
    if (a.json != NULL) fputs("\n]", a.json);
    FILE *csv_links = a.csv != NULL && a.link_vars ? tmpfile() : NULL;
    if (rc == 0) report_link_loads(&a, csv_links); /* link names live in the reader */
    if (rc == 0 && a.plots != NULL && write_plots(&a, trace) != 0) {
        cs_error("gnuplot could not draw '%s-models.png' and '%s-errors.png'", a.plots, a.plots);
        rc = -1;
    }
    free(a.res);
    paje_close(r);
    free(a.m);
    free(a.ready);
    free(a.st);
    free(a.pend);
    for (size_t i = 0; i < a.nlp; i++) {
        free(a.lp[i].name);
        free(a.lp[i].l);
    }
    free(a.lp);
    for (size_t i = 0; i < a.rcap; i++)
        if (a.rval[i] != NULL) {
            free(a.rval[i]->link);
            free(a.rval[i]);
        }
    free(a.rkey);
    free(a.rval);
    for (int i = 0; i < a.nhosts; i++) free(a.host[i]);
    free(a.host);
    if (a.csv != NULL) {
        append_section(a.csv, a.csv_ranks, CSV_RANKS_HEADER);
        if (csv_links != NULL) append_section(a.csv, csv_links, CSV_LINKS_HEADER);
        else if (a.link_vars) rc = -1, cs_error("cannot create a temporary file for '%s'", csv);
        if (cs_out_commit(&csv_out, rc == 0) != 0 && rc == 0) rc = -1, cs_error("cannot write '%s'", csv);
    }
    if (a.json != NULL) {
        fputs("}\n", a.json);
        if (cs_out_commit(&json_out, rc == 0) != 0 && rc == 0) rc = -1, cs_error("cannot write '%s'", json);
    }
    if (a.msgs != NULL && cs_out_commit(&msgs_out, rc == 0) != 0 && rc == 0)
        rc = -1, cs_error("cannot write '%s'", msgs);
    return rc == 0 ? 0 : 1;
}
