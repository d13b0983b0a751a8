/* pajestate.c: the Paje reader's containers over time: the stack of states on each, its
 * variables, its destruction (or the trace's end) that closes them, and the dispatch of the
 * events on a container. */
#include <stdlib.h>
#include <string.h>

#include "pajeread.h"

static void end_states(paje_reader *r, struct cont *c, double t, int down_to,
                       const struct paje_callbacks *cb, void *user)
{
    while (c->depth > down_to) {
        struct frame *fr = &c->stack[--c->depth];
        if (cb && cb->state) {
            struct paje_state s = {&c->pub, fr->type->name, fr->value, fr->start, t, fr->depth};
            cb->state(user, &s);
        }
    }
    (void)r;
}

static void flush_vars(struct cont *c, double t, const struct paje_callbacks *cb, void *user)
{
    for (struct var *v = c->vars; v; v = v->next)
        if (cb && cb->variable && t >= v->since)
            cb->variable(user, &c->pub, v->type->name, v->since, t, v->value);
}

int paje_on_destroy(paje_reader *r, const struct def *d, char **v, double t,
                    const struct paje_callbacks *cb, void *user)
{
    struct cont *c = paje_find_cont(r, v[d->idx_name]);
    if (c == NULL) return paje_fail(r, "unknown container '%s'", v[d->idx_name]);
    end_states(r, c, t, 0, cb, user);
    flush_vars(c, t, cb, user);
    c->pub.end = t;
    if (cb && cb->container) cb->container(user, &c->pub);
    return 0;
}

/* PajeSet/Add/SubVariable: the old value's interval goes to the callback. */
static int on_variable_event(paje_reader *r, const struct def *d, char **v, double t,
                             struct type *ty, struct cont *c, const struct paje_callbacks *cb,
                             void *user)
{
    if (c == NULL) return paje_fail(r, "variable on the root container");
    double x;
    if (paje_parse_double(r, v[d->idx_value], "Value", &x) != 0) return -1;
    struct var *var = c->vars;
    while (var && var->type != ty)
        var = var->next;
    if (var == NULL) {
        if ((var = calloc(1, sizeof *var)) == NULL) return paje_fail(r, "out of memory");
        var->type = ty;
        var->since = t;
        var->next = c->vars;
        c->vars = var;
    } else if (t > var->since) {
        if (cb && cb->variable) cb->variable(user, &c->pub, ty->name, var->since, t, var->value);
        var->since = t;
    }
    var->value = d->ev == EV_SET_VAR ? x : d->ev == EV_ADD_VAR ? var->value + x : var->value - x;
    return 0;
}

/* PajeSet/Push/Pop/ResetState: a state goes to the callback when it ends. */
static int on_state_event(paje_reader *r, const struct def *d, char **v, double t, struct type *ty,
                          struct cont *c, const struct paje_callbacks *cb, void *user)
{
    if (d->ev == EV_RESET) {
        if (c != NULL) end_states(r, c, t, 0, cb, user);
        return 0;
    }
    if (d->ev == EV_POP) {
        if (c == NULL || c->depth == 0)
            return paje_fail(r, "pop with no state on '%s'", v[d->idx_container]);
        end_states(r, c, t, c->depth - 1, cb, user);
        return 0;
    }
    if (c == NULL) return paje_fail(r, "state on the root container");
    if (d->ev == EV_SET_STATE) end_states(r, c, t, 0, cb, user);
    if (c->depth == MAX_DEPTH)
        return paje_fail(r, "states nested deeper than %d on '%s'", MAX_DEPTH, c->name);
    if (c->depth == c->cap) {
        int cap = c->cap ? c->cap * 2 : 4;
        struct frame *st = realloc(c->stack, (size_t)cap * sizeof *st);
        if (st == NULL) return paje_fail(r, "out of memory");
        c->stack = st, c->cap = cap;
    }
    const char *value = paje_value_name(r, ty, v[d->idx_value]);
    if (value == NULL) return -1;
    int below = 0;
    for (int i = 0; i < c->depth; i++)
        below += c->stack[i].type == ty;
    c->stack[c->depth++] = (struct frame){ty, value, t, below};
    return 0;
}

int paje_on_container_event(paje_reader *r, const struct def *d, char **v, double t,
                            const struct paje_callbacks *cb, void *user)
{
    if (d->idx_type < 0 || d->idx_container < 0) return 0; /* an unknown kind: passed over */
    struct type *ty = paje_find_type(r, v[d->idx_type]);
    if (ty == NULL) return paje_fail(r, "unknown type '%s'", v[d->idx_type]);
    struct cont *c = paje_find_cont(r, v[d->idx_container]);
    if (c == NULL && strcmp(v[d->idx_container], "0") != 0)
        return paje_fail(r, "unknown container '%s'", v[d->idx_container]);
    switch (d->ev) {
    case EV_SET_VAR:
    case EV_ADD_VAR:
    case EV_SUB_VAR:
        return on_variable_event(r, d, v, t, ty, c, cb, user);
    case EV_SET_STATE:
    case EV_PUSH:
    case EV_POP:
    case EV_RESET:
        return on_state_event(r, d, v, t, ty, c, cb, user);
    case EV_START_LINK:
    case EV_END_LINK:
        return paje_on_link_event(r, d, v, t, ty, c, cb, user);
    default:
        return 0; /* NewEvent and unknown event kinds: read and passed over */
    }
}

void paje_end_all(paje_reader *r, const struct paje_callbacks *cb, void *user)
{
    for (size_t i = 0; i < r->nall; i++)
        if (r->all[i]->pub.end < 0) {
            end_states(r, r->all[i], r->last_time, 0, cb, user);
            flush_vars(r->all[i], r->last_time, cb, user);
            r->all[i]->pub.end = r->last_time;
            if (cb && cb->container) cb->container(user, &r->all[i]->pub);
        }
}
