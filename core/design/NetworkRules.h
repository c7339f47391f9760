// Scale-out bandwidth of a NIC and of a node, in one place: the closed-form
// fabric of the performance model (perf/ClosedFormFabric.cpp) and the
// storage rules (design/StorageRules.h: what a job's nodes can write to a
// shared tier) read it. Before issue 15 the closed-form fabric multiplied the
// switch-capped NIC rate by the planes (a 400G NIC on two planes of 400G
// switch ports counted as 800G) and the storage rule ignored the switch.
//
// A NIC port of nic_Gbps splits into `planes` links, one per plane, each of
// nic_Gbps/planes on a switch port of port_Gbps (topology/FabricSpec.h):
// a link runs at min(nic_Gbps/planes, port_Gbps), so the NIC at
// min(nic_Gbps, planes · port_Gbps). port_Gbps <= 0 (unknown): nic_Gbps.
#pragma once
#include <algorithm>

#include "design/Cluster.h"

namespace cf {

inline double nicScaleOutGbps(const ScaleOut& so, double switchPort_Gbps) {
  const double planes = std::max(1, so.planes);
  return switchPort_Gbps > 0 ? std::min(so.nic_Gbps, planes * switchPort_Gbps) : so.nic_Gbps;
}

// All NICs of a node, GB/s.
inline double nodeScaleOutGBps(const ScaleOut& so, double switchPort_Gbps) {
  return std::max(0, so.nics_per_node) * nicScaleOutGbps(so, switchPort_Gbps) / 8.0;
}

}  // namespace cf
