/* guard.c: the guard process of guard.h. A message is a header (what, the length of the path
 * that follows) and for a file or a folder its path; a group's id rides in the header. */
#define _GNU_SOURCE
#include "guard.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { GROUP_ADD, GROUP_DROP, FILE_ADD, FILE_DROP, DIR_ADD, DIR_DROP, DONE };

struct msg {
    int what, arg; /* arg: the group, or the length of the path that follows */
};

#define GUARD_PATHS 72 /* out.c's files and folders */
#define GUARD_PATH 4104

static int guard_fd = -1;

void cs_remove_flat_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0) return;
    char buf[4096];
    long n;
    while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
        for (long off = 0; off < n;) {
            struct linux_dirent64 {
                unsigned long long ino;
                long long off;
                unsigned short reclen;
                unsigned char type;
                char name[];
            } *d = (void *)(buf + off);
            if (strcmp(d->name, ".") != 0 && strcmp(d->name, "..") != 0) unlinkat(fd, d->name, 0);
            off += d->reclen;
        }
    close(fd);
    rmdir(dir);
}

/* Reads exactly len bytes: 0, or -1 at the socket's end. */
static int read_full(int fd, void *buf, size_t len)
{
    for (size_t got = 0; got < len;) {
        ssize_t r = read(fd, (char *)buf + got, len - got);
        if (r <= 0) return -1;
        got += (size_t)r;
    }
    return 0;
}

/* What the guard holds: groups, and paths (a folder's marked by kind DIR_ADD). */
struct held {
    pid_t groups[CS_MAX_CHILDREN];
    char paths[GUARD_PATHS][GUARD_PATH];
    int kind[GUARD_PATHS]; /* 0 free, FILE_ADD or DIR_ADD */
    int done;
};

static void hold_group(struct held *h, const struct msg *m)
{
    pid_t want = m->what == GROUP_ADD ? 0 : m->arg;
    for (int i = 0; i < CS_MAX_CHILDREN; i++)
        if (h->groups[i] == want) {
            h->groups[i] = m->what == GROUP_ADD ? m->arg : 0;
            return;
        }
}

static void hold_path(struct held *h, int what, const char *path)
{
    int add = what == FILE_ADD || what == DIR_ADD, kind = what <= FILE_DROP ? FILE_ADD : DIR_ADD;
    for (int i = 0; i < GUARD_PATHS; i++)
        if (add ? h->kind[i] == 0 : h->kind[i] == kind && strcmp(h->paths[i], path) == 0) {
            if (add) snprintf(h->paths[i], GUARD_PATH, "%s", path);
            h->kind[i] = add ? kind : 0;
            return;
        }
}

/* The guard's life: holds what it is told until the socket ends, then kills the groups left
 * and, unless collsim said it was done, removes the files and folders left. */
static void guard_loop(int fd)
{
    static struct held h;
    struct msg m;
    char path[GUARD_PATH];
    while (read_full(fd, &m, sizeof m) == 0) {
        if (m.what == GROUP_ADD || m.what == GROUP_DROP) {
            hold_group(&h, &m);
            continue;
        }
        if (m.what == DONE) h.done = 1;
        if (m.what == DONE || m.arg < 0 || m.arg >= GUARD_PATH ||
            read_full(fd, path, (size_t)m.arg))
            continue;
        path[m.arg] = '\0';
        hold_path(&h, m.what, path);
    }
    for (int i = 0; i < CS_MAX_CHILDREN; i++)
        if (h.groups[i] > 0) kill(-h.groups[i], SIGKILL);
    for (int i = 0; i < GUARD_PATHS && !h.done; i++)
        if (h.kind[i] == FILE_ADD)
            unlink(h.paths[i]);
        else if (h.kind[i] == DIR_ADD)
            cs_remove_flat_dir(h.paths[i]);
    _exit(0);
}

/* In the new guard: deaf to the terminal's and collsim's signals, in its own group, holding
 * nothing of collsim's but its end of the socket (so that no pipe stays open for it). */
static void guard_child(int fd)
{
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    for (int i = 0; i < 3 && null >= 0; i++)
        dup2(null, i);
    dup2(fd, 3);
    close_range(4, ~0U, 0);
    guard_loop(3);
}

/* Starts the guard: 0, or -1. */
static int guard_start(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return -1;
    pid_t pid = fork();
    if (pid == 0) guard_child(sv[1]);
    close(sv[1]);
    if (pid < 0) {
        close(sv[0]);
        return -1;
    }
    guard_fd = sv[0];
    return 0;
}

/* Sends a message (and path, unless NULL); async-signal-safe. */
static void guard_send(int what, int arg, const char *path)
{
    if (guard_fd < 0) return;
    size_t len = path != NULL ? strlen(path) : 0;
    if (len >= GUARD_PATH) return;
    char buf[sizeof(struct msg) + GUARD_PATH];
    struct msg m = {what, path != NULL ? (int)len : arg};
    memcpy(buf, &m, sizeof m);
    if (len > 0) memcpy(buf + sizeof m, path, len);
    send(guard_fd, buf, sizeof m + len, MSG_NOSIGNAL);
}

void cs_guard_add(pid_t pg)
{
    if (guard_fd < 0 && guard_start() != 0) return;
    guard_send(GROUP_ADD, (int)pg, NULL);
}

void cs_guard_drop(pid_t pg)
{
    guard_send(GROUP_DROP, (int)pg, NULL);
}

void cs_guard_path(const char *path, int dir, int add)
{
    if (add && guard_fd < 0 && guard_start() != 0) return;
    guard_send(dir ? (add ? DIR_ADD : DIR_DROP) : (add ? FILE_ADD : FILE_DROP), 0, path);
}

void cs_guard_done(void)
{
    guard_send(DONE, 0, NULL);
}

void cs_guard_forget(void)
{
    if (guard_fd >= 0) close(guard_fd);
    guard_fd = -1;
}
