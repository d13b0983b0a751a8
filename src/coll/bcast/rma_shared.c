/* rma_shared.c: the shared-window broadcast for several ranks per node.
 *
 * Source: MPI 3.1 shared-memory windows (docs/references.md#mpi-rma). The ranks of one SimGrid
 * host form a node (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED); one leader per node (the root
 * on its own node, local rank 0 elsewhere) takes part in a one-sided binomial broadcast across
 * nodes (rma_binomial_lock of rma.c). The leader then writes the message into its segment of a
 * window from MPI_Win_allocate_shared, the node synchronises, and every other rank of the
 * node copies it out of the leader's segment with a plain load/store copy.
 * In SimGrid loads and stores cost no simulated time and MPI_Win_sync does nothing, so:
 *   - each copy of m bytes is charged explicitly as a simulated delay of m / B_mem, B_mem the
 *     copy bandwidth of one core: COLLSIM_MEMCPY_BW bytes/s, default 12e9 (the XL250a
 *     platform's core link, one Haswell-EP core's copy rate, see
 *     docs/references.md#xl250a-assumptions); a delay, not computation, so it does not depend
 *     on the host's speed and the time stays deterministic;
 *   - the synchronisation is MPI_Barrier on the node, before the reads (the leader's segment is
 *     complete) and after them (nobody frees the window while another still reads).
 * Cost: the leaders' rma_binomial_lock over the nodes + 2 m / B_mem + two node barriers, plus
 * creating and freeing the communicators and the window in every call (measured, like the
 * other one-sided variants). Non-contiguous datatypes fall back to the binomial tree. */
#include <simgrid/actor.h>
#include <stdlib.h>
#include <string.h>

#include "bcast.h"
#include "contig.h"

static void charge_copy(long bytes)
{
    double bw = coll_memcpy_bw();
    if (bytes > 0) sg_actor_sleep_for((double)bytes / bw);
}

int bcast_rma_shared(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    MPI_Comm node, leaders;
    int lr, rc = MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    if (rc != MPI_SUCCESS) return rc;
    MPI_Comm_rank(node, &lr);
    int mine = rank == root ? lr : -1, rootlr;
    MPI_Allreduce(&mine, &rootlr, 1, MPI_INT, MPI_MAX, node);
    int leader = rootlr >= 0 ? rootlr : 0;
    rc = MPI_Comm_split(comm, lr == leader ? 0 : MPI_UNDEFINED, rank, &leaders);
    if (rc == MPI_SUCCESS && lr == leader) { /* across nodes: the root's rank among leaders */
        MPI_Group world, lead;
        int lroot;
        MPI_Comm_group(comm, &world);
        MPI_Comm_group(leaders, &lead);
        MPI_Group_translate_ranks(world, 1, &root, lead, &lroot);
        MPI_Group_free(&world);
        MPI_Group_free(&lead);
        rc = bcast_rma_binomial_lock(buf, count, type, lroot, leaders);
        MPI_Comm_free(&leaders);
    }
    MPI_Win win;
    char *base, *seg;
    MPI_Aint segsize;
    int unit;
    if (rc == MPI_SUCCESS) rc = MPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, node, &base, &win);
    if (rc == MPI_SUCCESS) {
        MPI_Win_shared_query(win, leader, &segsize, &unit, &seg);
        if (lr == leader) {
            memcpy(seg, buf, (size_t)bytes);
            charge_copy(bytes);
        }
        MPI_Barrier(node);
        if (lr != leader) {
            memcpy(buf, seg, (size_t)bytes);
            charge_copy(bytes);
        }
        MPI_Barrier(node);
        MPI_Win_free(&win);
    }
    MPI_Comm_free(&node);
    return rc;
}
