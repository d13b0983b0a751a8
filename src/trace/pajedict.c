/* pajedict.c: the Paje reader's dictionaries: a string map (open addressing), the interned
 * value names, and the types, their values and the containers, found by alias or by name
 * (small numeric aliases through direct tables). The map is hand-written: glib's GHashTable
 * would do, but one small table type is simpler than a dependency for the analyzer's hot
 * loop (the open links, looked up twice per link, have a table of their own: pajelink.c). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pajeread.h"

static unsigned long hash_str(const char *s)
{
    unsigned long h = 1469598103934665603ul;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ul;
    return h;
}

static void *map_get(const struct map *m, const char *k)
{
    if (m->cap == 0) return NULL;
    for (size_t i = hash_str(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->key[i] == NULL) return NULL;
        if (strcmp(m->key[i], k) == 0) return m->val[i];
    }
}

static int map_put(struct map *m, const char *k, void *v);

static int map_grow(struct map *m)
{
    struct map n = {calloc(m->cap ? m->cap * 2 : 64, sizeof(char *)),
                    calloc(m->cap ? m->cap * 2 : 64, sizeof(void *)), m->cap ? m->cap * 2 : 64, 0};
    if (n.key == NULL || n.val == NULL) return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            map_put(&n, m->key[i], m->val[i]);
            free(m->key[i]);
        }
    free(m->key);
    free(m->val);
    *m = n;
    return 0;
}

/* Inserts or replaces. Returns 0, -1 on out of memory. */
static int map_put(struct map *m, const char *k, void *v)
{
    if ((m->count + 1) * 2 > m->cap && map_grow(m) != 0) return -1;
    size_t i = hash_str(k) & (m->cap - 1);
    while (m->key[i] != NULL && strcmp(m->key[i], k) != 0)
        i = (i + 1) & (m->cap - 1);
    if (m->key[i] == NULL) {
        if ((m->key[i] = strdup(k)) == NULL) return -1;
        m->count++;
    }
    m->val[i] = v;
    return 0;
}

static void map_free(struct map *m, void (*fn)(void *))
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            free(m->key[i]);
            if (fn) fn(m->val[i]);
        }
    free(m->key);
    free(m->val);
}

int paje_alias_num(const char *s)
{
    int v = 0, n = 0;
    for (; *s >= '0' && *s <= '9'; s++, n++) {
        v = v * 10 + (*s - '0');
        if (v >= 65536) return -1;
    }
    return (*s == '\0' && n > 0) ? v : -1;
}

/* s, interned; NULL after paje_fail() past MAX_STRINGS. */
static const char *intern(paje_reader *r, const char *s)
{
    char *v = map_get(&r->strings, s);
    if (v != NULL) return v;
    if (r->strings.count >= MAX_STRINGS)
        return paje_fail(r, "more than %d distinct value names", MAX_STRINGS), NULL;
    v = strdup(s);
    if (v == NULL || map_put(&r->strings, s, v) != 0) {
        free(v);
        return paje_fail(r, "out of memory"), NULL;
    }
    return v;
}

struct type *paje_find_type(paje_reader *r, const char *s)
{
    int n = paje_alias_num(s);
    if (n >= 0 && n < 4096 && r->type_num[n] != NULL) return r->type_num[n];
    return map_get(&r->types, s);
}

struct cont *paje_find_cont(paje_reader *r, const char *s)
{
    int n = paje_alias_num(s);
    if (n >= 0 && r->cont_num[n] != NULL) return r->cont_num[n];
    /* A number no alias spelled can only be in the map as a name: with no numeric names, skip
     * the hash and miss, as every link on the root container "0" does. */
    if (n >= 0 && !r->numeric_names) return NULL;
    return map_get(&r->containers, s);
}

const char *paje_value_name(paje_reader *r, const struct type *t, const char *v)
{
    int num = paje_alias_num(v);
    if (num >= 0 && num < t->nvalue_num && t->value_num[num] != NULL) return t->value_num[num];
    if (t->last_literal != NULL && strcmp(t->last_literal, v) == 0) return t->last_literal;
    char k[512];
    snprintf(k, sizeof k, "%s\x1f%s", t->name, v);
    const char *n = map_get(&r->values, k);
    n = n ? n : intern(r, v); /* a literal value: Paje allows values never declared */
    if (n != NULL) ((struct type *)t)->last_literal = n;
    return n;
}

/* Room for one more element in the array at *(T **)listp holding n elements of elem bytes
 * in a capacity *cap (doubling from 64). 0, or -1 when out of memory (the array unchanged). */
static int grow_slots(void *listp, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap) return 0;
    void *list;
    memcpy(&list, listp, sizeof list);
    size_t want = *cap ? *cap * 2 : 64;
    void *grown = realloc(list, want * elem);
    if (grown == NULL) return -1;
    memcpy(listp, &grown, sizeof grown);
    *cap = want;
    return 0;
}

/* A new zeroed record of `size` bytes, its char * at name_off a copy of name, appended to the
 * list that owns it, *(T **)listp (*n elements, *cap room). NULL when out of memory (the list
 * then holds what it held). */
