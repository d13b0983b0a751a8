// sfr.cpp: store-and-forward routing for the runner, through SimGrid's bandwidth-factor
// callback (a C++-only API in SimGrid 3.32, hence this one C++ file).
//
// SimGrid's flow model is cut-through: a message of m bytes over l links costs
// sum(latency) + m / min(bandwidth). Store-and-forward costs l (L + m b) on l equal links:
// the same latency sum, but the bytes cross each link one after the other. Scaling the
// flow's bandwidth by 1/l gives exactly that for an isolated message. Under contention the
// flow is a rate cap of B/l on each link it uses: k such messages on one link slow each other
// only when together they want more than the link has, where real store-and-forward would
// queue whole packets; collsim's docs say so wherever SFR results are shown.
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

extern "C" int collsim_enable_sfr(void);

// Returns 0, or -1 when the platform's root zone has no network model to configure.
extern "C" int collsim_enable_sfr(void)
{
    auto *zone = simgrid::s4u::Engine::get_instance()->get_netzone_root();
    auto *model = zone ? zone->get_network_model() : nullptr;
    if (model == nullptr) return -1;
    model->set_bw_factor_cb([](double, const simgrid::s4u::Host *, const simgrid::s4u::Host *,
                               const std::vector<simgrid::s4u::Link *> &links,
                               const std::unordered_set<simgrid::s4u::NetZone *> &) {
        return links.empty() ? 1.0 : 1.0 / static_cast<double>(links.size());
    });
    return 0;
}
