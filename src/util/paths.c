/* paths.c: collsim's parts found relative to its own executable (paths.h). The relative
 * folders come from the build (cs_buildinfo, CMakeLists.txt): COLLSIM_PKGLIBDIR_REL and
 * COLLSIM_PKGDATADIR_REL, each relative to the installed bin folder. */
#include "paths.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int paths_self_dir(char *out, size_t len)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return -1;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash == NULL) return -1;
    *slash = '\0';
    int w = snprintf(out, len, "%s", self);
    return w > 0 && (size_t)w < len ? 0 : -1;
}

/* out = a/b/c (b may be ""); 0, or -1 when it does not fit or is not readable. */
static int try_path(const char *a, const char *b, const char *c, char *out, size_t len)
{
    int w = snprintf(out, len, "%s/%s%s%s", a, b, *b ? "/" : "", c);
    return w > 0 && (size_t)w < len && access(out, R_OK) == 0 ? 0 : -1;
}

/* 1 when the executable, in folder self, runs from its build tree. */
static int in_build_tree(const char *self)
{
    char cache[PATH_MAX];
    return try_path(self, "", "CMakeCache.txt", cache, sizeof cache) == 0;
}

int paths_program(const char *name, char *out, size_t len)
{
    char self[PATH_MAX];
    if (paths_self_dir(self, sizeof self) != 0) return -1;
    if (in_build_tree(self)) return try_path(self, "", name, out, len);
    return try_path(self, COLLSIM_PKGLIBDIR_REL, name, out, len);
}

int paths_data(const char *name, char *out, size_t len)
{
    char self[PATH_MAX];
    if (paths_self_dir(self, sizeof self) != 0) return -1;
    if (!in_build_tree(self)) return try_path(self, COLLSIM_PKGDATADIR_REL, name, out, len);
    /* the generated files are in the build, the others in the source */
    if (try_path(self, "", name, out, len) == 0) return 0;
    return try_path(COLLSIM_SOURCE_DIR, "", name, out, len);
}

const char *paths_shipped(const char *folder, const char *arg, const char *suffix, char *out,
                          size_t len)
{
    if (arg == NULL || access(arg, F_OK) == 0) return arg;
    size_t flen = strlen(folder);
    const char *base = arg;
    if (strncmp(arg, folder, flen) == 0 && arg[flen] == '/') base = arg + flen + 1;
    if (strchr(base, '/') != NULL || *base == '\0') return arg;
    char name[PATH_MAX];
    snprintf(name, sizeof name, "%s/%s", folder, base);
    if (paths_data(name, out, len) == 0) return out;
    snprintf(name, sizeof name, "%s/%s%s", folder, base, suffix);
    if (paths_data(name, out, len) == 0) return out;
    return arg;
}
