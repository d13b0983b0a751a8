/* deadlock.cpp: deadlock.h on SimGrid's s4u engine signal and mailboxes (C has no binding of
 * either). */
#include "deadlock.h"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <string>

static void (*watch_fn)(void *);
static void *watch_ctx;

void deadlock_watch(void (*fn)(void *ctx), void *ctx)
{
    watch_fn = fn, watch_ctx = ctx;
    simgrid::s4u::Engine::on_deadlock_cb([]() {
        if (watch_fn != nullptr) watch_fn(watch_ctx);
    });
}

void deadlock_unwatch(void)
{
    watch_fn = nullptr, watch_ctx = nullptr;
}

long deadlock_sender_to(long pid)
{
    for (const char *prefix : {"SMPI-", "small-"}) {
        const simgrid::s4u::Mailbox *m =
            simgrid::s4u::Mailbox::by_name(prefix + std::to_string(pid));
        long from = m->empty() ? -1 : m->listen_from();
        if (from >= 0) return from;
    }
    return -1;
}
