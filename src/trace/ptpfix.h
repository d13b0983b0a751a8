/* ptpfix.h: undoes the doubled point-to-point links of SimGrid 3.32 traces (tracefix.c).
 *
 * With tracing/smpi/internals on (collsim needs it to see the messages inside SimGrid's own
 * collectives), SimGrid traces a message both in the MPI binding and inside its request
 * engine for these calls, which the bindings guard for MPI_Send and MPI_Recv only:
 *   - MPI_Isend, MPI_Issend, MPI_Ibsend, MPI_Ssend: two StartLinks, same time;
 *   - a receive completed in MPI_Waitany or MPI_Waitall: two EndLinks in the call, the
 *     engine's first (at the message's arrival), then the binding's;
 *   - MPI_Sendrecv: the binding's StartLink first and its EndLink last, both keyed with
 *     MPI_COMM_WORLD ranks where SimGrid's keys use process ids (one more), so they belong to
 *     no real channel: dropped whatever their key;
 *   - a receive completed in MPI_Wait: the engine's EndLink in the call, the binding's just
 *     after it returns.
 * SimGrid pairs starts and ends first-in first-out per (source, destination, tag), so each
 * extra event shifts every later pairing on that channel. The repair drops the extra events
 * and gives every end the key of the oldest unended start of its channel (MPI's
 * non-overtaking order). Limit: when one MPI_Waitall completes several receives of one
 * channel, the binding's ends come after all the engine's; the pairs are then taken in
 * order, which can give a later message the call's exit time as its end. */
#ifndef COLLSIM_PTPFIX_H
#define COLLSIM_PTPFIX_H

struct ptpfix;

/* Limits (beyond them a call fails): container aliases below PTPFIX_MAX_CONT, states nested
 * PTPFIX_MAX_DEPTH deep, PTPFIX_MAX_CHANNELS channels, PTPFIX_MAX_QUEUED messages started and
 * not yet ended, all channels together. */
enum {
    PTPFIX_MAX_CONT = 1 << 20,
    PTPFIX_MAX_DEPTH = 32,
    PTPFIX_MAX_CHANNELS = 1 << 20,
    PTPFIX_MAX_QUEUED = 1 << 20
};

struct ptpfix *ptpfix_new(void);
void ptpfix_free(struct ptpfix *f);

/* Why the last call failed: a limit passed or memory exhausted. */
const char *ptpfix_error(const struct ptpfix *f);

/* A state pushed on (popped from) rank container `c`; state is its name (NULL if unknown).
 * The push: 0, or -1 (ptpfix_error). */
int ptpfix_push(struct ptpfix *f, int c, const char *state);
void ptpfix_pop(struct ptpfix *f, int c, const char *time);

/* A point-to-point StartLink from container c with SMPI key "SRC_DST_TAG_SEQ" at time:
 * 1 when it is an extra (drop it), 0 to keep it, -1 on failure (ptpfix_error). */
int ptpfix_start(struct ptpfix *f, int c, const char *key, const char *time);

/* An EndLink at container c: 1 when it is an extra (drop it), 0 with *key set to the key it
 * must carry (the same or its start's), -1 on failure (ptpfix_error). */
int ptpfix_end(struct ptpfix *f, int c, const char **key, const char *time);

#endif
