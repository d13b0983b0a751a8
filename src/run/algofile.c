/* algofile.c: `collsim run --algo-file FILE.c`. The file is compiled with smpicc, with the
 * flags of collsim's own algorithms, into a temporary folder that is removed after the run
 * (and on an interrupt): nothing is written beside FILE.c. A header declaring collsim_<C> with
 * the MPI call's signature is forced in, so a definition with another signature is a compile
 * error at its line. The object's symbols (nm) then tell whether it defines collsim_<C> and
 * whether it has writable global or static variables: those would be shared by all ranks, as
 * collsim runs SMPI unprivatized (smpi.c), so the runner then loads one copy of the object per
 * rank (docs/student-algorithms.md). */
#include "algofile.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "registry.h"
#include "util.h"

/* The collectives that are MPI calls, with the MPI function each is. */
static const struct {
    const char *coll, *mpi;
} mpi_calls[] = {
#define COLLECTIVE(id, desc, mem, params, mangled)
#define MPI_FUNCTION(id, name, args) {#id, #name},
#include "collectives.def"
#undef MPI_FUNCTION
#undef COLLECTIVE
};
#define MPI_CALLS (sizeof mpi_calls / sizeof mpi_calls[0])

/* The most ranks that may each load a copy of the object: a copy takes 5 memory mappings,
 * a rank's stack 2, and Linux allows a process 65,530 (vm.max_map_count). */
#define ALGOFILE_COPIES_MAX 4096

/* Each collective's C parameter list, "(void *buf, int count, ...)", in registry order. */
static const char *const params[] = {
#define COLLECTIVE(id, desc, mem, params, mangled) #params,
#include "collectives.def"
#undef COLLECTIVE
};

/* The MPI function collective `coll` is; NULL if it is none. */
static const char *mpi_call(const char *coll)
{
    for (size_t i = 0; i < MPI_CALLS; i++)
        if (strcmp(mpi_calls[i].coll, coll) == 0) return mpi_calls[i].mpi;
    return NULL;
}

/* The collectives --algo-file takes, "bcast, barrier, ..." into buf. */
static void mpi_call_list(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < MPI_CALLS && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", mpi_calls[i].coll);
}

/* STEM of ".../STEM.c" into stem, every character but letters, digits, '-' and '_' made '_'
 * (the name goes on smpirun's command line and into trace marks); -1 if path is no .c file. */
static int file_stem(const char *path, char *stem, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n < 3 || strcmp(base + n - 2, ".c") != 0 || n - 2 >= len) return -1;
    for (size_t i = 0; i < n - 2; i++)
        stem[i] = isalnum((unsigned char)base[i]) || base[i] == '-' ? base[i] : '_';
    stem[n - 2] = '\0';
    return 0;
}

/* Runs argv with stdout and stderr into the file log and TMPDIR the folder dir (the
 * compiler's own temporary files), for at most limit seconds (0: no limit); its exit status,
 * -2 after the limit, or -1 if it could not run. */
static int tool_run(const char *const *argv, const char *log, const char *dir, int limit)
{
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0) _exit(127);
        dup2(fd, 1);
        dup2(fd, 2);
        setenv("TMPDIR", dir, 1);
        setenv("LC_ALL", "C", 1); /* plain quotes in the messages */
        execv(argv[0], (char *const *)argv);
        fprintf(stderr, "cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status = cs_wait_limit(pid, limit);
    if (status == -2) return -2;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* line with every occurrence of the absolute path `real` (smpicc hands the compiler that)
 * written as the user's `path`, into out. */
static void user_path(const char *line, const char *real, const char *path, char *out, size_t len)
{
    size_t used = 0, rl = strlen(real);
    out[0] = '\0';
    while (*line && used + 1 < len) {
        if (rl > 0 && strncmp(line, real, rl) == 0) {
            used += (size_t)snprintf(out + used, len - used, "%s", path);
            line += rl;
        } else {
            out[used++] = *line++;
            out[used] = '\0';
        }
    }
    if (used >= len) used = len - 1;
    out[strcspn(out, "\n")] = '\0';
}

/* Shows the compiler's log: after a failure (failed) one error line, the first that says
 * "error" (else its first line); after a success its warnings as they are. */
static void show_log(const char *log, const char *real, const char *path, int failed)
{
    FILE *f = fopen(log, "r");
    char line[4096], shown[4096], first[4096] = "";
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        user_path(line, real, path, shown, sizeof shown);
        if (!failed) {
            fprintf(stderr, "%s\n", shown);
            continue;
        }
        if (first[0] == '\0') snprintf(first, sizeof first, "%s", shown);
        if (strstr(shown, " error: ") != NULL || strstr(shown, "undefined reference") != NULL) {
            snprintf(first, sizeof first, "%s", shown);
            break;
        }
    }
    if (f != NULL) fclose(f);
    if (failed && first[0] != '\0') cs_error("%s", first);
    if (failed && first[0] == '\0') cs_error("cannot compile '%s': the compiler failed", path);
}

