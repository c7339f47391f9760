// Analyses of a fabric graph: counts per tier, oversubscription, hop counts,
// ECMP path counts. Pure functions of the fabric; results are plain values.
//
// Definitions (units in names):
// - hops: links on a shortest path between two GPU endpoints over the
//   scale-out fabric (scale-up links excluded). Switches traversed = hops - 1,
//   switch-to-switch hops = hops - 2. One tier: 2; two tiers: 4; three: 6.
//   Torus: sum floor(k_i / 2) + 2; dragonfly (minimal routing): 5.
// - ECMP paths between two endpoints: the number of distinct shortest paths,
//   counting parallel links separately (each is a distinct next hop for ECMP).
//   k-ary fat-tree: 1 under one leaf, k/2 inside a pod, (k/2)^2 across pods.
// - oversubscription of tier t: capacity of the links below tier-t switches /
//   capacity of the links above them (Clos: o_t of Generators.h).
// Mean and maximum hops are exact (BFS from every endpoint) up to
// kExactSources endpoints; above, BFS runs from `sources` endpoints spread
// evenly over the GPU indices (and ranks). The generators build graphs in which
// all endpoints of a tier are alike, so the sample gives the same figures; the
// result says which was used.
#pragma once
#include <cstdint>
#include <vector>

#include "topology/Fabric.h"

namespace cf::topology {

struct TierCounts {
  int tier = 0;                 // 1 leaf/router, 2 spine, 3 core
  long long switches = 0;       // switches of this tier (all planes)
  long long links_up = 0;       // links from this tier to the one above
  double down_Gbps = 0;         // capacity of links below these switches
  double up_Gbps = 0;           // capacity of links above these switches
  double oversubscription = 0;  // down / up; 0 when the tier has no uplinks (top)
};

struct FabricCounts {
  long long gpus = 0;
  long long endpoint_gpus = 0;  // GPUs with at least one access link
  long long scale_up_switches = 0, scale_up_links = 0;
  long long leaves = 0, spines = 0, cores = 0, routers = 0;
  long long access_links = 0, fabric_links = 0;
  double injection_Gbps = 0;  // sum of access link capacity
  std::vector<TierCounts> tiers;
  long long switches() const { return leaves + spines + cores + routers; }
  long long links() const { return access_links + fabric_links; }  // scale-out cables
};
FabricCounts countFabric(const Fabric& f);
// Switches of the scale-out fabric: a torus's routers sit in the nodes and are not switches.
long long switchCount(const Fabric& f, const FabricCounts& c);

struct ShortestPaths {
  std::vector<std::int32_t> hops;  // -1 = unreachable
  std::vector<double> paths;       // number of shortest paths (ECMP), 0 = unreachable
};
// BFS from one device (Boost breadth_first_search). scaleOutOnly drops the scale-up links.
ShortestPaths shortestPaths(const Fabric& f, std::uint32_t source, bool scaleOutOnly = true);

struct HopStats {
  int max_hops = 0;            // diameter between endpoints
  double mean_hops = 0;        // over ordered pairs of distinct endpoints
  std::vector<long long> histogram;  // pairs (from the sources) at each hop count
  double ecmp_min = 0, ecmp_max = 0, ecmp_mean = 0;  // paths between pairs at max_hops
  int sources = 0;
  bool exact = false;
  bool connected = true;  // every endpoint reaches every other
};
inline constexpr int kExactSources = 1024;
// Endpoints: GPUs with an access link (kind Gpu), or every device of `kind`
// (e.g. Router for torus and dragonfly router-level figures).
HopStats hopStats(const Fabric& f, DeviceKind kind = DeviceKind::Gpu, int sources = 48);

// Distinct neighbours and link count of a device over the scale-out links.
struct Degree {
  int links = 0, neighbours = 0;
};
Degree degree(const Fabric& f, std::uint32_t device, bool scaleOutOnly = true);

}  // namespace cf::topology
