/* shared_buffers.c: --shared-buffers, the scale mode in which every rank's buffers are one memory
 * shared by all ranks but for the bytes that are moved and checked: the collective's shared
 * driver, the note saying which bytes are real, and SimGrid's piece size for the mappings. */
#include <stdint.h>
#include <stdio.h>
#include <xbt/config.h>

#include "coll.h"
#include "runner.h"
#include "util.h"

/* Says on stderr which bytes of coll's shared buffers are real, moved and checked. */
static void shared_note(enum coll_id coll)
{
    const char *name = coll_infos[coll].name, *block = NULL, *checker = "every rank";
    char ends[160], what[160];
    snprintf(ends, sizeof ends,
             "every other byte of its first and its last %d (offsets 0, 2, ..., %d "
             "and L-1, L-3, ..., L-%d)",
             COLL_SHARED_SPAN, COLL_SHARED_SPAN - 2, COLL_SHARED_SPAN - 1);
    if (coll == COLL_allgather) {
        snprintf(what, sizeof what,
                 "every rank's allgather receive buffer (p blocks of m bytes, L = pm) is");
        block = "its send buffer";
    } else if (coll == COLL_gather || coll == COLL_scatter) {
        snprintf(what, sizeof what, "the root's %s buffer (p blocks of m bytes, L = pm) is", name);
        block = "every rank's own block";
        checker = coll == COLL_gather ? "the root" : "the rank of each block";
    } else if (coll == COLL_reduce_scatter || coll == COLL_reduce_scatter_block) {
        snprintf(what, sizeof what,
                 "every rank's %s input and working vectors (p blocks, L bytes) are", name);
        block = "the block it receives";
        checker = "the rank of each block";
    }
    fprintf(stderr, "collsim-runner: note: --shared-buffers: ");
    if (block != NULL) /* p blocks: the real bytes are those of the first and last ones */
        fprintf(stderr,
                "%s one memory shared by all ranks but for %s: the first and last blocks' "
                "bytes; %s likewise (its own up to %d bytes). The messages carry these bytes "
                "and %s checks them; the blocks in between are neither moved nor checked\n",
                what, ends, block, 2 * COLL_SHARED_SPAN, checker);
    else
        fprintf(stderr,
                "each %s buffer of every rank (L = m bytes) is one memory shared by all ranks "
                "but for %s, which every message carries and every rank checks; the other "
                "bytes are neither moved nor checked\n",
                name, ends);
}

int use_shared(struct options *o, int rank)
{
    if (!o->a.shared) return 0;
    const char *name = coll_infos[o->a.coll].name;
    if (coll_driver_shared(o->a.coll) == NULL) {
        char names[128];
        coll_shared_names(names, sizeof names);
        if (rank == 0)
            cs_error("--shared-buffers: not for %s: %s; only %s can be checked in buffers "
                     "all ranks share (docs/simulation.md)",
                     name,
                     o->a.coll == COLL_barrier
                         ? "it moves no data"
                         : "block j of rank i becomes block i of rank j, so every block would "
                           "need private bytes of its own, and a shared page mixes the ranks' "
                           "blocks",
                     names);
        return -1;
    }
    o->driver = coll_driver_shared(o->a.coll);
    coll_scratch_share(1);
    if (rank == 0) shared_note(o->a.coll);
    return 0;
}

/* SimGrid maps a shared buffer in pieces of smpi/shared-malloc-blocksize (1 MiB): one piece the
 * whole size keeps its shared middle to one mapping per rank (Linux limits a process's
 * mappings; docs/simulation.md). An allgather's receive buffer is p blocks. The size must be a
 * power of two: SimGrid 3.32 aligns offsets to it with a mask (smpi_shared.cpp, ALIGN_UP), and
 * maps memory where no block is otherwise. */
void shared_blocksize(const struct options *o, int p, uint64_t maxbytes)
{
    uint64_t biggest = maxbytes * (o->a.coll == COLL_allgather ? (uint64_t)p : 1), block = 4096;
    while (block < biggest)
        block *= 2;
    if (o->a.shared && sg_cfg_get_double("smpi/shared-malloc-blocksize") < (double)block)
        sg_cfg_set_double("smpi/shared-malloc-blocksize", (double)block);
}
