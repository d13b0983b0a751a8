/* scratch.h: the private folder a fuzz target writes its files into (in memory when
 * /dev/shm is writable). */
#ifndef COLLSIM_FUZZ_SCRATCH_H
#define COLLSIM_FUZZ_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Creates the folder into dir (size >= 64); aborts if it cannot. */
static inline void fuzz_scratch_dir(char *dir, size_t len)
{
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, len, "%s/collsim-fuzz-XXXXXX", base);
    if (mkdtemp(dir) == NULL) abort();
}

/* Writes the bytes into the file path (the input a target reads as a file); aborts if it
 * cannot. */
static inline void fuzz_put(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) abort();
}

#endif
