/* nodes.c: the node and socket of every rank (nodes.h). */
#define _GNU_SOURCE /* process_vm_readv */
#include "nodes.h"

#include "topology.h"

#include <simgrid/actor.h>
#include <simgrid/barrier.h>
#include <simgrid/host.h>
#include <simgrid/zone.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

/* A rank's place: its node's key (the collsim.node number, else the host's address, which is
 * the same for every rank of that host) and its socket as the platform says it. */
struct place {
    int64_t node;
    int64_t socket;
};

/* The table, indexed by MPI_COMM_WORLD rank, in memory every rank shares, and the barrier of
 * its registration. Under SMPI's privatization (smpirun's default) every rank has its own copy
 * of this file's statics, so the first rank to register publishes the table's address
 * (shared_table), where every other rank finds it. */
struct table {
    uint64_t magic;     /* TABLE_MAGIC */
    struct table *self; /* its own address */
    struct place *place;
    int size;
    sg_bar_t bar;
};

#define TABLE_MAGIC 0x636f6c6c73696d4eull

/* 1 when addr holds a table of p ranks that this process made: its bytes are read with
 * process_vm_readv, which fails on an address that is not mapped where a load would fault,
 * and must hold the magic and their own address (8 bytes with zero high bytes, which no
 * environment string can plant). A value of the variable from outside (the environment
 * collsim was started with) is then ignored, never dereferenced. */
static int is_table(void *addr, int p)
{
    struct table t;
    struct iovec local = {&t, sizeof t}, remote = {addr, sizeof t};
    if (process_vm_readv((pid_t)syscall(SYS_getpid), &local, 1, &remote, 1, 0) != (ssize_t)sizeof t)
        return 0;
    return t.magic == TABLE_MAGIC && t.self == addr && t.size == p;
}

/* This rank's view of the table, set at registration (each rank's own copy when privatized). */
static struct place *world_place;
static int world_size, world_registered;

/* Cached views, one per distinct list of world ranks and grouping; never freed (a run has
 * few). */
struct view {
    struct view *next;
    int groups; /* 1: by dragonfly group (coll_nodes_groups), 0: by node */
    int *world; /* [p] the world rank of every rank of the communicator */
    struct coll_nodes n;
};
static struct view *views;

static int64_t prop_int(sg_host_t h, const char *name, int64_t dflt)
{
    const char *v = sg_host_get_property_value(h, name);
    char *end;
    long long x = v != NULL ? strtoll(v, &end, 10) : 0;
    return v != NULL && end != v && *end == '\0' ? (int64_t)x : dflt;
}

/* Cores in one part of the node's top level, from the root zone's collsim.dims of a machine
 * platform ("NODESxTOPxNEXTx...": the product after the second factor), or 0. */
static long top_part_cores(void)
{
    sg_netzone_t root = sg_zone_get_root();
    const char *kind = root ? sg_zone_get_property_value(root, "collsim.kind") : NULL;
    const char *dims = root ? sg_zone_get_property_value(root, "collsim.dims") : NULL;
    if (kind == NULL || dims == NULL || strcmp(kind, "machine") != 0) return 0;
    long f[16], n = 0;
    for (const char *s = dims; n < 16;) {
        char *end;
        f[n++] = strtol(s, &end, 10);
        if (end == s || f[n - 1] < 1) return 0;
        if (*end != 'x') break;
        s = end + 1;
    }
    if (n < 3) return 0; /* one level: the node is one part */
    long c = 1;
    for (int i = 2; i < n; i++)
        c *= f[i];
    return c;
}

static struct place my_place(void)
{
    sg_host_t h = sg_host_self();
    struct place pl;
    int64_t node = prop_int(h, "collsim.node", -1);
    pl.node = node >= 0 ? node : (int64_t)(intptr_t)h;
    pl.socket = prop_int(h, "collsim.socket", -1);
    if (pl.socket < 0) {
        int64_t core = prop_int(h, "collsim.core", -1);
        long part = core >= 0 ? top_part_cores() : 0;
        pl.socket = part > 0 ? core / part : 0;
    }
    return pl;
}

