/* guard.h: a process that ends collsim's children when collsim dies without ending them
 * itself (SIGKILL, a crash): it holds one end of a socket whose other end only collsim holds,
 * learns each child's process group as cs_fork makes it, and when the socket closes kills
 * the groups still listed. An interrupt is cleaned up by out.c's handler before that. */
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

/* In a forked child: lets go of the parent's guard (the child starts its own when it forks). */
void cs_guard_forget(void);

#endif
