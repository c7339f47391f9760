#include "design/ClosRules.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "common/SaturatingMath.h"
#include "design/Resolved.h"
#include "design/TopologyName.h"

namespace cf {

int closDownPorts(int radix, double oversubscription) {
  const double o = std::max(1.0, oversubscription);
  return static_cast<int>(std::floor(radix * o / (o + 1.0)));
}

long long closUplinks(int up, int down, long long attached, double oversubscription) {
  if (attached >= down) return up;
  long long needed = static_cast<long long>(std::ceil(static_cast<double>(attached) / std::max(1.0, oversubscription)));
  return std::clamp<long long>(needed, 1, up);
}

long long closNodesPerLeaf(int radix, double oversubscription, int tiers, long long nics_per_node, bool rails) {
  const int k = std::max(2, radix);
  const bool upper = std::clamp(tiers, 1, 3) > 1;
  const long long d = std::max(1, upper ? closDownPorts(k, oversubscription) : k);
  if (rails && upper) return d;
  return std::max(1LL, d / std::max(1LL, nics_per_node));
}

long long ClosPlane::switches() const { return leaves + spines + cores; }
long long ClosPlane::fabricLinks() const { return leaf_uplinks + spine_uplinks; }

ClosPlane closPlane(const ClosInput& in) {
  ClosPlane p;
  const int k = in.radix;
  p.tiers = std::clamp(in.tiers, 1, 3);
  p.endpoints = satMul(std::max(0LL, in.nodes), std::max(0LL, in.nics_per_node));
  if (p.endpoints <= 0 || k < 2) return p;
  p.rails = in.rail_optimized && p.tiers > 1;
  p.down1 = p.tiers == 1 ? k : std::max(1, closDownPorts(k, in.oversubscription_leaf));
  p.up1 = k - p.down1;
  p.leaves_per_rail = ceilDiv(in.nodes, p.down1);
  p.leaves = p.rails ? satMul(p.leaves_per_rail, in.nics_per_node) : ceilDiv(p.endpoints, p.down1);
  p.nodes_per_leaf = closNodesPerLeaf(k, in.oversubscription_leaf, p.tiers, in.nics_per_node, in.rail_optimized);
  p.leaves_per_pod = p.leaves;
  if (p.tiers == 1 || p.up1 < 1) return p;
  p.up1 = static_cast<int>(closUplinks(p.up1, p.down1, p.rails ? in.nodes : p.endpoints, in.oversubscription_leaf));
  p.leaf_uplinks = satMul(p.leaves, p.up1);
  if (p.tiers == 2) {
    p.spines = in.spine_leaf && p.leaves <= k ? p.up1 : ceilDiv(p.leaf_uplinks, k);
    return p;
  }
  p.down2 = std::max(1, closDownPorts(k, in.oversubscription_spine));
  p.up2 = k - p.down2;
  if (p.up2 < 1) return p;
  p.up2 = static_cast<int>(closUplinks(p.up2, p.down2, p.leaves, in.oversubscription_spine));
  p.leaves_per_pod = p.down2;
  p.pods = ceilDiv(p.leaves, p.down2);
  p.spines = satMul(p.pods, p.up1);
  p.cores_per_group = ceilDiv(satMul(p.pods, p.up2), k);
  p.cores = satMul(p.up1, p.cores_per_group);
  p.spine_uplinks = satMul(p.spines, p.up2);
  return p;
}

long long maxFabricEndpoints(int tiers, int radix, double oversubscription) {
  // Leaves split their ports down:up = o:1, spines (three tiers) 1:1, as the
  // generator builds them (design/ClosRules.h): k leaves of d ports below a
  // tier of k-port switches, pods of ⌊k/2⌋ leaves.
  const long long down = closDownPorts(radix, oversubscription);
  const long long podLeaves = closDownPorts(radix, 1.0);
  switch (tiers) {
    case 1: return radix;
    case 2: return radix * down;
    default: return radix * podLeaves * down;
  }
}

int tiersNeeded(int tiers, int radix, double oversubscription, long long endpoints) {
  while (tiers < 3 && maxFabricEndpoints(tiers, radix, oversubscription) < endpoints) ++tiers;
  return tiers;
}

}  // namespace cf
