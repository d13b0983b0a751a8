/* deadlock.cpp: deadlock.h on SimGrid's s4u engine signal (C has no binding of it). */
#include "deadlock.h"

#include <simgrid/s4u/Engine.hpp>

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
