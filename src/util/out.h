/* out.h: output files that are whole or absent, the children collsim starts, and what an
 * interrupt (SIGINT, SIGTERM) cleans up: the children's process groups are ended, the
 * registered temporary and .part files removed, and collsim exits 130 or 143. */
#ifndef COLLSIM_OUT_H
#define COLLSIM_OUT_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Where an output goes. A regular file or an absent path is written as PATH.part and renamed
 * over PATH once complete, so that a failure or an interrupt never leaves a partial PATH and
 * keeps the previous one. Anything else (a device, a pipe) is written in place, and "-" is
 * standard output. */
struct cs_out {
    FILE *f;
    int direct; /* 1: written in place (no .part), 2: standard output */
    char path[4096], part[4104];
};

/* Opens an output as above (the .part registered for removal on an interrupt). Returns
 * out->f, or NULL (errno set). */
FILE *cs_out_open(struct cs_out *out, const char *path);

/* Closes out->f; if ok and every write and the close succeeded, renames the part to the path,
 * else removes the part. Returns 0 if the path now holds the complete output, -1 otherwise
 * (errno set; ENOSPC for a full disk). */
int cs_out_commit(struct cs_out *out, int ok);

/* Opens a regular file for reading, through links when follow, else never (errno ELOOP): a
 * FIFO, whose open would block, a device or a folder is refused at once (errno EINVAL). The
 * stream, or NULL (errno set); it prints nothing. */
FILE *cs_fopen_regular(const char *path, int follow);

/* Copies the regular file `from` into the output `to` (cs_out_open). 0, or -1 (errno set). */
int cs_out_copy(const char *from, const char *to);

/* The file a writer outside this process (smpirun, gnuplot) must write for the output path:
 * path.part, or the path itself when it is written in place (see cs_out). The part is
 * removed first when something is there (a link planted there would redirect the writer's
 * write), so that the writer creates a file of its own, and registered for removal on an
 * interrupt. Call it once per output; cs_out_part_name gives the name again. Returns 1 for a
 * part, 0 in place, -1 if too long. */
int cs_out_part(const char *path, char *part, size_t len);

/* The name cs_out_part gives, without creating anything: 1 for a part, 0 in place, -1 if
 * too long. */
int cs_out_part_name(const char *path, char *part, size_t len);

/* Creates the part anew, empty and exclusively for writing: a file already there under its
 * name (one left by a killed run, or a link planted to redirect the write) is removed first,
 * never followed. The descriptor, or -1 (errno set). */
int cs_out_fresh_fd(const char *part);

/* Moves a part written by cs_out_part into place (nothing for an in-place output) and drops
 * it from the interrupt's list; with ok == 0 removes it instead. 0, or -1 (errno set). */
int cs_out_finish(const char *path, const char *part, int ok);

/* Checks, before any work, that the output `what` (e.g. "CSV") can be written at path: not
 * a directory, its folder exists and is writable, an existing non-regular file is writable.
 * 0, or -1 after one error line. */
int cs_out_check(const char *what, const char *path);

/* Refuses an output on an input's file or on another output's: the first `inputs` of paths
 * are a command's inputs, the rest its outputs; names[i] is the option of paths[i] (NULL
 * paths skipped). Two paths are one file when they have one device and inode (links, hard
 * links, relative paths), or, for an output not there yet, one resolved path; "-" (stdout)
 * is one with "-" only. 0, or -1 after one error line naming both. */
int cs_out_distinct(const char *const *names, const char *const *paths, int n, int inputs);

/* 1 when paths a and b are one file, by cs_out_distinct's rule; else 0. */
int cs_same_file(const char *a, const char *b);

/* A temporary file $TMPDIR/collsim-WHAT-XXXXXX (created, registered for removal on an
 * interrupt) into path (size >= 40); /tmp when TMPDIR is unset or has characters other than
 * letters, digits and "/-_.+" (the name goes on smpirun's command line, which splits at
 * spaces). Returns its descriptor, or -1 after an error line. */
int cs_temp_file(const char *what, char *path, size_t len);

/* A temporary folder, as cs_temp_file, for a child's own temporary files (SimGrid's copies of
 * the SMPI program), removed with its files on an interrupt. 0, or -1 after an error line. */
int cs_temp_dir(const char *what, char *path, size_t len);
/* Removes a folder of cs_temp_dir and its files (not its subfolders). */
void cs_temp_dir_remove(const char *path);

/* Registers (drops) a file removed on an interrupt. */
void cs_cleanup_add(const char *path);
void cs_cleanup_drop(const char *path);

/* Removes a temporary file and drops it from the interrupt's list. */
void cs_temp_remove(const char *path);

/* Renames part over path (an output kept whole at every moment, each version through its
 * part) and makes text the interrupt's note, both at once for an interrupt: the note always
 * tells of the file as it is. 0, or -1 (errno set; the note is then unchanged). */
int cs_out_replace(const char *part, const char *path, const char *text);

/* The note an interrupt prints on stderr before collsim exits, e.g. what an output kept
 * holds; NULL for none. */
void cs_interrupt_note(const char *text);

/* Installs the SIGINT/SIGTERM handlers (once, in main). */
void cs_signals_install(void);

/* Forks a child in its own process group, registered so that an interrupt ends the group.
 * Returns as fork(); in the child the interrupt's lists start empty. */
pid_t cs_fork(void);

/* Waits for a child from cs_fork and drops it from the list. Returns its wait status. */
int cs_wait(pid_t pid);
/* The same without waiting: 1 with *status when the child has ended, else 0. */
int cs_wait_nohang(pid_t pid, int *status);

/* Waits for the child pid (cs_fork), killing its process group after limit seconds (0 or
 * less: no limit): its wait status, or -2 when the limit killed it. */
int cs_wait_limit(pid_t pid, double limit);

/* Standard output checked at exit: 0, or -1 after an error line if a write failed. */
int cs_stdout_check(void);

#endif
