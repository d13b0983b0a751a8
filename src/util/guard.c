/* guard.c: the guard process of guard.h. Messages are one int each: +pg to list a group, -pg
 * to drop it. */
#define _GNU_SOURCE
#include "guard.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

static int guard_fd = -1;

/* The guard's life: lists groups until the socket ends, then kills those left. */
static void guard_loop(int fd)
{
    pid_t groups[CS_MAX_CHILDREN] = {0};
    int msg;
    while (read(fd, &msg, sizeof msg) == (ssize_t)sizeof msg) {
        pid_t pg = msg > 0 ? msg : -msg;
        for (int i = 0; i < CS_MAX_CHILDREN; i++)
            if (msg > 0 ? groups[i] == 0 : groups[i] == pg) {
                groups[i] = msg > 0 ? pg : 0;
                break;
            }
    }
    for (int i = 0; i < CS_MAX_CHILDREN; i++)
        if (groups[i] > 0) kill(-groups[i], SIGKILL);
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

static void guard_send(int msg)
{
    if (guard_fd >= 0) send(guard_fd, &msg, sizeof msg, MSG_NOSIGNAL);
}

void cs_guard_add(pid_t pg)
{
    if (guard_fd < 0 && guard_start() != 0) return;
    guard_send((int)pg);
}

void cs_guard_drop(pid_t pg)
{
    guard_send(-(int)pg);
}

void cs_guard_forget(void)
{
    if (guard_fd >= 0) close(guard_fd);
    guard_fd = -1;
}
