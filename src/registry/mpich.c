/* mpich.c: MPICH 4.0.2's intra-communicator algorithms by name, what collsim runs for each
 * (the one table of them), MPICH's default choice (maint/tuning/coll/mpir/generic.json)
 * resolved per process count and size, and the library-independent parts of mpilib.h. */
#include <stdio.h>
#include <string.h>

#include "mpilib.h"

#define SMP "node-aware (node communicators and leaders), which collsim does not model"

/* The first entry of a name is what mpich:NAME runs; a later one with the same name only
 * maps another collsim algorithm back to it (collsim tune). */
const struct mpich_algo mpich_algos[] = {
    {COLL_bcast, "binomial", "MPIR_Bcast_intra_binomial", "smpi:binomial_tree",
     "SimGrid's binomial_tree is MPICH's tree (parent: lowest set bit cleared, children at "
     "decreasing distance, blocking sends)"},
    {COLL_bcast, "binomial", "MPIR_Bcast_intra_binomial", "binomial",
     "back only: collsim's binomial has MPICH's rounds and sizes on the other binomial tree"},
    {COLL_bcast, "scatter_recursive_doubling_allgather",
     "MPIR_Bcast_intra_scatter_recursive_doubling_allgather", "scatter_allgather_rd",
     "p a power of two (where MPICH's default picks it): the same; otherwise collsim runs the "
     "ring allgather, MPICH a fix-up step"},
    {COLL_bcast, "scatter_ring_allgather", "MPIR_Bcast_intra_scatter_ring_allgather",
     "scatter_allgather_ring", "binomial scatter, ring allgather, in both"},
    {COLL_bcast, "smp", "MPIR_Bcast_intra_smp", NULL, SMP},
    {COLL_reduce, "binomial", "MPIR_Reduce_intra_binomial", "binomial",
     "the same tree (children at distance 1, 2, 4, ...)"},
    {COLL_reduce, "reduce_scatter_gather", "MPIR_Reduce_intra_reduce_scatter_gather",
     "rabenseifner",
     "the same fold (odd ranks hand in), halving and binomial gather; collsim works on ranks "
     "shifted to the root"},
    {COLL_reduce, "smp", "MPIR_Reduce_intra_smp", NULL, SMP},
    {COLL_allreduce, "recursive_doubling", "MPIR_Allreduce_intra_recursive_doubling",
     "recursive_doubling", "the same fold (even ranks hand in) and partners"},
    {COLL_allreduce, "reduce_scatter_allgather", "MPIR_Allreduce_intra_reduce_scatter_allgather",
     "rabenseifner",
     "the same fold and halving; collsim cuts the vector into log2 p parts run in rotated "
     "order"},
    {COLL_allreduce, "smp", "MPIR_Allreduce_intra_smp", NULL, SMP},
    {COLL_allgather, "brucks", "MPIR_Allgather_intra_brucks", "bruck",
     "the same partners and sizes"},
    {COLL_allgather, "recursive_doubling", "MPIR_Allgather_intra_recursive_doubling",
     "recursive_doubling",
     "p a power of two (where MPICH's default picks it): the same; otherwise MPICH's fix-up "
     "differs from collsim's fold"},
    {COLL_allgather, "ring", "MPIR_Allgather_intra_ring", "ring", "the same ring"},
    {COLL_alltoall, "brucks", "MPIR_Alltoall_intra_brucks", "bruck", "the same steps"},
    {COLL_alltoall, "pairwise", "MPIR_Alltoall_intra_pairwise", "pairwise",
     "the same partners (rank XOR k for a power of two, else rank + k and rank - k)"},
    {COLL_alltoall, "scattered", "MPIR_Alltoall_intra_scattered", "linear",
     "MPICH posts at most 32 (MPIR_CVAR_ALLTOALL_THROTTLE) pairs at a time and a message to "
     "itself; collsim posts all p-1 at once"},
    {COLL_alltoall, "pairwise_sendrecv_replace", "MPIR_Alltoall_intra_pairwise_sendrecv_replace",
     NULL, "in place only; collsim's all-to-all is not in place"},
    {COLL_barrier, "dissemination", "MPIR_Barrier_intra_dissemination", "dissemination",
     "the same rounds"},
    {COLL_barrier, "smp", "MPIR_Barrier_intra_smp", NULL, SMP},
    {COLL_gather, "binomial", "MPIR_Gather_intra_binomial", "binomial",
     "the same tree, children at distance 1, 2, 4, ..."},
    {COLL_scatter, "binomial", "MPIR_Scatter_intra_binomial", "binomial",
     "the same tree, largest subtree first"},
};

const int mpich_algo_count = sizeof mpich_algos / sizeof mpich_algos[0];

static const struct mpich_algo *by_name(enum coll_id coll, const char *name)
{
    for (int i = 0; i < mpich_algo_count; i++)
        if (mpich_algos[i].coll == coll && strcmp(mpich_algos[i].name, name) == 0)
            return &mpich_algos[i];
    return NULL;
}

static int pof2_below(int p)
{
    int q = 1;
    while (q <= p / 2)
        q *= 2;
    return q;
}

