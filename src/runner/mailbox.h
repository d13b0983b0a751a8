/* mailbox.h: SMPI's mailboxes of an actor, read from C (mailbox.cpp): whether a message waits
 * there, and whose, without a simcall. */
#ifndef COLLSIM_MAILBOX_H
#define COLLSIM_MAILBOX_H

#ifdef __cplusplus
extern "C" {
#endif

/* The two mailboxes SMPI receives in for the actor `pid` ("SMPI-<pid>" and, for eager
 * messages with smpi/async-small-thresh, "small-<pid>"). Finding them is a simcall: call it
 * before anything is timed. */
struct mailboxes {
    void *box[2];
};
void mailbox_find(long pid, struct mailboxes *m);

/* 1 when something waits in m (a message not received, or a receive not matched), else 0.
 * Reads SimGrid's state directly, with no simcall: it neither yields nor reorders actors. */
int mailbox_pending(const struct mailboxes *m);

/* The pid of the actor whose message heads m, or -1 if none does. */
long mailbox_sender(const struct mailboxes *m);

#ifdef __cplusplus
}
#endif

#endif
