/* list.h: `collsim list`, the registry's collectives and algorithms. */
#ifndef COLLSIM_LIST_H
#define COLLSIM_LIST_H

extern const char list_usage[];

/* `collsim list [COLLECTIVE]`: argv[0] is "list". Returns the exit status. */
int list_main(int argc, char **argv);

#endif
