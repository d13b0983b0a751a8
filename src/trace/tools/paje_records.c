/* paje_records.c: prints what collsim's Paje reader reads, in pj_dump's record layout, so
 * tests can compare the two record by record; -q only counts (for the benchmark). */
#include <stdio.h>
#include <string.h>

#include "paje.h"

static long count;
static int quiet;

static const char *name_or_0(const struct paje_container *c)
{
    return c ? c->name : "0";
}

static void on_container(void *u, const struct paje_container *c)
{
    (void)u;
    count++;
    if (!quiet)
        printf("Container, %s, %s, %.9f, %.9f, %.9f, %s\n", name_or_0(c->parent), c->type, c->start,
               c->end, c->end - c->start, c->name);
}

static void on_state(void *u, const struct paje_state *s)
{
    (void)u;
    count++;
    if (!quiet)
        printf("State, %s, %s, %.9f, %.9f, %.9f, %.9f, %s\n", s->container->name, s->type, s->start,
               s->end, s->end - s->start, (double)s->depth, s->value);
}

static void on_link(void *u, const struct paje_link *l)
{
    (void)u;
    count++;
    if (quiet) return;
    printf("Link, %s, %s, %.9f, %.9f, %.9f, %s, %s, %s, %s", name_or_0(l->container), l->type,
           l->start, l->end, l->end - l->start, l->value, l->from->name, l->to->name, l->key);
    if (l->size >= 0) printf(", %.0f", l->size);
    putchar('\n');
}

static void on_variable(void *u, const struct paje_container *c, const char *type, double start,
                        double end, double value)
{
    (void)u;
    count++;
    if (!quiet)
        printf("Variable, %s, %s, %.9f, %.9f, %.9f, %.9f\n", c->name, type, start, end, end - start,
               value);
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
        else
            path = argv[i];
    }
    if (path == NULL) {
        fprintf(stderr, "usage: paje_records [-q] TRACE\n");
        return 2;
    }
    char err[512];
    paje_reader *r = paje_open(path, err, sizeof err);
    if (r == NULL) {
        fprintf(stderr, "collsim: error: %s\n", err);
        return 1;
    }
    struct paje_callbacks cb = {on_container, on_state, on_link, on_variable};
    int rc = paje_read(r, &cb, NULL);
    if (rc != 0)
        fprintf(stderr, "collsim: error: %s\n", paje_error(r));
    else if (quiet)
        printf("%ld records, %ld events, %ld open links\n", count, paje_events(r),
               paje_open_links(r));
    paje_close(r);
    return rc != 0;
}
