/* torus_edst.c: four spanning trees of the A x B torus (A, B >= 3) rooted at node 0 that share
 * no directed link.
 *
 * Source: of our design (docs/collectives/bcast.md#torus_trees); the idea of edge-disjoint
 * spanning trees for a broadcast that uses every link of a node is Johnsson and Ho's (IEEE
 * Trans. Computers 38(9), 1989).
 *
 * Every non-root node has four incoming links and needs a parent in each of the four trees, so
 * it takes each tree on a different link: a choice of trees is a permutation at every node.
 * The search starts from a construction that is valid at every size and moves by swapping two
 * trees' parents at one node (the permutation stays one), never making a cycle. It lowers
 * the cost, the sum over trees and nodes of the depth beyond a target height H, by simulated
 * annealing (a move that raises the cost by c is taken with probability exp(-c / T)), for
 * H = bound, bound + 1, ... until one is met or the construction is no higher. The random
 * numbers are GSL's MT19937 with a fixed seed: the same trees on every run. */
#include "torus_edst.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TREES 4
#define SEED 20261127UL
#define T_START 2.0   /* the annealing's first temperature, in levels */
#define T_FLOOR 0.05  /* its last */
#define T_COOL 0.9995 /* its factor per move */

struct search {
    int A, B, p, H;
    int *par[TREES], *depth[TREES];
    int *stack; /* [p]: the subtree walks */
    gsl_rng *rng;
};

/* v's neighbour in direction d: 0 -x, 1 +x, 2 -y, 3 +y. */
static int neighbour(int A, int B, int v, int d)
{
    int x = v % A, y = v / A;
    if (d < 2)
        x = (x + (d == 0 ? A - 1 : 1)) % A;
    else
        y = (y + (d == 2 ? B - 1 : 1)) % B;
    return x + A * y;
}

/* The construction: the parent of (x, y) in tree t. "Row 0" is y = 0, "column 0" x = 0;
 * tree 0: row 0 from (x-1, 0), column 0 from (A-1, y), inner nodes from (x, y-1); tree 1:
 * column 0 from (0, y-1), row 0 from (x, B-1), inner from (x+1, y); trees 2 and 3: trees 0 and
 * 1 turned half a turn. Each direction serves row 0 and column 0 in one tree and the inner
 * nodes in another, so no directed link is in two trees. Height A + B - 1. */
static int built_parent(int t, int x, int y, int A, int B)
{
    if (t >= 2) {
        int q = built_parent(t - 2, (A - x) % A, (B - y) % B, A, B);
        return (A - q % A) % A + A * ((B - q / A) % B);
    }
    int row = y == 0, col = x == 0, px, py;
    if (t == 0) {
        px = row ? x - 1 : col ? A - 1 : x;
        py = row ? 0 : col ? y : y - 1;
    } else {
        px = col ? 0 : row ? x : (x + 1) % A;
        py = col ? y - 1 : row ? B - 1 : y;
    }
    return px + A * py;
}

/* Fills tree t's depths from its parents (an acyclic tree). */
static void set_depths(struct search *s, int t)
{
    int *d = s->depth[t], *par = s->par[t];
    for (int v = 0; v < s->p; v++)
        d[v] = v == 0 ? 0 : -1;
    for (int v = 1; v < s->p; v++) {
        int n = 0, u = v;
        while (d[u] < 0) {
            s->stack[n++] = u;
            u = par[u];
        }
        while (n > 0) {
            int w = s->stack[--n];
            d[w] = d[par[w]] + 1;
        }
    }
}

static long excess(const struct search *s, int depth)
{
    return depth > s->H ? depth - s->H : 0;
}

/* The change of tree t's cost when v's subtree moves `shift` levels down; with apply, the
 * subtree's depths move. */
static long shift_subtree(struct search *s, int t, int v, int shift, int apply)
{
    int *d = s->depth[t], *par = s->par[t], n = 0;
    long delta = 0;
    s->stack[n++] = v;
    while (n > 0) {
        int w = s->stack[--n];
        delta += excess(s, d[w] + shift) - excess(s, d[w]);
        if (apply) d[w] += shift;
        for (int k = 0; k < 4; k++) {
            int c = neighbour(s->A, s->B, w, k);
            if (par[c] == w) s->stack[n++] = c;
        }
    }
    return delta;
}

/* Whether u is in v's subtree in tree t. */
static int below(const struct search *s, int t, int u, int v)
{
    const int *d = s->depth[t], *par = s->par[t];
    while (d[u] > d[v])
        u = par[u];
    return u == v;
}

/* One move: trees a and b swap their parents at v, unless that makes a cycle or the
 * annealing turns it down. The change of cost (0 when not taken). */
