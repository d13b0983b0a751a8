/* start.c: preparing the run before any phase: the root, the platform's links, the routing and
 * a machine profile's costs, the topology and every rank's node, eager sends, the board shared
 * by all ranks, and the algorithms that fit. */
#include <simgrid/actor.h>
#include <simgrid/host.h>
#include <stdlib.h>
#include <xbt/config.h>
#include <xbt/dynar.h>

#include "costs.h"
#include "eager.h"
#include "machine.h"
#include "nodes.h"
#include "platform.h"
#include "runner.h"
#include "topology.h"
#include "util.h"

/* The ranks SimGrid runs on this rank's host (one actor each). */
static int ranks_on_my_host(void)
{
    xbt_dynar_t actors = xbt_dynar_new(sizeof(sg_actor_t), NULL);
    sg_host_get_actor_list(sg_host_self(), actors);
    int n = (int)xbt_dynar_length(actors);
    xbt_dynar_free(&actors);
    return n > 0 ? n : 1;
}

/* The machine profile at path, read once for all ranks (they share this process and SimGrid
 * runs one at a time); NULL after an error line from rank 0. */
static const struct machine *shared_machine(const char *path, int rank)
{
    static struct machine *m;
    static int failed;
    char err[512];
    if (m != NULL || failed) return m;
    if ((m = malloc(sizeof *m)) == NULL || machine_read(path, m, err, sizeof err) != 0) {
        if (rank == 0) cs_error("%s", m != NULL ? err : "out of memory");
        free(m);
        m = NULL;
        failed = 1;
    }
    return m;
}

/* 1 when the platform's links can carry a message (platform_links_check); checked once, by
 * the first rank to get here, before any message (a bad link ends SimGrid at the first one):
 * the ranks share this file's variables (SMPI runs unprivatized) and run one at a time. */
static int links_usable(void)
{
    static int checked, usable;
    if (!checked) {
        char err[512];
        checked = 1;
        usable = platform_links_check(err, sizeof err) == 0;
        if (!usable) cs_error("the platform's %s", err);
    }
    return usable;
}

int start(struct options *o, struct world *w)
{
    if (o->a.root >= w->p) {
        if (w->rank == 0) cs_error("root %d is not a rank of %d processes", o->a.root, w->p);
        return 2;
    }
    if (!links_usable()) return 2;
    const struct machine *mc = NULL;
    if (o->a.machine != NULL && (mc = shared_machine(o->a.machine, w->rank)) == NULL) return 2;
    int sfr = o->a.routing == CS_ROUTING_SFR;
    if ((sfr || mc != NULL) && w->rank == 0 && costs_install(mc, sfr) != 0) {
        cs_error("this platform has no network model to charge store-and-forward or a machine's "
                 "costs on");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char terr[256];
    int placed;
    if (coll_topology_init(o->a.topology, &placed, terr, sizeof terr) != 0) {
        if (w->rank == 0) cs_error("%s", terr);
        return 2;
    }
    coll_nodes_register(); /* every rank's node, for the hierarchical algorithms */
    /* eager sends without SimGrid's list of detached ones (eager.h): not in a trace, which
     * shows each send's MPI call, nor with a machine's eager messages, which go to SimGrid's
     * small mailbox, where a synchronous send would not */
    w->untraced = !o->a.marks && mc == NULL && sg_cfg_get_int("smpi/async-small-thresh") == 0;
    if (w->untraced) coll_eager_enable(sg_cfg_get_int("smpi/send-is-detached-thresh"));
    int hostlen;
    MPI_Get_processor_name(w->host, &hostlen);
    w->ranks_per_host = ranks_on_my_host();
    /* with board_share's harness_up and harness_down: none of the algorithms' messages
     * leaves before the routing mode is set */
    board_share(o, w, placed);
    /* one verdict on every rank (a rank that stopped alone would leave the others waiting for
     * it): from the most ranks any host runs, and only once every rank is done with the board,
     * which rank 0 frees on an error */
    int minus_most = -w->ranks_per_host;
    harness_up(w, &minus_most);
    harness_down(&minus_most, (int)sizeof minus_most, w);
    return fit_algos(o, w, -minus_most) != 0 || check_libs(o, w) != 0 ? 2 : 0;
}
