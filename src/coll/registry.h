/* registry.h: metadata of the broadcast algorithms (MPI-free, shared by every collsim tool). */
#ifndef COLLSIM_REGISTRY_H
#define COLLSIM_REGISTRY_H

struct bcast_info {
    const char *name;
    const char *family;
    const char *description;
    const char *cost;
    const char *needs; /* "" or the topology it needs: "ring", "torus", "hypercube" */
};

extern const struct bcast_info bcast_infos[];
extern const int bcast_count;

/* SimGrid's own broadcasts (simgrid.def), selected as "smpi:NAME". */
struct simgrid_bcast_info {
    const char *name;
    const char *description;
    const char *fault; /* "" when collsim's data check finds nothing wrong */
};
extern const struct simgrid_bcast_info simgrid_bcasts[];
extern const int simgrid_bcast_count;

/* Prefix that selects a SimGrid algorithm. */
#define SIMGRID_PREFIX "smpi:"

/* Index of "smpi:NAME" in simgrid_bcasts, or -1. */
int simgrid_bcast_find(const char *qualified);

/* Expands an --algo list: "smpi:all" becomes every SimGrid algorithm, "all" every collsim
 * one. Returns a new comma list (caller frees), or NULL with the unknown name in `bad`. */
char *bcast_expand(const char *list, char *bad, unsigned long badlen);

/* Index of the algorithm called `name` in bcast_infos, or -1 if there is none. */
int bcast_find(const char *name);

#endif
