/* platform.h: `collsim platform`, SimGrid platforms for the topologies collsim studies. */
#ifndef COLLSIM_PLATFORM_H
#define COLLSIM_PLATFORM_H

#include <stddef.h>

/* Entry of `collsim platform`: argv[0] is "platform". Returns the process exit status. */
int platform_main(int argc, char **argv);

/* Reads the collsim.kind and collsim.dims props of a platform's first zone with libxml2 (no
 * SimGrid: a malformed file is rejected before SimGrid, which would abort on it, sees it).
 * Each is "" when absent. 0, or -1 if the file is not a readable platform. */
int platform_props(const char *path, char *kind, char *dims, size_t len);

#endif
