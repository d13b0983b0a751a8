/* deadlock.h: knowing, in an SMPI program, that SimGrid found the simulation deadlocked
 * (deadlock.cpp), since it then ends every actor as if it had ended itself, and which actor's
 * send waits for a receive that never comes. */
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

/* The pid of an actor whose message waits, unreceived, at the head of SMPI's mailboxes of the
 * actor `pid` (SMPI names them "SMPI-<pid>" and "small-<pid>"), or -1 if none does. For fn
 * above, once nothing can move any more. */
long deadlock_sender_to(long pid);

#ifdef __cplusplus
}
#endif

#endif
