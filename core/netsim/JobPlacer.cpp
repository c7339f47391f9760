#include "netsim/JobPlacer.h"

#include <algorithm>
#include <stdexcept>

namespace cf::netsim {

const char* placementPolicyName(PlacementPolicy p) {
  switch (p) {
    case PlacementPolicy::Packed: return "packed";
    case PlacementPolicy::Scattered: return "scattered";
    case PlacementPolicy::Random: return "random";
  }
  return "packed";
}

JobPlacer::JobPlacer(int nodes, int gpusPerNode) : nodes_(std::max(0, nodes)), gpusPerNode_(std::max(1, gpusPerNode)) {}

JobPlacer::JobPlacer(const topology::Fabric& f)
    : JobPlacer(f.info.nodes, f.info.gpus_per_node > 0 ? f.info.gpus_per_node : 1) {}

std::vector<std::vector<std::uint32_t>> JobPlacer::place(const std::vector<long long>& gpusPerJob,
                                                         PlacementPolicy policy, std::uint64_t seed) const {
  const std::size_t J = gpusPerJob.size();
  std::vector<long long> need(J);
  long long total = 0;
  for (std::size_t j = 0; j < J; ++j) {
    need[j] = (std::max(0LL, gpusPerJob[j]) + gpusPerNode_ - 1) / gpusPerNode_;
    total += need[j];
  }
  if (total > nodes_)
    throw std::invalid_argument("placement: the jobs need " + std::to_string(total) + " nodes, the fabric has " +
                                std::to_string(nodes_));
  std::vector<std::vector<int>> nodesOf(J);
  std::vector<int> order(static_cast<std::size_t>(nodes_));
  for (int n = 0; n < nodes_; ++n) order[n] = n;
  if (policy == PlacementPolicy::Random) {
    std::uint64_t x = seed;
    for (std::size_t i = order.size(); i > 1; --i) {
      x += 0x9E3779B97F4A7C15ULL;
      std::uint64_t z = x;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      z ^= z >> 31;
      std::swap(order[i - 1], order[z % i]);
    }
  }
  if (policy == PlacementPolicy::Scattered) {
    std::size_t k = 0;
    for (long long left = total; left > 0;)
      for (std::size_t j = 0; j < J; ++j)
        if (static_cast<long long>(nodesOf[j].size()) < need[j]) {
          nodesOf[j].push_back(order[k++]);
          --left;
        }
  } else {
    std::size_t k = 0;
    for (std::size_t j = 0; j < J; ++j)
      for (long long i = 0; i < need[j]; ++i) nodesOf[j].push_back(order[k++]);
  }
  std::vector<std::vector<std::uint32_t>> out(J);
  for (std::size_t j = 0; j < J; ++j) {
    for (int n : nodesOf[j])
      for (int r = 0; r < gpusPerNode_ && static_cast<long long>(out[j].size()) < gpusPerJob[j]; ++r)
        out[j].push_back(static_cast<std::uint32_t>(1LL * n * gpusPerNode_ + r));
  }
  return out;
}

}  // namespace cf::netsim
