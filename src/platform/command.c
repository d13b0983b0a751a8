/* command.c: `collsim platform KIND [options] -o FILE.xml` (or --machine FILE) and `collsim
 * platform info FILE.xml [--hops]`, their command lines and help; the platforms are src/platform's
 * (platform.h). */
#include <string.h>

#include "platform.h"
#include "util.h"

const char platform_usage[] =
    "Usage: collsim platform KIND [options] -o FILE.xml\n"
    "  or:  collsim platform KIND [options] --cores C [--sockets S] [--map-by WHAT] -o FILE.xml\n"
    "  or:  collsim platform --machine FILE --nodes N [--map-by WHAT] -o FILE.xml\n"
    "  or:  collsim platform info FILE.xml [--hops]\n"
    "Writes a SimGrid platform and FILE.hosts beside it (line i = the host of rank i).\n"
    "\n"
    "kinds:\n" PLATFORM_KINDS_HELP "A kind refuses the options of the others.\n"
    "\n"
    "nodes of cores on a kind's network (ring, torus, hypercube, crossbar, dragonfly, fattree\n"
    "of 2 levels):\n"
    "  --cores C [--sockets S]   each node of the kind becomes S sockets (default 1) of C\n"
    "                            cores, one host per core (nK-cC), with the XL250a node's\n"
    "                            core, memory, inter-socket and NIC numbers; the kind's links\n"
    "                            (--latency, --bandwidth) join the nodes' NICs; at most 512\n"
    "                            nodes and 65536 hosts. --map-by core (default), socket or\n"
    "                            node, as for a profile (below)\n"
    "\n"
    "from a machine profile (docs/machines.md; machines/ has some):\n"
    "  --machine FILE --nodes N [--map-by core|node|LEVEL]\n"
    "                            N nodes of the profile's [node], one host per core (nK-cC:\n"
    "                            core C of node K), on its [network] (any kind above); at most "
    "512\n"
    "                            nodes and 65536 hosts. The hostfile's order: core (default)\n"
    "                            fills node 0's cores, then node 1's; node puts rank i on node\n"
    "                            i mod N; a level of the profile (socket ...) deals the ranks\n"
    "                            round robin over that level's groups of a node, node after\n"
    "                            node. --speed is each core's; --latency and --bandwidth do\n"
    "                            not apply\n"
    "\n"
    "options (SimGrid units; ignored by the xl250a kinds, which use the hardware's):\n"
    "  --latency T       per link (default 1us; s, ms, us, ns, ps), finite, >= 0\n"
    "  --bandwidth B     per link (default 10GBps; Bps, kBps, MBps, GBps, Gbps, GiBps, ...),\n"
    "                    finite, > 0\n"
    "  --speed F         per host (default 1Gf; f, kf, Mf, Gf, Tf), finite, > 0\n"
    "  -o FILE.xml       output (required)\n";

static const char info_usage[] =
    "Usage: collsim platform info FILE.xml [--hops]\n"
    "Prints the platform's nodes, physical links (a full-duplex pair counted once), diameter in\n"
    "hops (links on a route, over every ordered pair, or a sample of 65536 above 256 hosts),\n"
    "the bisection width of rings, tori and hypercubes (links crossing the half cut, found from\n"
    "the one-hop routes), of fat trees and dragonflies (the links between the two halves of\n"
    "the leaves or groups), a dragonfly's links per level, and a few routes. --hops prints every "
    "pair: src dst hops latency\n"
    "bandwidth. Routes, latencies and bandwidths are SimGrid's own.\n";

/* `collsim platform info`'s command line: argv[0] is "info". Returns the exit status. */
static int info_main(int argc, char **argv)
{
    const char *file = NULL;
    int all_hops = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--hops") == 0)
            all_hops = 1;
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(info_usage, stdout);
            return 0;
        } else if (argv[i][0] == '-' || file != NULL) {
            cs_error("unexpected argument '%s' (see 'collsim platform info --help')", argv[i]);
            return 2;
        } else
            file = argv[i];
    }
    if (file == NULL) {
        cs_error("platform info needs FILE.xml");
        return 2;
    }
    return platform_info(file, all_hops);
}

/* `collsim platform KIND [options]` into q, the kind taken out of argv (argv[1] becomes
 * "platform"). 0 to go on, 1 after --help, 2 after an error line. */
static int platform_args(int argc, char **argv, struct platform_request *q)
{
    platform_defaults(q);
    if (argc >= 2 && argv[1][0] != '-') {
        q->kind = argv[1];
        argv[1] = argv[0];
        argc--;
        argv++;
    }
    int *on = q->given;
    const struct cs_opt table[] = {
        {"nodes", CS_OPT_INT, &q->nodes, &on[PLATFORM_NODES]},
        {"dims", CS_OPT_STR, &q->dims, &on[PLATFORM_DIMS]},
        {"dim", CS_OPT_INT, &q->dim, &on[PLATFORM_DIM]},
        {"levels", CS_OPT_INT, &q->levels, &on[PLATFORM_LEVELS]},
        {"down", CS_OPT_STR, &q->down, &on[PLATFORM_DOWN]},
        {"up", CS_OPT_STR, &q->up, &on[PLATFORM_UP]},
        {"parallel", CS_OPT_STR, &q->parallel, &on[PLATFORM_PARALLEL]},
        {"oversubscription", CS_OPT_INT, &q->oversubscription, &on[PLATFORM_OVERSUBSCRIPTION]},
        {"groups", CS_OPT_INT, &q->groups, &on[PLATFORM_GROUPS]},
        {"chassis", CS_OPT_INT, &q->chassis, &on[PLATFORM_CHASSIS]},
        {"routers", CS_OPT_INT, &q->routers, &on[PLATFORM_ROUTERS]},
        {"nodes-per-router", CS_OPT_INT, &q->nodes_per_router, &on[PLATFORM_NODES_PER_ROUTER]},
        {"global-links", CS_OPT_INT, &q->global_links, &on[PLATFORM_GLOBAL_LINKS]},
        {"chassis-links", CS_OPT_INT, &q->chassis_links, &on[PLATFORM_CHASSIS_LINKS]},
        {"router-links", CS_OPT_INT, &q->router_links, &on[PLATFORM_ROUTER_LINKS]},
        {"latency", CS_OPT_STR, &q->latency, NULL},
        {"bandwidth", CS_OPT_STR, &q->bandwidth, NULL},
        {"speed", CS_OPT_STR, &q->speed, NULL},
        {"machine", CS_OPT_STR, &q->machine, NULL},
        {"map-by", CS_OPT_STR, &q->map_by, NULL},
        {"sockets", CS_OPT_INT, &q->sockets, &q->sockets_given},
        {"cores", CS_OPT_INT, &q->cores, &q->cores_given},
        {"output", CS_OPT_STR, &q->out, NULL},
        {"o", CS_OPT_STR, &q->out, NULL},
        {NULL, 0, NULL, NULL}};
    return cs_opt_parse(argc, argv, table, platform_usage, NULL, 0, NULL);
}

int platform_check(int argc, char **argv, int *hosts)
{
    *hosts = 0;
    if (argc >= 2 && strcmp(argv[1], "info") == 0) return 0;
    struct platform_request q;
    int rc = platform_args(argc, argv, &q);
    if (rc == 0) rc = platform_plan(&q, hosts);
    return rc == 1 ? 0 : rc;
}

int platform_main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "info") == 0) return info_main(argc - 1, argv + 1);
    struct platform_request q;
    int rc = platform_args(argc, argv, &q);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (q.out != NULL && cs_out_check("platform", q.out) != 0) return 2;
    return platform_write(&q);
}
