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

/* What name stands for, by classify, from the memo when it holds it. */
static int memo_get(struct an_memo *m, const char *name, int (*classify)(const char *))
{
    size_t i = ((uintptr_t)name >> 3) % AN_MEMO;
    if (m->name[i] != name) {
        m->name[i] = name;
        m->what[i] = classify(name);
    }
    return m->what[i];
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

void an_on_link(void *user, const struct paje_link *l)
{
    struct an *a = user;
    int tag, seq;
    if (strcmp(l->type, "MPI_LINK") != 0 || parse_key(l->key, &tag, &seq) != 0) return;
    if (tag == BARRIER_TAG) { /* the closing barrier's messages show when a rank left the call */
        if (a->buf.nbar == a->buf.capbar) {
            a->buf.capbar = a->buf.capbar ? a->buf.capbar * 2 : 1024;
            a->buf.bar = realloc(a->buf.bar, a->buf.capbar * sizeof *a->buf.bar);
        }
        a->buf.bar[a->buf.nbar++] =
            (struct ready_msg){memo_get(&a->ranks, l->from->name, rank_of), l->start, l->end};
        return;
    }
    if (tag == CS_READY_TAG) {
        if (a->buf.nready == a->buf.capready) {
            a->buf.capready = a->buf.capready ? a->buf.capready * 2 : 1024;
            a->buf.ready = realloc(a->buf.ready, a->buf.capready * sizeof *a->buf.ready);
        }
        a->buf.ready[a->buf.nready++] =
            (struct ready_msg){memo_get(&a->ranks, l->from->name, rank_of), l->start, l->end};
        return;
    }
    if (a->buf.n == a->buf.cap) {
        a->buf.cap = a->buf.cap ? a->buf.cap * 2 : 1024;
        a->buf.m = realloc(a->buf.m, a->buf.cap * sizeof *a->buf.m);
    }
    int src = memo_get(&a->ranks, l->from->name, rank_of),
        dst = memo_get(&a->ranks, l->to->name, rank_of);
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

/* The state types the analyzer reads. */
enum { STATE_OTHER, STATE_MPI, STATE_SETTINGS, STATE_PHASE };

static int state_type_of(const char *type)
{
    return strcmp(type, "MPI_STATE") == 0         ? STATE_MPI
           : strcmp(type, CS_SETTINGS_STATE) == 0 ? STATE_SETTINGS
           : strcmp(type, CS_PHASE_STATE) == 0    ? STATE_PHASE
                                                  : STATE_OTHER;
}

/* An MPI call's kind (ST_*) from its state's value. */
static int call_kind_of(const char *value)
{
    return strcmp(value, "PMPI_Send") == 0      ? ST_SEND
           : strcmp(value, "PMPI_Barrier") == 0 ? ST_BARRIER
           : strcmp(value, "PMPI_Recv") == 0 || strncmp(value, "PMPI_Sendrecv", 13) == 0 ? ST_RECV
                                                                                         : ST_OTHER;
}

void an_on_state(void *user, const struct paje_state *s)
{
    struct an *a = user;
    int rank, type = memo_get(&a->state_types, s->type, state_type_of);
    if (s->depth == 0 && type == STATE_MPI &&
        (rank = memo_get(&a->ranks, s->container->name, rank_of)) >= 0) {
        if (a->buf.nst == a->buf.capst) {
            a->buf.capst = a->buf.capst ? a->buf.capst * 2 : 1024;
            a->buf.st = realloc(a->buf.st, a->buf.capst * sizeof *a->buf.st);
        }
        int kind = memo_get(&a->state_values, s->value, call_kind_of);
        a->buf.st[a->buf.nst] = (struct rank_state){rank, kind, s->start, s->end};
        a->buf.nst++;
        return;
    }
    if (type == STATE_SETTINGS) {
        use_settings(a, s->value);
        return;
    }
    if (type != STATE_PHASE) return;
    an_json_header(a);
    an_load_phase_begin(a, s);
    an_phase(a, s);
    a->buf.n = a->buf.nready = a->buf.nst = a->buf.nbar =
        0; /* every buffered record ended before this phase did */
}
