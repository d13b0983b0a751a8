/* tracefix.h: repairs the Paje traces SimGrid 3.32 writes so that any Paje reader takes them. */
#ifndef COLLSIM_TRACEFIX_H
#define COLLSIM_TRACEFIX_H

#include <stddef.h>

struct tracefix_stats {
    long sized_events;   /* events given the Size field they lacked */
    long int_sizes;      /* Size fields written as decimals ("2.000000"), made integers */
    long closed_links;   /* RMA links closed at the origin's next synchronisation */
    long unclosed_links; /* RMA links with no synchronisation after them (left open) */
    long dropped_ends;   /* RMA link ends with no start (lock acknowledgements), dropped */
    long doubled_links;  /* point-to-point link events SimGrid wrote twice, dropped (ptpfix.h) */
};

/* Copies the trace `in` to `out`, streaming, with these repairs:
 *  - with SMPI sizes or internals traced, SimGrid's PajeStartLink, PajeEndLink and
 *    PajePushState definitions end in a Size field, but the events it writes outside MPI
 *    calls (the platform's topology links, user host states) lack it, which makes pj_dump
 *    abort; an event one field short of a definition ending in Size gets "0" as its size;
 *  - MPI_Waitany's state is written with a decimal Size ("2.000000") where the definition
 *    says int; the fraction, always zero, is cut;
 *  - SimGrid never ends the links of MPI_Put / MPI_Accumulate transfers (tags -6666, -6665),
 *    so pj_dump rejects the trace unless told -z; the transfer has ended by the time the
 *    origin's next RMA synchronisation (fence, unlock, flush, complete) returns, since that
 *    call waits for it, so the link is ended there, at the target named in its key; an
 *    RMA-tagged end with no start (SimGrid's lock acknowledgements) is dropped;
 *  - the point-to-point links SimGrid traces twice (non-blocking sends, MPI_Sendrecv,
 *    receives completed in MPI_Wait*) lose their extra events and are paired again in
 *    MPI's order (ptpfix.h);
 *  - the comment line holding the simulator's command line (absolute paths, temporary file
 *    names) becomes one fixed line, so the same run gives the same bytes in any directory.
 * Returns 0, or -1 with a message in err. `out` is written whole or not at all. */
int tracefix_copy(const char *in, const char *out, struct tracefix_stats *stats, char *err,
                  size_t errlen);

#endif
