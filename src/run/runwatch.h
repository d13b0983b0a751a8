/* runwatch.h: what `collsim run` does while its simulations go on. On stderr (not with
 * --quiet) one progress line per finished algorithm and size, counted over the whole run:
 *   collsim: [3/24] binomial 64 KiB: 12.300 us (wall 0.8 s)
 * (on a terminal one line, rewritten). The CSV at --csv holds, at every moment, a header and
 * whole rows only: the rows of the algorithms and sizes that finished, the file replaced
 * through PATH.part as rows come (a device is written in place, "-" at the end). It is first
 * written with the first row, so a run that fails before any row leaves none; after an
 * interrupt, a cut or a failure it keeps the finished rows and says how many. */
#ifndef COLLSIM_RUNWATCH_H
#define COLLSIM_RUNWATCH_H

#include "run.h"

struct run_watch;
struct run_plan;

/* A watch for the run of plan pl (its request's csv NULL: progress only), or NULL after an
 * error line. */
struct run_watch *watch_new(const struct run_plan *pl);

/* Before each smpirun: the runner's CSV file it writes (NULL: none) and how many algorithms
 * of the run it is expected to run (-1: all of them; the runner may fit fewer: its plan
 * message corrects it).
 * Returns the hooks to give smpi_spawn_watched. */
const struct smpi_watch *watch_spawn(struct run_watch *w, const char *runner_csv, int nalgos);

/* The last smpirun was cut by the time limit (failed 0), or failed and was skipped (1).
 * Returns how many of its rows (algorithm, size) finished, and puts how many it was expected
 * to make in *planned. */
int watch_cut(struct run_watch *w, int failed, int *planned);

/* Ends the run (ok: it succeeded): the CSV's last version (with ok, a header even with no
 * row); after a cut or a failure, a line saying how many rows it keeps. Frees w. 0, or -1
 * after an error line (the CSV could not be written, or the time limit of `limit` seconds cut
 * every algorithm before any size finished). */
int watch_finish(struct run_watch *w, int ok, int limit);

#endif
