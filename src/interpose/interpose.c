/* interpose.c: libcollsim-bcast, a PMPI interposer that runs an SMPI application's MPI_Bcast
 * with the broadcast named by the environment variable COLLSIM_BCAST.
 *
 *   COLLSIM_BCAST          a collsim algorithm (algorithms.def: binomial, linear, ...) or a
 *                          SimGrid one as smpi:NAME (simgrid.def); unset or empty: PMPI_Bcast
 *   COLLSIM_BCAST_VERBOSE  1: the first MPI_Bcast of the run prints on stderr which broadcast
 *                          runs, so a user can see that the interposer is in place
 *
 * The library defines MPI_Bcast, MPI_Init and MPI_Init_thread and exports nothing else (the
 * algorithms compiled into it are hidden). MPI_Init checks the name once, before the
 * application does anything, so a wrong name stops every run at the same point with one line
 * from rank 0. README.md says how to put the library in front of libsimgrid under smpirun.
 *
 * The state below is shared by every rank: smpirun's privatization copies the application
 * per rank, never its libraries, and every rank reads the same environment. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xbt/log.h>

#include "coll.h"

enum ip_state {
    IP_UNRESOLVED,
    IP_DEFAULT,
    IP_COLLSIM,
    IP_SIMGRID,
    IP_UNKNOWN,
    IP_MISSING,
    IP_TOPOLOGY
};

static enum ip_state ip_state = IP_UNRESOLVED;
static bcast_sig *ip_fn;
static const char *ip_name; /* COLLSIM_BCAST as read, for messages */
static int ip_announced;

/* Reads COLLSIM_BCAST once per run. Never fails: an unusable name is a state, reported by
 * ip__check. */
static void ip__resolve(void)
{
    if (ip_state != IP_UNRESOLVED) return;
    const struct algo_info *a;
    ip_name = getenv("COLLSIM_BCAST");
    if (ip_name == NULL || ip_name[0] == '\0') {
        ip_state = IP_DEFAULT;
    } else if ((a = algo_find(COLL_bcast, ip_name)) != NULL) {
        /* the topology-aware ones assume rank i on node i of a known topology, which an
         * application's communicators need not be */
        ip_fn = (bcast_sig *)coll_resolve(COLL_bcast, ip_name);
        ip_state = a->needs != NEED_NOTHING ? IP_TOPOLOGY : IP_COLLSIM;
    } else if (simgrid_algo_find(COLL_bcast, ip_name) != NULL) {
        ip_fn = (bcast_sig *)coll_resolve(COLL_bcast, ip_name);
        ip_state = ip_fn != NULL ? IP_SIMGRID : IP_MISSING;
    } else {
        ip_state = IP_UNKNOWN;
    }
}

/* Resolves the name; on an unusable one, rank 0 of MPI_COMM_WORLD prints one error line and
 * every rank ends with status 2. MPI_Init calls this on every rank, at the same point of the
 * run, so no rank is left waiting for another. Not MPI_Abort: in SimGrid 3.32 it ends the
 * simulation with status 0 (smpirun reports success) and adds a warning and a "deadlock"
 * report to the one line. exit() is SMPI's here (smpi_helpers.h): it ends this rank only and
 * makes smpirun's status non-zero; SimGrid's warning for each rank that returns non-zero is
 * silenced, since the line above already says why. Returns only when the name is usable. */
static void ip__check(void)
{
    ip__resolve();
    if (ip_state != IP_UNKNOWN && ip_state != IP_MISSING && ip_state != IP_TOPOLOGY) return;
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        if (ip_state == IP_UNKNOWN)
            fprintf(
                stderr,
                "collsim: error: unknown algorithm '%s' in COLLSIM_BCAST (see 'collsim list')\n",
                ip_name);
        else if (ip_state == IP_TOPOLOGY)
            fprintf(stderr,
                    "collsim: error: algorithm '%s' in COLLSIM_BCAST needs a known topology; the "
                    "interposer runs the topology-free ones\n",
                    ip_name);
        else
            fprintf(
                stderr,
                "collsim: error: algorithm '%s' in COLLSIM_BCAST is not in this SimGrid library\n",
                ip_name);
        fflush(stderr);
    }
    xbt_log_control_set("smpi_kernel.thres:error");
    exit(2);
}

static void ip__announce(void)
{
    if (ip_announced) return;
    ip_announced = 1;
    const char *v = getenv("COLLSIM_BCAST_VERBOSE");
    if (v == NULL || v[0] == '\0' || strcmp(v, "0") == 0) return;
    if (ip_state == IP_DEFAULT)
        fprintf(stderr,
                "collsim: MPI_Bcast runs SimGrid's default (COLLSIM_BCAST unset or empty)\n");
    else
        fprintf(stderr, "collsim: MPI_Bcast runs '%s' (COLLSIM_BCAST)\n", ip_name);
    fflush(stderr);
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS) ip__check();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS) ip__check();
    return rc;
}

/* Runs the chosen algorithm on `bytes` contiguous bytes among p ranks. SimGrid's functions are
 * called below SMPI's PMPI layer, so this does what PMPI_Bcast does around them: nothing on one
 * rank, and a guard so that the CPU time they spend is not charged to the application as
 * computation. */
static int ip__run(void *buf, int bytes, int root, MPI_Comm comm, int p)
{
    if (ip_state == IP_COLLSIM) return ip_fn(buf, bytes, MPI_BYTE, root, comm);
    if (p < 2) return MPI_SUCCESS;
    smpi_bench_end();
    int rc = ip_fn(buf, bytes, MPI_BYTE, root, comm);
    smpi_bench_begin();
    return rc;
}

/* The broadcast always moves bytes: MPI lets ranks describe the same data with different
 * datatypes (a vector on the root, MPI_INT on the others), and SimGrid's algorithms cut the
 * buffer by count and extent, so every rank must pass the same (bytes, MPI_BYTE) pair.
 * A contiguous layout is broadcast in place; any other is packed on the root and unpacked on
 * the others (one extra copy each side, on the application's CPU time). Invalid arguments,
 * and sizes beyond an int of bytes, go to PMPI_Bcast, which reports them as SMPI does. */
int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    ip__check();
    ip__announce();
    int p, tsize;
    if (ip_state == IP_DEFAULT || comm == MPI_COMM_NULL || type == MPI_DATATYPE_NULL || count < 0 ||
        PMPI_Comm_size(comm, &p) != MPI_SUCCESS || root < 0 || root >= p ||
        PMPI_Type_size(type, &tsize) != MPI_SUCCESS || (long long)tsize * count > INT_MAX)
        return PMPI_Bcast(buf, count, type, root, comm);
    int bytes = tsize * count;
    MPI_Aint lb, extent, tlb, textent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, &tlb, &textent);
    if (bytes == 0 || (textent == tsize && (count == 1 || extent == tsize)))
        return ip__run((char *)buf + tlb, bytes, root, comm, p);

    int rank, packsize, pos = 0;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Pack_size(count, type, comm, &packsize);
    if (packsize < bytes) packsize = bytes;
    char *packed = malloc((size_t)packsize);
    if (packed == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    if (rank == root) rc = PMPI_Pack(buf, count, type, packed, packsize, &pos, comm);
    if (rc == MPI_SUCCESS) rc = ip__run(packed, bytes, root, comm, p);
    if (rc == MPI_SUCCESS && rank != root)
        rc = PMPI_Unpack(packed, packsize, &pos, buf, count, type, comm);
    free(packed);
    return rc;
}