static long try_swap(struct search *s, int v, int a, int b, double T)
{
    int ua = s->par[a][v], ub = s->par[b][v];
    if (below(s, a, ub, v) || below(s, b, ua, v)) return 0;
    int sa = s->depth[a][ub] + 1 - s->depth[a][v], sb = s->depth[b][ua] + 1 - s->depth[b][v];
    long delta = shift_subtree(s, a, v, sa, 0) + shift_subtree(s, b, v, sb, 0);
    if (delta > 0 && gsl_rng_uniform(s->rng) >= exp(-(double)delta / T)) return 0;
    shift_subtree(s, a, v, sa, 1);
    shift_subtree(s, b, v, sb, 1);
    s->par[a][v] = ub;
    s->par[b][v] = ua;
    return delta;
}

/* Anneals towards height H for at most `budget` moves; whether H is met. */
static int reach(struct search *s, int H, long budget)
{
    long cost = 0;
    s->H = H;
    for (int t = 0; t < TREES; t++)
        for (int v = 1; v < s->p; v++)
            cost += excess(s, s->depth[t][v]);
    double T = T_START;
    for (long i = 0; i < budget && cost > 0; i++) {
        int v = 1 + (int)gsl_rng_uniform_int(s->rng, (unsigned long)s->p - 1);
        int a = (int)gsl_rng_uniform_int(s->rng, TREES), b = (int)gsl_rng_uniform_int(s->rng, 3);
        cost += try_swap(s, v, a, b >= a ? b + 1 : b, T);
        T = T * T_COOL > T_FLOOR ? T * T_COOL : T_FLOOR;
    }
    return cost == 0;
}

int torus_edst_bound(int A, int B)
{
    return 1 + A / 2 + B / 2;
}

static void search_free(struct search *s)
{
    for (int t = 0; t < TREES; t++)
        free(s->depth[t]);
    free(s->stack);
    if (s->rng != NULL) gsl_rng_free(s->rng);
}

/* A search whose trees are the construction's, in e->parent. -1 when out of memory. */
static int search_init(struct search *s, struct torus_edst *e)
{
    int A = e->A, B = e->B, p = A * B;
    memset(s, 0, sizeof *s);
    s->A = A, s->B = B, s->p = p;
    s->stack = malloc(sizeof(int) * (size_t)p);
    s->rng = gsl_rng_alloc(gsl_rng_mt19937);
    int ok = s->stack != NULL && s->rng != NULL;
    for (int t = 0; t < TREES && ok; t++) {
        s->par[t] = e->parent + (size_t)t * p;
        s->depth[t] = malloc(sizeof(int) * (size_t)p);
        ok = s->depth[t] != NULL;
    }
    if (!ok) {
        search_free(s);
        return -1;
    }
    gsl_rng_set(s->rng, SEED);
    for (int t = 0; t < TREES; t++) {
        s->par[t][0] = -1;
        for (int v = 1; v < p; v++)
            s->par[t][v] = built_parent(t, v % A, v / A, A, B);
        set_depths(s, t);
    }
    return 0;
}

/* Fills e (A, B set, parent allocated) with the lowest trees the search reaches. */
static int lower(struct torus_edst *e)
{
    struct search s;
    if (search_init(&s, e) != 0) return -1;
    size_t bytes = sizeof(int) * (size_t)TREES * s.p;
    int *best = malloc(bytes);
    if (best == NULL) {
        search_free(&s);
        return -1;
    }
    memcpy(best, e->parent, bytes);
    e->height = e->A + e->B - 1;
    long budget = 256L * s.p + 20000;
    for (int H = torus_edst_bound(e->A, e->B); s.p <= TORUS_EDST_SEARCH_MAX && H < e->height; H++)
        if (reach(&s, H, budget)) {
            memcpy(best, e->parent, bytes);
            e->height = H;
            break;
        }
    memcpy(e->parent, best, bytes);
    free(best);
    search_free(&s);
    return 0;
}

/* The shapes met so far; never freed (a run meets few). */
struct cached {
    struct cached *next;
    struct torus_edst e;
};
static struct cached *shapes;

const struct torus_edst *torus_edst(int A, int B)
{
    for (struct cached *c = shapes; c != NULL; c = c->next)
        if (c->e.A == A && c->e.B == B) return &c->e;
    struct cached *c = malloc(sizeof *c);
    int *parent = malloc(sizeof(int) * (size_t)TREES * A * B);
    if (c == NULL || parent == NULL) {
        free(c), free(parent);
        return NULL;
    }
    c->e.A = A, c->e.B = B, c->e.parent = parent;
    if (lower(&c->e) != 0) {
        free(c), free(parent);
        return NULL;
    }
    c->next = shapes;
    shapes = c;
    return &c->e;
}
