/* cmd_predict.c: `collsim predict`, its command line and help; the formulas and their table
 * are the predict library's (src/predict/predict.h). */
#include <stdio.h>

#include "commands.h"
#include "env.h"
#include "predict.h"
#include "runargs.h"
#include "util.h"

const char predict_usage[] =
    "Usage: collsim predict --platform FILE.xml [options]\n"
    "  or:  collsim predict --topology KIND:DIMS [options]\n"
    "  or:  collsim predict --a T --b S [options]\n"
    "Evaluates the cost formula of every algorithm of a collective (algorithms.def's, as C\n"
    "functions) under every model that applies, and names the predicted best per size and\n"
    "model. Nothing is simulated: the formulas assume no link is shared by two messages that\n"
    "the formula does not share (a crossbar; docs/predict.md).\n"
    "  --platform FILE.xml  a generated platform: its collsim.kind, collsim.dims,\n"
    "                       collsim.link_latency (t_h) and collsim.link_bandwidth (1/t_b)\n"
    "  --topology KIND:DIMS\n"
    "                       ring:16, torus:8x8, hypercube:6 (as run's --topology); needs --th\n"
    "                       and --bandwidth without --platform\n"
    "  --np P               processes, up to 16777216 (default: the topology's nodes)\n"
    "  --sizes LIST         bytes, as run's --sizes (default 0,1,1000,65543,1M)\n"
    "  --collective C       bcast (default), barrier, reduce, allreduce, gather, scatter,\n"
    "                       allgather, alltoall, qshift, scan, reduce_scatter_block,\n"
    "                       reduce_scatter\n"
    "  --algo LIST          algorithms (default all); SimGrid's have no formula\n"
    "  --ts T, --th T       course start-up and per-hop time (default 0 and the link latency)\n"
    "  --bandwidth BW       link bandwidth, e.g. 5GBps: t_b = b = 1/BW\n"
    "  --a T, --b S         Hockney start-up (a time, e.g. 4us) and seconds per byte (default\n"
    "                       a = t_s + h t_h, h the mean hops between two nodes: 2 on a\n"
    "                       crossbar; b = t_b); on a fat tree without --a the trees take\n"
    "                       each round's routes (docs/predict.md, \"Routes of a fat tree,\n"
    "                       a ring, a torus, a hypercube\")\n"
    "  --routes             on a ring, torus or hypercube too, the trees take each round's\n"
    "                       routes and the links they share (default: one a, no link\n"
    "                       shared that the formula does not share)\n"
    "  --params FILE        Hockney and LogGP from 'collsim calibrate --params FILE'\n"
    "  --machine FILE       a machine profile (docs/machines.md): LogP and LogGP charge its\n"
    "                       overheads and factors of messages between nodes, as run --machine;\n"
    "                       its eager threshold and reduction rate unless given\n"
    "  --reduce-rate R      bytes/s of a local reduction (default " CS_XSTR(
        COLL_REDUCE_RATE) ", as run's)\n"
                          "  --eager BYTES        eager threshold (default " CS_XSTR(
                              CS_SMPI_EAGER) ", SimGrid's)\n"
                                             "  --shift Q            q of the q-shift (default 1)\n"
                                             "  --csv FILE           the table as CSV: "
                                             "collective,algorithm,np,bytes,model,predicted_s,\n"
                                             "                       best,note\n"
                                             "Models: hockney (a + b m), logp (L + 2o), loggp (2o "
                                             "+ L + (m-1) G) for the algorithms of\n"
                                             "any platform; ctr and sfr (the course's t_s + m t_b "
                                             "+ t_h l and t_s + (m t_b + t_h) l)\n"
                                             "for the ring, torus and hypercube algorithms on "
                                             "their own topology. LogP and LogGP take\n"
                                             "--params, else L = a, o = g = 0, G = b (as collsim "
                                             "analyze). SMPI's 16-byte envelope is\n"
                                             "added to every message unless the parameters were "
                                             "fitted. A row's note says 'approx'\n"
                                             "where the formula is an estimate (docs/predict.md "
                                             "says where), 'no formula: REASON'\n"
                                             "where the algorithm has none (collsim list shows "
                                             "which), or why a topology algorithm\n"
                                             "does not fit. Past the ranks where "
                                             "bench/predict-scale checked a formula against the\n"
                                             "simulation on the platform's kind (a crossbar "
                                             "without --platform), the note gives the\n"
                                             "errors found there and how far: 'beyond validation: "
                                             "-9.5% to +0.0% up to 4096 ranks on\n"
                                             "crossbar'; 'not validated past 64 ranks on KIND' "
                                             "where it checked none.\n";

int predict_main(int argc, char **argv)
{
    struct predict_request o = {
        .sizes = "0,1,1000,65543,1M", .collective = "bcast", .algos = "all", .shift = 1};
    const struct cs_opt table[] = {{"platform", CS_OPT_STR, &o.platform, NULL},
                                   {"topology", CS_OPT_STR, &o.topology, NULL},
                                   {"np", CS_OPT_INT, &o.np, &o.np_given},
                                   {"sizes", CS_OPT_STR, &o.sizes, NULL},
                                   {"collective", CS_OPT_STR, &o.collective, NULL},
                                   {"algo", CS_OPT_STR, &o.algos, NULL},
                                   {"csv", CS_OPT_STR, &o.csv, NULL},
                                   {"params", CS_OPT_STR, &o.params, NULL},
                                   {"machine", CS_OPT_STR, &o.machine, NULL},
                                   {"ts", CS_OPT_STR, &o.ts, NULL},
                                   {"th", CS_OPT_STR, &o.th, NULL},
                                   {"bandwidth", CS_OPT_STR, &o.bandwidth, NULL},
                                   {"a", CS_OPT_STR, &o.a, NULL},
                                   {"b", CS_OPT_STR, &o.b, NULL},
                                   {"reduce-rate", CS_OPT_STR, &o.reduce_rate, NULL},
                                   {"eager", CS_OPT_STR, &o.eager, NULL},
                                   {"shift", CS_OPT_INT, &o.shift, NULL},
                                   {"routes", CS_OPT_FLAG, &o.routes, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, predict_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    return predict_execute(&o);
}