/* The shared table of p ranks: found through an environment variable named after this
 * process (libc's environment is one for every rank, privatized or not, and setenv is no
 * simcall, so no other rank runs between the look-up and the publication), or made and
 * published by the first rank to ask. Its barrier is made after the publication (making it
 * may let other ranks run), so a rank that finds none yet yields until it is there. NULL if
 * out of memory. */
static struct table *shared_table(int p)
{
    char name[64], text[32];
    /* the process id from the kernel: SMPI answers getpid() with the rank's actor id */
    snprintf(name, sizeof name, "COLLSIM_NODES_TABLE_%ld", (long)syscall(SYS_getpid));
    const char *v = getenv(name);
    void *addr = NULL;
    struct table *t;
    if (v != NULL && sscanf(v, "%p", &addr) == 1 && is_table(addr, p)) {
        t = addr;
        while (t->bar == NULL)
            sg_actor_yield();
        return t;
    }
    t = calloc(1, sizeof *t);
    if (t == NULL || (t->place = calloc((size_t)p, sizeof *t->place)) == NULL) {
        free(t);
        return NULL;
    }
    t->size = p, t->magic = TABLE_MAGIC, t->self = t;
    snprintf(text, sizeof text, "%p", (void *)t);
    setenv(name, text, 1);
    t->bar = sg_barrier_init((unsigned)p);
    return t;
}

void coll_nodes_register(void)
{
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    struct table *t = shared_table(p);
    if (t == NULL) return; /* no table: each call exchanges the places (coll_nodes_get) */
    t->place[rank] = my_place();
    sg_barrier_wait(t->bar);
    world_place = t->place, world_size = t->size, world_registered = 1;
}