/* DIR/collsim-proto.h: mpi.h and the prototype of fn with collective coll's parameters. 0, or
 * -1 after an error line. */
static int write_proto(const char *dir, const char *fn, int coll, char *out, size_t len)
{
    snprintf(out, len, "%s/collsim-proto.h", dir);
    FILE *f = fopen(out, "w");
    if (f == NULL) {
        cs_error("cannot write '%s': %s", out, strerror(errno));
        return -1;
    }
    fprintf(f, "#include <mpi.h>\nint %s%s;\n", fn, params[coll]);
    if ((ferror(f) | fclose(f)) != 0) {
        cs_error("cannot write '%s'", out);
        return -1;
    }
    return 0;
}

/* What the object's symbols say. */
struct symbols {
    int has_fn, fn_static; /* collsim_<C> defined, as a global or a static function */
    int writable;          /* writable variables */
    char names[4096];      /* the first three, "'NAME' (FILE.c:LINE), ..." */
};

/* Reads one line of `nm -P -l --defined-only`, "NAME TYPE VALUE SIZE\tFILE:LINE", into s. */
static void symbol_line(char *line, const char *fn, const char *path, struct symbols *s)
{
    char name[256], type[4], *where = strchr(line, '\t');
    line[strcspn(line, "\n")] = '\0';
    if (sscanf(line, "%255s %3s", name, type) != 2) return;
    if (strcmp(name, fn) == 0 && (type[0] == 'T' || type[0] == 't')) {
        s->has_fn = 1;
        s->fn_static = type[0] == 't';
        return;
    }
    /* data, bss, common and small data (initialized or not, global or static); R is const */
    if (strchr("DdBbCGgSsVv", type[0]) == NULL || name[0] == '.') return;
    if (s->writable++ >= 3) return;
    name[strcspn(name, ".")] = '\0'; /* a function's static "calls" is "calls.0" */
    const char *colon = where != NULL ? strrchr(where, ':') : NULL;
    size_t used = strlen(s->names);
    snprintf(s->names + used, sizeof s->names - used, "%s'%.200s' (%.1000s%.20s)", used ? ", " : "",
             name, path, colon != NULL ? colon : "");
}

/* The symbols of the object obj (nm's listing goes through the file log). 0, or 1 after an
 * error line. */
static int read_symbols(const char *obj, const char *log, const char *dir, const char *fn,
                        const char *path, struct symbols *s)
{
    const char *argv[] = {NM_PATH, "-P", "-l", "--defined-only", obj, NULL};
    memset(s, 0, sizeof *s);
    if (tool_run(argv, log, dir, 0) != 0) {
        cs_error("cannot read the symbols of '%s' with %s", path, NM_PATH);
        return 1;
    }
    FILE *f = fopen(log, "r");
    char line[8192];
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        symbol_line(line, fn, path, s);
    if (f != NULL) fclose(f);
    return 0;
}

/* Compiles path (by its absolute name real: a name starting with '-' is no option) into
 * DIR/STEM.o (fn's prototype forced in), then links DIR/STEM.so, each within limit seconds.
 * 0, or 1 after one error line. */