/* MPICH's default on a flat communicator (one rank per node, or device collectives off), as
 * generic.json's branches that do not test comm_hierarchy=parent: m = the message (bcast,
 * reduce, allreduce; count = m, unsigned bytes, a built-in op), one block (alltoall),
 * T = p blocks (allgather). "smp" for 0-byte reductions (generic.json's m <= 0). */
static const char *mpich_default(enum coll_id coll, int p, uint64_t m)
{
    int pow2 = pof2_below(p) == p;
    switch (coll) {
    case COLL_bcast:
        if (p < 8 || m <= 12288) return "binomial";
        return pow2 && m <= 524288 ? "scatter_recursive_doubling_allgather"
                                   : "scatter_ring_allgather";
    case COLL_allreduce:
        if (m == 0) return "smp";
        return m <= 8 || m < (uint64_t)pof2_below(p) ? "recursive_doubling"
                                                     : "reduce_scatter_allgather";
    case COLL_reduce:
        return m <= 2048 || m < (uint64_t)pof2_below(p) ? "binomial" : "reduce_scatter_gather";
    case COLL_allgather:
        if (pow2) return m * (uint64_t)p < 524288 ? "recursive_doubling" : "ring";
        return m * (uint64_t)p < 81920 ? "brucks" : "ring";
    case COLL_alltoall: /* "comm_size<8" is tested at search time as p <= 8 (csel.c) */
        if (p > 8 && m <= 256) return "brucks";
        return m <= 32768 ? "scattered" : "pairwise";
    case COLL_barrier:
        return "dissemination";
    case COLL_gather:
    case COLL_scatter:
        return "binomial";
    default:
        return NULL;
    }
}

int mpich_known(enum coll_id coll, const char *word)
{
    return by_name(coll, word) != NULL ||
           (strcmp(word, "default") == 0 && mpich_default(coll, 2, 1) != NULL);
}

int mpich_pick(enum coll_id coll, const char *word, int np, uint64_t bytes, struct mpilib_pick *out,
               char *err, size_t errlen)
{
    const char *cname = coll_infos[coll].name;
    int dflt = strcmp(word, "default") == 0;
    const struct mpich_algo *a = by_name(coll, dflt ? mpich_default(coll, np, bytes) : word);
    if (a == NULL) {
        snprintf(err, errlen,
                 "'mpich:%s' is not an MPICH algorithm of %s (see 'collsim list "
                 "--mpich')",
                 word, cname);
        return -1;
    }
    if (a->runs == NULL) {
        snprintf(err, errlen, "mpich:%s of %s%s%d processes, %llu bytes): not available: %s",
                 a->name, cname, dflt ? ", MPICH's default choice at (" : " (", np,
                 (unsigned long long)bytes, a->note);
        return -1;
    }
    out->runs = a->runs;
    out->number = 0;
    out->libname = a->name;
    out->nothing = 0;
    return 0;
}

int mpich_json_name(enum coll_id coll, const char *runs, char *out, size_t len, char *err,
                    size_t errlen)
{
    for (int i = 0; i < mpich_algo_count; i++)
        if (mpich_algos[i].coll == coll && mpich_algos[i].runs != NULL &&
            strcmp(mpich_algos[i].runs, runs) == 0) {
            snprintf(out, len, "%s", mpich_algos[i].json);
            return 0;
        }
    snprintf(err, errlen,
             "MPICH 4.0.2 has no %s algorithm that runs as %s (see 'collsim list "
             "--mpich')",
             coll_infos[coll].name, runs);
    return -1;
}

const char *mpich_size_key(enum coll_id coll, int np, uint64_t bytes, uint64_t *value)
{
    switch (coll) {
    case COLL_bcast:
    case COLL_reduce:
    case COLL_allreduce:
    case COLL_alltoall:
        *value = bytes;
        return "avg_msg_size";
    case COLL_allgather:
    case COLL_gather:
    case COLL_scatter:
        *value = bytes * (uint64_t)np;
        return "total_msg_size";
    default:
        *value = 0;
        return NULL;
    }
}

/* ---- both libraries ---- */

static const char *const prefixes[MPILIB_COUNT] = {OMPI_PREFIX, MPICH_PREFIX};

int mpilib_of(const char *name)
{
    for (int l = 0; l < MPILIB_COUNT; l++)
        if (strncmp(name, prefixes[l], strlen(prefixes[l])) == 0) return l;
    return -1;
}

int mpilib_known(enum coll_id coll, const char *name)
{
    int l = mpilib_of(name);
    if (l < 0) return 0;
    const char *word = name + strlen(prefixes[l]);
    return l == MPILIB_OMPI ? ompi_known(coll, word) : mpich_known(coll, word);
}

int mpilib_pick(enum coll_id coll, const char *name, int np, uint64_t bytes,
                struct mpilib_pick *out, char *err, size_t errlen)
{
    int l = mpilib_of(name);
    if (l < 0) {
        snprintf(err, errlen, "'%s' is not an MPI library's algorithm name", name);
        return -1;
    }
    const char *word = name + strlen(prefixes[l]);
    return l == MPILIB_OMPI ? ompi_pick(coll, word, np, bytes, out, err, errlen)
                            : mpich_pick(coll, word, np, bytes, out, err, errlen);
}

void mpilib_label(const char *name, const char *runs, char *out, size_t len)
{
    snprintf(out, len, "%s=%s", name, runs);
}