static void *add_named(void *listp, size_t *cap, size_t *n, size_t size, size_t name_off,
                       const char *name)
{
    char *rec = NULL, *copy = NULL, *list;
    if (grow_slots(listp, cap, *n, sizeof rec) != 0 || (rec = calloc(1, size)) == NULL ||
        (copy = strdup(name)) == NULL) {
        free(rec);
        return NULL;
    }
    memcpy(rec + name_off, &copy, sizeof copy);
    memcpy(&list, listp, sizeof list);
    memcpy(list + *n * sizeof rec, &rec, sizeof rec);
    ++*n;
    return rec;
}

int paje_on_define_type(paje_reader *r, const struct def *d, char **v)
{
    if (strcmp(v[d->idx_type], "0") != 0 && paje_find_type(r, v[d->idx_type]) == NULL)
        return paje_fail(r, "unknown parent type '%s'", v[d->idx_type]);
    if (r->ntypes == MAX_TYPES) return paje_fail(r, "more than %d types", MAX_TYPES);
    struct type *ty = add_named(&r->alltypes, &r->captypes, &r->ntypes, sizeof *ty,
                                offsetof(struct type, name), v[d->idx_name]);
    if (ty == NULL)
        return paje_fail(r, "out of memory"); /* owned there: the maps only point to it */
    ty->name_len = strlen(ty->name);
    ty->kind = d->ev;
    map_put(&r->types, v[d->idx_alias], ty);
    int tn = paje_alias_num(v[d->idx_alias]);
    if (tn >= 0 && tn < 4096) r->type_num[tn] = ty;
    if (paje_find_type(r, ty->name) == NULL) map_put(&r->types, ty->name, ty);
    return 0;
}

/* Makes ty->value_num reach alias vn (< 65536). 0, or -1 when the tables, a shortcut for
 * paje_value_name(), would pass MAX_VALUE_SLOTS: the alias is then found through r->values. */
static int value_slot(paje_reader *r, struct type *ty, int vn)
{
    if (vn < ty->nvalue_num) return 0;
    int cap = ty->nvalue_num ? ty->nvalue_num : 16;
    while (cap <= vn)
        cap *= 2;
    if (r->value_slots + (size_t)(cap - ty->nvalue_num) > MAX_VALUE_SLOTS) return -1;
    const char **t = realloc(ty->value_num, (size_t)cap * sizeof *t);
    if (t == NULL) return -1;
    memset(t + ty->nvalue_num, 0, (size_t)(cap - ty->nvalue_num) * sizeof *t);
    r->value_slots += (size_t)(cap - ty->nvalue_num);
    ty->value_num = t, ty->nvalue_num = cap;
    return 0;
}

int paje_on_define_value(paje_reader *r, const struct def *d, char **v)
{
    struct type *ty = paje_find_type(r, v[d->idx_type]);
    if (ty == NULL) return paje_fail(r, "unknown type '%s'", v[d->idx_type]);
    char k[512];
    const char *name = intern(r, v[d->idx_name]);
    if (name == NULL) return -1;
    snprintf(k, sizeof k, "%s\x1f%s", ty->name, v[d->idx_alias]);
    map_put(&r->values, k, (void *)name);
    int vn = paje_alias_num(v[d->idx_alias]);
    if (vn >= 0 && value_slot(r, ty, vn) == 0) ty->value_num[vn] = name;
    snprintf(k, sizeof k, "%s\x1f%s", ty->name, name);
    map_put(&r->values, k, (void *)name);
    return 0;
}

int paje_on_create(paje_reader *r, const struct def *d, char **v, double t)
{
    struct type *ty = paje_find_type(r, v[d->idx_type]);
    if (ty == NULL) return paje_fail(r, "unknown container type '%s'", v[d->idx_type]);
    struct cont *parent = NULL;
    if (strcmp(v[d->idx_container], "0") != 0) {
        parent = paje_find_cont(r, v[d->idx_container]);
        if (parent == NULL)
            return paje_fail(r, "unknown parent container '%s'", v[d->idx_container]);
    }
    if (r->nall == MAX_CONTAINERS) return paje_fail(r, "more than %d containers", MAX_CONTAINERS);
    struct cont *c = add_named(&r->all, &r->capall, &r->nall, sizeof *c,
                               offsetof(struct cont, name), v[d->idx_name]);
    if (c == NULL) return paje_fail(r, "out of memory");
    c->name_len = strlen(c->name);
    if (paje_alias_num(c->name) >= 0) r->numeric_names = 1;
    c->type = ty;
    c->pub = (struct paje_container){c->name, ty->name, parent ? &parent->pub : NULL, t, -1};
    map_put(&r->containers, v[d->idx_alias], c);
    int cn = paje_alias_num(v[d->idx_alias]);
    if (cn >= 0) r->cont_num[cn] = c;
    map_put(&r->containers, c->name, c);
    return 0;
}

/* Frees every container of r with its states and variables. */
static void free_containers(paje_reader *r)
{
    for (size_t i = 0; i < r->nall; i++) {
        struct cont *c = r->all[i];
        free(c->name);
        free(c->stack);
        while (c->vars) {
            struct var *n = c->vars->next;
            free(c->vars);
            c->vars = n;
        }
        free(c);
    }
    free(r->all);
}

void paje_dict_free(paje_reader *r)
{
    free_containers(r);
    for (size_t i = 0; i < r->ntypes; i++) {
        free(r->alltypes[i]->name);
        free(r->alltypes[i]->value_num);
        free(r->alltypes[i]);
    }
    free(r->alltypes);
    map_free(&r->types, NULL);
    map_free(&r->values, NULL);
    map_free(&r->containers, NULL);
    map_free(&r->strings, free);
}
