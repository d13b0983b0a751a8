/* paths.h: where collsim finds its parts. In a build tree (a CMakeCache.txt beside the
 * executable) the SMPI programs lie beside it and the data in the build or source tree;
 * installed, everything is found in the GNU install directories relative to the executable
 * itself, so any prefix works (docs/install.md). */
#ifndef COLLSIM_PATHS_H
#define COLLSIM_PATHS_H

#include <stddef.h>

/* The folder of the running executable into out; 0, or -1 if /proc/self/exe cannot be read. */
int paths_self_dir(char *out, size_t len);

/* An SMPI program or library of collsim's own (collsim-runner.so, libcollsim-opcost.so ...):
 * its path into out; 0, or -1 if it is not where it should be (no message). */
int paths_program(const char *name, char *out, size_t len);

/* A shipped data file, named relative to the data folder ("examples/default.study",
 * "platforms/torus-4x4.xml", "machines/xl250a.machine"): its path into out; 0, or -1 when
 * it is not there (no message). */
int paths_data(const char *name, char *out, size_t len);

/* A command line's FILE argument that may name a shipped file: arg itself when it exists or
 * has a folder of its own ("./x.xml", "/a/x.xml", "out/x.xml" but not "platforms/x.xml");
 * otherwise folder/arg, or folder/arg plus suffix ("torus-4x4" -> platforms/torus-4x4.xml),
 * when such a shipped file exists. Returns arg or out. */
const char *paths_shipped(const char *folder, const char *arg, const char *suffix, char *out,
                          size_t len);

#endif
