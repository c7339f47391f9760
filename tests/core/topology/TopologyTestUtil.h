// Shared spec builders for the fabric engine tests.
#pragma once
#include "topology/FabricSpec.h"

namespace cf::topology::test {

// One GPU and one NIC per node: hosts = nodes (the textbook fat-tree setting).
inline FabricSpec hostsSpec(const char* topology, long long hosts, int radix, int tiers, double nic_Gbps = 100) {
  FabricSpec s;
  s.topology = topology;
  s.nodes = static_cast<int>(hosts);
  s.gpus_per_node = 1;
  s.nics_per_node = 1;
  s.nic_Gbps = nic_Gbps;
  s.radix = radix;
  s.tiers = tiers;
  s.scale_up_kind = "none";
  return s;
}

// DGX-style nodes: 8 GPUs, 8 NICs, NVSwitch domain of 8.
inline FabricSpec dgxSpec(const char* topology, int nodes, int radix, int tiers, bool rail, double nic_Gbps = 400) {
  FabricSpec s;
  s.topology = topology;
  s.nodes = nodes;
  s.gpus_per_node = 8;
  s.nics_per_node = 8;
  s.nic_Gbps = nic_Gbps;
  s.radix = radix;
  s.tiers = tiers;
  s.rail_optimized = rail;
  s.scale_up_kind = "nvswitch";
  s.domain_size = 8;
  s.scale_up_GBps = 450;
  return s;
}

}  // namespace cf::topology::test
