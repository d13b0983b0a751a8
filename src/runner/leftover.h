/* leftover.h: the messages an algorithm's calls left unreceived, which the runner looks for
 * once every rank has left a call (leftover.c). */
#ifndef COLLSIM_LEFTOVER_H
#define COLLSIM_LEFTOVER_H

#include <mpi.h>
#include <stddef.h>

#include "mailbox.h"

/* The (receiver, sender, tag) triples a phase's report names, the first ones found. */
#define LEFTOVER_SHOWN 3

struct leftover_msg {
    int rank, from, tag;
    long times; /* messages of this triple */
};

/* What every rank found in one phase; zeroed, it is empty. All ranks of the run add to one
 * (they are actors of one process, run one at a time). */
struct leftover {
    long messages;
    int nshown;
    struct leftover_msg shown[LEFTOVER_SHOWN];
};

/* Looks for messages to rank `rank` that no receive took: when its mailboxes (mailbox.h) hold
 * something, probes comm for any source and any tag an algorithm may use (tags >= 0; SimGrid's
 * own collectives' tags are negative and not seen), receives each (so that no later call
 * takes it) and adds it to *lo. Call it only when no message of the harness is pending (after
 * the closing barrier of a call). Empty mailboxes, as after every correct call, cost no
 * simcall, so the simulation goes on exactly as without the look; a probe that finds nothing
 * costs no simulated time (SMPI's MPI_Iprobe sleeps smpi/iprobe seconds, set to 0 while it
 * runs). Returns the number found. */
long leftover_probe(MPI_Comm comm, int rank, const struct mailboxes *own, struct leftover *lo);

/* "rank R from rank S (tag T[, N times]); ...; and K more messages": the messages of *lo, into buf.
 */
void leftover_text(const struct leftover *lo, char *buf, size_t len);

#endif
