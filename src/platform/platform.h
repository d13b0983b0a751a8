/* platform.h: `collsim platform`, SimGrid platforms for the topologies collsim studies. */
#ifndef COLLSIM_PLATFORM_H
#define COLLSIM_PLATFORM_H

/* Entry of `collsim platform`: argv[0] is "platform". Returns the process exit status. */
int platform_main(int argc, char **argv);

#endif
