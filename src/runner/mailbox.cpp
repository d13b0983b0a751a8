/* mailbox.cpp: mailbox.h on SimGrid's s4u mailboxes (C has no binding of listen_from). */
#include "mailbox.h"

#include <simgrid/s4u/Mailbox.hpp>
#include <string>

void mailbox_find(long pid, struct mailboxes *m)
{
    m->box[0] = simgrid::s4u::Mailbox::by_name("SMPI-" + std::to_string(pid));
    m->box[1] = simgrid::s4u::Mailbox::by_name("small-" + std::to_string(pid));
}

int mailbox_pending(const struct mailboxes *m)
{
    for (void *b : m->box)
        if (static_cast<const simgrid::s4u::Mailbox *>(b)->listen()) return 1;
    return 0;
}

long mailbox_sender(const struct mailboxes *m)
{
    for (void *b : m->box) {
        const auto *mb = static_cast<const simgrid::s4u::Mailbox *>(b);
        long from = mb->empty() ? -1 : mb->listen_from();
        if (from >= 0) return from;
    }
    return -1;
}
