/* leftover.c: finding the messages an algorithm left unreceived (leftover.h). */
#include "leftover.h"

#include <stdio.h>
#include <stdlib.h>
#include <xbt/config.h>

/* At most this many messages are taken per rank and call: an algorithm that leaves more is
 * reported all the same, and the rest stay (counted in later calls' probes). */
#define LEFTOVER_TAKEN 64

/* MPI_Iprobe on comm with SMPI's injected time switched off, so that a probe that finds
 * nothing advances no clock and leaves no growing delay (smpi/grow-injected-times) for an
 * algorithm's own probes; 1 with *st when a message is waiting. Ranks run one at a time and
 * MPI_Iprobe reads the settings before it yields, so another rank's probe cannot see them. */
static int probe_now(MPI_Comm comm, MPI_Status *st)
{
    double sleep = sg_cfg_get_double("smpi/iprobe");
    int grow = sg_cfg_get_boolean("smpi/grow-injected-times"), flag = 0;
    sg_cfg_set_double("smpi/iprobe", 0.0);
    sg_cfg_set_boolean("smpi/grow-injected-times", "no");
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, st);
    sg_cfg_set_double("smpi/iprobe", sleep);
    sg_cfg_set_boolean("smpi/grow-injected-times", grow ? "yes" : "no");
    return flag;
}

/* Adds one message from `from` with `tag` to rank's record. */
static void note(struct leftover *lo, int rank, int from, int tag)
{
    lo->messages++;
    for (int i = 0; i < lo->nshown; i++)
        if (lo->shown[i].rank == rank && lo->shown[i].from == from && lo->shown[i].tag == tag) {
            lo->shown[i].times++;
            return;
        }
    if (lo->nshown < LEFTOVER_SHOWN)
        lo->shown[lo->nshown++] = (struct leftover_msg){rank, from, tag, 1};
}

long leftover_probe(MPI_Comm comm, int rank, const struct mailboxes *own, struct leftover *lo)
{
    long found = 0;
    MPI_Status st;
    if (!mailbox_pending(own)) return 0;
    while (found < LEFTOVER_TAKEN && probe_now(comm, &st)) {
        int bytes = 0;
        MPI_Get_count(&st, MPI_BYTE, &bytes);
        void *buf = malloc(bytes > 0 ? (size_t)bytes : 1);
        if (buf == NULL) break;
        MPI_Recv(buf, bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, comm, MPI_STATUS_IGNORE);
        free(buf);
        note(lo, rank, st.MPI_SOURCE, st.MPI_TAG);
        found++;
    }
    return found;
}

void leftover_text(const struct leftover *lo, char *buf, size_t len)
{
    size_t n = 0;
    long shown = 0;
    buf[0] = '\0';
    for (int i = 0; i < lo->nshown && n < len; i++) {
        const struct leftover_msg *m = &lo->shown[i];
        char times[32] = "";
        if (m->times > 1) snprintf(times, sizeof times, ", %ld times", m->times);
        n += (size_t)snprintf(buf + n, len - n, "%srank %d from rank %d (tag %d%s)", i ? "; " : "",
                              m->rank, m->from, m->tag, times);
        shown += m->times;
    }
    if (n < len && lo->messages > shown)
        snprintf(buf + n, len - n, "; and %ld more message%s", lo->messages - shown,
                 lo->messages - shown == 1 ? "" : "s");
}
