/* guard.h: a process that cleans up after collsim when collsim dies without doing it itself
 * (SIGKILL, a crash): it holds one end of a socket whose other end only collsim holds, learns
 * each child's process group as cs_fork makes it and each temporary file and folder as out.c
 * registers it, and when the socket closes kills the groups still listed and, unless collsim
 * said it was done (a normal exit, an interrupt cleaned up by out.c's handler), removes the
 * files and folders still listed. */
#ifndef COLLSIM_GUARD_H
#define COLLSIM_GUARD_H

#include <sys/types.h>

/* collsim's children at once: cs_fork's table (out.c) and the guard's list. */
#define CS_MAX_CHILDREN 128

/* Lists the process group pg with the guard, starting the guard on first use. A guard that
 * cannot be started is no error: only an uncatchable end of collsim would leave children. */
void cs_guard_add(pid_t pg);

/* Drops pg (its leader reaped: the id may be reused). */
void cs_guard_drop(pid_t pg);

/* Lists (add 1) or drops (add 0) a temporary file, or a flat folder (dir 1), with the guard,
 * starting it on first use. */
void cs_guard_path(const char *path, int dir, int add);

/* Tells the guard that collsim cleaned up itself: it removes nothing. Async-signal-safe. */
void cs_guard_done(void);

/* Removes the files of a flat folder, then the folder (getdents64 and unlinkat, which are
 * async-signal-safe where readdir is not). */
void cs_remove_flat_dir(const char *dir);

/* In a forked child: lets go of the parent's guard (the child starts its own when it forks). */
void cs_guard_forget(void);

#endif
