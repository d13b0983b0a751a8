/* algofile.h: `collsim run --algo-file FILE.c`, a user's algorithm of one collective in a C file,
 * compiled with smpicc into a temporary folder for the runner to load (docs/student-algorithms.md).
 */
#ifndef COLLSIM_ALGOFILE_H
#define COLLSIM_ALGOFILE_H

#include <limits.h>

struct algofile {
    char dir[PATH_MAX];      /* the temporary folder (cs_temp_dir) holding all of it; "" for none */
    char so[PATH_MAX + 160]; /* the shared object the runner loads: DIR/STEM.so */
    char name[160];          /* its algorithm's name, "file:STEM" */
    int private_copies;      /* it has writable global or static variables: each rank loads its own
                                copy, as each MPI process has its own */
};

/* Compiles the C file `path` of collective `collective` (defining collsim_<collective> with
 * the MPI call's signature) for a run of np ranks into af->so, each tool stopped after limit
 * seconds (0: none). 0, or the exit status (1 or 2) after one error line; either way
 * algofile_remove(af) removes what it made. */
int algofile_build(const char *path, const char *collective, int np, int limit,
                   struct algofile *af);

/* Removes af's temporary folder with everything in it. */
void algofile_remove(struct algofile *af);

#endif
