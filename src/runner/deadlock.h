/* deadlock.h: knowing, in an SMPI program, that SimGrid found the simulation deadlocked
 * (deadlock.cpp), since it then ends every actor as if it had ended itself. */
#ifndef COLLSIM_DEADLOCK_H
#define COLLSIM_DEADLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Calls fn(ctx) when SimGrid finds the simulation deadlocked, before it ends the actors (in
 * SimGrid's own context: fn must not block). Call once, from one rank; deadlock_unwatch()
 * before ctx goes. */
void deadlock_watch(void (*fn)(void *ctx), void *ctx);
void deadlock_unwatch(void);

#ifdef __cplusplus
}
#endif

#endif
