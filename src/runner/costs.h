/* costs.h: the costs an SMPI program of collsim charges beyond SimGrid's flows (costs.cpp):
 * store-and-forward routing and a machine profile's software costs per message. */
#ifndef COLLSIM_COSTS_H
#define COLLSIM_COSTS_H

#include "machine.h"

/* Installs SimGrid's cost callbacks for machine m (NULL: none; m must outlive the run) and,
 * with sfr, store-and-forward routing. Call once, from one rank, before any message. 0, or
 * -1 when the platform has no network model to configure. */
int costs_install(const struct machine *m, int sfr);

#endif
