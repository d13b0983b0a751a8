/* collsim-interpose.h: what an SMPI application linked with libcollsim-interpose can ask it.
 * The library replaces the application's MPI collectives with the algorithms named by the
 * COLLSIM_<ID> environment variables (COLLSIM_BCAST=binomial ...; README.md of the
 * interposer, installed with collsim's docs). Build with
 *   smpicc app.c $(pkg-config --cflags --libs collsim-interpose)
 * The functions below may be called at any time after MPI_Init. */
#ifndef COLLSIM_INTERPOSE_H
#define COLLSIM_INTERPOSE_H

#ifdef __cplusplus
extern "C" {
#endif

/* The version of collsim the library was built from ("0.1"). */
const char *collsim_interpose_version(void);

/* What the library runs for the MPI function named mpi_function ("MPI_Bcast"): the
 * algorithm's name as its variable gives it ("binomial", "smpi:scatter_LR_allgather"), or
 * NULL when that function runs SimGrid's own call (its variable unset or empty) or is not
 * one the library interposes. */
const char *collsim_interpose_algorithm(const char *mpi_function);

#ifdef __cplusplus
}
#endif

#endif
