/* topo.h: internals of `collsim platform` shared by its files (not for other modules). */
#ifndef COLLSIM_TOPO_H
#define COLLSIM_TOPO_H

/* Entry of `collsim platform info FILE.xml [--hops]`: argv[0] is "info". Returns the exit
 * status; a file SimGrid rejects is one error line, never an abort. */
int topo_info_main(int argc, char **argv);

#include "platform.h" /* topo_parse_quantity, which other modules use too */

#endif
