/* pajelink.c: the Paje reader's open links: a table of its own keyed by
 * "type\x1fcontainer\x1fkey" (pajeread.h says why), and the StartLink/EndLink pairs that
 * complete a link. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pajeread.h"

struct open_link {
    const struct type *type;
    struct cont *container, *from, *to;
    const char *value; /* interned */
    double start, end, size;
    int have_start, have_end;
    size_t keylen;
    char key[]; /* "type\x1fcontainer\x1fkey", the link's own copy: no separate strdup */
};

/* Eight bytes per step, not FNV's one: keys run to a few dozen bytes, hashed once per event.
 * k must be zero-padded up to the next multiple of eight past len. */
static uint64_t link_hash(const char *k, size_t len)
{
    uint64_t h = (uint64_t)len * 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, sizeof w);
        h = (h ^ w) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    h ^= h >> 29; /* the slot index uses the low bits: fold the high ones in */
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 32);
}

/* The slot holding the key, or the empty slot where its probe run ends. t->cap > 0. */
static struct link_slot *link_slot(const struct link_table *t, uint64_t h, const char *k,
                                   size_t len)
{
    size_t mask = t->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        struct link_slot *s = &t->slot[i];
        if (s->link == NULL ||
            (s->hash == h && s->link->keylen == len && memcmp(s->link->key, k, len) == 0))
            return s;
    }
}

static int link_grow(struct link_table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    struct link_slot *slot = calloc(cap, sizeof *slot);
    if (slot == NULL) return -1;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i].link != NULL) {
            size_t j = t->slot[i].hash & (cap - 1);
            while (slot[j].link != NULL)
                j = (j + 1) & (cap - 1);
            slot[j] = t->slot[i];
        }
    free(t->slot);
    t->slot = slot;
    t->cap = cap;
    return 0;
}

/* Backward-shift deletion: walk the probe run after the hole; an entry whose home slot is not
 * between the hole and itself moves into the hole, which moves on to where it was. Lookups
 * stay correct with no tombstones. */
static void link_remove(struct link_table *t, struct link_slot *s)
{
    size_t mask = t->cap - 1, hole = (size_t)(s - t->slot);
    for (size_t j = (hole + 1) & mask; t->slot[j].link != NULL; j = (j + 1) & mask) {
        size_t home = t->slot[j].hash & mask;
        if (((j - home) & mask) >= ((j - hole) & mask)) { /* home at or before the hole */
            t->slot[hole] = t->slot[j];
            hole = j;
        }
    }
    t->slot[hole].link = NULL;
    t->count--;
}

void paje_links_free(struct link_table *t)
{
    for (size_t i = 0; i < t->cap; i++)
        free(t->slot[i].link);
    free(t->slot);
}

/* The open link of key k (kl bytes, zero-padded to 8 more), made if it is new; NULL after
 * paje_fail(). *slot is where the table holds it. */
static struct open_link *open_link_of(paje_reader *r, const char *k, size_t kl, struct type *ty,
                                      struct cont *c, struct link_slot **slot)
{
    uint64_t h = link_hash(k, kl);
    if (r->links.cap == 0 && link_grow(&r->links) != 0) return paje_fail(r, "out of memory"), NULL;
    struct link_slot *s = link_slot(&r->links, h, k, kl);
    struct open_link *l = s->link;
    if (l == NULL) {
        if (r->links.count >= MAX_OPEN_LINKS)
            return paje_fail(r, "more than %d links open at once", MAX_OPEN_LINKS), NULL;
        if ((r->links.count + 1) * 2 > r->links.cap) {
            if (link_grow(&r->links) != 0) return paje_fail(r, "out of memory"), NULL;
            s = link_slot(&r->links, h, k, kl);
        }
        l = malloc(sizeof *l + kl + 1);
        if (l == NULL) return paje_fail(r, "out of memory"), NULL;
        *l = (struct open_link){.type = ty, .container = c, .size = -1, .keylen = kl};
        memcpy(l->key, k, kl + 1);
        *s = (struct link_slot){h, l};
        r->links.count++;
        r->open_links++;
    }
    *slot = s;
    return l;
}

int paje_on_link_event(paje_reader *r, const struct def *d, char **v, double t, struct type *ty,
                       struct cont *c, const struct paje_callbacks *cb, void *user)
{
    int start = d->ev == EV_START_LINK;
    const char *endpoint = v[start ? d->idx_start : d->idx_end];
    struct cont *ep = paje_find_cont(r, endpoint);
    if (ep == NULL) return paje_fail(r, "unknown container '%s'", endpoint);
    /* the key as the reader has always built it, zero-padded for link_hash */
    const char *key = v[d->idx_key], *cname = c ? c->name : "0";
    size_t tl = ty->name_len, cl = c ? c->name_len : 1, kkl = strlen(key);
    size_t kl = tl + cl + kkl + 2;
    if (kl + 2 > LINK_KEY_MAX) return paje_fail(r, "link key too long");
    char k[LINK_KEY_MAX + 8];
    memcpy(k, ty->name, tl);
    k[tl] = '\x1f';
    memcpy(k + tl + 1, cname, cl);
    k[tl + 1 + cl] = '\x1f';
    memcpy(k + tl + cl + 2, key, kkl);
    memset(k + kl, 0, 8);
    struct link_slot *s;
    struct open_link *l = open_link_of(r, k, kl, ty, c, &s);
    if (l == NULL) return -1;
    if (start) {
        l->from = ep;
        l->start = t;
        l->have_start = 1;
        l->value = paje_value_name(r, ty, v[d->idx_value]);
        if (l->value == NULL) return -1;
        if (d->idx_size >= 0 && strcmp(v[d->idx_size], "NA") != 0 &&
            paje_parse_double(r, v[d->idx_size], "Size", &l->size) != 0)
            return -1;
    } else {
        l->to = ep;
        l->end = t;
        l->have_end = 1;
    }
    if (!l->have_start || !l->have_end) return 0;
    if (cb && cb->link) {
        struct paje_link pl = {ty->name,
                               l->value ? l->value : "",
                               v[d->idx_key], /* this line's */
                               c ? &c->pub : NULL,
                               &l->from->pub,
                               &l->to->pub,
                               l->start,
                               l->end,
                               l->size};
        cb->link(user, &pl);
    }
    link_remove(&r->links, s);
    free(l);
    r->open_links--;
    return 0;
}
