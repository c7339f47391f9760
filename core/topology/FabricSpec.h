// What to build: the parameters of every fabric generator, and how they are
// read from a resolved scenario (cluster.scale_out / cluster.scale_up keys of
// docs/scenario-format.md).
#pragma once
#include <string>
#include <vector>

#include "catalog/Parts.h"
#include "design/Limits.h"

namespace cf {
struct ResolvedScenario;
}

namespace cf::topology {

// The shape (nodes, NIC ports, planes, radix, tiers, oversubscription,
// topology, rails, scale-up kind and domain) and what else the generators need.
struct FabricSpec : FabricShape {
  // --- scale-out (one fabric per plane; every NIC port splits over the planes) ---
  double nic_Gbps = kDefaultNicGbps;  // per NIC, all planes together
  int tiers_requested = 2;            // what the scenario asked for (specFor adds tiers when ports run out)
  double switch_latency_ns = 0;
  // --- direct networks ---
  int df_a = 0, df_p = 0, df_h = 0;  // dragonfly; 0 = balanced from the radix (a = 2p = 2h, Kim et al. 2008)
  std::vector<int> torus_dims;       // empty = as cubic as the node count allows
  // --- scale-up ---
  double scale_up_GBps = 0;  // per GPU per direction

  long long endpoints() const { return nodes * nics_per_node; }
  long long gpus() const { return nodes * gpus_per_node; }
  double planeLink_Gbps() const { return planes > 0 ? nic_Gbps / static_cast<double>(planes) : nic_Gbps; }
  // Rails are kept apart only from two tiers up: with one tier every NIC port
  // meets on the one switch (a single 8-GPU node is one switch, not eight).
  bool rails() const { return rail_optimized && tiers > 1; }
  bool operator==(const FabricSpec&) const = default;
};

// The spec of a scenario: scale_out.topology, tiers, oversubscription (at the
// leaves), rail_optimized, planes, the resolved switch and radix; scale_up kind,
// domain size and bandwidth. Throws InputError naming the key when the fabric
// cannot be built.
FabricSpec specFor(const ResolvedScenario& r);

}  // namespace cf::topology
