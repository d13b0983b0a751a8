/* deadlock.h: knowing, in an SMPI program, that SimGrid found the simulation deadlocked
 * (deadlock.cpp), since it then ends every actor as if it had ended itself. */
#ifndef COLLSIM_DEADLOCK_H
#define COLLSIM_DEADLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sets *flag to 1 when SimGrid finds the simulation deadlocked, before it ends the actors.
 * Call once, from one rank; flag must outlive the run. */
void deadlock_watch(volatile int *flag);

#ifdef __cplusplus
}
#endif

#endif
