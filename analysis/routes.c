/* routes.c: the route between two ranks' hosts, from SimGrid, cached per rank pair. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

static int by_link_name(const void *x, const void *y)
{
    return strcmp(sg_link_get_name(*(const sg_link_t *)x), sg_link_get_name(*(const sg_link_t *)y));
}

static int find_link_name(const void *key, const void *elem)
{
    return strcmp(key, sg_link_get_name(*(const sg_link_t *)elem));
}

sg_link_t an_link(struct an *a, const char *name)
{
    if (a->rc.all == NULL) { /* sg_link_by_name throws on an unknown name */
        a->rc.nall = sg_link_count();
        a->rc.all = sg_link_list();
        qsort(a->rc.all, a->rc.nall, sizeof *a->rc.all, by_link_name);
    }
    sg_link_t *l = bsearch(name, a->rc.all, a->rc.nall, sizeof *a->rc.all, find_link_name);
    return l != NULL ? *l : NULL;
}

void an_on_container(void *user, const struct paje_container *c)
{
    struct an *a = user;
    int host = strcmp(c->type, "HOST") == 0, link = strcmp(c->type, "LINK") == 0;
    if ((host && sg_host_by_name(c->name) == NULL) || (link && an_link(a, c->name) == NULL))
        if (a->foreign++ == 0) snprintf(a->foreign_name, sizeof a->foreign_name, "%s", c->name);
}

/* The route between the hosts of two ranks, from SimGrid, cached per rank pair (each route
 * its own allocation, so pointers to it stay valid). NULL if a host is unknown. */
struct route *an_route_of(struct an *a, int src, int dst)
{
    if (src < 0 || dst < 0 || src >= a->nhosts || dst >= a->nhosts) return NULL;
    if ((a->rc.rcount + 1) * 2 > a->rc.rcap) { /* grow and rehash */
        size_t cap = a->rc.rcap ? a->rc.rcap * 2 : 256;
        unsigned long *k = calloc(cap, sizeof *k);
        struct route **v = calloc(cap, sizeof *v);
        for (size_t i = 0; i < a->rc.rcap; i++)
            if (a->rc.rkey[i]) {
                size_t j = (a->rc.rkey[i] * 2654435761ul) & (cap - 1);
                while (k[j])
                    j = (j + 1) & (cap - 1);
                k[j] = a->rc.rkey[i];
                v[j] = a->rc.rval[i];
            }
        free(a->rc.rkey);
        free(a->rc.rval);
        a->rc.rkey = k;
        a->rc.rval = v;
        a->rc.rcap = cap;
    }
    unsigned long key = (unsigned long)src * (unsigned long)a->nhosts + (unsigned long)dst + 1;
    size_t j = (key * 2654435761ul) & (a->rc.rcap - 1);
    while (a->rc.rkey[j] && a->rc.rkey[j] != key)
        j = (j + 1) & (a->rc.rcap - 1);
    if (a->rc.rkey[j]) return a->rc.rval[j];
    struct route **slot = &a->rc.rval[j];
    a->rc.rkey[j] = key;
    a->rc.rcount++;
    sg_host_t s = sg_host_by_name(a->host[src]), d = sg_host_by_name(a->host[dst]);
    if (s == NULL || d == NULL) return NULL;
    struct route *r = calloc(1, sizeof *r);
    xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
    sg_host_get_route(s, d, links);
    r->hops = (int)xbt_dynar_length(links);
    r->latency = sg_host_get_route_latency(s, d);
    if (a->mc != NULL)
        r->cls = machine_class_of(a->mc, s == d, sg_host_get_property_value(s, "collsim.node"),
                                  sg_host_get_property_value(s, "collsim.core"),
                                  sg_host_get_property_value(d, "collsim.node"),
                                  sg_host_get_property_value(d, "collsim.core"));
    r->bw = sg_host_get_route_bandwidth(s, d);
    r->link = calloc((size_t)r->hops + 1, sizeof *r->link);
    for (int i = 0; i < r->hops; i++) {
        sg_link_t l = xbt_dynar_get_as(links, i, sg_link_t);
        intptr_t id = (intptr_t)sg_link_get_data(l);
        if (id == 0) sg_link_set_data(l, (void *)(id = ++a->rc.nlinks));
        r->link[i] = (int)id - 1;
    }
    xbt_dynar_free(&links);
    return *slot = r;
}

void an_routes_free(struct an *a)
{
    for (size_t i = 0; i < a->rc.rcap; i++)
        if (a->rc.rval[i] != NULL) {
            free(a->rc.rval[i]->link);
            free(a->rc.rval[i]);
        }
    free(a->rc.rkey);
    free(a->rc.rval);
    free(a->rc.all); /* sg_link_list gives a malloc()ed array */
}
