// Where the jobs sharing a fabric run: whole nodes (so a job's TP groups stay
// in their scale-up domain), chosen by a policy.
//  - Packed (topology-aware): each job takes the next free nodes in node
//    order; the generators number nodes leaf by leaf and pod by pod
//    (topology/Generators.h), so a job fills whole leaves and pods and its
//    traffic stays as low in the tree as it can.
//  - Scattered: nodes dealt round-robin to the jobs (node k to job k mod J
//    while it still needs nodes): every job spreads over every leaf, the
//    worst case for shared uplinks.
//  - Random: a Fisher-Yates shuffle of the nodes driven by SplitMix64 of the
//    seed (same seed, same placement on every platform), then packed.
// A job of g GPUs uses ceil(g / gpus_per_node) nodes and the first g GPUs of
// them; GPU device of (node, rank) = node * gpus_per_node + rank.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "topology/Fabric.h"

namespace cf::netsim {

enum class PlacementPolicy : std::uint8_t { Packed, Scattered, Random };
const char* placementPolicyName(PlacementPolicy p);

class JobPlacer {
 public:
  JobPlacer(int nodes, int gpusPerNode);
  explicit JobPlacer(const topology::Fabric& f);
  // GPU devices of each job, in rank order. Throws std::invalid_argument
  // when the jobs need more nodes than the fabric has.
  std::vector<std::vector<std::uint32_t>> place(const std::vector<long long>& gpusPerJob, PlacementPolicy policy,
                                                std::uint64_t seed = 0) const;

 private:
  int nodes_ = 0, gpusPerNode_ = 1;
};

}  // namespace cf::netsim
