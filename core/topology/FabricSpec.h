// What to build: the parameters of every fabric generator, and how they are
// read from a resolved scenario (cluster.scale_out / cluster.scale_up keys of
// docs/scenario-format.md).
#pragma once
#include <string>
#include <vector>

#include "catalog/Parts.h"

namespace cf {
struct ResolvedScenario;
}

namespace cf::topology {

struct FabricSpec {
  // --- cluster ---
  int nodes = 1;
  int gpus_per_node = 8;
  // --- scale-out (one fabric per plane; every NIC port splits over the planes) ---
  std::string topology = "fat-tree";  // fat-tree | spine-leaf | rail-optimized | dragonfly | torus2d | torus3d
  int nics_per_node = 8;              // 0 = no scale-out fabric
  double nic_Gbps = kDefaultNicGbps;  // per NIC, all planes together
  int planes = 1;
  int tiers = 2;                       // Clos: 1..3 switch tiers
  int tiers_requested = 2;             // what the scenario asked for (specFor adds tiers when ports run out)
  int radix = kGenericSwitchRadix;     // switch ports (at nic_Gbps / planes)
  // Downlink:uplink ratio of each switch tier below the top: [0] leaves,
  // [1] spines (3 tiers). Missing entries are 1 (non-blocking).
  std::vector<double> oversubscription{1.0};
  bool rail_optimized = false;  // NIC i of every node to the rail-i leaves
  double switch_latency_ns = 0;
  // --- direct networks ---
  int df_a = 0, df_p = 0, df_h = 0;  // dragonfly; 0 = balanced from the radix (a = 2p = 2h, Kim et al. 2008)
  std::vector<int> torus_dims;       // empty = as cubic as the node count allows
  // --- scale-up ---
  std::string scale_up_kind = "nvswitch";  // none | pcie | nvswitch | nvlink | hccs | ub | ...
  int domain_size = 8;                     // GPUs per scale-up domain
  double scale_up_GBps = 0;                // per GPU per direction

  long long endpoints() const { return 1LL * nodes * nics_per_node; }
  long long gpus() const { return 1LL * nodes * gpus_per_node; }
  double oversubscriptionAt(int tier) const;  // tier 1 = leaves
  double planeLink_Gbps() const { return planes > 0 ? nic_Gbps / planes : nic_Gbps; }
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
