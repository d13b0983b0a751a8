/* info.c: what `collsim platform info` tells of a platform, measured on SimGrid's own routing:
 * nodes, physical links, diameter, bisection width and sampled routes. */
#define _GNU_SOURCE /* strverscmp */
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xbt/dynar.h>

#include "platform.h"
#include "util.h"

/* A set of strings (open addressing). Hand-written: a few lines where glib would add a
 * dependency for one table. */
struct strset {
    char **slot;
    size_t cap, count;
};

static unsigned long hash(const char *s)
{
    unsigned long h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

/* Adds key; 1 if it was not there, else 0. */
static int strset_add(struct strset *s, const char *key)
{
    if ((s->count + 1) * 2 > s->cap) {
        struct strset bigger = {cs_calloc(s->cap ? s->cap * 2 : 64, sizeof(char *)),
                                s->cap ? s->cap * 2 : 64, 0};
        for (size_t i = 0; i < s->cap; i++)
            if (s->slot[i]) strset_add(&bigger, s->slot[i]), free(s->slot[i]);
        free(s->slot);
        *s = bigger;
    }
    size_t i = hash(key) & (s->cap - 1);
    while (s->slot[i] != NULL) {
        if (strcmp(s->slot[i], key) == 0) return 0;
        i = (i + 1) & (s->cap - 1);
    }
    s->slot[i] = cs_strdup(key);
    s->count++;
    return 1;
}

static void strset_free(struct strset *s)
{
    for (size_t i = 0; i < s->cap; i++)
        free(s->slot[i]);
    free(s->slot);
}

/* The physical link of a directed link name: without _UP / _DOWN. */
static void physical(const char *name, char *out, size_t len)
{
    snprintf(out, len, "%s", name);
    size_t n = strlen(out);
    if (n > 3 && strcmp(out + n - 3, "_UP") == 0)
        out[n - 3] = '\0';
    else if (n > 5 && strcmp(out + n - 5, "_DOWN") == 0)
        out[n - 5] = '\0';
}

int platform_zone_props(const char *path, const char *const *ids, char *const *outs, int n,
                        size_t len)
{
    xmlDocPtr doc =
        xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
    if (doc == NULL) return -1;
    for (int i = 0; i < n; i++)
        outs[i][0] = '\0';
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (root == NULL || xmlStrcmp(root->name, BAD_CAST "platform") != 0) {
        xmlFreeDoc(doc);
        return -1;
    }
    for (xmlNodePtr z = root->children; z != NULL; z = z->next) {
        if (z->type != XML_ELEMENT_NODE || xmlStrcmp(z->name, BAD_CAST "zone") != 0) continue;
        for (xmlNodePtr p = z->children; p != NULL; p = p->next) {
            if (p->type != XML_ELEMENT_NODE || xmlStrcmp(p->name, BAD_CAST "prop") != 0) continue;
            xmlChar *id = xmlGetProp(p, BAD_CAST "id"), *v = xmlGetProp(p, BAD_CAST "value");
            for (int i = 0; id && v && i < n; i++)
                if (xmlStrcmp(id, BAD_CAST ids[i]) == 0) snprintf(outs[i], len, "%s", (char *)v);
            xmlFree(id);
            xmlFree(v);
        }
        break;
    }
    xmlFreeDoc(doc);
    return 0;
}

int platform_props(const char *path, char *kind, char *dims, size_t len)
{
    static const char *const ids[] = {"collsim.kind", "collsim.dims"};
    char *const outs[] = {kind, dims};
    return platform_zone_props(path, ids, outs, 2, len);
}

static int by_version(const void *a, const void *b)
{
    return strverscmp(sg_host_get_name(*(const sg_host_t *)a),
                      sg_host_get_name(*(const sg_host_t *)b));
}

/* Side of host index i in the canonical half cut of the kind, or -1 if none is defined. */
static int side(const char *kind, const char *dims, int i, int p)
{
    if (strcmp(kind, "ring") == 0) return i < p / 2;
    if (strcmp(kind, "hypercube") == 0) return (i & (p >> 1)) != 0;
    if (strcmp(kind, "torus") == 0) {
        int a = atoi(dims);
        return a > 0 ? (i % a) < a / 2 : -1;
    }
    return -1;
}

/* The bisection width of collsim's two-level fat tree from its dims ("2;k,L;1,u;1,q": k hosts
 * a leaf, u uplinks of q parallel links a leaf): cutting the uplinks of half the leaves,
 * (p / k / 2) u q links; -1 for another shape. */
static long fattree_cut(const char *dims, long p)
{
    int levels, k, top, up0, up1, par0, par1;
    if (sscanf(dims, "%d;%d,%d;%d,%d;%d,%d", &levels, &k, &top, &up0, &up1, &par0, &par1) != 7 ||
        levels != 2 || k <= 0)
        return -1;
    return p / k / 2 * up1 * par1;
}

/* A dragonfly's link levels, by the prefix SimGrid 3.32 names their links with. */
static const struct {
    const char *prefix, *word;
} df_levels[] = {{"local_link_from_router_", "host"},
                 {"green_link_in_chassis_", "router"},
                 {"black_link_in_group_", "chassis"},
                 {"blue_link_between_group_", "global"}};

/* The level (index of df_levels) of a dragonfly link's name, or -1. */
static int df_level(const char *name)
{
    for (int k = 0; k < 4; k++)
        if (strncmp(name, df_levels[k].prefix, strlen(df_levels[k].prefix)) == 0) return k;
    return -1;
}

/* The two ends a link between groups, chassis or routers joins, read from its name (the
 * groups of a global link, the chassis of a chassis link, the routers of a router link); 0,
 * or -1 for a host link or another name. */
static int df_ends(const char *name, int level, int *a, int *b)
{
    int x, y;
    if (level == 3) return sscanf(name, "blue_link_between_group_%d_and_%d_", a, b) == 2 ? 0 : -1;
    if (level == 2)
        return sscanf(name, "black_link_in_group_%d_between_chassis_%d_and_%d_", &x, a, b) == 3
                   ? 0
                   : -1;
    if (level == 1)
        return sscanf(name, "green_link_in_chassis_%d_between_routers_%d_and_%d_", &y, a, b) == 3
                   ? 0
                   : -1;
    return -1;
}

/* A dragonfly's report lines: the links per level, each physical link once with its bandwidth,
 * from every link SimGrid declared (not a sample of routes); and its bisection: the links
 * between the two halves of the units of the top level that has two of them (the first
 * floor(G/2) groups and the others, else the chassis, else the routers of the chassis). */
static void dragonfly_report(const char *dims)
{
    int g = 0, c = 0, r = 0, n = 0, lg, lc, lr;
    if (sscanf(dims, "%d,%d;%d,%d;%d,%d;%d", &g, &lg, &c, &lc, &r, &lr, &n) != 7) g = c = r = 0;
    int units[4] = {0, r, c, g}, top = g > 1 ? 3 : c > 1 ? 2 : r > 1 ? 1 : -1;
    size_t count[4] = {0, 0, 0, 0}, cut = 0;
    double bw[4] = {0, 0, 0, 0}, cut_bw = 0;
    size_t nl = sg_link_count();
    sg_link_t *all = sg_link_list();
    char name[256];
    for (size_t i = 0; i < nl; i++) {
        const char *full = sg_link_get_name(all[i]);
        int k = df_level(full), a, b;
        size_t len = strlen(full);
        if (k < 0 || (len > 5 && strcmp(full + len - 5, "_DOWN") == 0)) continue; /* once */
        physical(full, name, sizeof name);
        count[k]++;
        bw[k] = sg_link_get_bandwidth(all[i]);
        if (k == top && df_ends(full, k, &a, &b) == 0 && (a < units[k] / 2) != (b < units[k] / 2))
            cut++, cut_bw += sg_link_get_bandwidth(all[i]);
    }
    free(all);
    printf("links per level:");
    for (int k = 0; k < 4; k++)
        printf("%s %s %zu (%.6g B/s each)", k ? "," : "", df_levels[k].word, count[k], bw[k]);
    printf("\n");
    if (top < 0) {
        printf("bisection: - (one router: no link between two halves)\n");
        return;
    }
    static const char *const unit[4][2] = {
        {"", ""}, {"router", "routers"}, {"chassis", "chassis"}, {"group", "groups"}};
    int half = units[top] / 2;
    char range[64];
    if (half == 1)
        snprintf(range, sizeof range, "%s 0", unit[top][0]);
    else
        snprintf(range, sizeof range, "%s 0-%d", unit[top][1], half - 1);
    printf("bisection: %zu link%s, %.6g B/s (%s links between %s and the others)\n", cut,
           cut == 1 ? "" : "s", cut_bw, df_levels[top].word, range);
}

/* What a node injects: the distinct links its routes to the others leave by (host 0's), and
 * their total bandwidth. */
static void injection(sg_host_t *hosts, size_t p, size_t *links, double *bandwidth)
{
    xbt_dynar_t route = xbt_dynar_new(sizeof(sg_link_t), NULL);
    sg_link_t *first = calloc(p, sizeof *first);
    *links = 0, *bandwidth = 0;
    for (size_t j = 1; j < p && first != NULL; j++) {
        xbt_dynar_reset(route);
        sg_host_get_route(hosts[0], hosts[j], route);
        if (xbt_dynar_length(route) == 0) continue;
        sg_link_t l = xbt_dynar_get_as(route, 0, sg_link_t);
        size_t k = 0;
        while (k < *links && first[k] != l)
            k++;
        if (k == *links) first[(*links)++] = l, *bandwidth += sg_link_get_bandwidth(l);
    }
    free(first);
    xbt_dynar_free(&route);
}

/* The report's lines on the bisection and the injection: bisection width in links (and
 * bandwidth, each link's once) where the kind defines a half cut, injection per node. */
static void print_cut(const char *kind, const char *dims, size_t cut, double cut_bw,
                      sg_host_t *hosts, size_t p)
{
    size_t inj;
    double inj_bw;
    injection(hosts, p, &inj, &inj_bw);
    long ft = strcmp(kind, "fattree") == 0 ? fattree_cut(dims, (long)p) : -1;
    if (ft >= 0 && inj > 0) /* the generator gives every link one bandwidth: host 0's */
        cut = (size_t)ft, cut_bw = (double)ft * inj_bw / (double)inj;
    if (strcmp(kind, "dragonfly") == 0)
        dragonfly_report(dims);
    else if (side(kind, dims, 0, (int)p) >= 0 || ft >= 0)
        printf("bisection: %zu links, %.6g B/s\n", cut, cut_bw);
    else
        printf("bisection: - (not defined for this kind)\n");
    printf("injection: %zu link%s a node, %.6g B/s (host %s's routes)\n", inj, inj == 1 ? "" : "s",
           inj_bw, sg_host_get_name(hosts[0]));
}

/* SimGrid's side of `info`: loads the platform and prints the report. Runs in a child process
 * (see platform_info). Returns the exit status. */
static int info_report(const char *file, const char *kind, const char *dims, int all_hops)
{
    /* warnings go to the parent's pipe, which shows them only if SimGrid fails */
    char *sargv[] = {(char *)"collsim", (char *)"--log=root.thres:warning", NULL};
    int sargc = 2;
    simgrid_init(&sargc, sargv);
    simgrid_load_platform(file);
    char err[512];
    if (platform_links_check(err, sizeof err) != 0) {
        cs_error("'%s': %s", file, err);
        return 1;
    }
    size_t p = sg_host_count();
    sg_host_t *hosts = sg_host_list();
    if (p < 2) {
        cs_error("'%s' has fewer than 2 hosts", file);
        free(hosts);
        return 1;
    }
    /* hosts in node order: SimGrid lists them by name (n0, n1, n10, ...); the generator
     * numbers them, so a natural sort gives the hostfile's order */
    qsort(hosts, p, sizeof hosts[0], by_version);
    struct strset links = {0}, cut = {0};
    xbt_dynar_t route = xbt_dynar_new(sizeof(sg_link_t), NULL);
    int diameter = 0, sampled = p > 256;
    double cut_bw = 0;
    size_t pairs = 0;
    char name[256];
    if (all_hops) printf("# src dst hops latency_s bandwidth_Bps\n");
    for (size_t i = 0; i < p; i++)
        for (size_t j = 0; j < p; j++) {
            if (i == j) continue;
            if (sampled && ((i * 7919 + j * 104729) % (p * p / 65536 + 1)) != 0) continue;
            xbt_dynar_reset(route);
            sg_host_get_route(hosts[i], hosts[j], route);
            int hops = (int)xbt_dynar_length(route);
            pairs++;
            if (hops > diameter) diameter = hops;
            for (int k = 0; k < hops; k++) {
                physical(sg_link_get_name(xbt_dynar_get_as(route, k, sg_link_t)), name,
                         sizeof name);
                strset_add(&links, name);
            }
            int si = side(kind, dims, (int)i, (int)p), sj = side(kind, dims, (int)j, (int)p);
            if (hops == 1 && si >= 0 && si != sj && strset_add(&cut, name))
                cut_bw += sg_link_get_bandwidth(xbt_dynar_get_as(route, 0, sg_link_t));
            if (all_hops)
                printf("%s %s %d %.9g %.9g\n", sg_host_get_name(hosts[i]),
                       sg_host_get_name(hosts[j]), hops,
                       sg_host_get_route_latency(hosts[i], hosts[j]),
                       sg_host_get_route_bandwidth(hosts[i], hosts[j]));
        }
    if (!all_hops) {
        printf("platform: %s\n", file);
        printf("kind: %s\n", kind[0] ? kind : "unknown (no collsim.kind prop)");
        if (dims[0]) printf("dims: %s\n", dims);
        printf("nodes: %zu\n", p);
        printf("links: %zu\n", links.count);
        printf("diameter: %d\n", diameter);
        print_cut(kind, dims, cut.count, cut_bw, hosts, p);
        printf("routes examined: %zu%s\n", pairs,
               sampled ? " (a sample)" : " (every ordered pair)");
        printf("# sample routes: src dst hops latency_s bandwidth_Bps\n");
        size_t picks[4][2] = {{0, 1}, {0, p / 2}, {1, p - 1}, {p / 3, p - 1}};
        for (int k = 0; k < 4; k++) {
            size_t a = picks[k][0], b = picks[k][1];
            int seen = a == b;
            for (int q = 0; q < k; q++)
                seen |= picks[q][0] == a && picks[q][1] == b;
            if (seen) continue;
            xbt_dynar_reset(route);
            sg_host_get_route(hosts[a], hosts[b], route);
            printf("%s %s %lu %.9g %.9g\n", sg_host_get_name(hosts[a]), sg_host_get_name(hosts[b]),
                   xbt_dynar_length(route), sg_host_get_route_latency(hosts[a], hosts[b]),
                   sg_host_get_route_bandwidth(hosts[a], hosts[b]));
        }
    }
    xbt_dynar_free(&route);
    strset_free(&links);
    strset_free(&cut);
    free(hosts);
    return 0;
}

/* The line that says why SimGrid gave up: its uncaught exception or parse error, without the
 * log prefix and the exception's type. */
static void info_reason(char *log, char *out, size_t len)
{
    for (char *line = strtok(log, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        const char *msg = strstr(line, "/CRITICAL] ");
        if (msg == NULL) msg = strstr(line, "/ERROR] ");
        if (msg == NULL) continue;
        msg = strstr(msg, "] ") + 2;
        const char *uncaught = strstr(msg, "Uncaught exception ");
        if (uncaught != NULL) { /* "Uncaught exception std::invalid_argument: Link not found: x" */
            const char *colon = strstr(uncaught, ": ");
            msg = colon ? colon + 2 : uncaught;
        }
        snprintf(out, len, "%s", msg);
        return;
    }
    snprintf(out, len, "it stopped without saying why");
}

int platform_info(const char *file, int all_hops)
{
    if (access(file, R_OK) != 0) {
        cs_error("cannot read platform '%s'", file);
        return 1;
    }
    char kind[128], dims[128];
    if (platform_props(file, kind, dims, sizeof kind) != 0) {
        cs_error("'%s' is not a SimGrid platform XML file", file);
        return 1;
    }
    /* SimGrid aborts with a backtrace on a well-formed file it rejects (an undeclared link, an
     * old version, a bad unit): load it in a child and turn its death into one line. */
    int fd[2];
    if (pipe(fd) != 0) {
        cs_error("cannot create a pipe: %s", strerror(errno));
        return 1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        cs_error("cannot fork: %s", strerror(errno));
        return 1;
    }
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        close(fd[1]);
        int rc = info_report(file, kind, dims, all_hops);
        fflush(stdout);
        fflush(stderr);
        _exit(rc);
    }
    close(fd[1]);
    char *log = NULL;
    size_t loglen = 0;
    FILE *mem = open_memstream(&log, &loglen);
    char chunk[4096];
    ssize_t got;
    while ((got = read(fd[0], chunk, sizeof chunk)) != 0) {
        if (got > 0)
            fwrite(chunk, 1, (size_t)got, mem);
        else if (errno != EINTR)
            break;
    }
    fclose(mem);
    close(fd[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        continue;
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    if (rc != 0) {
        const char *ours = strstr(log, "collsim: error: ");
        if (ours != NULL) { /* the report's own error: pass it on as it is */
            fprintf(stderr, "%.*s\n", (int)strcspn(ours, "\n"), ours);
        } else {
            char reason[512];
            info_reason(log, reason, sizeof reason);
            cs_error("simgrid cannot load '%s': %s", file, reason);
            rc = 1;
        }
    }
    free(log);
    return rc;
}