static int compile(const char *path, const char *real, const char *stem, const char *proto,
                   int limit, struct algofile *af)
{
    char obj[PATH_MAX + 160], log[PATH_MAX + 160];
    snprintf(obj, sizeof obj, "%s/%s.o", af->dir, stem);
    snprintf(log, sizeof log, "%s/compiler.log", af->dir);
    snprintf(af->so, sizeof af->so, "%s/%s.so", af->dir, stem);
    /* collsim's own algorithms' flags (CMakeLists.txt, RelWithDebInfo) but -DNDEBUG: a
     * student's assert() stays */
    const char *cc[] = {SMPICC_PATH, "-std=gnu11", "-O2", "-g", "-Wall", "-Wextra", "-include",
                        proto,       "-c",         "-o",  obj,  real,    NULL};
    const char *ld[] = {SMPICC_PATH, "-shared", "-o", af->so, obj, NULL};
    int rc = tool_run(cc, log, af->dir, limit);
    if (rc == 0) show_log(log, real, path, 0);
    if (rc == 0) rc = tool_run(ld, log, af->dir, limit);
    if (rc == -2) {
        cs_error("cannot compile '%s': the compiler ran past the time limit (%d s; "
                 "--time-limit to change)",
                 path, limit);
        return 1;
    }
    if (rc != 0) {
        show_log(log, real, path, 1);
        return 1;
    }
    return 0;
}

/* Checks what the object defines (fn, writable variables), saying what to do. 0, or 1 after
 * one error line. */
static int check_object(const char *path, const char *stem, const char *fn, int coll, int np,
                        struct algofile *af)
{
    char obj[PATH_MAX + 160], log[PATH_MAX + 160];
    struct symbols s;
    snprintf(obj, sizeof obj, "%s/%s.o", af->dir, stem);
    snprintf(log, sizeof log, "%s/nm.log", af->dir);
    if (read_symbols(obj, log, af->dir, fn, path, &s) != 0) return 1;
    if (!s.has_fn || s.fn_static) {
        cs_error("'%s' defines no %sfunction %s: write int %s%s", path,
                 s.fn_static ? "global " : "", fn, fn, params[coll]);
        return 1;
    }
    af->private_copies = s.writable > 0;
    if (af->private_copies && np > ALGOFILE_COPIES_MAX) {
        cs_error("'%s' has writable global or static variables, %s%s, which need a copy of it "
                 "per rank: at most %d ranks (not %d); make them local variables",
                 path, s.names, s.writable > 3 ? ", ..." : "", ALGOFILE_COPIES_MAX, np);
        return 2;
    }
    if (af->private_copies)
        cs_note("note: '%s' has %d writable global or static variable%s, %s%s: each rank gets "
                "its own copy, as each MPI process has",
                path, s.writable, s.writable == 1 ? "" : "s", s.names,
                s.writable > 3 ? ", ..." : "");
    return 0;
}

int algofile_build(const char *path, const char *collective, int np, int limit, struct algofile *af)
{
    char stem[128], fn[64], proto[PATH_MAX + 32], known[256], real[PATH_MAX];
    memset(af, 0, sizeof *af);
    int coll = coll_find(collective);
    if (coll < 0) return 0; /* the run's own check names the collectives */
    if (mpi_call(collective) == NULL) {
        mpi_call_list(known, sizeof known);
        cs_error("--algo-file: %s is not an MPI call, so there is no MPI signature for its "
                 "function (--algo-file takes %s)",
                 collective, known);
        return 2;
    }
    if (file_stem(path, stem, sizeof stem) != 0) {
        cs_error("--algo-file '%s': not a C file (NAME.c)", path);
        return 2;
    }
    struct stat st;
    if (access(path, R_OK) != 0 || realpath(path, real) == NULL || stat(real, &st) != 0) {
        cs_error("cannot read algorithm file '%s': %s", path, strerror(errno));
        return 1;
    }
    if (!S_ISREG(st.st_mode)) {
        cs_error("algorithm file '%s' is not a regular file", path);
        return 1;
    }
    snprintf(fn, sizeof fn, "collsim_%s", collective);
    snprintf(af->name, sizeof af->name, "file:%s", stem);
    if (cs_temp_dir("algo", af->dir, sizeof af->dir) != 0) {
        af->dir[0] = '\0';
        return 1;
    }
    if (write_proto(af->dir, fn, coll, proto, sizeof proto) != 0) return 1;
    if (compile(path, real, stem, proto, limit, af) != 0) return 1;
    return check_object(path, stem, fn, coll, np, af);
}

void algofile_remove(struct algofile *af)
{
    if (af->dir[0]) cs_temp_dir_remove(af->dir);
    af->dir[0] = '\0';
}
