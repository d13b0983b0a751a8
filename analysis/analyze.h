/* analyze.h: `collsim analyze`, what happened in a traced run and which model explains it. */
#ifndef COLLSIM_ANALYZE_H
#define COLLSIM_ANALYZE_H

/* Entry of `collsim analyze`; argv[0] is "analyze". Returns the exit status. */
int analyze_main(int argc, char **argv);
extern const char analyze_usage[];

#endif
