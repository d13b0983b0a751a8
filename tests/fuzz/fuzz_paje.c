/* fuzz_paje.c: the Paje reader (src/trace/paje.c) on arbitrary bytes, every callback set.
 * Beyond what the sanitizers catch, it checks that an error names the trace and is one line,
 * and the callbacks read every string they are given (a dangling pointer shows). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paje.h"

static size_t sink; /* what the callbacks read, so that nothing is optimised away */

static void on_container(void *u, const struct paje_container *c)
{
    (void)u;
    sink += strlen(c->name) + strlen(c->type) + (c->parent ? strlen(c->parent->name) : 0);
    sink += c->end >= c->start;
}

static void on_state(void *u, const struct paje_state *s)
{
    (void)u;
    sink += strlen(s->container->name) + strlen(s->type) + strlen(s->value) + (size_t)s->depth;
}

static void on_link(void *u, const struct paje_link *l)
{
    (void)u;
    sink += strlen(l->type) + strlen(l->value) + strlen(l->key) + strlen(l->from->name) +
            strlen(l->to->name) + (l->container ? strlen(l->container->name) : 0);
}

static void on_variable(void *u, const struct paje_container *c, const char *type, double start,
                        double end, double value)
{
    (void)u;
    sink += strlen(c->name) + strlen(type) + (end >= start) + (value > 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* fmemopen refuses an empty buffer: an empty trace is /dev/null */
    FILE *f = size > 0 ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
    if (f == NULL) abort();
    char err[512];
    paje_reader *r = paje_open_stream(f, "fuzz.trace", err, sizeof err);
    if (r == NULL) abort();
    struct paje_callbacks cb = {on_container, on_state, on_link, on_variable};
    if (paje_read(r, &cb, NULL) != 0) {
        const char *e = paje_error(r);
        if (strncmp(e, "fuzz.trace:", 11) != 0 || strchr(e, '\n') != NULL) {
            fprintf(stderr, "bad error message: %s\n", e);
            abort();
        }
    }
    paje_close(r);
    return 0;
}
