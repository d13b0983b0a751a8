/* ptpfix.c: the doubled point-to-point links of SimGrid 3.32 traces (ptpfix.h).
 * Memory: one queue of unended start keys per channel, and per rank container its state
 * kinds and the channels seen in its current call. The channel table is a small hand-written
 * hash map (glib's GHashTable would do; the project keeps its dependencies to SimGrid,
 * libxml2 and the C library). */
#include "ptpfix.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SEND2 = 1, RECV2 = 2, WAIT = 4, SENDRECV = 8, MAX_DEPTH = PTPFIX_MAX_DEPTH };

struct chan { /* one (source, destination, tag): unended start keys, oldest first */
    char *name;
    char **keys;
    size_t head, n, cap;
};

struct seen { /* a channel's starts and ends in the current call of a container */
    struct chan *ch;
    int starts, ends;
};

struct cont {
    int kind[MAX_DEPTH], depth;
    struct seen *seen;
    int nseen, capseen;
    int starts, ends;    /* in the current call, all channels */
    struct chan *helper; /* after MPI_Wait: the binding's end still to come, at helper_time */
    char helper_time[32];
};

struct ptpfix {
    struct chan **tab;
    size_t cap, used;
    struct cont **c; /* by alias, made on first use */
    int ncont;
    size_t queued; /* start keys in every channel */
    char *last;    /* the key handed out by the last ptpfix_end */
    char why[96];  /* the last failure */
};

/* Records why a call fails; returns NULL. */
static void *failed(struct ptpfix *f, const char *what, int limit)
{
    if (limit > 0)
        snprintf(f->why, sizeof f->why, "more than %d %s", limit, what);
    else
        snprintf(f->why, sizeof f->why, "%s", what);
    return NULL;
}

const char *ptpfix_error(const struct ptpfix *f)
{
    return f->why;
}

static int state_kind(const char *s)
{
    static const char *const send2[] = {"PMPI_Isend", "PMPI_Issend", "PMPI_Ibsend", "PMPI_Ssend",
                                        NULL};
    if (s == NULL) return 0;
    if (strcmp(s, "PMPI_Sendrecv") == 0) return SENDRECV;
    if (strcmp(s, "PMPI_Waitany") == 0 || strcmp(s, "PMPI_Waitall") == 0) return RECV2;
    if (strcmp(s, "PMPI_Wait") == 0) return WAIT;
    for (int i = 0; send2[i]; i++)
        if (strcmp(s, send2[i]) == 0) return SEND2;
    return 0;
}

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

/* The channel of a key (all but its last "_SEQ"), created on first use. Channels live on
 * the heap, so the pointers held in struct seen survive the table's growth. */
static struct chan *channel(struct ptpfix *f, const char *key)
{
    const char *us = strrchr(key, '_');
    size_t n = us ? (size_t)(us - key) : strlen(key);
    if (2 * (f->used + 1) > f->cap) { /* grow: rehash into a table twice the size */
        size_t cap = f->cap ? 2 * f->cap : 256;
        if (f->used >= PTPFIX_MAX_CHANNELS)
            return failed(f, "message channels", PTPFIX_MAX_CHANNELS);
        struct chan **t = calloc(cap, sizeof *t);
        if (t == NULL) return failed(f, "out of memory", 0);
        for (size_t i = 0; i < f->cap; i++) {
            if (f->tab[i] == NULL) continue;
            size_t j = hash(f->tab[i]->name, strlen(f->tab[i]->name)) & (cap - 1);
            while (t[j])
                j = (j + 1) & (cap - 1);
            t[j] = f->tab[i];
        }
        free(f->tab);
        f->tab = t, f->cap = cap;
    }
    size_t j = hash(key, n) & (f->cap - 1);
    while (f->tab[j] && !(strncmp(f->tab[j]->name, key, n) == 0 && f->tab[j]->name[n] == '\0'))
        j = (j + 1) & (f->cap - 1);
    if (f->tab[j] == NULL) {
        struct chan *ch = calloc(1, sizeof *ch);
        if (ch == NULL || (ch->name = strndup(key, n)) == NULL) {
            free(ch);
            return failed(f, "out of memory", 0);
        }
        f->tab[j] = ch;
        f->used++;
    }
    return f->tab[j];
}

static struct cont *cont(struct ptpfix *f, int c)
{
    if (c < 0 || c >= PTPFIX_MAX_CONT) return failed(f, "container alias out of range", 0);
    if (c >= f->ncont) {
        int n = f->ncont ? f->ncont : 64;
        while (n <= c) /* n <= PTPFIX_MAX_CONT: no overflow */
            n *= 2;
        struct cont **v = realloc(f->c, (size_t)n * sizeof *v);
        if (v == NULL) return failed(f, "out of memory", 0);
        memset(v + f->ncont, 0, (size_t)(n - f->ncont) * sizeof *v);
        f->c = v, f->ncont = n;
    }
    if (f->c[c] == NULL && (f->c[c] = calloc(1, sizeof **f->c)) == NULL)
        return failed(f, "out of memory", 0);
    return f->c[c];
}

