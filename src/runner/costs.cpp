// costs.cpp: what a simulation charges beyond SimGrid's flows, through SimGrid's cost
// callbacks (a C++-only API in SimGrid 3.32, hence a C++ file): store-and-forward
// routing, and a machine profile's software costs per message (machine.h).
//
// Store-and-forward. SimGrid's flow model is cut-through: a message of m bytes over l links
// costs sum(latency) + m / min(bandwidth). Store-and-forward costs l (L + m b) on l equal
// links: the same latency sum, but the bytes cross each link one after the other. Scaling the
// flow's bandwidth by 1/l gives exactly that for an isolated message. Under contention the
// flow is a rate cap of B/l on each link it uses: k such messages on one link slow each other
// only when together they want more than the link has, where real store-and-forward would
// queue whole packets; collsim's docs say so wherever SFR results are shown.
//
// A machine profile. Each message's class (its two ranks on one core, in the lowest group of
// the node's anatomy both share, or on two nodes) comes from the hosts' collsim.node and
// collsim.core props, which `collsim platform --machine` writes (machine_class_of). SimGrid
// then charges the class's send overhead (smpi/os: a blocking eager send, before the message
// leaves), gap (smpi/ois: an MPI_Isend), receive overhead (smpi/or: after an eager message
// arrived) and multiplies the route's latency and bandwidth by its factors (the bandwidth's
// over the memory traffic of a byte inside a node: machine_bw_factor). SimGrid hands the
// factors the network's size, the payload and its 16-byte envelope; the profile's functions
// are of the payload.
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <smpi/smpi.h>

extern "C" {
#include "costs.h"
}

namespace
{

const struct machine *profile; // the run's, NULL: none
bool store_and_forward;

int class_of(const simgrid::s4u::Host *a, const simgrid::s4u::Host *b)
{
    return machine_class_of(profile, a == b, a->get_property("collsim.node"),
                            a->get_property("collsim.core"), b->get_property("collsim.node"),
                            b->get_property("collsim.core"));
}

// The payload of a message SimGrid sizes with its envelope.
uint64_t payload(double network_size)
{
    return static_cast<uint64_t>(network_size > 16 ? network_size - 16 : 0);
}

double value(enum machine_param p, double network_size, const simgrid::s4u::Host *a,
             const simgrid::s4u::Host *b)
{
    return machine_value(profile, p, class_of(a, b), payload(network_size));
}

void install_overheads()
{
    smpi_register_op_cost_callback(SmpiOperation::SEND, [](size_t m, auto *a, auto *b) {
        return machine_value(profile, MACHINE_SEND_OVERHEAD, class_of(a, b), m);
    });
    smpi_register_op_cost_callback(SmpiOperation::ISEND, [](size_t m, auto *a, auto *b) {
        return machine_value(profile, MACHINE_GAP, class_of(a, b), m);
    });
    smpi_register_op_cost_callback(SmpiOperation::RECV, [](size_t m, auto *a, auto *b) {
        return machine_value(profile, MACHINE_RECV_OVERHEAD, class_of(a, b), m);
    });
}

} // namespace

// Returns 0, or -1 when the platform's root zone has no network model to configure.
extern "C" int costs_install(const struct machine *m, int sfr)
{
    auto *zone = simgrid::s4u::Engine::get_instance()->get_netzone_root();
    auto *model = zone ? zone->get_network_model() : nullptr;
    if (model == nullptr) return -1;
    profile = m;
    store_and_forward = sfr != 0;
    if (profile != nullptr) {
        install_overheads();
        if (machine_has(profile, MACHINE_LAT_FACTOR))
            model->set_lat_factor_cb(
                [](double size, const simgrid::s4u::Host *a, const simgrid::s4u::Host *b,
                   const auto &, const auto &) { return value(MACHINE_LAT_FACTOR, size, a, b); });
    }
    bool factors = profile != nullptr &&
                   (machine_has(profile, MACHINE_BW_FACTOR) || profile->memory_bandwidth > 0);
    if (store_and_forward || factors)
        model->set_bw_factor_cb([](double size, const simgrid::s4u::Host *a,
                                   const simgrid::s4u::Host *b,
                                   const std::vector<simgrid::s4u::Link *> &links, const auto &) {
            double f = profile != nullptr
                           ? machine_bw_factor(profile, class_of(a, b), payload(size))
                           : 1.0;
            if (store_and_forward && !links.empty()) f /= static_cast<double>(links.size());
            return f;
        });
    return 0;
}