static int cmp_pair(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Fills v->n from the places of the p ranks (pl[r]). 0, or -1 if out of memory. */
static int build(struct view *v, const struct place *pl, int p)
{
    struct coll_nodes *n = &v->n;
    n->p = p;
    n->node = malloc(sizeof(int) * (size_t)p);
    n->members = malloc(sizeof(int) * (size_t)p);
    n->local = malloc(sizeof(int) * (size_t)p);
    n->socket = malloc(sizeof(int) * (size_t)p);
    n->start = malloc(sizeof(int) * (size_t)(p + 1));
    n->nsock = malloc(sizeof(int) * (size_t)p);
    int64_t *pair = malloc(sizeof(int64_t) * 2 * (size_t)p);
    int *first = malloc(sizeof(int) * (size_t)p); /* node of the sorted run starting at i */
    if (!n->node || !n->members || !n->local || !n->socket || !n->start || !n->nsock || !pair ||
        !first) {
        free(pair);
        free(first);
        return -1;
    }
    /* sort (key, rank): each node's ranks become a run in rank order; number the nodes by
     * their lowest rank */
    for (int r = 0; r < p; r++)
        pair[2 * r] = pl[r].node, pair[2 * r + 1] = r;
    qsort(pair, (size_t)p, 2 * sizeof(int64_t), cmp_pair);
    int runs = 0;
    for (int i = 0; i < p; i++)
        if (i == 0 || pair[2 * i] != pair[2 * i - 2]) first[runs++] = (int)pair[2 * i + 1];
    /* node order: runs by their first (lowest) rank; mark each lowest rank with its run */
    for (int r = 0; r < p; r++)
        n->node[r] = -1;
    for (int k = 0; k < runs; k++)
        n->node[first[k]] = k; /* temporarily: run index at the run's lowest rank */
    int *order = first;        /* reused: run index -> node number */
    int nodes = 0;
    for (int r = 0; r < p; r++)
        if (n->node[r] >= 0) order[n->node[r]] = nodes++;
    n->nnodes = nodes;
    for (int k = 0; k <= nodes; k++)
        n->start[k] = 0;
    for (int i = 0, k = -1; i < p; i++) {
        if (i == 0 || pair[2 * i] != pair[2 * i - 2]) k++;
        n->node[pair[2 * i + 1]] = order[k];
    }
    for (int r = 0; r < p; r++)
        n->start[n->node[r] + 1]++;
    for (int k = 0; k < nodes; k++)
        n->start[k + 1] += n->start[k];
    int *fill = order; /* reused: next free slot of each node */
    for (int k = 0; k < nodes; k++)
        fill[k] = n->start[k];
    for (int r = 0; r < p; r++) {
        n->local[r] = fill[n->node[r]] - n->start[n->node[r]];
        n->members[fill[n->node[r]]++] = r;
    }
    /* sockets renumbered per node in the order of its ranks */
    n->min_sock = p;
    for (int k = 0; k < nodes; k++) {
        int cnt = n->start[k + 1] - n->start[k], ns = 0;
        const int *m = n->members + n->start[k];
        for (int i = 0; i < cnt; i++) {
            int j = 0;
            while (j < i && pl[m[j]].socket != pl[m[i]].socket)
                j++;
            n->socket[m[i]] = j < i ? n->socket[m[j]] : ns++;
        }
        n->nsock[k] = ns;
        if (ns < n->min_sock) n->min_sock = ns;
    }
    if (p == 0) n->min_sock = 1;
    free(pair);
    free(first);
    return 0;
}

int coll_nodes_socket_rank(const struct coll_nodes *n, int k, int j)
{
    for (int i = n->start[k]; i < n->start[k + 1]; i++)
        if (n->socket[n->members[i]] == j) return n->members[i];
    return n->members[n->start[k]];
}

/* The cached view of comm's ranks (world ranks `world`, p of them) grouped by `groups`. */
static struct view *cached(const int *world, int p, int groups)
{
    for (struct view *v = views; v != NULL; v = v->next)
        if (v->groups == groups && v->n.p == p &&
            memcmp(v->world, world, sizeof(int) * (size_t)p) == 0)
            return v;
    return NULL;
}

/* comm's view by node (groups 0) or by dragonfly group (groups 1, on a dragonfly). */
static int get_view(MPI_Comm comm, int groups, const struct coll_nodes **out)
{
    int p, rc;
    MPI_Comm_size(comm, &p);
    int *world = malloc(sizeof(int) * (size_t)p), *idx = malloc(sizeof(int) * (size_t)p);
    struct place *pl = malloc(sizeof *pl * (size_t)p);
    if (world == NULL || idx == NULL || pl == NULL) {
        free(world), free(idx), free(pl);
        return MPI_ERR_NO_MEM;
    }
    MPI_Group g, wg;
    MPI_Comm_group(comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    for (int r = 0; r < p; r++)
        idx[r] = r;
    MPI_Group_translate_ranks(g, p, idx, wg, world);
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
    free(idx);
    struct view *hit = cached(world, p, groups);
    if (hit != NULL) {
        free(world), free(pl);
        *out = &hit->n;
        return MPI_SUCCESS;
    }
    int known = world_registered;
    for (int r = 0; r < p && known; r++)
        known = world[r] >= 0 && world[r] < world_size;
    if (groups) { /* rank i of MPI_COMM_WORLD on node i: the group of node world[r] */
        struct coll_dragonfly d;
        coll_dragonfly_get(&d);
        for (int r = 0; r < p; r++)
            pl[r] = (struct place){coll_dragonfly_where(&d, world[r]).group, 0};
    } else if (known) {
        for (int r = 0; r < p; r++)
            pl[r] = world_place[world[r]];
    } else { /* no table (every rank sees the same): exchange, counted in this call */
        struct place mine = my_place();
        rc = MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, pl, (int)sizeof mine, MPI_BYTE, comm);
        if (rc != MPI_SUCCESS) {
            free(world), free(pl);
            return rc;
        }
        /* another rank of comm may have cached the same view meanwhile */
        if ((hit = cached(world, p, groups)) != NULL) {
            free(world), free(pl);
            *out = &hit->n;
            return MPI_SUCCESS;
        }
    }
    struct view *v = calloc(1, sizeof *v);
    if (v == NULL || build(v, pl, p) != 0) {
        free(world), free(pl), free(v);
        return MPI_ERR_NO_MEM;
    }
    free(pl);
    v->groups = groups;
    v->world = world;
    v->next = views;
    views = v;
    *out = &v->n;
    return MPI_SUCCESS;
}

int coll_nodes_get(MPI_Comm comm, const struct coll_nodes **out)
{
    return get_view(comm, 0, out);
}

int coll_nodes_groups(MPI_Comm comm, const struct coll_nodes **out)
{
    struct coll_dragonfly d;
    return get_view(comm, coll_dragonfly_get(&d) == 0, out);
}