static struct seen *seen(struct cont *k, struct chan *ch)
{
    for (int i = 0; i < k->nseen; i++)
        if (k->seen[i].ch == ch) return &k->seen[i];
    if (k->nseen == k->capseen) {
        int cap = k->capseen ? 2 * k->capseen : 8;
        struct seen *v = realloc(k->seen, (size_t)cap * sizeof *v);
        if (v == NULL) return NULL;
        k->seen = v, k->capseen = cap;
    }
    k->seen[k->nseen] = (struct seen){ch, 0, 0};
    return &k->seen[k->nseen++];
}

struct ptpfix *ptpfix_new(void)
{
    return calloc(1, sizeof(struct ptpfix));
}

void ptpfix_free(struct ptpfix *f)
{
    if (f == NULL) return;
    for (size_t i = 0; i < f->cap; i++) {
        struct chan *ch = f->tab[i];
        if (ch == NULL) continue;
        for (size_t j = 0; j < ch->n; j++)
            free(ch->keys[(ch->head + j) % ch->cap]);
        free(ch->keys);
        free(ch->name);
        free(ch);
    }
    for (int i = 0; i < f->ncont; i++)
        if (f->c[i] != NULL) free(f->c[i]->seen), free(f->c[i]);
    free(f->tab), free(f->c), free(f->last), free(f);
}

int ptpfix_push(struct ptpfix *f, int c, const char *state)
{
    struct cont *k = cont(f, c);
    if (k == NULL) return -1;
    if (k->depth == MAX_DEPTH) return failed(f, "states nested on one container", MAX_DEPTH), -1;
    k->kind[k->depth++] = state_kind(state);
    k->nseen = k->starts = k->ends = 0;
    k->helper = NULL;
    return 0;
}

void ptpfix_pop(struct ptpfix *f, int c, const char *time)
{
    struct cont *k = c >= 0 && c < f->ncont ? f->c[c] : NULL;
    if (k == NULL || k->depth == 0) return;
    k->depth--;
    k->helper = NULL;
    if (k->kind[k->depth] == WAIT)
        for (int i = 0; i < k->nseen; i++)
            if (k->seen[i].ends > 0) { /* MPI_Wait completed a receive: its echo follows */
                k->helper = k->seen[i].ch;
                snprintf(k->helper_time, sizeof k->helper_time, "%s", time);
            }
    k->nseen = k->starts = k->ends = 0;
}

static int top_kind(const struct cont *k)
{
    return k->depth > 0 ? k->kind[k->depth - 1] : 0;
}

int ptpfix_start(struct ptpfix *f, int c, const char *key, const char *time)
{
    (void)time;
    struct cont *k = cont(f, c);
    struct chan *ch = k ? channel(f, key) : NULL;
    if (ch == NULL) return -1;
    if (top_kind(k) == SENDRECV && ++k->starts == 1) return 1; /* the binding's, see below */
    if (top_kind(k) & SEND2) {
        struct seen *s = seen(k, ch);
        if (s == NULL) return failed(f, "out of memory", 0), -1;
        if (++s->starts % 2 == 0) return 1;
    }
    if (f->queued == PTPFIX_MAX_QUEUED)
        return failed(f, "messages started and not ended", PTPFIX_MAX_QUEUED), -1;
    if (ch->n == ch->cap) { /* grow the ring, oldest first */
        size_t cap = ch->cap ? 2 * ch->cap : 4;
        char **v = malloc(cap * sizeof *v);
        if (v == NULL) return failed(f, "out of memory", 0), -1;
        for (size_t j = 0; j < ch->n; j++)
            v[j] = ch->keys[(ch->head + j) % ch->cap];
        free(ch->keys);
        ch->keys = v, ch->cap = cap, ch->head = 0;
    }
    char *copy = strdup(key);
    if (copy == NULL) return failed(f, "out of memory", 0), -1;
    ch->keys[(ch->head + ch->n++) % ch->cap] = copy;
    f->queued++;
    return 0;
}

int ptpfix_end(struct ptpfix *f, int c, const char **key, const char *time)
{
    struct cont *k = cont(f, c);
    struct chan *ch = k ? channel(f, *key) : NULL;
    if (ch == NULL) return -1;
    if (k->helper == ch && strcmp(k->helper_time, time) == 0) {
        k->helper = NULL;
        return 1;
    }
    int kind = top_kind(k);
    if (kind == SENDRECV && ++k->ends == 2) return 1;
    if (kind & (RECV2 | WAIT)) {
        struct seen *s = seen(k, ch);
        if (s == NULL) return failed(f, "out of memory", 0), -1;
        if (++s->ends % 2 == 0 && (kind & RECV2)) return 1;
    }
    if (ch->n == 0) return 0; /* no start to pair with: leave it as SimGrid wrote it */
    free(f->last);
    f->last = ch->keys[ch->head];
    ch->head = (ch->head + 1) % ch->cap;
    ch->n--;
    f->queued--;
    *key = f->last;
    return 0;
}
