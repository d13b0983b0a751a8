/* cmd_analyze.c: `collsim analyze TRACE --platform P`, its command line and help; the analysis is
 * analysis/'s (analyze.h). */
#include <string.h>

#include "analyze.h"
#include "commands.h"
#include "runargs.h"
#include "util.h"

const char analyze_usage[] =
    "Usage: collsim analyze TRACE --platform FILE.xml [options]\n"
    "Reads a trace written by 'collsim run --trace' and reports, per (algorithm, size) phase:\n"
    "the simulated time (root's entry to last exit, averaged over the timed calls), messages,\n"
    "bytes, hops, the largest number k of messages sharing one link in one direction, each\n"
    "rank's entry and exit times, and each model's prediction with its signed error.\n"
    "Models: hockney (a + b m), logp, loggp, plogp (L + g(m), a sender's messages g(m) apart),\n"
    "ctr (t_s + m t_b + t_h l), sfr ((m t_b + t_h) l), contention (a + b m k with the message's\n"
    "route for a and b). A prediction replays the messages the call really sent under the\n"
    "model's cost for one message. Parameters come from the platform (a and b of the route\n"
    "between ranks 0 and 1, PLogP's g(m) = b (m + 16); per-route latency and bandwidth for ctr\n"
    "and sfr), or with --params from a calibration for hockney, logp, loggp and plogp (ctr,\n"
    "sfr and contention keep the routes'). '*' marks a model exact by construction: its\n"
    "conditions hold for the run (no link shared, the run's routing, ...: docs/analysis.md); an\n"
    "error of 0.000% without '*' is a coincidence.\n"
    "Rank times are after the root's entry: a rank enters when its ready message is\n"
    "sent and exits when its last MPI call of the broadcast returns. A trace made with\n"
    "'collsim run --trace-links' also gives each link's load per phase: bytes carried (the\n"
    "integral of its bandwidth_used), time busy and peak use of its bandwidth.\n"
    "\n"
    "  --platform FILE.xml  the platform the trace was made on (routes come from SimGrid)\n"
    "  --hostfile FILE      where the ranks ran (default: the platform's .hosts, as 'collsim\n"
    "                       run' uses it)\n"
    "  --routing ctr|sfr    how the run routed messages (default: ctr)\n"
    "  --eager BYTES        the run's eager threshold (default: " CS_XSTR(
        CS_SMPI_EAGER) ", SimGrid's)\n"
                       "  --machine FILE       the run's machine profile (docs/machines.md): logp, "
                       "loggp and plogp\n"
                       "                       charge its per-message costs\n"
                       "  --params FILE        fitted parameters from 'collsim calibrate --params "
                       "FILE' (a\n"
                       "                       simulated ping-pong or OSU output) instead of the "
                       "platform's\n"
                       "  --csv PREFIX         three tables, each a CSV file with one header "
                       "(times in seconds,\n"
                       "                       sizes in bytes; docs/csv.md): PREFIX.models.csv, "
                       "one row per phase\n"
                       "                       and model; PREFIX.ranks.csv, one row per call and "
                       "rank (entry,\n"
                       "                       exit, time in the call, messages and bytes sent and "
                       "received);\n"
                       "                       PREFIX.links.csv, one row per phase and link (with "
                       "link variables)\n"
                       "  --json FILE          every phase with its facts, critical path, models "
                       "and rank times;\n"
                       "                       link loads in \"link_loads\"\n"
                       "  --messages FILE      CSV, one row per message of every call: source, "
                       "destination,\n"
                       "                       bytes, start and end (s after the call's start), "
                       "hops, k\n"
                       "  --plots PREFIX       PREFIX-models.png/.svg: simulated time and each "
                       "model's prediction\n"
                       "                       vs size, a panel per algorithm; "
                       "PREFIX-errors.png/.svg: each\n"
                       "                       model's error vs size (needs gnuplot; logp, which "
                       "leaves m out,\n"
                       "                       is not drawn)\n"
                       "  --svg FILE           space-time diagram of one call (ranks as rows, "
                       "messages as arrows\n"
                       "                       coloured by step, busy and waiting bars, a time "
                       "axis, a legend),\n"
                       "                       and FILE's .png beside it through rsvg-convert when "
                       "installed\n"
                       "  --svg-phase TEXT     ... of the first phase whose mark contains TEXT, "
                       "e.g.\n"
                       "                       'binomial/1048576' (default: the first phase)\n"
                       "  --hops               also print the hop table: src dst hops, per message "
                       "pair\n";

int analyze_main(int argc, char **argv)
{
    struct analyze_request q;
    memset(&q, 0, sizeof q);
    const struct cs_opt table[] = {
        {"platform", CS_OPT_STR, &q.platform, NULL},   {"routing", CS_OPT_STR, &q.routing, NULL},
        {"eager", CS_OPT_STR, &q.eager, NULL},         {"csv", CS_OPT_STR, &q.csv, NULL},
        {"hops", CS_OPT_FLAG, &q.hops, NULL},          {"hostfile", CS_OPT_STR, &q.hostfile, NULL},
        {"json", CS_OPT_STR, &q.json, NULL},           {"svg", CS_OPT_STR, &q.svg, NULL},
        {"svg-phase", CS_OPT_STR, &q.svg_phase, NULL}, {"params", CS_OPT_STR, &q.params, NULL},
        {"machine", CS_OPT_STR, &q.machine, NULL},     {"plots", CS_OPT_STR, &q.plots, NULL},
        {"messages", CS_OPT_STR, &q.messages, NULL},   {NULL, 0, NULL, NULL}};
    const char *pos[2];
    int npos = 0, rc = cs_opt_parse(argc, argv, table, analyze_usage, pos, 2, &npos);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (npos != 1) {
        cs_error("analyze needs one TRACE (see 'collsim analyze --help')");
        return 2;
    }
    q.trace = pos[0];
    return analyze_run(&q);
}
