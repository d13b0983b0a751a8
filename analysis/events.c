/* events.c: the Paje reader's callbacks: they buffer the messages, ready messages and MPI
 * calls of the phase being read, take the run's settings the trace records, and hand each
 * phase to the analysis when its mark ends. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"

/* Reads a decimal integer of at most 9 digits (with an optional '-') at *s, moving *s past
 * it; 0 on success. */
static int read_int(const char **s, int *out)
{
    const char *p = *s;
    int neg = *p == '-', v = 0, digits = 0;
    if (neg) p++;
    for (; *p >= '0' && *p <= '9'; p++, digits++)
        if (digits < 9) v = v * 10 + (*p - '0');
    if (digits == 0 || digits > 9) return -1;
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

/* SMPI's link key "SRC_DST_TAG_SEQ" into its tag and SEQ (SimGrid numbers the keys in the
 * order the sends are issued); 0 on success */
static int parse_key(const char *key, int *tag, int *seq)
{
    int v[4];
    const char *p = key;
    for (int i = 0; i < 4; i++) {
        if (read_int(&p, &v[i]) != 0 || *p != (i < 3 ? '_' : '\0')) return -1;
        if (i < 3) p++;
    }
    *tag = v[2];
    *seq = v[3];
    return 0;
}

void on_link(void *user, const struct paje_link *l)
{
    struct an *a = user;
    int tag, seq;
    if (strcmp(l->type, "MPI_LINK") != 0 || parse_key(l->key, &tag, &seq) != 0) return;
    if (tag == BARRIER_TAG) { /* the closing barrier's messages show when a rank left the call */
        if (a->buf.nbar == a->buf.capbar) {
            a->buf.capbar = a->buf.capbar ? a->buf.capbar * 2 : 1024;
            a->buf.bar = realloc(a->buf.bar, a->buf.capbar * sizeof *a->buf.bar);
        }
        a->buf.bar[a->buf.nbar++] = (struct ready_msg){rank_of(l->from->name), l->start, l->end};
        return;
    }
    if (tag == CS_READY_TAG) {
        if (a->buf.nready == a->buf.capready) {
            a->buf.capready = a->buf.capready ? a->buf.capready * 2 : 1024;
            a->buf.ready = realloc(a->buf.ready, a->buf.capready * sizeof *a->buf.ready);
        }
        a->buf.ready[a->buf.nready++] =
            (struct ready_msg){rank_of(l->from->name), l->start, l->end};
        return;
    }
    if (a->buf.n == a->buf.cap) {
        a->buf.cap = a->buf.cap ? a->buf.cap * 2 : 1024;
        a->buf.m = realloc(a->buf.m, a->buf.cap * sizeof *a->buf.m);
    }
    int src = rank_of(l->from->name), dst = rank_of(l->to->name);
    if (src < 0 || dst < 0 || src >= a->nhosts || dst >= a->nhosts) {
        a->failed = 1;
        return;
    }
    a->buf.m[a->buf.n++] = (struct msg){src, dst, l->size > 0 ? l->size : 0, l->start, l->end, seq};
}

/* Repeats each host of the hostfile k times in a row: the block placement of `collsim run
 * --ranks-per-host k`. */
static void expand_hosts(struct an *a, int k)
{
    char **h = malloc((size_t)a->nhosts * (size_t)k * sizeof *h);
    for (int i = 0; i < a->nhosts * k; i++)
        h[i] = cs_strdup(a->host[i / k]);
    cs_hostfile_free(a->host, a->nhosts);
    a->host = h;
    a->nhosts *= k;
}

/* Takes the trace's run settings for what the request left open. */
static void use_settings(struct an *a, const char *value)
{
    if (a->have_settings || cs_settings_parse(value, &a->settings) != 0) return;
    a->have_settings = 1;
    if (!a->routing_given) a->sfr = strcmp(a->settings.routing, "sfr") == 0;
    if (!a->eager_given) a->eager = (double)a->settings.eager;
    if (!a->hostfile_given && a->settings.ranks_per_host > 1 && a->rc.rcount == 0)
        expand_hosts(a, a->settings.ranks_per_host);
}

void on_state(void *user, const struct paje_state *s)
{
    struct an *a = user;
    int rank;
    if (s->depth == 0 && strcmp(s->type, "MPI_STATE") == 0 &&
        (rank = rank_of(s->container->name)) >= 0) {
        if (a->buf.nst == a->buf.capst) {
            a->buf.capst = a->buf.capst ? a->buf.capst * 2 : 1024;
            a->buf.st = realloc(a->buf.st, a->buf.capst * sizeof *a->buf.st);
        }
        int kind =
            strcmp(s->value, "PMPI_Send") == 0      ? ST_SEND
            : strcmp(s->value, "PMPI_Barrier") == 0 ? ST_BARRIER
            : strcmp(s->value, "PMPI_Recv") == 0 || strncmp(s->value, "PMPI_Sendrecv", 13) == 0
                ? ST_RECV
                : ST_OTHER;
        a->buf.st[a->buf.nst] = (struct rank_state){rank, kind, s->start, s->end};
        a->buf.nst++;
        return;
    }
    if (strcmp(s->type, CS_SETTINGS_STATE) == 0) {
        use_settings(a, s->value);
        return;
    }
    if (strcmp(s->type, CS_PHASE_STATE) != 0) return;
    json_header(a);
    load_phase_begin(a, s);
    phase(a, s);
    a->buf.n = a->buf.nready = a->buf.nst = a->buf.nbar =
        0; /* every buffered record ended before this phase did */
}
