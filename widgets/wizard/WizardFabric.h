// The network of a wizard design as the fabric engine builds it
// (core/topology: FabricSpec from the resolved scenario, the graph, the
// placement of its switches in racks and the cable/optics bill of materials),
// so the counts the wizard shows before Finish are the ones the simulation's
// "topology" section reports for the same design. Qt-free.
#pragma once
#include <string>

#include "catalog/Catalog.h"
#include "design/Scenario.h"

namespace cf {

struct WizardFabric {
  std::string topology;
  int tiers = 0, planes = 1;
  // Scale-out switches by tier (all planes). Torus routers are the nodes' NICs:
  // counted in `routers` but not in switches() (as the topology section does).
  long long leaves = 0, spines = 0, cores = 0, routers = 0;
  bool routersAreNics = false;
  long long access_links = 0, fabric_links = 0;  // NIC-to-switch and switch-to-switch cables
  long long dac = 0, aec = 0, aoc = 0, optical_links = 0, transceivers = 0;
  double fiber_m = 0;
  long long network_racks = 0;  // as the bill of materials counts them (design/RackFit.h)

  long long switches() const { return leaves + spines + cores + (routersAreNics ? 0 : routers); }
  long long links() const { return access_links + fabric_links; }
  long long optics() const { return transceivers + aoc; }
  bool operator==(const WizardFabric&) const = default;
};

// Generates and places the fabric of `s` (its layout, if any, gives the nodes
// per rack). Skips the costly analyses (hops, bisection). Throws InputError
// naming the scenario key when the fabric cannot be built.
WizardFabric wizardFabric(const Scenario& s, const Catalog& parts);

}  // namespace cf
