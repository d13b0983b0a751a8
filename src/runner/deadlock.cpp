/* deadlock.cpp: deadlock.h on SimGrid's s4u engine signal (C has no binding of it). */
#include "deadlock.h"

#include <simgrid/s4u/Engine.hpp>

void deadlock_watch(volatile int *flag)
{
    simgrid::s4u::Engine::on_deadlock_cb([flag]() { *flag = 1; });
}
