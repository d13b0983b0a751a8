/* registry.h: metadata of the broadcast algorithms (MPI-free, shared by every collsim tool). */
#ifndef COLLSIM_REGISTRY_H
#define COLLSIM_REGISTRY_H

struct bcast_info {
    const char *name;
    const char *family;
    const char *description;
    const char *cost;
};

extern const struct bcast_info bcast_infos[];
extern const int bcast_count;

/* Index of the algorithm called `name` in bcast_infos, or -1 if there is none. */
int bcast_find(const char *name);

/* Writes the comma-separated list of algorithm names into buf (for error messages). */
void bcast_names(char *buf, unsigned long len);

#endif
